import Blueprint

/// Size badges: inside their view, beside it, touching an edge anywhere along it, or on a
/// short leader (see ``SizeBadges``).
extension LabelPlacer {
    /// Places each size badge inside a corner of its view, else beside it, else a size
    /// smaller, else on a leader; badges of views nested deeper first (stable otherwise), so
    /// a container's badge, which has its whole frame to choose from, leaves a tab's or a
    /// button's only spots free.
    /// A badge with metric names (`h rowHeight 44`) takes a place inside its view in full, or
    /// else any place without them (`h 44`), as it does when ``bare`` already has it.
    mutating func placeBadges(_ badges: [SizeBadges.Badge]) {
        let ordered = badges.enumerated().sorted { ($1.element.depth, $0.offset) < ($0.element.depth, $1.offset) }.map(\.element)
        for b in ordered {
            let f = b.frame
            if let short = b.shortText {
                let s = boxSize(b.text), key = Self.bareKey(b.text, b.formulas)
                if !bare.contains(key) {
                    if place(b.text, style: .badge(b.role), slots: Self.insideSlots(f, s).map { ($0, nil) },
                             anchor: Point(x: f.maxX, y: f.maxY), legendText: "", home: f, owners: b.owners, nearOnly: true,
                             accepts: ground(of: b).map { g in { !g.onItsControl($0) } }) { continue }
                    bare.insert(key)
                }
                placeBadge(b, text: short)
            } else {
                placeBadge(b, text: b.text)
            }
        }
    }

    /// How thin a view is drawn as a line carrying its badge (a divider, a track).
    static let hairline = 6.0

    /// For an I-bar that ends where a hairline along it starts (the gap between a volume icon
    /// and its track), a slot on the hairline just past that end, centred on the line, and the
    /// owner of the hairline's edges, which the label may cross; nil when there is none or the
    /// label is longer than the hairline.
    func hairlineSlot(for a: Annotation, _ size: Size) -> (Rect, Int)? {
        guard a.kind == .spacing else { return nil }
        let w = size.width, h = size.height
        for o in a.owners {
            guard let n = hairlines[o] else { continue }
            if a.isHorizontal, o.height <= Self.hairline, abs(o.midY - a.start.y) < 0.5 {
                let x1 = min(a.start.x, a.end.x), x2 = max(a.start.x, a.end.x)
                if o.minX == x2, x2 + 1.5 + w <= o.maxX { return (Rect(x: x2 + 1.5, y: o.midY - h / 2, width: w, height: h), Self.edgeOwnerBase + n) }
                if o.maxX == x1, x1 - 1.5 - w >= o.minX { return (Rect(x: x1 - 1.5 - w, y: o.midY - h / 2, width: w, height: h), Self.edgeOwnerBase + n) }
            } else if !a.isHorizontal, o.width <= Self.hairline, abs(o.midX - a.start.x) < 0.5 {
                let y1 = min(a.start.y, a.end.y), y2 = max(a.start.y, a.end.y)
                if o.minY == y2, y2 + 1.5 + h <= o.maxY { return (Rect(x: o.midX - w / 2, y: y2 + 1.5, width: w, height: h), Self.edgeOwnerBase + n) }
                if o.maxY == y1, y1 - 1.5 - h >= o.minY { return (Rect(x: o.midX - w / 2, y: y1 - 1.5 - h, width: w, height: h), Self.edgeOwnerBase + n) }
            }
        }
        return nil
    }

    /// The slots inside a frame for a box of size `s`: the corners, then the middles of the edges.
    static func insideSlots(_ f: Rect, _ s: Size) -> [Rect] {
        let w = s.width, h = s.height
        guard f.width >= w + 3 && f.height >= h + 2 else { return [] }
        return [(f.maxX - w - 1.5, f.maxY - h - 1), (f.maxX - w - 1.5, f.minY + 1), (f.minX + 1.5, f.maxY - h - 1),
                (f.maxX - w - 1.5, f.midY - h / 2), (f.midX - w / 2, f.maxY - h - 1), (f.midX - w / 2, f.minY + 1),
                (f.minX + 1.5, f.midY - h / 2)].map { Rect(x: $0.0, y: $0.1, width: w, height: h) }
    }

    private mutating func placeBadge(_ b: SizeBadges.Badge, text: String) {
        guard !work.exhausted else {
            leftOut += 1
            return
        }
        let s = boxSize(text)
        let f = b.frame, w = s.width, h = s.height
        // A hairline (a divider, a track) thinner than the badge carries it on its line, as a
        // constraint label sits on its I-bar, anywhere along it that is free.
        if let n = boxIndex[b.item], f.height <= Self.hairline || f.width <= Self.hairline {
            var onLine: [Rect] = []
            if f.height <= Self.hairline && f.width >= w + 3 {
                onLine += Self.sweep(from: f.minX + 1.5, to: f.maxX - 1.5 - w, step: 8).map { Rect(x: $0, y: f.midY - h / 2, width: w, height: h) }
            }
            if f.width <= Self.hairline && f.height >= h + 2 {
                onLine += Self.sweep(from: f.minY + 1, to: f.maxY - 1 - h, step: 8).map { Rect(x: f.midX - w / 2, y: $0, width: w, height: h) }
            }
            if place(text, style: .badge(b.role), slots: onLine.map { ($0, nil) }, anchor: Point(x: f.maxX, y: f.maxY), legendText: "",
                     home: f, owners: b.owners, owner: Self.edgeOwnerBase + n, passes: [.solid], nearOnly: true) { return }
        }
        let onItsOwn = ground(of: b).map { g in { (r: Rect) in g.accepts(r) } }
        var slots = nearSlots(b, s)
        if place(text, style: .badge(b.role), slots: slots, anchor: Point(x: f.maxX, y: f.maxY), legendText: "", home: f,
                 owners: b.owners, nearOnly: true, accepts: onItsOwn) || hangAcross(b, text, s, step: 8) { return }
        // Then a size smaller in the same places, the hanging ones every 2 points (a narrow
        // gap between neighbours' texts), as a constraint label does, before a leader.
        let small = boxSize(text, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
        if place(text, style: .badge(b.role), slots: nearSlots(b, small), anchor: Point(x: f.maxX, y: f.maxY), legendText: "", home: f,
                 owners: b.owners, nearOnly: true, small: true, accepts: onItsOwn) || hangAcross(b, text, small, step: 2, small: true) { return }
        // A row with rows right above or below it (a week of a calendar) takes its leader level
        // with its middle first: past a corner the badge sat level with the next row. Others
        // try the corners first (nearer, and inside the picture).
        let stacked = hasRowAboveOrBelow(f, overlapping: 1)
        for reach in [6.0, 14.0, 24.0] {
            var level: [(Rect, (Point, Point)?)] = []
            for right in [true, false] {
                let r = Rect(x: right ? f.maxX + reach : f.minX - reach - w, y: f.midY - h / 2, width: w, height: h)
                level.append((r, (Point(x: right ? f.maxX - 1 : f.minX + 1, y: f.midY), Point(x: right ? r.minX : r.maxX, y: f.midY))))
            }
            if stacked { slots += level }
            defer { if !stacked { slots += level } }
            for (cx, cy) in [(f.maxX, f.maxY), (f.maxX, f.minY), (f.minX, f.maxY), (f.minX, f.minY)] {
                let right = cx == f.maxX, down = cy == f.maxY
                let r = Rect(x: right ? cx + reach : cx - reach - w, y: down ? cy + reach : cy - reach - h, width: w, height: h)
                // Up the side from the corner, inside the view: a corner it shares with the next
                // row would read as that row's.
                let inward = max(1, min(6, f.height / 4))
                let corner = Point(x: right ? cx - 1 : cx + 1, y: down ? cy - inward : cy + inward)
                slots.append((r, (corner, Point(x: right ? r.minX : r.maxX, y: down ? r.minY : r.maxY))))
            }
        }
        place(text, style: .badge(b.role), slots: slots, anchor: Point(x: f.maxX, y: f.maxY),
              legendText: "\(text)   \(b.formulas.joined(separator: ", "))", home: f, owners: b.owners, accepts: onItsOwn)
    }

    /// Whether another frame (not around `f`, not inside it) abuts `f`'s bottom or top edge
    /// along more than `overlapping` points: the next row of a list or a calendar's week.
    func hasRowAboveOrBelow(_ f: Rect, overlapping: Double) -> Bool {
        frames.contains { o in
            o != f && !o.holds(f) && !f.holds(o) && min(o.maxX, f.maxX) - max(o.minX, f.minX) > overlapping
                && (abs(o.minY - f.maxY) < 0.5 || abs(o.maxY - f.minY) < 0.5)
        }
    }

    /// The slots of a badge of size `s` touching its view: inside its corners, inside along
    /// its edges, beside it, just outside an edge anywhere along it, and along a view around
    /// it that it relates.
    private func nearSlots(_ b: SizeBadges.Badge, _ s: Size) -> [(Rect, (Point, Point)?)] {
        let f = b.frame, w = s.width, h = s.height
        var slots: [(Rect, (Point, Point)?)] = Self.insideSlots(f, s).map { ($0, nil) }
        // Inside along an edge, anywhere free (a crowded corner).
        if f.width >= w + 3 && f.height >= h + 2 {
            for y in Self.sweep(from: f.minY + 1, to: f.maxY - 1 - h, step: 8) {
                slots.append((Rect(x: f.maxX - w - 1.5, y: y, width: w, height: h), nil))
                slots.append((Rect(x: f.minX + 1.5, y: y, width: w, height: h), nil))
            }
            for x in Self.sweep(from: f.minX + 1.5, to: f.maxX - 1.5 - w, step: 8) {
                slots.append((Rect(x: x, y: f.maxY - h - 1, width: w, height: h), nil))
                slots.append((Rect(x: x, y: f.minY + 1, width: w, height: h), nil))
            }
        }
        // Beside it: right, below and above (at its right end, middle and left end), left;
        // never inside a neighbour that abuts it (a row's badge in the pane beside the list
        // reads as the pane's).
        // A folded copy's tag (`as wifiRow`) on a row of a list (three times as wide as tall,
        // another row right above or below it) takes its left side before its bottom and top
        // edges, in the column of the other rows' tags: below the list's last row it read as
        // the list's.
        let row = b.text.hasPrefix("as ") && f.width > 3 * f.height && hasRowAboveOrBelow(f, overlapping: f.width / 2)
        var beside = [Rect(x: f.maxX + 2, y: f.midY - h / 2, width: w, height: h)]
        if row { beside.append(Rect(x: f.minX - 2 - w, y: f.midY - h / 2, width: w, height: h)) }
        for x in [f.maxX - w, f.midX - w / 2, f.minX] {
            beside.append(Rect(x: x, y: f.maxY + 0.5, width: w, height: h))
            beside.append(Rect(x: x, y: f.minY - h - 0.5, width: w, height: h))
        }
        if !row { beside.append(Rect(x: f.minX - 2 - w, y: f.midY - h / 2, width: w, height: h)) }
        slots += beside.filter { !isInsideAnotherView($0, than: f) }.map { ($0, nil) }
        // Just outside an edge, touching it, anywhere along it (a badge wider than its view
        // overhangs it); then a point further out, past the edge of a neighbour that ends just
        // beyond it (a badge beside a taller label), still touching.
        // (Never inside a neighbour whose edge abuts it: that would read as the neighbour's.)
        for gap in [0.5, 1.5] {
            var edgeSlots: [Rect] = []
            for x in Self.sweep(from: f.minX - w + 4, to: f.maxX - 4, step: 8) {
                edgeSlots += [Rect(x: x, y: f.maxY + gap, width: w, height: h), Rect(x: x, y: f.minY - h - gap, width: w, height: h)]
            }
            for y in Self.sweep(from: f.minY - h + 4, to: f.maxY - 4, step: 8) {
                edgeSlots += [Rect(x: f.maxX + gap, y: y, width: w, height: h), Rect(x: f.minX - gap - w, y: y, width: w, height: h)]
            }
            slots += edgeSlots.filter { gap < 1 || !isInsideAnotherView($0, than: f) }.map { ($0, nil) }
        }
        // Just outside an edge of a view around it that the badge relates (`w = track.w ×3/10`
        // above the track when its fill is too thin and too crowded); not a sibling's, which
        // would read as the sibling's own badge.
        for o in b.owners.uniquedRects() where o != f && o.minX <= f.minX && f.maxX <= o.maxX && o.minY <= f.minY && f.maxY <= o.maxY {
            for x in Self.sweep(from: o.minX - w + 4, to: o.maxX - 4, step: 8) {
                slots.append((Rect(x: x, y: o.minY - h - 0.5, width: w, height: h), nil))
                slots.append((Rect(x: x, y: o.maxY + 0.5, width: w, height: h), nil))
            }
        }
        return slots
    }

    /// Places a badge of size `s` touching its view's bottom or top edge over the edge of a
    /// view around it and around every view the badge relates (a tab's fold tag over the tab
    /// bar's edge; not an `=w A` over the edge of one row of a group that spans several),
    /// trying positions every `step` points.
    private mutating func hangAcross(_ b: SizeBadges.Badge, _ text: String, _ s: Size, step: Double, small: Bool = false) -> Bool {
        let f = b.frame, w = s.width, h = s.height
        let related = [f] + b.owners
        let ground = ground(of: b)
        // Touching its bottom or top edge, over the edge of a view around it that shares
        // that side (tabs in a tab bar whose fold tags have no room inside them): the badge
        // reads as a tab on that edge.
        for x in Self.sweep(from: f.minX - w + 4, to: f.maxX - 4, step: step) {
            for r in [Rect(x: x, y: f.maxY + 0.5, width: w, height: h), Rect(x: x, y: f.minY - h - 0.5, width: w, height: h)]
            where !index.owners(overlapping: r, kinds: .edge).isEmpty && isFreeAcrossContainers(r, of: related, alongX: true)
                && ground?.accepts(r) != false {
                commit(PlacedText(text: text, rect: r, style: .badge(b.role), marker: nil, leader: nil, backdrop: true, home: f, owners: b.owners, small: small))
                return true
            }
        }
        return false
    }

    /// Positions from `lo` towards `hi` every `step`, from the middle outwards alternately, then
    /// both ends (nothing when `hi < lo`).
    static func sweep(from lo: Double, to hi: Double, step: Double) -> [Double] {
        guard hi >= lo else { return [] }
        let mid = (lo + hi) / 2
        var out = [mid]
        var k = 1.0
        while mid + k * step <= hi || mid - k * step >= lo {
            if mid + k * step <= hi { out.append(mid + k * step) }
            if mid - k * step >= lo { out.append(mid - k * step) }
            k += 1
        }
        if hi > mid { out += [hi, lo] }
        return out
    }
}

extension Array where Element == Rect {
    /// The rectangles without repeats, in order.
    func uniquedRects() -> [Rect] {
        var out: [Rect] = []
        for r in self where !out.contains(r) { out.append(r) }
        return out
    }
}

extension LabelPlacer {
    /// Where a badge may not go, for one badge: on a small control of its view (a leaf view
    /// less than half of it: a switch, a label, an icon), where it reads as that control's (a
    /// row's `h 44` in the corner its switch fills read as the switch being 44 tall; a subview
    /// that is most of the view, a card's image, or a container inside it may carry it), or on
    /// a small control of another view (a week row's tag hung into the next week's day cell read
    /// as that day's; not for a hairline's badge, which has no inside and sits across its
    /// neighbours). A copy of what it reads, so the placement can ask it as it tries slots.
    struct BadgeGround {
        let n: Int
        let frames: [Rect]
        let frameIndex: SpatialIndex
        let hasSubviews: Set<Int>

        func accepts(_ r: Rect) -> Bool { !onItsControl(r) && !onAnothersControl(r) }

        func onItsControl(_ r: Rect) -> Bool {
            let own = frames[n], area = own.width * own.height
            return frameIndex.owners(overlapping: r, kinds: .text).contains { i in
                let f = frames[i]
                return i != n && own.holds(f) && f != own && !hasSubviews.contains(i) && f.width * f.height < area / 2
                    && LabelPlacer.overlapsInside(r, f)
            }
        }

        /// On a leaf control of another view, or with its middle inside another view that
        /// neither holds this one nor lies in it (a row's `h 44` just over its top edge, inside
        /// the row above, read as that row's).
        func onAnothersControl(_ r: Rect) -> Bool {
            let own = frames[n]
            guard min(own.width, own.height) > LabelPlacer.hairline else { return false }
            return frameIndex.owners(overlapping: r, kinds: .text).contains { i in
                let f = frames[i]
                guard i != n, !own.holds(f), !f.holds(own), LabelPlacer.overlapsInside(r, f) else { return false }
                // (A neighbour, not a view laid over this one, whose relation the picture
                // cannot tell.)
                return !hasSubviews.contains(i) || (!LabelPlacer.overlapsInside(own, f)
                    && f.minX < r.midX && r.midX < f.maxX && f.minY < r.midY && r.midY < f.maxY)
            }
        }
    }

    /// The ground rules of badge `b` (nil for a guide's, which has no box).
    func ground(of b: SizeBadges.Badge) -> BadgeGround? {
        boxIndex[b.item].map { BadgeGround(n: $0, frames: frames, frameIndex: frameIndex, hasSubviews: hasSubviews) }
    }

    /// Whether the middle of `r` lies inside a view that neither is `f` nor contains it, found
    /// among the views whose frame edges pass near `r` (a neighbour abutting `f`).
    func isInsideAnotherView(_ r: Rect, than f: Rect) -> Bool {
        let near = Rect(x: r.minX - 2, y: r.minY - 2, width: r.width + 4, height: r.height + 4)
        return index.owners(overlapping: near, kinds: .edge).contains { e in
            let n = e - Self.edgeOwnerBase
            guard n >= 0, n < frames.count else { return false }
            let o = frames[n]
            return !o.holds(f) && o.minX < r.midX && r.midX < o.maxX && o.minY < r.midY && r.midY < o.maxY
        }
    }
}
