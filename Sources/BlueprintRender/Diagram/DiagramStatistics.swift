import Blueprint

extension Diagram {
    /// The diagram's own account of its readability, each field an exact count (see
    /// ``Diagram/statistics``). `blueprint render --stats FILE.json` writes it.
    public struct Statistics: Equatable, Sendable {
        /// Views drawn.
        public var views: Int
        /// Constraints drawn (as lines, or summarised in size badges).
        public var constraints: Int
        /// Texts placed: view names, constraint labels, size badges, notes (markers excluded).
        public var labels: Int
        /// Texts replaced by numbered markers (explained in the legend).
        public var markers: Int
        /// View names among the markers.
        public var nameMarkers: Int
        /// Pairs of leaders that cross.
        public var leaderCrossings: Int
        /// Pairs of a leader and a text box (label, name, badge, marker, a label view's text)
        /// that is not its own, where the leader passes through the box.
        public var leadersOverText: Int
        /// Pairs of a drawn constraint line piece (I-bar, cap, alignment line) and a text box
        /// it passes through.
        public var linesThroughText: Int
        /// Constraint labels and size badges neither inside nor touching (within 2 points) the
        /// box that bounds the frames of the views their constraints relate.
        public var labelsOutsideOwner: Int
        /// Markers that found no free spot (placed on their anchor regardless).
        public var forcedMarkers: Int

        /// The statistics as a JSON object, keys in a fixed order, one per line.
        public var json: String {
            let fields: [(String, Int)] = [
                ("views", views), ("constraints", constraints), ("labels", labels), ("markers", markers),
                ("nameMarkers", nameMarkers), ("leaderCrossings", leaderCrossings), ("leadersOverText", leadersOverText),
                ("linesThroughText", linesThroughText), ("labelsOutsideOwner", labelsOutsideOwner),
            ]
            return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
        }
    }
}

/// Counts what the statistics report from the placed geometry alone, so tests can check each
/// count on hand-made cases.
enum StatisticsCounter {
    /// - Parameters:
    ///   - texts: everything placed (labels, names, badges, markers) with their leaders.
    ///   - viewTexts: the boxes of label views' own text.
    ///   - lines: the drawn pieces of constraint lines (caps included).
    static func count(views: Int, constraints: Int, texts: [PlacedText], viewTexts: [Rect],
                      lines: [(Point, Point)], forcedMarkers: Int) -> Diagram.Statistics {
        var boxes = SpatialIndex()
        for (i, t) in texts.enumerated() { boxes.insert(t.rect, owner: i) }
        for r in viewTexts { boxes.insert(r) }
        var leaders: [(Int, (Point, Point))] = []
        for (i, t) in texts.enumerated() { if let l = t.leader { leaders.append((i, l)) } }

        var leaderIndex = SpatialIndex()
        for (_, l) in leaders { leaderIndex.insert(Segments.bounds(l.0, l.1)) }
        var crossings = 0
        for (k, (_, l)) in leaders.enumerated() {
            for j in leaderIndex.indices(overlapping: Segments.bounds(l.0, l.1)) where j > k {
                if Segments.cross(l, leaders[j].1) { crossings += 1 }
            }
        }
        var overText = 0
        for (owner, l) in leaders {
            for j in boxes.indices(overlapping: Segments.bounds(l.0, l.1)) where j != owner {
                if Segments.crosses(l.0, l.1, boxes.rects[j]) { overText += 1 }
            }
        }
        var through = 0
        for (p, q) in lines {
            for j in boxes.indices(overlapping: Segments.bounds(p, q)) where Segments.crosses(p, q, boxes.rects[j]) {
                through += 1
            }
        }
        var outside = 0
        for t in texts where t.marker == nil && !t.owners.isEmpty && !LabelPlacer.touches(t.rect, t.owners) {
            switch t.style {
            case .constraint, .badge: outside += 1
            case .name, .ambiguity: break
            }
        }
        return Diagram.Statistics(
            views: views, constraints: constraints,
            labels: texts.filter { $0.marker == nil }.count,
            markers: texts.filter { $0.marker != nil }.count,
            nameMarkers: texts.filter { $0.marker != nil && $0.isName }.count,
            leaderCrossings: crossings, leadersOverText: overText, linesThroughText: through,
            labelsOutsideOwner: outside, forcedMarkers: forcedMarkers)
    }
}
