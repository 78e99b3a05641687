import Blueprint

/// Slots for the label of a gap between two siblings that are offset along it: bubbles of a
/// chat on alternate sides, a reply under a message it overhangs.
extension LabelPlacer {
    /// The slots just past the end of the stretch where the two items of a gap face each other
    /// (their overlap across the I-bar), where only one of them continues: the label hugs
    /// that one and reaches into the room the other leaves, on a short straight leader along
    /// the gap. None when the items face each other along their whole width (nothing leaves
    /// room) or one contains the other (a view and its container).
    ///
    /// For a vertical I-bar from the upper item's bottom (`y1`) to the lower item's top (`y2`),
    /// past the overlap's right end where the upper item goes on, the label sits under the upper
    /// item (top at `y1 + 1.5`); where the lower item goes on, over it (bottom at `y2 - 1.5`).
    /// A horizontal I-bar is the same turned a quarter.
    /// Slots on a spacing line off its middle, nearest the middle first, half a label apart,
    /// clear of both caps: where a text (a name beside its view) covers the middle of a long
    /// gap, its label slides along the line to the free stretch.
    func alongLine(_ a: Annotation, _ size: Size) -> [(Rect, (Point, Point)?)] {
        guard a.kind == .spacing else { return [] }
        let horizontal = a.isHorizontal
        let along = horizontal ? size.width : size.height
        let (s, e) = horizontal ? (a.start.x, a.end.x) : (a.start.y, a.end.y)
        let lo = min(s, e) + Metrics.capHalf + 1, hi = max(s, e) - Metrics.capHalf - 1 - along
        guard hi > lo else { return [] }
        let middle = (lo + hi) / 2, step = along / 2
        var starts: [Double] = []
        var k = 1.0
        while middle - k * step > lo {
            starts += [middle - k * step, middle + k * step]
            k += 1
        }
        starts += [lo, hi]
        return starts.map { p in
            let r = horizontal
                ? Rect(x: p, y: a.start.y - size.height / 2, width: size.width, height: size.height)
                : Rect(x: a.start.x - size.width / 2, y: p, width: size.width, height: size.height)
            return (r, nil)
        }
    }

    func pastOverlap(_ a: Annotation, _ size: Size) -> [(Rect, (Point, Point)?)] {
        guard a.kind == .spacing else { return [] }
        let items = a.owners.uniquedRects()
        guard items.count == 2 else { return [] }
        let p = items[0], q = items[1]
        guard !p.holds(q), !q.holds(p) else { return [] }
        let w = size.width, h = size.height, gap = 1.5
        var out: [(Rect, (Point, Point)?)] = []
        if a.isHorizontal {
            // Left item ends at x1, right item starts at x2; the overlap runs down the y axis.
            let y = a.start.y, x1 = min(a.start.x, a.end.x), x2 = max(a.start.x, a.end.x), mx = (x1 + x2) / 2
            guard let left = items.first(where: { abs($0.maxX - x1) < 0.5 }), let right = items.first(where: { abs($0.minX - x2) < 0.5 }),
                  left != right else { return [] }
            let lo = max(left.minY, right.minY), hi = min(left.maxY, right.maxY)
            guard lo <= y, y <= hi else { return [] }
            // Past the overlap's nearer end first: the shorter leader.
            var ends: [(down: Bool, Double)] = []
            if left.maxY != right.maxY { ends.append((true, hi)) }
            if left.minY != right.minY { ends.append((false, lo)) }
            ends.sort { abs($0.1 - y) < abs($1.1 - y) }
            for (down, end) in ends {
                let leftGoesOn = down ? left.maxY > right.maxY : left.minY < right.minY
                let r = Rect(x: leftGoesOn ? x1 + gap : x2 - gap - w, y: down ? end + gap : end - gap - h, width: w, height: h)
                // A level leader along the gap must meet the box (not for a gap narrower than the room kept).
                guard r.minX <= mx, mx <= r.maxX else { continue }
                out.append((r, (Point(x: mx, y: y), Point(x: mx, y: down ? r.minY : r.maxY))))
            }
        } else {
            // Upper item ends at y1, lower item starts at y2; the overlap runs along the x axis.
            let x = a.start.x, y1 = min(a.start.y, a.end.y), y2 = max(a.start.y, a.end.y), my = (y1 + y2) / 2
            guard let upper = items.first(where: { abs($0.maxY - y1) < 0.5 }), let lower = items.first(where: { abs($0.minY - y2) < 0.5 }),
                  upper != lower else { return [] }
            let lo = max(upper.minX, lower.minX), hi = min(upper.maxX, lower.maxX)
            guard lo <= x, x <= hi else { return [] }
            // Past the overlap's nearer end first: the shorter leader.
            var ends: [(right: Bool, Double)] = []
            if upper.maxX != lower.maxX { ends.append((true, hi)) }
            if upper.minX != lower.minX { ends.append((false, lo)) }
            ends.sort { abs($0.1 - x) < abs($1.1 - x) }
            for (right, end) in ends {
                let upperGoesOn = right ? upper.maxX > lower.maxX : upper.minX < lower.minX
                let ry = upperGoesOn ? y1 + gap : y2 - gap - h
                let r = Rect(x: right ? end + gap : end - gap - w, y: ry, width: w, height: h)
                guard r.minY <= my, my <= r.maxY else { continue }
                out.append((r, (Point(x: x, y: my), Point(x: right ? r.minX : r.maxX, y: my))))
            }
        }
        return out
    }

    /// For a gap between two items that face each other along their whole width inside a
    /// container whose margin beside them is narrower than the label (a link card's title and
    /// address, 10 points from its sides), a slot just past the items' end, level with the
    /// gap, on a leader along it, reaching over the container's edge (it reads as sitting on
    /// the edge, beside the gap). The edges it crosses must all be those of containers of both
    /// items (nested views sharing that side), crossed on that one side; it must overlap no
    /// text and no other edge, and its leader must be clean.
    /// - Returns: whether the label was placed.
    mutating func placeOnContainerEdge(_ text: String, for a: Annotation) -> Bool {
        guard a.kind == .spacing, a.owners.uniquedRects().count == 2 else { return false }
        let s = boxSize(text), w = s.width, h = s.height
        let m = Point(x: (a.start.x + a.end.x) / 2, y: (a.start.y + a.end.y) / 2)
        let span = a.span
        let candidates: [(Rect, (Point, Point))]
        if a.isHorizontal {
            let below = Rect(x: m.x - w / 2, y: span.hi + 0.5, width: w, height: h)
            let above = Rect(x: m.x - w / 2, y: span.lo - 0.5 - h, width: w, height: h)
            candidates = [(below, (m, Point(x: m.x, y: below.minY))), (above, (m, Point(x: m.x, y: above.maxY)))]
        } else {
            let right = Rect(x: span.hi + 0.5, y: m.y - h / 2, width: w, height: h)
            let left = Rect(x: span.lo - 0.5 - w, y: m.y - h / 2, width: w, height: h)
            candidates = [(right, (m, Point(x: right.minX, y: m.y))), (left, (m, Point(x: left.maxX, y: m.y)))]
        }
        for (r, leader) in candidates {
            guard !index.owners(overlapping: r, kinds: .edge).isEmpty,
                  isFreeAcrossContainers(r, of: a.owners, alongX: a.isHorizontal), leaderIsClean(leader.0, leader.1, home: nil) else { continue }
            commit(PlacedText(text: text, rect: r, style: .constraint(a.role), marker: nil, leader: leader, backdrop: true, owners: a.owners))
            return true
        }
        return false
    }

    /// Whether `r` overlaps no text, no leader and no frame edge but those of views containing
    /// all of `items`, each crossed on one side only: a top or bottom edge (`alongX`, `r`
    /// clear of the container's left and right sides) or a left or right one.
    func isFreeAcrossContainers(_ r: Rect, of items: [Rect], alongX: Bool) -> Bool {
        let containers = index.owners(overlapping: r, kinds: .edge).allSatisfy { e in
            let n = e - Self.edgeOwnerBase
            guard n >= 0, n < frames.count else { return false }
            let c = frames[n]
            let holds = items.allSatisfy { c.minX <= $0.minX && $0.maxX <= c.maxX && c.minY <= $0.minY && $0.maxY <= c.maxY }
            let oneSide = alongX ? (r.minX > c.minX + 1 && r.maxX < c.maxX - 1) : (r.minY > c.minY + 1 && r.maxY < c.maxY - 1)
            return holds && oneSide
        }
        return containers && !index.intersects(r, blocking: .text) && !crossedByLeader(r)
    }
}
