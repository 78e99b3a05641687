import Blueprint

/// Puts every piece of text where it overlaps no other text, no view name and no frame edge.
///
/// Items are placed in a deterministic order: view names in tree order, size badges (those of
/// views nested deeper first: a tab's before its tab bar's), ambiguity
/// notes, then constraint labels with broken and conflicting ones first and short lines before
/// long ones (they have the least room). Each item tries fixed slots in a fixed order:
///
/// - a **name** inside its frame's top-left corner, in full, then shortened (the parent's
///   leading word dropped: `wifiTitle` in `wifiRow` reads `title`), then just outside the
///   frame, then slid along its top or bottom edge inside (from the trailing corner, never
///   over a subview), then shortened with an ellipsis (off every I-bar first, then anywhere clear of
///   text and edges); failing those, on a short leader beside its view when it lies more than
///   ``calloutReach`` inside a wide layout, else in a **callout** in a column beside the layout
///   with a straight leader. A name never becomes a numbered marker.
/// - a **badge** (``SizeBadges``) on its line for a hairline, inside its view's corners, then
///   anywhere along its inside edges, then beside it, then touching an edge anywhere along it
///   (overhanging a view narrower than the badge) or along a view around it that it relates,
///   then hanging from its edge over the edge of a view around it that shares that side
///   (``isFreeAcrossContainers(_:of:alongX:)``), then a size smaller in those places, then
///   on a short leader. A badge naming metrics (`h rowHeight 44`) is placed in full only
///   inside its view, else without the names (`h 44`).
/// - a **constraint label** on its line, beside it, beyond its ends (an alignment's also just
///   past the ends of the item its line runs along; past an end where another I-bar goes on
///   along the line only after over or under its own bar flush with an end), under or over the item at
///   either end of its I-bar, just past the stretch where its two items face each other
///   (``pastOverlap(_:_:)``), on the hairline where its gap ends, then a size smaller in those
///   slots, then on the edge of the container of both items, level with the gap
///   (``placeOnContainerEdge(_:for:)``), then on a short leader; slots that touch the views
///   the constraint relates come first.
///
/// A leader is accepted only if it crosses no text and no other leader. An item that finds no
/// slot tries the nearest free spot in rings around its anchor on a clean leader
/// (``placeNearAnchors()``); failing that it becomes a numbered marker, the last resort,
/// counted in the statistics.
///
/// - Complexity: O(n log n) for n items on real layouts (one sort; each slot test is a
///   constant number of grid lookups, see ``SpatialIndex``).
struct LabelPlacer {
    /// The work of the index queries so far, shared by both indexes (and the placer's copies).
    let work: PlacementWork
    var index: SpatialIndex
    private var leaderIndex: SpatialIndex
    /// The leaders placed so far, in the order of `leaderIndex`'s rectangles.
    private var leaders: [(Point, Point)] = []
    private(set) var placed: [PlacedText] = []
    private(set) var legend: [LegendEntry] = []
    /// The text of label views (fixed obstacles, drawn by the painter).
    private(set) var viewTexts: [Rect] = []
    /// The frames of the label views (those with a text of their own).
    private var labelFrames = Set<Rect>()
    /// The same texts, indexed: what a number beside them would be read as part of (names and
    /// other labels placed later are not).
    private var viewTextIndex: SpatialIndex
    /// Markers that found no free spot and were put on their anchor anyway.
    private(set) var forcedMarkers = 0
    /// Texts left out: constraint labels past ``markerLimit`` markers, and names, badges and
    /// labels once the placement's work ran out (the legend says how many).
    var leftOut = 0
    /// The most numbered markers a diagram carries: past it the place is too dense to label
    /// (a pile of views drawn over each other), and the legend would outgrow the picture.
    static let markerLimit = 120
    /// The frames of views at most ``hairline`` thin, with their box index.
    private(set) var hairlines: [Rect: Int] = [:]
    /// Each view's index among the boxes (its frame edges' owner is `edgeOwnerBase` plus it).
    private(set) var boxIndex: [ObjectIdentifier: Int] = [:]
    /// The views' frames, by box index.
    private(set) var frames: [Rect] = []
    /// Each box's superview's box index (-1 for the root), and its depth.
    private(set) var parents: [Int] = []
    /// The boxes that have subviews.
    private(set) var hasSubviews = Set<Int>()
    private(set) var depths: [Int] = []
    /// The views' whole frames, owner the box index: which views a spot lies in.
    private(set) var frameIndex: SpatialIndex
    let metrics = BundledFontMetrics()
    let layout: Rect
    /// The labels and badges with metric names drawn without them (``bareKey(_:_:)``): asked
    /// for, or dropped here for lack of room by their views.
    var bare: Set<String> = []
    /// Frame edges are inserted with owner `edgeOwnerBase + box index`, so a name can ignore
    /// its own frame's edges (a tab on the top edge).
    static let edgeOwnerBase = 1_000_000

    /// Frame edges and label texts: the fixed obstacles.
    init(boxes: [ViewBox], layout: Rect) {
        self.layout = layout
        work = PlacementWork(views: boxes.count)
        index = SpatialIndex(work: work)
        leaderIndex = SpatialIndex(work: work)
        // Its queries count too: under a pile of views each one meets every frame.
        frameIndex = SpatialIndex(cellSize: 64, work: work)
        viewTextIndex = SpatialIndex(cellSize: 64, work: work)
        var open: [Int] = []
        for (n, b) in boxes.enumerated() {
            while let last = open.last, boxes[last].depth >= b.depth { open.removeLast() }
            parents.append(open.last ?? -1)
            if let p = open.last { hasSubviews.insert(p) }
            depths.append(b.depth)
            open.append(n)
            if !b.hidden, b.frame.width > 0, b.frame.height > 0 { frameIndex.insert(b.frame, owner: n) }
            if let id = b.id { boxIndex[id] = n }
            if min(b.frame.width, b.frame.height) <= Self.hairline, hairlines[b.frame] == nil { hairlines[b.frame] = n }
            let f = b.frame
            frames.append(f)
            let t = Metrics.outline / 2
            let owner = Self.edgeOwnerBase + n
            index.insert(Rect(x: f.minX - t, y: f.minY - t, width: f.width + 2 * t, height: 2 * t), owner: owner, kind: .edge)
            index.insert(Rect(x: f.minX - t, y: f.maxY - t, width: f.width + 2 * t, height: 2 * t), owner: owner, kind: .edge)
            index.insert(Rect(x: f.minX - t, y: f.minY - t, width: 2 * t, height: f.height + 2 * t), owner: owner, kind: .edge)
            index.insert(Rect(x: f.maxX - t, y: f.minY - t, width: 2 * t, height: f.height + 2 * t), owner: owner, kind: .edge)
            if let r = Self.textRect(b) {
                index.insert(r, kind: .text)
                viewTextIndex.insert(r, kind: .text)
                viewTexts.append(r)
                labelFrames.insert(f)
            }
        }
    }

    /// Whether a name at `r` reads as box `n`'s: it touches the view's frame (inside, or a tab
    /// on its edge), or the innermost view that holds it whole is one of its superviews or lies
    /// under the whole view (an overlay's), not a neighbour: a name below its row lies in the
    /// next row, and reads as that row's.
    func readsAsOwn(_ r: Rect, box n: Int) -> Bool {
        // Inside the frame, or a tab on its edge.
        let own = frames[n]
        if own.overlaps(r) { return true }
        var innermost = -1
        for i in frameIndex.owners(overlapping: r, kinds: .text) where frames[i].holds(r) {
            if innermost < 0 || depths[i] > depths[innermost] || depths[i] == depths[innermost] && i > innermost { innermost = i }
        }
        guard innermost >= 0 else { return true }
        // A view drawn over another (a button over a carousel) is named over it too.
        if frames[innermost].holds(own) { return true }
        var a = n
        while a >= 0 {
            if a == innermost { return true }
            a = parents[a]
        }
        return false
    }

    /// The box of a label view's text, clipped to its frame.
    static func textRect(_ b: ViewBox) -> Rect? {
        guard let box = b.textBox, box.width > 0, box.height > 0 else { return nil }
        return box
    }

    /// Makes every constraint line an obstacle: names and notes keep off all of them, a
    /// constraint label off all but its own line.
    mutating func addLines(_ annotations: [Annotation]) {
        for (i, a) in annotations.enumerated() {
            index.insert(Segments.bounds(a.start, a.end), owner: i, kind: a.kind == .alignment ? .alignment : .line)
        }
    }

    /// The diameter of the disc of a numbered marker: its number's box, made round.
    static func markerDiameter(_ number: String) -> Double {
        let m = BundledFontMetrics().measure(number, fontSize: Metrics.labelFontSize)
        return max(m.width + 2 * Metrics.padX, m.ascent + m.descent + 2 * Metrics.padY)
    }

    /// The size of `text`'s box, padding included.
    func boxSize(_ text: String, fontSize: Double = Metrics.labelFontSize, padY: Double = Metrics.padY) -> Size {
        let m = metrics.measure(text, fontSize: fontSize)
        return Size(width: m.width + 2 * Metrics.padX, height: m.ascent + m.descent + 2 * padY)
    }

    mutating func commit(_ text: PlacedText) {
        index.insert(text.rect)
        if let l = text.leader {
            leaderIndex.insert(Segments.bounds(l.0, l.1), owner: placed.count, kind: .line)
            leaders.append(l)
        }
        placed.append(text)
    }

    /// Whether a leader crosses no text box (nor name, badge, marker) and no other leader.
    /// The box it serves, `home`, may be entered (a leader starts inside or on it).
    func leaderIsClean(_ p: Point, _ q: Point, home: Rect?) -> Bool {
        guard !work.exhausted else { return true }
        let box = Segments.bounds(p, q)
        if index.first(in: box, blocking: .text, { r in r != home && Segments.crosses(p, q, r) }) != nil { return false }
        return !leaderIndex.indices(overlapping: box).contains { Segments.cross((p, q), leaders[$0]) }
    }

    /// How many text boxes (other than `home`) and earlier leaders the leader from `p` to `q`
    /// crosses.
    func leaderCrossings(_ p: Point, _ q: Point, home: Rect?) -> Int {
        guard !work.exhausted else { return 0 }
        let box = Segments.bounds(p, q)
        var texts = Set<Rect>()   // (a box in several cells of the index is met once a cell)
        _ = index.first(in: box, blocking: .text) { r in
            if r != home && Segments.crosses(p, q, r) { texts.insert(r) }
            return false
        }
        return texts.count + leaderIndex.indices(overlapping: box).filter { Segments.cross((p, q), leaders[$0]) }.count
    }

    /// How many views' frames the leader from `p` (on its view) to `q` (in the callout column)
    /// passes through, not counting those that hold `p` (its view and their superviews): a
    /// callout on the far side of a tab bar crosses every tab between.
    /// Counted against the placement's work; past a few hundred frames in the leader's box
    /// (a pile of views over each other) it answers that many without looking closer.
    func frameCrossings(_ p: Point, _ q: Point) -> Int {
        guard !work.exhausted else { return 0 }
        let found = frameIndex.indices(overlapping: Segments.bounds(p, q))
        work.spent += found.count
        guard found.count <= 256 else { return found.count }
        var count = 0
        for i in found {
            let f = frameIndex.rects[i]
            let holdsP = f.minX <= p.x && p.x <= f.maxX && f.minY <= p.y && p.y <= f.maxY
            if !holdsP && Segments.crosses(p, q, f) { count += 1 }
        }
        return count
    }

    // MARK: Notes

    /// Places the "ambiguous" note of each ambiguous view below it (or inside, or above):
    /// `ambiguous x`, `ambiguous y, height`; and the note of each view whose width or height
    /// came out negative, which its frame cannot show: `negative height (-18)`.
    mutating func placeAmbiguity(_ boxes: [ViewBox]) {
        var notes: [(ViewBox, String)] = []
        for b in boxes {
            if !b.ambiguous.isEmpty {
                // The parts as `blueprint explain` names them, short: a free height is not `y`.
                notes.append((b, "ambiguous " + b.ambiguous.map { a -> String in
                    switch a {
                    case .left: "x"
                    case .top: "y"
                    default: a.rawValue
                    }
                }.joined(separator: ", ")))
            }
            let negative = [("width", b.frame.width), ("height", b.frame.height)].filter { $0.1 < 0 }
            if !b.hidden, !negative.isEmpty {
                notes.append((b, "negative " + negative.map { "\($0.0) (\(formatNumber($0.1)))" }.joined(separator: ", ")))
            }
        }
        for (b, text) in notes {
            let size = boxSize(text)
            let f = b.extent, w = size.width, h = size.height
            var slots = [Rect(x: f.minX, y: f.maxY + 1, width: w, height: h),
                         Rect(x: f.maxX - w - 2, y: f.maxY - h - 2, width: w, height: h),
                         Rect(x: f.maxX - w, y: f.minY - h - 1, width: w, height: h),
                         Rect(x: f.maxX + 2, y: f.midY - h / 2, width: w, height: h)]
            // Else touching an edge anywhere along it, below and above first.
            for x in Self.sweep(from: f.minX - w + 4, to: f.maxX - 4, step: 8) {
                slots += [Rect(x: x, y: f.maxY + 1, width: w, height: h), Rect(x: x, y: f.minY - h - 1, width: w, height: h)]
            }
            for y in Self.sweep(from: f.minY - h + 4, to: f.maxY - 4, step: 8) {
                slots += [Rect(x: f.maxX + 2, y: y, width: w, height: h), Rect(x: f.minX - 2 - w, y: y, width: w, height: h)]
            }
            place(text, style: .ambiguity, slots: slots.map { ($0, nil) }, anchor: Point(x: f.midX, y: f.maxY),
                  legendText: "\(b.name): \(text)", home: f, owners: [f], passes: [.solid])
        }
    }

    // MARK: Constraint labels

    /// Places the labels of constraints.
    /// `tight`: only the labels of lines shorter than their text, before names (which have more
    /// places to go), and only in slots touching their views; a label that finds none waits for
    /// the second call, which places every label not yet placed.
    mutating func placeLabels(_ annotations: [Annotation], tight: Bool) {
        let ordered = annotations.indices.filter { i in
            guard let text = annotations[i].label, !placedAnnotations.contains(i) else { return false }
            return !tight || annotations[i].length < boxSize(text).width + 2 * Metrics.capHalf
        }.sorted { i, j in
            let a = annotations[i], b = annotations[j]
            if a.role != b.role { return a.role > b.role }
            // A stack's own gaps last: their stack's tag states them, and with no room left they
            // may go unlabelled; a constraint of the file's own may not.
            if a.statedByStack != b.statedByStack { return !a.statedByStack }
            if a.length != b.length { return a.length < b.length }
            return a.order < b.order
        }
        for i in ordered {
            let a = annotations[i], text = a.label!
            // With metric names (`pad 20`), the full label first, only beside its views; else
            // the bare numbers, as any label.
            // (Only the bare numbers where they were dropped before: another panel of a sheet.)
            var texts = [text]
            let key = Self.bareKey(text, [a.formula])
            if let short = a.shortLabel, short != text { texts = bare.contains(key) ? [short] : [text, short] }
            let last = texts[texts.count - 1]
            func dropped() { if texts.count > 1 { bare.insert(key) } }
            func attempt(_ t: String, small: Bool = false, nearOnly: Bool) -> Bool {
                let size = small ? boxSize(t, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY) : boxSize(t)
                return place(t, style: .constraint(a.role), slots: slots(for: a, owner: i, size, small: small, lastResort: !nearOnly), anchor: mid(a),
                             legendText: "\(t)   \(a.formula)", home: nil, owners: a.owners, owner: i,
                             nearOnly: nearOnly, small: small)
            }
            func onHairline() -> Bool {
                guard let (r, edges) = hairlineSlot(for: a, boxSize(last)) else { return false }
                return place(last, style: .constraint(a.role), slots: [(r, nil)], anchor: mid(a), legendText: "\(last)   \(a.formula)",
                             home: nil, owners: a.owners, owner: i, passes: [.solid], nearOnly: true, alsoIgnoring: edges)
            }
            // Each text by its views, then the last on the hairline where its gap ends, then a
            // size smaller by its views (a narrow spot between tall texts: before names, which
            // have more places to go), then anywhere, on a leader, or as a marker. A gap of a
            // stack's own spacing, which the stack's name states, stops before the leader: with
            // no room by its views its I-bar goes unlabelled.
            if attempt(texts[0], nearOnly: true) {
                placedAnnotations.insert(i)
            } else if texts.dropFirst().contains(where: { attempt($0, nearOnly: true) }) || onHairline()
                || attempt(last, small: true, nearOnly: true) || placeOnContainerEdge(last, for: a) {
                placedAnnotations.insert(i)
                dropped()
            } else if !tight && a.statedByStack {
                placedAnnotations.insert(i)
            } else if !tight && attempt(last, nearOnly: false) {
                placedAnnotations.insert(i)
                dropped()
            }
        }
    }

    /// What names a label or badge with metric names across diagrams of one file: its full
    /// text and the constraints it states.
    static func bareKey(_ text: String, _ formulas: [String]) -> String {
        ([text] + formulas).joined(separator: "\n")
    }

    private func mid(_ a: Annotation) -> Point {
        Point(x: (a.start.x + a.end.x) / 2, y: (a.start.y + a.end.y) / 2)
    }

    /// The slots of a constraint label, in the order they are tried, each with its leader.
    /// `lastResort`: with the spots that read as a view's text at the end (the last attempt
    /// before a numbered marker).
    private func slots(for a: Annotation, owner: Int, _ size: Size, small: Bool = false, lastResort: Bool = false) -> [(Rect, (Point, Point)?)] {
        let w = size.width, h = size.height, m = mid(a)
        let length = a.length
        var out: [(Rect, (Point, Point)?)] = []
        // Spots that read as a view's text, tried last of all: better than a numbered marker.
        var demoted: [(Rect, (Point, Point)?)] = []
        if a.isHorizontal {
            let y = a.start.y, x1 = min(a.start.x, a.end.x), x2 = max(a.start.x, a.end.x)
            if w + 2 * Metrics.capHalf + 2 <= length { out.append((Rect(x: m.x - w / 2, y: y - h / 2, width: w, height: h), nil)) }
            out.append((Rect(x: m.x - w / 2, y: y - h - 1.5, width: w, height: h), nil))
            out.append((Rect(x: m.x - w / 2, y: y + 1.5, width: w, height: h), nil))
            // Past an end, level with the line, and beyond an end just below or above it
            // (inside a small item, by its edge): last where they read as an item's text.
            var pastEnds = [Rect(x: x2 + 1.5, y: y - h / 2, width: w, height: h), Rect(x: x1 - 1.5 - w, y: y - h / 2, width: w, height: h)]
            for dy in [Metrics.capHalf + 0.5, -h - Metrics.capHalf - 0.5] {
                pastEnds.append(Rect(x: x1 - 1.5 - w, y: y + dy, width: w, height: h))
                pastEnds.append(Rect(x: x2 + 1.5, y: y + dy, width: w, height: h))
            }
            pastEnds += pastItems(a, size, gap: small ? 0.5 : 1.5)
            // A spot past an end where another bar goes on (a chain of gaps) reads as that bar's
            // and takes its label's room: after the spots over or under the line flush with
            // either end, where a gap narrower than its label overhangs one end by a little (a
            // field's 12 to a guide's edge, then the guide's `≥ 0` to a label, on one line).
            let chained = (continues(a, at: x1, owner: owner), continues(a, at: x2, owner: owner))
            let (onChain, inside) = sortPastEnds(pastEnds, for: a, chained: chained, ends: (x1, x2), small: small,
                                                 into: &out, demoted: &demoted)
            if chained.0 || chained.1, w > length {
                for x in [x2 - 1 - w, x1 + 1] {
                    out.append((Rect(x: x, y: y - h - 1.5, width: w, height: h), nil))
                    out.append((Rect(x: x, y: y + 1.5, width: w, height: h), nil))
                }
            }
            out += onChain
            // Beside the I-bar: under or over the item at either end, by the end's cap (a gap
            // narrower than its label, between items of different heights).
            out += besideEnds(a, size, gap: small ? 0.75 : 1.5)
            out += pastOverlap(a, size)
            out += alongLine(a, size)
            out += inside
            // Above or below the gap, on a straight leader through it (a gap too narrow for
            // its label, as drafting does).
            let span = a.span
            // Centred on the gap, else kept clear of its ends (the gap narrower than the text).
            // Above first, unless the bar is far nearer the bottom (a leader under a third as long).
            let upFirst = !Self.farNearer(span.hi - y, than: y - span.lo)
            for x in [m.x - w / 2, x1 + 1, x2 - 1 - w] {
                for reach in [0.5, 6.0, 14.0, 28.0] {
                    let up = Rect(x: x, y: span.lo - reach - h, width: w, height: h)
                    let down = Rect(x: x, y: span.hi + reach, width: w, height: h)
                    let upSlot = (up, (Point(x: m.x, y: y), Point(x: m.x, y: up.maxY)) as (Point, Point)?)
                    let downSlot = (down, (Point(x: m.x, y: y), Point(x: m.x, y: down.minY)) as (Point, Point)?)
                    out += upFirst ? [upSlot, downSlot] : [downSlot, upSlot]
                }
            }
            for reach in [6.0, 14.0, 24.0] {
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
            // Past an end, and beside it: last where they read as an item's text (`12` at a
            // chip's top-left read "12 Screenshots").
            var pastEnds = [Rect(x: x - w / 2, y: y2 + 1.5, width: w, height: h), Rect(x: x - w / 2, y: y1 - 1.5 - h, width: w, height: h)]
            for dx in [Metrics.capHalf + 0.5, -w - Metrics.capHalf - 0.5] {
                pastEnds.append(Rect(x: x + dx, y: y1 - 1.5 - h, width: w, height: h))
                pastEnds.append(Rect(x: x + dx, y: y2 + 1.5, width: w, height: h))
            }
            pastEnds += pastItems(a, size, gap: small ? 0.5 : 1.5)
            // (As in the horizontal case: past a chained end after beside the line flush with an end.)
            let chained = (continues(a, at: y1, owner: owner), continues(a, at: y2, owner: owner))
            let (onChain, inside) = sortPastEnds(pastEnds, for: a, chained: chained, ends: (y1, y2), small: small,
                                                 into: &out, demoted: &demoted)
            if chained.0 || chained.1, h > length {
                for y in [y2 - 1 - h, y1 + 1] {
                    out.append((Rect(x: x + 2, y: y, width: w, height: h), nil))
                    out.append((Rect(x: x - 2 - w, y: y, width: w, height: h), nil))
                }
            }
            out += onChain
            out += besideEnds(a, size, gap: small ? 0.75 : 1.5)
            out += pastOverlap(a, size)
            out += alongLine(a, size)
            out += inside
            let span = a.span
            // Right first, unless the bar is far nearer the left (a gap near a screen's leading
            // edge had its number at the trailing side, on a leader across the whole form).
            let rightFirst = !Self.farNearer(x - span.lo, than: span.hi - x)
            for y in [m.y - h / 2, y1 + 1, y2 - 1 - h] {
                for reach in [0.5, 6.0, 14.0, 28.0] {
                    let right = Rect(x: span.hi + reach, y: y, width: w, height: h)
                    let left = Rect(x: span.lo - reach - w, y: y, width: w, height: h)
                    let rightSlot = (right, (Point(x: x, y: m.y), Point(x: right.minX, y: m.y)) as (Point, Point)?)
                    let leftSlot = (left, (Point(x: x, y: m.y), Point(x: left.maxX, y: m.y)) as (Point, Point)?)
                    out += rightFirst ? [rightSlot, leftSlot] : [leftSlot, rightSlot]
                }
            }
            for reach in [6.0, 14.0, 24.0] {
                for (dx, dy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                    let ey = dy > 0 ? y2 : y1
                    let r = Rect(x: dx > 0 ? x + reach : x - reach - w, y: dy > 0 ? ey + reach : ey - reach - h, width: w, height: h)
                    out.append((r, (Point(x: x, y: ey), Point(x: dx > 0 ? r.minX : r.maxX, y: dy > 0 ? r.minY : r.maxY))))
                }
            }
        }
        return lastResort ? out + demoted : out
    }

    /// Whether a leader `near` long is far shorter than one `far` long: under a third, by more
    /// than a label's width. Between two sides about as near, the usual side is kept.
    static func farNearer(_ near: Double, than far: Double) -> Bool {
        3 * near + 24 < far
    }

    /// Sorts the spots past a bar's ends (`ends`: its low and high coordinate along the line):
    /// those that read as a view's text or hide an item go to `demoted` (tried last), the rest
    /// to `out`, except a spot past an end where another bar goes on (`chained`), returned to
    /// come after the spots flush with an end, and, a size smaller, one inside an item at an
    /// end, or one on a label's text line (``readsAsText(_:for:alongLine:)``), returned to
    /// come after the spots beside the bar.
    private func sortPastEnds(
        _ spots: [Rect], for a: Annotation, chained: (Bool, Bool), ends: (Double, Double), small: Bool,
        into out: inout [(Rect, (Point, Point)?)], demoted: inout [(Rect, (Point, Point)?)]
    ) -> (onChain: [(Rect, (Point, Point)?)], inside: [(Rect, (Point, Point)?)]) {
        var onChain: [(Rect, (Point, Point)?)] = [], inside: [(Rect, (Point, Point)?)] = []
        var onTextLine: [(Rect, (Point, Point)?)] = []
        for r in spots {
            let (lo, hi) = a.isHorizontal ? (r.minX, r.maxX) : (r.minY, r.maxY)
            if readsAsText(r, for: a) || hidesItem(r, for: a) { demoted.append((r, nil)) }
            else if readsAsText(r, for: a, alongLine: true) { onTextLine.append((r, nil)) }
            else if chained.0 && hi <= ends.0 || chained.1 && lo >= ends.1 { onChain.append((r, nil)) }
            else if small && insideEndItem(r, for: a) { inside.append((r, nil)) }
            else { out.append((r, nil)) }
        }
        return (onChain, inside + onTextLine)
    }

    /// Whether another I-bar goes on from `a`'s end at `end` along the same line (a chain of
    /// gaps: a field's 12 to a guide, then the guide's `≥ 0` to a label): a number past that
    /// end, level with the line or just beside it, reads as the other bar's and takes its room.
    private func continues(_ a: Annotation, at end: Double, owner: Int) -> Bool {
        guard a.kind == .spacing else { return false }
        let (s, e) = a.isHorizontal ? (a.start.x, a.end.x) : (a.start.y, a.end.y)
        let outwards = end == max(s, e) ? 1.0 : -1.0
        let p = end + outwards * 2
        let probe = a.isHorizontal ? Rect(x: p - 0.25, y: a.start.y - 0.1, width: 0.5, height: 0.2)
                                   : Rect(x: a.start.x - 0.1, y: p - 0.25, width: 0.2, height: 0.5)
        // (A line's box reaches half a point past its ends: one that starts at the end starts
        // within a point of it. Across a hairline between two gaps, a divider's, the spot past
        // the end is the hairline's, where a gap's label may sit.)
        return index.first(in: probe, ignoring: owner, blocking: .line) { o in
            // A bar along the same line (its box one point thick across it) that starts at the end.
            a.isHorizontal
                ? o.height <= 1.01 && (outwards > 0 ? o.minX <= end : o.maxX >= end)
                : o.width <= 1.01 && (outwards > 0 ? o.minY <= end : o.maxY >= end)
        } != nil
    }

    /// For an alignment line, the spots just past the ends of the items it runs along, on the
    /// line's overshoot: centred on the line or flush with it on either side, `gap` from the
    /// item. A `≥ 0` along a label's trailing edge in a row with 11 points above and below the
    /// label fits there a size smaller, where the spots past the line's own ends, 4 points
    /// further out, cross the row's edges.
    private func pastItems(_ a: Annotation, _ size: Size, gap: Double) -> [Rect] {
        guard a.kind == .alignment, let along = a.itemsAlong else { return [] }
        let w = size.width, h = size.height
        var out: [Rect] = []
        if a.isHorizontal {
            let y = a.start.y
            for x in [along.hi + gap, along.lo - gap - w] {
                for top in [y - h / 2, y + 1, y - 1 - h] { out.append(Rect(x: x, y: top, width: w, height: h)) }
            }
        } else {
            let x = a.start.x
            for y in [along.lo - gap - h, along.hi + gap] {
                for left in [x - w / 2, x + 1, x - 1 - w] { out.append(Rect(x: left, y: y, width: w, height: h)) }
            }
        }
        return out
    }

    /// Whether a spot for `a`'s number reads as part of a text: it lies inside an item the
    /// I-bar ends at (not one holding the whole bar), with that item's own text level with it
    /// within two label heights (`8 Videos`). A name tag or a label placed earlier does not
    /// count, nor the other item's text across the gap: the I-bar stands between.
    ///
    /// A spot past a vertical bar's end inside a label view (its own text, not a field with a
    /// placeholder inside) reads as part of the text's line however far along it (`City
    /// gap 12` in a form's one-line caption, beside the caption's own gap to the next field):
    /// such spots are tried after the others by the bar, before a leader.
    /// `alongLine`: that case alone (a vertical bar's spot inside a label, level with its text
    /// anywhere along it).
    private func readsAsText(_ r: Rect, for a: Annotation, alongLine: Bool = false) -> Bool {
        if alongLine && a.isHorizontal { return false }
        return a.owners.contains { o in
            guard !Self.holdsBar(o, of: a), Self.overlapsInside(r, o) else { return false }
            if alongLine && !labelFrames.contains(o) { return false }
            let reach = alongLine ? .infinity : r.height * 2
            let left = max(r.minX - reach, o.minX), right = min(r.maxX + reach, o.maxX)
            return right > left && viewTextIndex.intersects(Rect(x: left, y: r.minY, width: right - left, height: r.height), blocking: .text)
        }
    }

    /// Whether a spot for `a`'s number lies over part of the inside of an item the I-bar ends
    /// at (not one holding the whole bar): there it reads as that item's (a `12` inside a
    /// 22-point icon, its count). A size smaller, a number fits beside its bar outside its
    /// items where at full size it did not (under the gap's end, by the title's corner), and
    /// such spots come first.
    private func insideEndItem(_ r: Rect, for a: Annotation) -> Bool {
        a.owners.contains { o in !Self.holdsBar(o, of: a) && Self.overlapsInside(r, o) }
    }

    /// Whether a spot for `a`'s number hides most of an item the I-bar ends at (not one
    /// holding the whole bar): a third or more of a small view's inside (a 16-point badge 4 in
    /// from its tile's edge, whose `4` sat on it). Tried last, as a spot that reads as text.
    private func hidesItem(_ r: Rect, for a: Annotation) -> Bool {
        a.owners.contains { o in
            guard !Self.holdsBar(o, of: a), o.width > 0, o.height > 0 else { return false }
            let w = min(r.maxX, o.maxX) - max(r.minX, o.minX), h = min(r.maxY, o.maxY) - max(r.minY, o.minY)
            return w > 0 && h > 0 && w * h >= o.width * o.height / 3
        }
    }

    /// Whether an item `a` relates holds its whole bar along the bar's direction (the container
    /// of the other item), rather than ending at one of its ends.
    private static func holdsBar(_ o: Rect, of a: Annotation) -> Bool {
        a.isHorizontal
            ? o.minX <= min(a.start.x, a.end.x) + 0.5 && max(a.start.x, a.end.x) - 0.5 <= o.maxX
            : o.minY <= min(a.start.y, a.end.y) + 0.5 && max(a.start.y, a.end.y) - 0.5 <= o.maxY
    }

    /// Whether `r` covers part of `o`'s inside (more than touching its edge).
    static func overlapsInside(_ r: Rect, _ o: Rect) -> Bool {
        min(r.maxX, o.maxX) - max(r.minX, o.minX) > 1 && min(r.maxY, o.maxY) - max(r.minY, o.minY) > 1
    }

    /// How far past an I-bar's line a related item may reach for a label to sit beside it
    /// (beyond a label's own size).
    static let besideReach = 24.0

    /// The slots beside an I-bar's ends: for each end and each related item that ends there
    /// and reaches at most ``besideReach`` plus a label's size past the line (a chevron, an
    /// icon, a caption; never the container of the other item), just past that item across the line (under or over a
    /// horizontal I-bar, right or left of a vertical one), centred on the end or flush with it
    /// on either side. A narrow gap beside a short item gets its label there, touching both
    /// the line's end and the item.
    /// `gap`: the room between the label and the item (less for a small label, whose spot is
    /// tight by definition).
    private func besideEnds(_ a: Annotation, _ size: Size, gap: Double) -> [(Rect, (Point, Point)?)] {
        let w = size.width, h = size.height
        let items = a.owners.filter { o in !a.owners.contains { o != $0 && o.holds($0) } }
        var out: [(Rect, (Point, Point)?)] = []
        if a.isHorizontal {
            let line = a.start.y
            for e in [min(a.start.x, a.end.x), max(a.start.x, a.end.x)] {
                for o in items where o.minX - 0.5 <= e && e <= o.maxX + 0.5 {
                    for y in [o.maxY + gap, o.minY - gap - h] where abs((y < line ? y + h : y) - line) <= h + Self.besideReach {
                        for x in [e - w / 2, e + 1, e - 1 - w] { out.append((Rect(x: x, y: y, width: w, height: h), nil)) }
                    }
                }
            }
        } else {
            let line = a.start.x
            for e in [min(a.start.y, a.end.y), max(a.start.y, a.end.y)] {
                for o in items where o.minY - 0.5 <= e && e <= o.maxY + 0.5 {
                    for x in [o.maxX + gap, o.minX - gap - w] where abs((x < line ? x + w : x) - line) <= w + Self.besideReach {
                        // Centred on the end, or flush with it on the line's side: never wholly on
                        // the item's side of the end, level with the item beside it, where it
                        // reads as the gap across the item ("4 0:42" for a badge's bottom 4).
                        let along = e == min(a.start.y, a.end.y) ? [e - h / 2, e + 1] : [e - h / 2, e - 1 - h]
                        for y in along { out.append((Rect(x: x, y: y, width: w, height: h), nil)) }
                    }
                }
            }
        }
        return out
    }

    /// How far from a frame a label still touches it: a label's padding.
    static let touchDistance = 2.0

    /// Whether `r` is inside or touches (within ``touchDistance``) the union of `owners`, taken
    /// as the box that bounds them all (a label in the gap between two views belongs to them).
    static func touches(_ r: Rect, _ owners: [Rect]) -> Bool {
        guard let first = owners.first else { return false }
        var x0 = first.minX, y0 = first.minY, x1 = first.maxX, y1 = first.maxY
        for o in owners.dropFirst() { x0 = min(x0, o.minX); y0 = min(y0, o.minY); x1 = max(x1, o.maxX); y1 = max(y1, o.maxY) }
        let d = touchDistance
        return r.minX <= x1 + d && x0 - d <= r.maxX && r.minY <= y1 + d && y0 - d <= r.maxY
    }

    /// Whether a leader placed earlier passes through `r`.
    func crossedByLeader(_ r: Rect) -> Bool {
        guard !work.exhausted, !leaders.isEmpty else { return false }
        return leaderIndex.indices(overlapping: r).contains { Segments.crosses(leaders[$0].0, leaders[$0].1, r) }
    }

    /// An item that found no slot: it becomes a marker once every other item is placed, so
    /// markers never take a slot a label could have used.
    /// The constraint labels placed so far (by annotation index).
    private var placedAnnotations = Set<Int>()

    var pending: [(text: String, style: PlacedText.Style, anchor: Point, legendText: String, owner: Int, home: Rect?, owners: [Rect])] = []

    /// Tries the slots: first clear of every line and touching an owner, then clear of text and
    /// frame edges and touching an owner, then anywhere clear of text and edges (`passes` lists
    /// what blocks, pass by pass). A slot with a leader needs a clean leader. Failing all, the
    /// item waits for ``placeMarkers()``.
    /// - Returns: whether it was placed (false: it waits, or with `nearOnly`, is left out).
    @discardableResult
    mutating func place(_ text: String, style: PlacedText.Style, slots: [(Rect, (Point, Point)?)],
                                anchor: Point, legendText: String, home: Rect?, owners: [Rect], owner: Int = -2,
                                passes: [SpatialIndex.Kind] = [.all, .solid], nearOnly: Bool = false, small: Bool = false,
                                alsoIgnoring other: Int = -2, accepts: ((Rect) -> Bool)? = nil) -> Bool {
        guard !work.exhausted else { return false }
        for near in nearOnly ? [true] : [true, false] {
            for blocking in passes {
                for (r, leader) in slots where !near || Self.touches(r, owners) {
                    if index.intersects(r, ignoring: owner, and: other, blocking: blocking) || crossedByLeader(r) { continue }
                    // (Asked last, of the few slots that are free: the caller's own test, of
                    // spots without a leader, which says whose the text is.)
                    if leader == nil, let accepts, !accepts(r) { continue }
                    if let l = leader, !leaderIsClean(l.0, l.1, home: home) { continue }
                    commit(PlacedText(text: text, rect: r, style: style, marker: nil, leader: leader, backdrop: true, home: home, owners: owners,
                                      small: small))
                    return true
                }
            }
        }
        if !nearOnly { pending.append((text, style, anchor, legendText, owner, home, owners)) }
        return false
    }

    /// Places a numbered marker for every item that found no slot, as near its anchor as a free
    /// spot allows (rings around it, clear of lines if possible), and adds its legend entry.
    mutating func placeMarkers() {
        placeNearAnchors()
        for item in pending {
            guard legend.count < Self.markerLimit, !work.exhausted else {
                leftOut += 1
                continue
            }
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
            search: for (blocking, clean) in [(SpatialIndex.Kind([.solid, .line]), true), (.solid, true)] {
                for c in candidates {
                    let r = Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
                    let a = item.anchor
                    let leader = (c.x == a.x && c.y == a.y) ? nil : (a, c)
                    if !index.intersects(r, ignoring: item.owner, blocking: blocking), !crossedByLeader(r),
                       !clean || (leader.map({ leaderIsClean($0.0, $0.1, home: nil) }) ?? true) {
                        chosen = (r, c)
                        break search
                    }
                }
            }
            if chosen == nil {
                // No clean leader: the free spot whose leader crosses the fewest texts and
                // leaders (the nearest of equals), not the first one.
                var fewest = Int.max
                for c in candidates {
                    let r = Rect(x: c.x - d / 2, y: c.y - d / 2, width: d, height: d)
                    guard !index.intersects(r, ignoring: item.owner, blocking: .solid), !crossedByLeader(r) else { continue }
                    let a = item.anchor
                    let crossings = c.x == a.x && c.y == a.y ? 0 : leaderCrossings(a, c, home: nil)
                    if crossings < fewest {
                        fewest = crossings
                        chosen = (r, c)
                    }
                }
            }
            if chosen == nil { forcedMarkers += 1 }
            let a = item.anchor
            let (r, c) = chosen ?? (Rect(x: a.x - d / 2, y: a.y - d / 2, width: d, height: d), a)
            let leader: (Point, Point)? = (c.x == a.x && c.y == a.y) ? nil : (a, c)
            commit(PlacedText(text: label, rect: r, style: item.style, marker: number, leader: leader, backdrop: true))
            legend.append(LegendEntry(sample: .marker(number, item.style), text: item.legendText))
        }
        pending = []
    }
}
