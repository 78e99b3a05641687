import Blueprint

/// Turns a solved view tree into what the diagram draws: boxes for views, lines for
/// constraints, in a deterministic order (tree order, then installation order).
struct DiagramBuilder {
    let root: View
    let options: RenderOptions

    private(set) var boxes: [ViewBox] = []
    private(set) var annotations: [Annotation] = []
    /// Size constraints, summarised per item (see ``SizeBadges``).
    private(set) var badges: [SizeBadges.Badge] = []
    /// With a focus: the names of the views in focus and of every view inside them.
    private var focusSubtrees = Set<String>()
    /// The highlighted views' frames, with a focus (not the containers of a view in focus).
    private(set) var focusFrames = Set<Rect>()
    /// The union of the highlighted views' frames, with a focus.
    private(set) var focusFrame: Rect?
    /// How many constraints are drawn (as lines or in badges).
    private(set) var constraintCount = 0
    /// The first fold, as the legend's example: the folded copy's name and the one it is drawn like.
    private(set) var firstFold: (copy: String, leader: String)?
    /// The letter of the badges' first equal group of widths and of heights (`=w A`, `=h B`).
    private(set) var equalGroupLetters: [LayoutAttribute: String] = [:]
    /// The readable content guides constraints use (drawn as guides).
    private var readableUsers = Set<ObjectIdentifier>()
    /// Custom layout guides (``View/addLayoutGuide(_:)``), and the readable content guides
    /// constraints use: name and frame, in tree order.
    private(set) var guides: [(name: String, frame: Rect)] = []
    /// The safe area's dashed rectangle, when the root has insets.
    private(set) var safeArea: Rect?
    /// The engine's conflicts and ambiguity, as drawn.
    let report: LayoutReport
    /// The visible boxes' extents, by index in ``boxes``: an I-bar keeps clear of the views
    /// between its two ends (``clearPosition``). Whole areas go in, so the cells are coarse.
    private var boxIndex = SpatialIndex(cellSize: 256)

    /// Whether a rectangle lies where a diagram can be drawn (the extent check, after the
    /// builder, refuses a layout past 32767 points a side): only such go into, or ask,
    /// ``boxIndex``, whose cells a rectangle of 10¹⁵ points would take for ever to walk.
    static func indexable(_ r: Rect) -> Bool {
        let bound = 65536.0
        return r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite
            && r.minX > -bound && r.minY > -bound && r.maxX < bound && r.maxY < bound
    }

    init(root: View, options: RenderOptions) throws(RenderError) {
        self.root = root
        self.options = options
        for name in options.constraints.focus ?? [] where root.view(named: name) == nil {
            throw .unknownView(name)
        }
        // The views in focus and every view inside them: a container in focus shows its
        // insides (a card's thumbnail ratio and spacings), as it shows itself.
        if let focus = options.constraints.focus {
            var inFocus = Set<String>()
            for name in focus {
                root.view(named: name)?.forEachInSubtree { inFocus.insert($0.name) }
            }
            focusSubtrees = inFocus
        }
        root.layoutIfNeeded()
        report = root.layoutReport
        var broken = Set<ObjectIdentifier>(), involved = Set<ObjectIdentifier>()
        for conflict in report.conflicts {
            for c in conflict.involved { involved.insert(ObjectIdentifier(c)) }
            if let b = conflict.broken { broken.insert(ObjectIdentifier(b)) }
        }
        var ambiguous: [ObjectIdentifier: [LayoutAttribute]] = [:]
        for item in report.ambiguous { ambiguous[ObjectIdentifier(item.item), default: []] += item.free }

        // Views whose margin attributes some constraint reads get their margins drawn too.
        var constraints: [LayoutConstraint] = []
        var marginUsers = Set<ObjectIdentifier>()
        var readableUsers = Set<ObjectIdentifier>()
        root.forEachInSubtree { view in
            // A placeholder (`as placeholder`: a UIKit log's read-back places what the log
            // leaves free with them) is laid out but not drawn.
            for c in view.constraints where c.identifier != UIKitConflictLog.placeholderIdentifier {
                constraints.append(c)
                for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
                    if let item, let attribute, attribute.isMargin, let v = item.owningView {
                        marginUsers.insert(ObjectIdentifier(v))
                    }
                    if let guide = item as? LayoutGuide, let v = guide.owningView, guide === v.layoutMarginsGuide {
                        marginUsers.insert(ObjectIdentifier(v))
                    }
                    // A readable content guide a constraint uses is drawn as a guide: the reason
                    // a text column is inset in a wide view.
                    if let guide = item as? LayoutGuide, let v = guide.owningView, guide === v.readableContentGuide { readableUsers.insert(ObjectIdentifier(guide)) }
                }
            }
        }
        let rtl = root.layoutDirection == .rightToLeft
        self.readableUsers = readableUsers
        addBoxes(root, parent: nil, depth: 0, hidden: false, rtl: rtl, ambiguous: ambiguous, marginUsers: marginUsers)
        // Every box by its index in `boxes` (hidden ones are skipped when read).
        // (Only extents a diagram can draw: the extent check, after the builder, refuses a
        // layout past 32767 points, and the index's cells are integers.)
        for (i, b) in boxes.enumerated() where Self.indexable(b.extent) {
            boxIndex.insert(b.extent, owner: i, kind: .edge)
        }
        let insets = root.safeAreaInsets
        if insets != .zero { safeArea = root.absoluteFrame.inset(by: insets) }

        var shown: [(LayoutConstraint, StrokeRole)] = []
        for c in constraints where shows(c) {
            let id = ObjectIdentifier(c)
            let role: StrokeRole = broken.contains(id) ? .broken : involved.contains(id) ? .conflict : .normal
            // A stack is drawn as a stack: its axis and spacing in its name, the gaps between
            // its views as I-bars; the rest of what it generates (edges, alignment, equal
            // lengths, spacer guides) is not drawn unless it takes part in a conflict.
            if c.arrangingStack != nil, role == .normal, !(c.identifier ?? "").hasPrefix("stack spacing ") { continue }
            shown.append((c, role))
        }
        constraintCount = shown.count
        if let focus = options.constraints.focus {
            // The views in focus (with their insides) and those their constraints relate are
            // highlighted.
            var highlighted = focusSubtrees
            for (c, _) in shown {
                for item in [c.firstItem, c.secondItem].compactMap({ $0 }) { if let v = item.owningView { highlighted.insert(v.name) } }
            }
            // The crop takes the highlighted views but not the containers of a view in focus
            // (the root would take everything).
            var containers = Set<String>()
            for name in focus {
                var at = root.view(named: name)?.superview
                while let v = at { containers.insert(v.name); at = v.superview }
            }
            for i in boxes.indices {
                boxes[i].dimmed = !highlighted.contains(boxes[i].name)
                if !boxes[i].dimmed && !containers.contains(boxes[i].name) {
                    focusFrame = focusFrame.map { $0.union(boxes[i].frame) } ?? boxes[i].frame
                    // (And its extent, which a negative size's note is placed by.)
                    focusFrames.formUnion([boxes[i].frame, boxes[i].extent])
                }
            }
        }
        // With a focus, everything about the views in focus is drawn: no folds.
        let repetition = Repetition(root: root, constraints: options.constraints.focus == nil ? shown.map(\.0) : [])
        shown.removeAll { repetition.folded.contains(ObjectIdentifier($0.0)) }
        firstFold = repetition.tags.first.map { ($0.0.name, $0.1) }
        if !repetition.tags.isEmpty {
            var inCopies = Set<ObjectIdentifier>()
            for (copy, _) in repetition.tags {
                for sub in copy.subviews { sub.forEachInSubtree { inCopies.insert(ObjectIdentifier($0)) } }
            }
            for i in boxes.indices where boxes[i].id.map(inCopies.contains) == true { boxes[i].inFoldedCopy = true }
        }
        let sizes = SizeBadges(shown, tags: repetition.tags.map { ($0.0, "as " + $0.1) })
        badges = sizes.badges
        equalGroupLetters = sizes.firstLetters
        // Constraints between the same two anchors become one line with one label, except a
        // broken one: it keeps its own line and label, in red, beside the one that held.
        var merged: [AnchorKey: Int] = [:]
        for (order, (c, role)) in shown.enumerated() where !c.firstAttribute.isDimension {
            guard let a = annotation(for: c, role: role, order: order, rightToLeft: rtl) else { continue }
            let key = AnchorKey(c, broken: role == .broken)
            if let i = merged[key] {
                annotations[i].merge(a)
            } else {
                merged[key] = annotations.count
                annotations.append(a)
            }
        }
    }

    /// The two anchors a constraint relates, in either order.
    private struct AnchorKey: Hashable {
        var a: ObjectIdentifier, aa: LayoutAttribute, b: ObjectIdentifier?, ba: LayoutAttribute?
        var broken: Bool
        init(_ c: LayoutConstraint, broken: Bool) {
            self.broken = broken
            let first = (ObjectIdentifier(c.firstItem), c.firstAttribute)
            guard let s = c.secondItem, let sa = c.secondAttribute else {
                (a, aa, b, ba) = (first.0, first.1, nil, nil)
                return
            }
            let second = (ObjectIdentifier(s), sa)
            let swap = (second.0.hashValue, second.1.rawValue) < (first.0.hashValue, first.1.rawValue)
            (a, aa, b, ba) = swap ? (second.0, second.1, first.0, first.1) : (first.0, first.1, second.0, second.1)
        }
    }

    private func shows(_ c: LayoutConstraint) -> Bool {
        switch options.constraints {
        case .all: return true
        case .none: return false
        case .view, .views:
            return [c.firstItem.owningView, c.secondItem?.owningView].contains { $0.map { focusSubtrees.contains($0.name) } ?? false }
        }
    }

    /// Whether `name` and `text` have the same letters and digits, case aside (`sun` and
    /// "Sun", `signIn` and "Sign in"; not `title` and "Sign in").
    static func sameLetters(_ name: String, _ text: String) -> Bool {
        let letters = { (s: String) in s.lowercased().filter { $0.isLetter || $0.isNumber } }
        let a = letters(name)
        return !a.isEmpty && a.elementsEqual(letters(text))
    }

    /// Boxes for `top` and every view below it, in tree order (depth first, a view before its
    /// subviews), walked with a stack of its own: a tree thousands of levels deep would
    /// overflow the call stack if each level were a call.
    private mutating func addBoxes(_ top: View, parent: String?, depth: Int, hidden: Bool, rtl: Bool,
                                   ambiguous: [ObjectIdentifier: [LayoutAttribute]], marginUsers: Set<ObjectIdentifier>) {
        var pending: [(view: View, parent: String?, depth: Int, hidden: Bool)] = [(top, parent, depth, hidden)]
        while let next = pending.popLast() {
            addBox(next.view, parent: next.parent, depth: next.depth, hidden: next.hidden, rtl: rtl, ambiguous: ambiguous, marginUsers: marginUsers)
            let hidden = next.hidden || next.view.isHidden
            for sub in next.view.subviews.reversed() { pending.append((sub, next.view.name, next.depth + 1, hidden)) }
        }
    }

    /// One view's box and its custom guides.
    private mutating func addBox(_ view: View, parent: String?, depth: Int, hidden: Bool, rtl: Bool,
                                 ambiguous: [ObjectIdentifier: [LayoutAttribute]], marginUsers: Set<ObjectIdentifier>) {
        let hidden = hidden || view.isHidden
        let frame = view.absoluteFrame
        var textLayout: (TextLayout, Point)?
        var textBox: Rect?
        if let label = view as? Label, !label.text.isEmpty {
            let layout = label.textLayout(in: frame.size)
            let origin = Point(x: frame.minX, y: frame.midY - layout.height / 2)
            textLayout = (layout, origin)
            if let minX = layout.lines.map(\.x).min(), let maxX = layout.lines.map({ $0.x + $0.width }).max() {
                let box = Rect(x: origin.x + minX, y: origin.y, width: maxX - minX, height: layout.height)
                let x0 = max(box.minX, frame.minX), x1 = min(box.maxX, frame.maxX)
                let y0 = max(box.minY, frame.minY), y1 = min(box.maxY, frame.maxY)
                if x1 > x0, y1 > y0 { textBox = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
            }
        }
        let showMargins = !view.subviews.isEmpty || marginUsers.contains(ObjectIdentifier(view))
        let marginRect = frame.inset(by: view.layoutMargins)
        boxes.append(ViewBox(
            name: view.name, frame: frame, depth: depth, hidden: hidden, textLayout: textLayout, textBox: textBox,
            rightToLeft: rtl, parentName: parent,
            margins: showMargins && marginRect.width > 0 && marginRect.height > 0 ? marginRect : nil,
            ambiguous: (ambiguous[ObjectIdentifier(view)] ?? []).uniqued(),
            stack: (view as? StackView).map { Self.stackSummary($0, rightToLeft: rtl) }, id: ObjectIdentifier(view),
            nameIsText: (view as? Label).map { Self.sameLetters($0.name, $0.text) } ?? false))
        // A stack's own guides (spacers, the baseline span) are part of drawing it as a stack,
        // not guides of the layout.
        let stackGuides = (view as? StackView).map { Set($0.spacerGuides.map(ObjectIdentifier.init)) } ?? []
        for guide in view.layoutGuides where !stackGuides.contains(ObjectIdentifier(guide)) {
            let f = guide.absoluteLayoutFrame
            if f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite { guides.append((guide.name, f)) }
        }
        if readableUsers.contains(ObjectIdentifier(view.readableContentGuide)) {
            let f = view.readableContentGuide.absoluteLayoutFrame
            // Named as a layout file writes it: `readableContent` (the root's), `card.readableContent`.
            let name = parent == nil ? "readableContent" : view.name + ".readableContent"
            if f.minX.isFinite, f.minY.isFinite, f.width > 0, f.height > 0, f.width.isFinite, f.height.isFinite { guides.append((name, f)) }
        }
    }

    /// The views a constraint relates, by name.
    static func related(_ c: LayoutConstraint) -> [String] {
        var names: [String] = []
        for item in [c.firstItem, c.secondItem].compactMap({ $0 }) {
            if let v = item.owningView, !names.contains(v.name) { names.append(v.name) }
        }
        return names
    }

    /// A stack's arrangement in a few characters: the direction its views run in, the spacing,
    /// and the distribution when it is not `fill` (`→ 8`, `↓ 12 equal`, `← 0 spaced`).
    static func stackSummary(_ stack: StackView, rightToLeft: Bool) -> String {
        let arrow = stack.axis == .vertical ? "↓" : rightToLeft ? "←" : "→"
        let distribution: String = switch stack.distribution {
        case .fill: ""
        case .fillEqually: " equal"
        case .fillProportionally: " proportional"
        case .equalSpacing: " spaced"
        case .equalCentering: " centred"
        }
        return "\(arrow) \(formatNumber(stack.spacing))\(distribution)"
    }

    /// How one position constraint is drawn: an alignment line when both coordinates
    /// coincide, else a spacing I-bar; its label follows ``ConstraintText``'s sign rule.
    private func annotation(for c: LayoutConstraint, role: StrokeRole, order: Int, rightToLeft: Bool) -> Annotation? {
        let item1 = c.firstItem, a1 = c.firstAttribute
        let dashed = c.priority.rawValue < 1000
        let priority = dashed ? "@" + formatNumber(Double(c.priority.rawValue)) : ""
        let r1 = item1.absoluteLayoutRect
        guard r1.minX.isFinite, r1.minY.isFinite, r1.width.isFinite, r1.height.isFinite else { return nil }
        guard let item2 = c.secondItem, let a2 = c.secondAttribute else { return nil }
        let r2 = item2.absoluteLayoutRect
        let v1 = item1.absoluteValue(of: a1), v2 = item2.absoluteValue(of: a2)
        guard v1.isFinite, v2.isFinite, r2.minX.isFinite, r2.minY.isFinite else { return nil }
        let owners = [item1.owningView?.absoluteFrame ?? r1, item2.owningView?.absoluteFrame ?? r2]
        let horizontalAxis = a1.axis == .horizontal   // positions along x: the line runs vertically
        // The perpendicular extents of both items.
        let (lo1, hi1) = horizontalAxis ? (r1.minY, r1.maxY) : (r1.minX, r1.maxX)
        let (lo2, hi2) = horizontalAxis ? (r2.minY, r2.maxY) : (r2.minX, r2.maxX)
        let contains = isAncestor(item2, of: item1)
        // (A view and its own guide contain each other here: neither counts as inside.)
        let secondInside = !contains && isAncestor(item1, of: item2)
        let mirrored = rightToLeft && (a1.isDirectional || a2.isDirectional)
        let value = ConstraintText.spacing(relation: c.relation, multiplier: c.multiplier, constant: c.constant,
                                           v1: v1, v2: v2, firstAttribute: a1, rightToLeft: rightToLeft,
                                           mirrored: mirrored, secondInsideFirst: secondInside, constantName: c.constantName)
        let unnamed = c.constantName == nil ? nil : ConstraintText.spacing(
            relation: c.relation, multiplier: c.multiplier, constant: c.constant, v1: v1, v2: v2, firstAttribute: a1,
            rightToLeft: rightToLeft, mirrored: mirrored, secondInsideFirst: secondInside)

        if abs(v1 - v2) < 0.5 && c.multiplier == 1 {
            // Alignment: a thin line along the shared coordinate, across both items.
            // Along the inner item when one holds the other, whichever the constraint names
            // first (`superview.trailingMargin == a.trailing` from `[a]-|`).
            let (from, to) = contains ? (lo1 - 4, hi1 + 4) : secondInside ? (lo2 - 4, hi2 + 4) : (min(lo1, lo2), max(hi1, hi2))
            let plain = c.relation == .equal && c.constant == 0
            let text = [plain ? "" : value, priority].filter { !$0.isEmpty }.joined(separator: " ")
            let (s, e) = horizontalAxis
                ? (Point(x: v1, y: from), Point(x: v1, y: to))
                : (Point(x: from, y: v1), Point(x: to, y: v1))
            var a = Annotation(kind: .alignment, start: s, end: e, dashed: dashed, role: role,
                               label: text.isEmpty ? nil : text, formula: c.formula, order: order, owners: owners)
            if let unnamed, !plain { a.shortLabel = [unnamed, priority].filter { !$0.isEmpty }.joined(separator: " ") }
            if plain {
                // Beside another constraint's text its number shows: `≥ 0, 0 @250`, as for a gap.
                a.mergedLabel = [value, priority].filter { !$0.isEmpty }.joined(separator: " ")
                if let unnamed { a.mergedShortLabel = [unnamed, priority].filter { !$0.isEmpty }.joined(separator: " ") }
            }
            a.related = Self.related(c)
            a.source = c.formulaWithLocation
            // Along the line, the items it runs along (its ends reach 4 points past an inner one).
            a.itemsAlong = contains || secondInside ? (from + 4, to - 4) : (from, to)
            return a
        }
        // Spacing: an I-bar between the two coordinates, where both items overlap across,
        // clear of the views between them when there is room (a bar drawn through a view
        // between, and cut around its text, reads as a gap from that view).
        let lo = max(lo1, lo2), hi = min(hi1, hi2)
        var at = lo <= hi ? (lo + hi) / 2 : (lo1 + hi1) / 2
        // Items that do not face each other across the gap: the bar stands on the first item
        // near its side that is closest to the second (not at its middle, far from the
        // other), and the second's edge is extended over to the bar's end.
        var extensionLine: (Point, Point)?
        if lo > hi, abs(v1 - v2) >= 1 {
            let inset = min(4, (hi1 - lo1) / 2)
            at = lo2 >= hi1 ? hi1 - inset : lo1 + inset
            let reach = lo2 >= hi1 ? lo2 : hi2
            extensionLine = horizontalAxis
                ? (Point(x: v2, y: reach), Point(x: v2, y: at))
                : (Point(x: reach, y: v2), Point(x: at, y: v2))
        }
        if lo <= hi, abs(v1 - v2) >= 1 {
            at = clearPosition(from: min(v1, v2), to: max(v1, v2), across: lo, hi, preferred: at,
                               vertical: !horizontalAxis)
        }
        let text = [value, priority].filter { !$0.isEmpty }.joined(separator: " ")
        let (s, e) = horizontalAxis
            ? (Point(x: min(v1, v2), y: at), Point(x: max(v1, v2), y: at))
            : (Point(x: at, y: min(v1, v2)), Point(x: at, y: max(v1, v2)))
        var a = Annotation(kind: .spacing, start: s, end: e, dashed: dashed, role: role,
                           label: text, formula: c.formula, order: order, owners: owners)
        if let unnamed { a.shortLabel = [unnamed, priority].filter { !$0.isEmpty }.joined(separator: " ") }
        a.related = Self.related(c)
        a.source = c.formulaWithLocation
        a.extensionLine = extensionLine
        // (An equally spaced or centred stack's gaps are `>=` its spacing: its tag, `→ 0
        // spaced`, states them as well.)
        if let stack = c.arrangingStack, role == .normal, c.relation == .equal || c.relation == .greaterThanOrEqual,
           c.constant == stack.spacing, c.identifier?.hasPrefix("stack spacing ") == true {
            a.statedByStack = true
        }
        // Across the line: both items, or the inner one when one contains the other.
        a.span = contains ? (lo1, hi1) : isAncestor(item1, of: item2) ? (lo2, hi2) : (min(lo1, lo2), max(hi1, hi2))
        return a
    }

    /// Where across `lo...hi` a bar from `a` to `b` along its axis (`vertical`: along y) runs
    /// clear of every visible view between its ends other than the views that hold the whole
    /// bar (the items' containers): `preferred` when it is clear, else the clear point nearest to it, 4 points
    /// inside the clear stretch; `preferred` when no stretch of 8 points is clear.
    private func clearPosition(from a: Double, to b: Double, across lo: Double, _ hi: Double, preferred: Double,
                               vertical: Bool) -> Double {
        let band = vertical ? Rect(x: lo, y: a, width: hi - lo, height: b - a) : Rect(x: a, y: lo, width: b - a, height: hi - lo)
        guard Self.indexable(band) else { return preferred }
        var blocked: [(Double, Double)] = []
        for i in boxIndex.owners(overlapping: band, kinds: .edge) {
            let box = boxes[i]
            if box.hidden { continue }
            let r = box.extent
            // A view holding the whole band is one the items sit in (or one behind them all):
            // no place across it is clear of it. The items themselves only touch its ends.
            if r.holds(band) { continue }
            // Inside the band with some area (a view touching an end does not block).
            let along = vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
            guard along.1 > a + 0.5, along.0 < b - 0.5 else { continue }
            let cross = vertical ? (r.minX, r.maxX) : (r.minY, r.maxY)
            guard cross.1 > lo, cross.0 < hi else { continue }
            blocked.append((cross.0 - 2, cross.1 + 2))
            if blocked.count > 64 { return preferred }
        }
        guard !blocked.isEmpty, blocked.contains(where: { preferred > $0.0 && preferred < $0.1 }) else { return preferred }
        blocked.sort { $0.0 < $1.0 }
        // The clear stretches of lo...hi, and the point of each nearest to `preferred`.
        var best: Double?
        var start = lo
        func consider(_ s: Double, _ e: Double) {
            guard e - s >= 8 else { return }
            let p = Swift.min(Swift.max(preferred, s + 4), e - 4)
            if best == nil || abs(p - preferred) < abs(best! - preferred) { best = p }
        }
        for (s, e) in blocked {
            if s > start { consider(start, s) }
            start = Swift.max(start, e)
        }
        if hi > start { consider(start, hi) }
        return best ?? preferred
    }

    /// Whether `a` (or the view owning it) contains `b`.
    private func isAncestor(_ a: LayoutItem, of b: LayoutItem) -> Bool {
        guard let va = a.owningView, let vb = b.owningView else { return false }
        return va !== vb && vb.isDescendant(of: va) || (va === vb && a !== b)
    }
}

extension LayoutAttribute {
    var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins: true
        default: false
        }
    }
}

extension Array where Element: Equatable {
    func uniqued() -> [Element] {
        var out: [Element] = []
        for e in self where !out.contains(e) { out.append(e) }
        return out
    }
}
