import Blueprint

/// Puts every piece of text where it overlaps no other text, no view name and no frame edge.
///
/// Each item tries fixed slots in a fixed order — for a constraint label: on its line, above
/// (or right of) it, below (or left of) it, then outside the line's ends with a leader — and
/// otherwise becomes a numbered marker whose text goes to the legend. Items are placed in a
/// deterministic order: view names in tree order, ambiguity notes, then constraint labels with
/// broken and conflicting ones first and short lines before long ones (they have the least room).
///
/// - Complexity: O(n log n) for n items on real layouts (one sort; each slot test is a
///   constant number of grid lookups, see ``SpatialIndex``).
struct LabelPlacer {
    private var index = SpatialIndex()
    private(set) var placed: [PlacedText] = []
    private(set) var legend: [LegendEntry] = []
    /// Markers that found no free spot and were put on their line anyway.
    private(set) var forcedMarkers = 0
    private let metrics = BundledFontMetrics()

    /// Frame edges and label texts: the fixed obstacles.
    init(boxes: [ViewBox]) {
        for b in boxes {
            let f = b.frame
            let t = Metrics.outline / 2
            index.insert(Rect(x: f.minX - t, y: f.minY - t, width: f.width + 2 * t, height: 2 * t))
            index.insert(Rect(x: f.minX - t, y: f.maxY - t, width: f.width + 2 * t, height: 2 * t))
            index.insert(Rect(x: f.minX - t, y: f.minY - t, width: 2 * t, height: f.height + 2 * t))
            index.insert(Rect(x: f.maxX - t, y: f.minY - t, width: 2 * t, height: f.height + 2 * t))
            if let text = b.text {
                let m = metrics.measure(text.string, fontSize: text.fontSize)
                let x = b.rightToLeft ? f.maxX - min(m.width, f.width) : f.minX
                index.insert(Rect(x: x, y: text.baselineY - m.ascent, width: min(m.width, f.width),
                                  height: min(m.height, f.height)))
            }
        }
    }

    /// Makes every constraint line an obstacle: names and notes keep off all of them, a
    /// constraint label off all but its own line.
    mutating func addLines(_ annotations: [Annotation]) {
        for (i, a) in annotations.enumerated() {
            let t = 0.5
            let r = Rect(x: min(a.start.x, a.end.x) - t, y: min(a.start.y, a.end.y) - t,
                         width: abs(a.end.x - a.start.x) + 2 * t, height: abs(a.end.y - a.start.y) + 2 * t)
            index.insert(r, owner: i, kind: a.kind == .alignment ? .alignment : .line)
        }
    }

    /// The diameter of the disc of a numbered marker: its number's box, made round.
    static func markerDiameter(_ number: String) -> Double {
        let m = BundledFontMetrics().measure(number, fontSize: Metrics.labelFontSize)
        return max(m.width + 2 * Metrics.padX, m.ascent + m.descent + 2 * Metrics.padY)
    }

    /// The size of `text`'s box at the label size, padding included.
    func boxSize(_ text: String, fontSize: Double = Metrics.labelFontSize) -> Size {
        let m = metrics.measure(text, fontSize: fontSize)
        return Size(width: m.width + 2 * Metrics.padX, height: m.ascent + m.descent + 2 * Metrics.padY)
    }

    /// Places each view's name: inside its top-left corner, above it, beside a label's text,
    /// inside its bottom-left corner, below it; else a marker. Names may cross constraint
    /// lines (they are drawn on a backdrop), never other text or frame edges.
    mutating func placeNames(_ boxes: [ViewBox]) {
        for b in boxes {
            let size = boxSize(b.name, fontSize: Metrics.nameFontSize)
            let f = b.frame, w = size.width, h = size.height
            var slots: [Rect] = []
            let fitsInside = b.text == nil && f.width >= w + 4 && f.height >= h + 4
            if fitsInside { slots.append(Rect(x: f.minX + 2, y: f.minY + 2, width: w, height: h)) }
            slots.append(Rect(x: f.minX, y: f.minY - h - 1, width: w, height: h))
            if b.text != nil {
                slots.append(Rect(x: f.maxX + 3, y: f.midY - h / 2, width: w, height: h))
                slots.append(Rect(x: f.minX - 3 - w, y: f.midY - h / 2, width: w, height: h))
            }
            if fitsInside {
                slots.append(Rect(x: f.maxX - 2 - w, y: f.minY + 2, width: w, height: h))
                slots.append(Rect(x: f.minX + 2, y: f.maxY - h - 2, width: w, height: h))
            }
            slots.append(Rect(x: f.minX, y: f.maxY + 1, width: w, height: h))
            slots.append(Rect(x: f.maxX - w, y: f.minY - h - 1, width: w, height: h))
            place(b.name, style: .name, slots: slots.map { ($0, nil) }, anchor: Point(x: f.minX, y: f.minY),
                  legendText: b.name, backdrop: true, passes: [.solid])
        }
    }

    /// Places the "ambiguous" note of each ambiguous view below it (or inside, or above).
    mutating func placeAmbiguity(_ boxes: [ViewBox]) {
        for b in boxes where !b.ambiguous.isEmpty {
            let text = "ambiguous " + b.ambiguous.map { $0 == .horizontal ? "x" : "y" }.joined(separator: ", ")
            let size = boxSize(text)
            let f = b.frame, w = size.width, h = size.height
            let slots = [Rect(x: f.minX, y: f.maxY + 1, width: w, height: h),
                         Rect(x: f.maxX - w - 2, y: f.maxY - h - 2, width: w, height: h),
                         Rect(x: f.maxX - w, y: f.minY - h - 1, width: w, height: h),
                         Rect(x: f.maxX + 2, y: f.midY - h / 2, width: w, height: h)]
            place(text, style: .ambiguity, slots: slots.map { ($0, nil) }, anchor: Point(x: f.midX, y: f.maxY),
                  legendText: "\(b.name): \(text)", backdrop: true, passes: [.solid])
        }
    }

    /// Places the labels of constraints.
    mutating func placeLabels(_ annotations: [Annotation]) {
        let ordered = annotations.indices.filter { annotations[$0].label != nil }.sorted { i, j in
            let a = annotations[i], b = annotations[j]
            if a.role != b.role { return a.role > b.role }
            if a.length != b.length { return a.length < b.length }
            return a.order < b.order
        }
        for i in ordered {
            let a = annotations[i], text = a.label!
            let size = boxSize(text)
            place(text, style: .constraint(a.role), slots: slots(for: a, size), anchor: mid(a),
                  legendText: "\(text)   \(a.formula)", backdrop: true, owner: i)
        }
    }

    private func mid(_ a: Annotation) -> Point {
        Point(x: (a.start.x + a.end.x) / 2, y: (a.start.y + a.end.y) / 2)
    }

    /// The slots of a constraint label, in the order they are tried, each with its leader.
    private func slots(for a: Annotation, _ size: Size) -> [(Rect, (Point, Point)?)] {
        let w = size.width, h = size.height, m = mid(a)
        let length = a.length
        var out: [(Rect, (Point, Point)?)] = []
        if a.isHorizontal {
            let y = a.start.y, x1 = min(a.start.x, a.end.x), x2 = max(a.start.x, a.end.x)
            if w + 2 * Metrics.capHalf + 2 <= length { out.append((Rect(x: m.x - w / 2, y: y - h / 2, width: w, height: h), nil)) }
            out.append((Rect(x: m.x - w / 2, y: y - h - 1.5, width: w, height: h), nil))
            out.append((Rect(x: m.x - w / 2, y: y + 1.5, width: w, height: h), nil))
            out.append((Rect(x: x2 + 3, y: y - h / 2, width: w, height: h), nil))
            out.append((Rect(x: x1 - 3 - w, y: y - h / 2, width: w, height: h), nil))
            for reach in [8.0, 20.0, 32.0] {
                for (dx, dy) in [(1.0, -1.0), (-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                    let ex = dx > 0 ? x2 : x1
                    let r = Rect(x: dx > 0 ? ex + reach : ex - reach - w, y: dy < 0 ? y - reach - h : y + reach, width: w, height: h)
                    out.append((r, (Point(x: ex, y: y), Point(x: dx > 0 ? r.minX : r.maxX, y: dy < 0 ? r.maxY : r.minY))))
                }
            }
        } else {
            let x = a.start.x, y1 = min(a.start.y, a.end.y), y2 = max(a.start.y, a.end.y)
            if h + 2 * Metrics.capHalf + 2 <= length { out.append((Rect(x: x - w / 2, y: m.y - h / 2, width: w, height: h), nil)) }
            out.append((Rect(x: x + 2, y: m.y - h / 2, width: w, height: h), nil))
            out.append((Rect(x: x - 2 - w, y: m.y - h / 2, width: w, height: h), nil))
            out.append((Rect(x: x - w / 2, y: y2 + 3, width: w, height: h), nil))
            out.append((Rect(x: x - w / 2, y: y1 - 3 - h, width: w, height: h), nil))
            for reach in [8.0, 20.0, 32.0] {
                for (dx, dy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                    let ey = dy > 0 ? y2 : y1
                    let r = Rect(x: dx > 0 ? x + reach : x - reach - w, y: dy > 0 ? ey + reach : ey - reach - h, width: w, height: h)
                    out.append((r, (Point(x: x, y: ey), Point(x: dx > 0 ? r.minX : r.maxX, y: dy > 0 ? r.minY : r.maxY))))
                }
            }
        }
        return out
    }

    /// An item that found no slot: it becomes a marker once every other item is placed, so
    /// markers never take a slot a label could have used.
    private var pending: [(text: String, style: PlacedText.Style, anchor: Point, legendText: String, owner: Int)] = []

    /// Tries the slots, first clear of every line (`passes` lists what blocks, pass by pass);
    /// failing all, the item waits for ``placeMarkers()``.
    private mutating func place(_ text: String, style: PlacedText.Style, slots: [(Rect, (Point, Point)?)],
                                anchor: Point, legendText: String, backdrop: Bool, owner: Int = -2,
                                passes: [SpatialIndex.Kind] = [.all, [.solid, .line]]) {
        for blocking in passes {
            for (r, leader) in slots where !index.intersects(r, ignoring: owner, blocking: blocking) {
                index.insert(r)
                placed.append(PlacedText(text: text, rect: r, style: style, marker: nil, leader: leader, backdrop: backdrop))
                return
            }
        }
        pending.append((text, style, anchor, legendText, owner))
    }

    /// Places a numbered marker for every item that found no slot, as near its anchor as a free
    /// spot allows (rings around it, clear of lines if possible), and adds its legend entry.
    mutating func placeMarkers() {
        for item in pending {
            let number = legend.count + 1
            let label = String(number)
            let d = Self.markerDiameter(label)
            let step = d * 0.8
            var candidates: [Point] = [item.anchor]
            for ring in 1...12 {
                let r = Double(ring) * step
                for (dx, dy) in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                    candidates.append(Point(x: item.anchor.x + dx * r, y: item.anchor.y + dy * r))
                }
            }
            var chosen: (Rect, Point)?
            search: for blocking: SpatialIndex.Kind in [[.solid, .line], .solid] {
                for c in candidates {
                    let r = Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
                    if !index.intersects(r, ignoring: item.owner, blocking: blocking) {
                        chosen = (r, c)
                        break search
                    }
                }
            }
            if chosen == nil { forcedMarkers += 1 }
            let a = item.anchor
            let (r, c) = chosen ?? (Rect(x: a.x - d / 2, y: a.y - d / 2, width: d, height: d), a)
            index.insert(r)
            let leader: (Point, Point)? = (c.x == a.x && c.y == a.y) ? nil : (a, c)
            placed.append(PlacedText(text: label, rect: r, style: item.style, marker: number, leader: leader, backdrop: true))
            legend.append(LegendEntry(sample: .marker(number), text: item.legendText))
        }
        pending = []
    }
}
