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
        for e in numbered {
            let w = Self.sampleWidth + 5 + metrics.measure(e.text, fontSize: Metrics.legendFontSize).width
            items.append((e, Point(x: origin.x, y: origin.y + y)))
            widest = max(widest, w)
            y += Self.rowHeight
        }
        size = Size(width: widest, height: y)
    }
}
