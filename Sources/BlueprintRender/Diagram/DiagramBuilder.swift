import Blueprint

/// Turns a solved view tree into what the diagram draws: boxes for views, lines for
/// constraints, in a deterministic order (tree order, then installation order).
struct DiagramBuilder {
    let root: View
    let options: RenderOptions

    private(set) var boxes: [ViewBox] = []
    private(set) var annotations: [Annotation] = []
    /// The safe area's dashed rectangle, when the root has insets.
    private(set) var safeArea: Rect?
    /// The engine's conflicts and ambiguity, as drawn.
    let report: LayoutReport

    init(root: View, options: RenderOptions) throws(RenderError) {
        self.root = root
        self.options = options
        if case .view(let name) = options.constraints, root.view(named: name) == nil {
            throw .unknownView(name)
        }
        root.layoutIfNeeded()
        report = root.layoutReport
        var broken = Set<ObjectIdentifier>(), involved = Set<ObjectIdentifier>()
        for conflict in report.conflicts {
            for c in conflict.involved { involved.insert(ObjectIdentifier(c)) }
            if let b = conflict.broken { broken.insert(ObjectIdentifier(b)) }
        }
        var ambiguous: [ObjectIdentifier: [LayoutAxis]] = [:]
        for item in report.ambiguous { ambiguous[ObjectIdentifier(item.item), default: []] += item.axes }

        // Views whose margin attributes some constraint reads get their margins drawn too.
        var constraints: [LayoutConstraint] = []
        var marginUsers = Set<ObjectIdentifier>()
        root.forEachInSubtree { view in
            for c in view.constraints {
                constraints.append(c)
                for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
                    if let item, let attribute, attribute.isMargin, let v = item.owningView {
                        marginUsers.insert(ObjectIdentifier(v))
                    }
                    if let guide = item as? LayoutGuide, let v = guide.owningView, guide === v.layoutMarginsGuide {
                        marginUsers.insert(ObjectIdentifier(v))
                    }
                }
            }
        }
        let rtl = root.layoutDirection == .rightToLeft
        addBoxes(root, depth: 0, hidden: false, rtl: rtl, ambiguous: ambiguous, marginUsers: marginUsers)
        let insets = root.safeAreaInsets
        if insets != .zero { safeArea = root.absoluteFrame.inset(by: insets) }

        for (order, c) in constraints.enumerated() where shows(c) {
            let id = ObjectIdentifier(c)
            let role: StrokeRole = broken.contains(id) ? .broken : involved.contains(id) ? .conflict : .normal
            if let a = annotation(for: c, role: role, order: order) { annotations.append(a) }
        }
    }

    private func shows(_ c: LayoutConstraint) -> Bool {
        switch options.constraints {
        case .all: return true
        case .none: return false
        case .view(let name):
            return c.firstItem.owningView?.name == name || c.secondItem?.owningView?.name == name
        }
    }

    private mutating func addBoxes(_ view: View, depth: Int, hidden: Bool, rtl: Bool,
                                   ambiguous: [ObjectIdentifier: [LayoutAxis]], marginUsers: Set<ObjectIdentifier>) {
        let hidden = hidden || view.isHidden
        let frame = view.absoluteFrame
        var text: (String, Double, Double, Double, Double)?
        if let label = view as? Label, !label.text.isEmpty {
            let m = label.textMetrics
            text = (label.text, label.fontSize, label.absoluteValue(of: .firstBaseline), m.width, m.lineHeight)
        }
        let showMargins = !view.subviews.isEmpty || marginUsers.contains(ObjectIdentifier(view))
        let marginRect = frame.inset(by: view.layoutMargins)
        boxes.append(ViewBox(
            name: view.name, frame: frame, depth: depth, hidden: hidden, text: text, rightToLeft: rtl,
            margins: showMargins && marginRect.width > 0 && marginRect.height > 0 ? marginRect : nil,
            ambiguous: (ambiguous[ObjectIdentifier(view)] ?? []).uniqued()))
        for sub in view.subviews {
            addBoxes(sub, depth: depth + 1, hidden: hidden, rtl: rtl, ambiguous: ambiguous, marginUsers: marginUsers)
        }
    }

    /// How one constraint is drawn.
    private func annotation(for c: LayoutConstraint, role: StrokeRole, order: Int) -> Annotation? {
        let item1 = c.firstItem, a1 = c.firstAttribute
        let dashed = c.priority.rawValue < 1000
        let priority = dashed ? " @" + formatNumber(Double(c.priority.rawValue)) : ""
        let formula = c.formula
        let r1 = item1.absoluteLayoutRect
        guard r1.minX.isFinite, r1.minY.isFinite, r1.width.isFinite, r1.height.isFinite else { return nil }

        if a1.isDimension {
            let horizontal = a1 == .width
            var text: String
            if let item2 = c.secondItem, let a2 = c.secondAttribute {
                var reference = item2 === item1 ? a2.rawValue : (a2 == a1 ? item2.name : "\(item2.name).\(a2.rawValue)")
                if c.multiplier != 1 { reference += " ×" + formatNumber(c.multiplier) }
                if c.constant != 0 { reference += (c.constant > 0 ? " + " : " − ") + formatNumber(abs(c.constant)) }
                text = symbol(c.relation) + " " + reference
            } else {
                text = (c.relation == .equal ? "" : symbol(c.relation) + " ") + formatNumber(c.constant)
            }
            text += priority
            // The lane is chosen later; the line starts on the edge it will be offset from.
            let start = horizontal ? Point(x: r1.minX, y: r1.minY) : Point(x: r1.maxX, y: r1.minY)
            let end = horizontal ? Point(x: r1.maxX, y: r1.minY) : Point(x: r1.maxX, y: r1.maxY)
            return Annotation(kind: .dimension, start: start, end: end, dashed: dashed, role: role,
                              label: text, formula: formula, order: order)
        }

        guard let item2 = c.secondItem, let a2 = c.secondAttribute else { return nil }
        let r2 = item2.absoluteLayoutRect
        let v1 = item1.absoluteValue(of: a1), v2 = item2.absoluteValue(of: a2)
        guard v1.isFinite, v2.isFinite, r2.minX.isFinite, r2.minY.isFinite else { return nil }
        let horizontalAxis = a1.axis == .horizontal   // positions along x: the line runs horizontally
        // The perpendicular extents of both items.
        let (lo1, hi1) = horizontalAxis ? (r1.minY, r1.maxY) : (r1.minX, r1.maxX)
        let (lo2, hi2) = horizontalAxis ? (r2.minY, r2.maxY) : (r2.minX, r2.maxX)
        let contains = isAncestor(item2, of: item1)

        var body = ""
        if c.multiplier != 1 { body = "×" + formatNumber(c.multiplier) }
        if abs(v1 - v2) < 0.5 && c.multiplier == 1 {
            // Alignment: a thin line along the shared coordinate, across both items.
            let (from, to) = contains ? (lo1 - 4, hi1 + 4) : (min(lo1, lo2), max(hi1, hi2))
            var text: String? = nil
            if c.relation != .equal || dashed || c.constant != 0 {
                text = [c.relation == .equal ? "" : symbol(c.relation) + " " + formatNumber(abs(c.constant)),
                        dashed ? String(priority.dropFirst()) : ""].filter { !$0.isEmpty }.joined(separator: " ")
                if text!.isEmpty { text = nil }
            }
            let (s, e) = horizontalAxis
                ? (Point(x: v1, y: from), Point(x: v1, y: to))
                : (Point(x: from, y: v1), Point(x: to, y: v1))
            return Annotation(kind: .alignment, start: s, end: e, dashed: dashed, role: role,
                              label: text, formula: formula, order: order)
        }
        // Spacing: an I-bar between the two coordinates, where both items overlap across.
        let lo = max(lo1, lo2), hi = min(hi1, hi2)
        let at = lo <= hi ? (lo + hi) / 2 : (lo1 + hi1) / 2
        // Show the gap as a distance: `a ≤ b − 8` reads "≥ 8" (the gap b − a is at least 8).
        var relation = c.relation
        if c.constant < 0 { relation = flip(relation) }
        let magnitude = formatNumber(abs(c.constant))
        let value = body.isEmpty ? magnitude : (c.constant == 0 ? body : body + " + " + formatNumber(c.constant))
        let text = (relation == .equal ? "" : symbol(relation) + " ") + value + priority
        let (s, e) = horizontalAxis
            ? (Point(x: min(v1, v2), y: at), Point(x: max(v1, v2), y: at))
            : (Point(x: at, y: min(v1, v2)), Point(x: at, y: max(v1, v2)))
        return Annotation(kind: .spacing, start: s, end: e, dashed: dashed, role: role,
                          label: text, formula: formula, order: order)
    }

    private func flip(_ r: LayoutRelation) -> LayoutRelation {
        switch r {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }

    private func symbol(_ r: LayoutRelation) -> String {
        switch r {
        case .equal: "="
        case .lessThanOrEqual: "≤"
        case .greaterThanOrEqual: "≥"
        }
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
