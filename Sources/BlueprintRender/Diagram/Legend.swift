import Blueprint

/// The legend below the drawing: the styles in use, then the numbered entries of markers.
struct LegendLayout {
    /// Entries with the top-left corner of their row slot, in diagram points.
    private(set) var items: [(entry: LegendEntry, origin: Point)] = []
    private(set) var size = Size.zero

    static let rowHeight = 16.0
    static let sampleWidth = 22.0

    init(entries: [LegendEntry], numbered: [LegendEntry], width: Double, origin: Point) {
        let metrics = BundledFontMetrics()
        var x = 0.0, y = 0.0, widest = 0.0
        for e in entries {
            let w = Self.sampleWidth + 5 + metrics.measure(e.text, fontSize: Metrics.legendFontSize).width
            if x > 0 && x + w > width {
                x = 0
                y += Self.rowHeight
            }
            items.append((e, Point(x: origin.x + x, y: origin.y + y)))
            x += w + 16
            widest = max(widest, x - 16)
        }
        if !entries.isEmpty { y += Self.rowHeight }
        // Numbered entries in as many columns as fit the width, filled row by row.
        let widths = numbered.map { Self.sampleWidth + 5 + metrics.measure($0.text, fontSize: Metrics.legendFontSize).width }
        let column = (widths.max() ?? 0) + 16
        let columns = max(1, Int((width + 16) / max(column, 1)))
        for (i, e) in numbered.enumerated() {
            let c = i % columns
            if i > 0 && c == 0 { y += Self.rowHeight }
            items.append((e, Point(x: origin.x + Double(c) * column, y: origin.y + y)))
            widest = max(widest, Double(c) * column + widths[i])
        }
        if !numbered.isEmpty { y += Self.rowHeight }
        size = Size(width: widest, height: y)
    }
}
