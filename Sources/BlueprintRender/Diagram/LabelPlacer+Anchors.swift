import Blueprint

/// The last place a text is tried before it becomes a numbered marker: in full, in rings
/// around its anchor, on a straight leader.
extension LabelPlacer {
    /// How many rings around the anchor are searched, each a text's height further out.
    static let anchorRings = 8

    /// Places each waiting item (see ``place(_:style:slots:anchor:legendText:home:owners:owner:passes:nearOnly:small:)``)
    /// in full at the nearest free spot around its anchor: rings a text's height apart, eight
    /// directions each, each spot first clear of every line, then clear of texts and frame
    /// edges only; the leader runs from the item's box (or the anchor) to the nearest point
    /// of the text's and must cross no text and no other leader. Items that find none stay
    /// waiting, for markers.
    ///
    /// - Complexity: a constant number of index lookups per item.
    mutating func placeNearAnchors() {
        var waiting: [(text: String, style: PlacedText.Style, anchor: Point, legendText: String, owner: Int, home: Rect?, owners: [Rect])] = []
        for item in pending {
            let size = boxSize(item.text)
            let w = size.width, h = size.height, a = item.anchor
            var found: PlacedText?
            search: for ring in 1...Self.anchorRings {
                for blocking in [SpatialIndex.Kind.all, .solid] {
                    let d = Double(ring) * h
                    for (dx, dy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0), (0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0)] {
                        // The box's nearest corner or edge middle sits `d` from the anchor.
                        let x = dx > 0 ? a.x + d : dx < 0 ? a.x - d - w : a.x - w / 2
                        let y = dy > 0 ? a.y + d : dy < 0 ? a.y - d - h : a.y - h / 2
                        let r = Rect(x: x, y: y, width: w, height: h)
                        if index.intersects(r, ignoring: item.owner, blocking: blocking) || crossedByLeader(r) { continue }
                        // From the edge of the item's own box nearest the text (else the anchor).
                        let start = item.home.map { Self.nearest(Point(x: r.midX, y: r.midY), in: $0) } ?? a
                        let end = Self.nearest(start, in: r)
                        if !leaderIsClean(start, end, home: item.home) { continue }
                        found = PlacedText(text: item.text, rect: r, style: item.style, marker: nil, leader: (start, end), backdrop: true,
                                           home: item.home, owners: item.owners)
                        break search
                    }
                }
            }
            if let found { commit(found) } else { waiting.append(item) }
        }
        pending = waiting
    }

    /// The point of `r` nearest to `p` (`p` itself when inside).
    static func nearest(_ p: Point, in r: Rect) -> Point {
        Point(x: min(max(p.x, r.minX), r.maxX), y: min(max(p.y, r.minY), r.maxY))
    }
}
