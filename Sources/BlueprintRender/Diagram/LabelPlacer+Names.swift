import Blueprint

/// View and guide names: inside their frames, shortened, beside them, or in a callout.
extension LabelPlacer {
    /// A name without the start it shares with its parent's, cut at a word boundary
    /// (`homeTabIcon` in `homeTab` → `icon`, `wifiTitle` in `wifiRow` → `title`, `m1Sender` in
    /// `m1Row` → `sender`), or nil when they share no word.
    static func shortened(_ name: String, parent: String?) -> String? {
        guard let parent else { return nil }
        let n = Array(name), p = Array(parent)
        var common = 0
        while common < n.count, common < p.count, n[common] == p[common] { common += 1 }
        // Back off to the start of a capitalised word in the name.
        while common > 0, common < n.count, !n[common].isUppercase { common -= 1 }
        guard common > 0, common < n.count, n[common].isUppercase else { return nil }
        return n[common].lowercased() + String(n[(common + 1)...])
    }

    /// The longest name a diagram writes out: a longer one is cut to this many characters,
    /// the last an ellipsis (no picture can show more, and measuring every shorter cut of a
    /// name 200,000 characters long took minutes).
    static let longestName = 64

    /// How many spots along each of a frame's top and bottom edges a name tries inside it,
    /// after the corners.
    static let edgeSlides = 12

    /// `name`, cut to ``longestName`` characters.
    static func displayed(_ name: String) -> String {
        name.count <= longestName ? name : String(name.prefix(longestName - 1)) + "…"
    }

    /// Places each view's name (see the type's notes), in tree order.
    mutating func placeNames(_ boxes: [ViewBox]) {
        for (n, b) in boxes.enumerated() where !b.nameIsText {
            guard !work.exhausted else {
                leftOut += 1
                continue
            }
            let f = b.frame
            let own = Self.edgeOwnerBase + n
            let textRect = Self.textRect(b)
            let name = Self.displayed(b.name)
            // A stack's name carries its arrangement (`actions → 8`).
            let full = b.stack.map { "\(name) \($0)" } ?? name
            let short = Self.shortened(name, parent: b.parentName).map { n in b.stack.map { "\(n) \($0)" } ?? n }
            func inside(_ text: String) -> [Rect] {
                let s = boxSize(text, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
                guard f.width >= s.width + 3, f.height >= s.height + 2 else { return [] }
                return [Rect(x: f.minX + 1.5, y: f.minY + 1, width: s.width, height: s.height),
                        Rect(x: f.maxX - s.width - 1.5, y: f.minY + 1, width: s.width, height: s.height),
                        Rect(x: f.minX + 1.5, y: f.maxY - s.height - 1, width: s.width, height: s.height),
                        Rect(x: f.maxX - s.width - 1.5, y: f.maxY - s.height - 1, width: s.width, height: s.height)]
            }
            func outside(_ text: String) -> [Rect] {
                let s = boxSize(text, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
                let w = s.width, h = s.height
                // A tab on the top edge (containers), then just outside the frame.
                let tab = textRect == nil && f.height >= h ? [Rect(x: f.minX + 6, y: f.minY - h / 2, width: w, height: h)] : []
                return tab + [Rect(x: f.minX, y: f.minY - h - 0.5, width: w, height: h),
                        Rect(x: f.maxX + 2, y: f.midY - h / 2, width: w, height: h),
                        Rect(x: f.minX - 2 - w, y: f.midY - h / 2, width: w, height: h),
                        Rect(x: f.minX, y: f.maxY + 0.5, width: w, height: h)]
            }
            // Along the top and bottom edges inside, from the trailing corner towards the
            // leading one, a half name apart: where both corners of a side are taken (a label
            // whose text fills its leading end and whose trailing gap's number sits at its
            // trailing end), the room between them. Failing that, such a name went to a
            // callout whose leader crossed a whole sidebar.
            func along(_ text: String) -> [Rect] {
                let s = boxSize(text, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
                guard f.width >= 2 * s.width + 3, f.height >= s.height + 2 else { return [] }
                let step = max(s.width / 2, 6), lo = f.minX + 1.5, hi = f.maxX - s.width - 1.5
                var out: [Rect] = []
                var x = hi - step
                while x > lo + 0.5, out.count < 2 * Self.edgeSlides {
                    out.append(Rect(x: x, y: f.minY + 1, width: s.width, height: s.height))
                    out.append(Rect(x: x, y: f.maxY - s.height - 1, width: s.width, height: s.height))
                    x -= step
                }
                return out
            }
            var tries: [(String, Rect)] = []
            for text in [full, short].compactMap({ $0 }) { tries += inside(text).map { (text, $0) } }
            for text in [short, full].compactMap({ $0 }) { tries += outside(text).map { (text, $0) } }
            // (Whether a spot along an edge lies over a subview is asked last, of the free ones.)
            var slid = Set<Rect>()
            for text in [full, short].compactMap({ $0 }) {
                let spots = along(text)
                slid.formUnion(spots)
                tries += spots.map { (text, $0) }
            }
            // Shortened with an ellipsis, down to four characters at the end of a word of the
            // name (`wifi…` for wifiRow), else to half of it and six characters: a stub cut
            // inside a word (`seg…` for segments) names nothing, and a callout with the whole
            // name does better.
            // A stack's arrangement is kept whole after its cut name (`c3Cont… ↓ 8`): the
            // arrangement is what the name was carrying.
            let base = Self.shortened(name, parent: b.parentName) ?? name
            let suffix = b.stack.map { " " + $0 } ?? ""
            // A cut at a word's end comes before a longer one inside a word
            // (`primaryActionButton…`, not `primaryActionButtonCo…`).
            if base.count > 4 {
                let letters = Array(base)
                let fewest = max(6, (base.count + 1) / 2)
                var atWords: [(String, Rect)] = [], inWords: [(String, Rect)] = []
                for k in stride(from: min(base.count - 1, Self.longestName), through: 3, by: -1) {
                    let endsAWord = k >= 4 && !letters[k - 1].isWhitespace && (letters[k].isUppercase || letters[k].isWhitespace)
                    guard k >= fewest || endsAWord else { continue }
                    let cut = String(base.prefix(k)) + "…" + suffix
                    if endsAWord { atWords += inside(cut).map { (cut, $0) } } else { inWords += inside(cut).map { (cut, $0) } }
                }
                tries += atWords + inWords
            }
            // Off every I-bar first (a name on one takes the room of its label; a thin
            // alignment line is merely cut around it), then off text and frame edges only.
            // (A name cut short comes after the whole name on a line.)
            let whole = tries.prefix { !$0.0.contains("…") }, cut = tries.dropFirst(whole.count)
            var found: (String, Rect)?
            search: for group in [whole, cut] {
                for blocking in [SpatialIndex.Kind([.solid, .line]), .solid] {
                    found = group.first {
                        !index.intersects($0.1, ignoring: own, blocking: blocking) && !crossedByLeader($0.1) && readsAsOwn($0.1, box: n)
                            && !(slid.contains($0.1) && overDeeperView($0.1, box: n))
                    }
                    if found != nil { break search }
                }
            }
            if let (text, r) = found {
                commit(PlacedText(text: text, rect: r, style: .name, marker: nil, leader: nil, backdrop: true, home: f, dimmed: b.dimmed))
                continue
            }
            // A dimmed view (outside `--show`) is named only by its frame: a callout on a leader
            // would draw the eye to what the picture puts aside, and a crop cuts it off. A view
            // inside a folded copy (`tabIcon2` in `tab2`, `as tab1`) only near its frame, never
            // in the column beside the layout: its twin in the first copy is named, and a tab
            // bar's callouts crossed every tab on their way there.
            if !b.dimmed { placeAway(full, box: n, for: f, owner: own, dimmed: false, nearOnly: b.inFoldedCopy) }
        }
    }

    /// Whether `r` covers part of a view drawn over box `n` (a subview, or an overlay): a name
    /// slid along a container's edge onto its trailing button reads as the button's.
    func overDeeperView(_ r: Rect, box n: Int) -> Bool {
        frameIndex.owners(overlapping: r, kinds: .text).contains { i in
            i != n && depths[i] > depths[n] && Self.overlapsInside(r, frames[i])
        }
    }

    /// Places each custom layout guide's name inside its dashed frame (top-left, else
    /// top-right), else just above it, else in a callout like a view's.
    mutating func placeGuideNames(_ guides: [(name: String, frame: Rect)]) {
        for guide in guides {
            let g = (name: Self.displayed(guide.name), frame: guide.frame)
            let f = g.frame
            let s = boxSize(g.name, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
            var slots: [Rect] = []
            if f.width >= s.width + 3 && f.height >= s.height + 2 {
                slots += [Rect(x: f.minX + 1.5, y: f.minY + 1, width: s.width, height: s.height),
                          Rect(x: f.maxX - s.width - 1.5, y: f.minY + 1, width: s.width, height: s.height)]
            }
            slots += [Rect(x: f.minX, y: f.minY - s.height - 0.5, width: s.width, height: s.height),
                      Rect(x: f.minX, y: f.maxY + 0.5, width: s.width, height: s.height)]
            if let r = slots.first(where: { !index.intersects($0, blocking: .solid) && !crossedByLeader($0) }) {
                commit(PlacedText(text: g.name, rect: r, style: .name, marker: nil, leader: nil, backdrop: true, home: f))
            } else {
                placeCallout(g.name, for: f, dimmed: false)
            }
        }
    }

    /// A name in the column beside the layout, level with its view if free (else the nearest
    /// free height), on a straight leader from the middle of the view's side (or level with
    /// the callout, where that one crosses a text); the side whose leader crosses nothing wins.
    mutating func placeCallout(_ name: String, for f: Rect, dimmed: Bool) {
        let s = boxSize(name, fontSize: Metrics.nameFontSize, padY: Metrics.namePadY)
        placeInColumn(name, style: .name, size: s, for: f, owners: [], dimmed: dimmed, cleanOnly: false)
    }

    /// A text of `size` in the column beside the layout (see ``placeCallout(_:for:dimmed:)``);
    /// with `cleanOnly`, only on a leader that crosses nothing (else nothing is placed); only
    /// in a column at most `across` points from the view's side.
    /// Returns whether it was placed.
    @discardableResult
    mutating func placeInColumn(_ name: String, style: PlacedText.Style, size s: Size, for f: Rect, owners: [Rect],
                                dimmed: Bool, cleanOnly: Bool, across: Double = .infinity) -> Bool {
        // The leader that crosses the fewest texts and leaders, the shorter of equals.
        var fallback: (text: PlacedText, crossings: Int, length: Double)?
        // The side whose leader passes through fewer other views' frames, the shorter of equals.
        var best: (text: PlacedText, frames: Int, length: Double)?
        // Leaders from the middle of the view's side first; failing that on both sides, level
        // with the callout where the frame reaches that high (a straight leader passes under a
        // neighbour's name that a slanted one would cross).
        for levelled in [false, true] where best == nil {
            for right in [true, false] where (right ? layout.maxX - f.maxX : f.minX - layout.minX) <= across {
                let x = right ? layout.maxX + Metrics.calloutGap : layout.minX - Metrics.calloutGap - s.width
                var free = 0
                // Heights half a callout apart, alternately below and above: a callout fits
                // between two taken ones, and its leader passes close by a text, not through it.
                for k in 0..<800 where free < 24 {
                    let dy = Double((k + 1) / 2) * (s.height + 1) / 2 * (k % 2 == 0 ? 1 : -1)
                    let r = Rect(x: x, y: f.midY - s.height / 2 + dy, width: s.width, height: s.height)
                    if index.intersects(r, blocking: .solid) || crossedByLeader(r) { continue }
                    free += 1
                    let y = levelled && f.height > 2 ? min(max(r.midY, f.minY + 1), f.maxY - 1) : f.midY
                    let anchor = Point(x: right ? f.maxX : f.minX, y: y)
                    let end = Point(x: right ? r.minX : r.maxX, y: r.midY)
                    let text = PlacedText(text: name, rect: r, style: style, marker: nil, leader: (anchor, end), backdrop: true, home: f,
                                          owners: owners, dimmed: dimmed)
                    if leaderIsClean(anchor, end, home: f) {
                        // The nearest clean spot on this side; the shorter leader of the two sides wins.
                        let length = abs(end.x - anchor.x) + abs(end.y - anchor.y)
                        let frames = frameCrossings(anchor, end)
                        if best == nil || (frames, length) < (best!.frames, best!.length) { best = (text, frames, length) }
                        break
                    }
                    if !cleanOnly {
                        let crossings = leaderCrossings(anchor, end, home: f)
                        let length = abs(end.x - anchor.x) + abs(end.y - anchor.y)
                        if fallback == nil || crossings < fallback!.crossings
                            || (crossings == fallback!.crossings && length < fallback!.length) {
                            fallback = (text, crossings, length)
                        }
                    }
                }
            }
        }
        if let best {
            commit(best.text)
        } else if let fallback, !cleanOnly {
            commit(fallback.text)
        } else {
            return false
        }
        return true
    }
}
