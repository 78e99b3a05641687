/// The constraints a ``StackView`` makes for its arranged views, following UIKit's documented
/// behaviour for each distribution and alignment:
///
/// - edges: the first view's leading (top) edge on the stack's, the last view's trailing
///   (bottom) edge on the stack's — the stack's margins when the arrangement is
///   margins-relative;
/// - spacing: `next.leading == previous.trailing + gap` for the fill distributions, `>=` for
///   the equal-spacing ones (baseline to baseline when baseline-relative);
/// - fillEqually: equal lengths; fillProportionally: `length == share × stack` at 999, 998, …,
///   the share being the view's intrinsic length over the sum of them and the gaps (UIKit's);
/// - equalSpacing: one spacer guide per gap, all of one length; equalCentering: one guide per
///   pair of centres, all of one length at 150, below hugging: the views keep their size, the
///   equal centring gives way when the minimum gaps do not allow it (UIKit counts down, 150,
///   149, …; one priority level per gap made long stacks slower to solve, and the frames
///   differ only in a stack too short for its views);
/// - alignment: fill pins both cross edges; leading/trailing/center pin one attribute and keep
///   the view inside; the baselines align to the first view's and a spanning guide puts the
///   highest view at the top; every alignment but fill makes the stack as thin as its thickest
///   view at priority 51 (`stack fit`) and each view 0 thick at 25 (`stack ambiguity
///   suppression`), and equalSpacing and equalCentering make it as short as they can at 49;
/// - hidden views: zero length along the axis, half a gap after the visible view before them
///   (at its end when no visible view follows) at 50.
struct StackArrangement {
    unowned let stack: StackView
    var constraints: [LayoutConstraint] = []
    var guides: [LayoutGuide] = []

    init(stack: StackView) {
        self.stack = stack
    }

    /// Attribute names along and across the axis.
    private var horizontal: Bool { stack.axis == .horizontal }
    private var lead: LayoutAttribute { horizontal ? .leading : .top }
    private var trail: LayoutAttribute { horizontal ? .trailing : .bottom }
    private var length: LayoutAttribute { horizontal ? .width : .height }
    private var middle: LayoutAttribute { horizontal ? .centerX : .centerY }
    private var crossLead: LayoutAttribute { horizontal ? .top : .leading }
    private var crossTrail: LayoutAttribute { horizontal ? .bottom : .trailing }
    private var crossLength: LayoutAttribute { horizontal ? .height : .width }
    private var crossMiddle: LayoutAttribute { horizontal ? .centerY : .centerX }

    /// The stack's attribute, or its margin version for a margins-relative arrangement.
    private func canvas(_ a: LayoutAttribute) -> LayoutAttribute {
        guard stack.isLayoutMarginsRelativeArrangement else { return a }
        switch a {
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .top: return .topMargin
        case .bottom: return .bottomMargin
        case .centerX: return .centerXWithinMargins
        case .centerY: return .centerYWithinMargins
        default: return a
        }
    }

    private mutating func add(
        _ id: String, _ a: LayoutItem, _ aAttr: LayoutAttribute, _ relation: LayoutRelation,
        _ b: LayoutItem?, _ bAttr: LayoutAttribute?, multiplier: Double = 1, constant: Double = 0,
        priority: LayoutPriority = .required
    ) {
        let c = LayoutConstraint(a, aAttr, relation, b, bAttr, multiplier: multiplier, constant: constant, location: nil)
        c.storedPriority = priority
        c.identifier = id
        if c.problem != nil { c.problem = c.validate() }
        constraints.append(c)
    }

    mutating func build() {
        let s = stack
        let arranged = s.arrangedSubviews
        let visible = arranged.filter { !$0.isHidden }
        let name = s.name
        // The stack's cross-axis alignment, as it applies to this axis.
        var align = s.alignment
        if !horizontal && (align == .firstBaseline || align == .lastBaseline) { align = .leading }

        if let first = visible.first, let last = visible.last {
            add("stack edge \(name)–\(first.name)", first, lead, .equal, s, canvas(lead))
            add("stack edge \(last.name)–\(name)", last, trail, .equal, s, canvas(trail))
        }
        // Gaps along the axis.
        let equalGaps = s.distribution == .equalSpacing || s.distribution == .equalCentering
        let baselines = !horizontal && s.isBaselineRelativeArrangement
        var gapTotal = 0.0
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = s.customSpacing(after: a)
            gapTotal += gap
            let id = "stack spacing \(a.name)–\(b.name)"
            if baselines {
                add(id, b, .firstBaseline, equalGaps ? .greaterThanOrEqual : .equal, a, .lastBaseline, constant: gap)
            } else {
                add(id, b, lead, equalGaps ? .greaterThanOrEqual : .equal, a, trail, constant: gap)
            }
        }
        switch s.distribution {
        case .fill:
            break
        case .fillEqually:
            if let first = visible.first {
                for v in visible.dropFirst() {
                    add("stack fill equally \(first.name)–\(v.name)", v, length, .equal, first, length)
                }
            }
        case .fillProportionally:
            // UIKit's (as TZStackView, whose tests compare it with UIStackView, makes it too):
            // `length == stack.length × intrinsic / (Σ intrinsic + gaps)`, on the stack's own
            // length (margins-relative or not), at 999, 998, … in the order of the arranged
            // views (hidden ones take their number), never below 751. The shares and the gaps
            // do not add up to the room between the edges: the last view absorbs the rest.
            let lengths: [Double] = visible.map { v in
                let size = v.intrinsicContentSize
                return Swift.max(0, horizontal ? size.width : size.height)
            }
            let total: Double = lengths.reduce(0.0) { $0 + $1 } + gapTotal
            guard lengths.contains(where: { $0 > 0 }), total > 0 else { break }
            var next = 0
            for (index, v) in arranged.enumerated() where !v.isHidden {
                let share = lengths[next] / total
                next += 1
                let priority = LayoutPriority(Double(visible.count > 1 ? Swift.max(999 - index, 751) : 999))
                add("stack proportion \(v.name)", v, length, .equal, s, length, multiplier: share, priority: priority)
            }
        case .equalSpacing, .equalCentering:
            let centering = s.distribution == .equalCentering
            // As short as the views and their least gaps allow unless something else sizes it
            // (UIKit's, at 49): the equal spacers leave the length free otherwise.
            if visible.count > 1 {
                add("stack fit \(name) along", s, length, .equal, nil, nil, priority: 49)
            }
            for (k, (a, b)) in zip(visible, visible.dropFirst()).enumerated() {
                let g = LayoutGuide(identifier: "\(name).spacer\(k + 1)")
                guides.append(g)
                add("stack spacer \(a.name)–\(b.name)", g, lead, .equal, a, centering ? middle : trail)
                add("stack spacer \(a.name)–\(b.name)", b, centering ? middle : lead, .equal, g, trail)
                add("stack spacer \(g.name) across", g, crossLead, .equal, s, crossLead)
                add("stack spacer \(g.name) across", g, crossLength, .equal, s, crossLength)
                if k > 0 {
                    add(centering ? "stack equal centering \(guides[0].name)–\(g.name)" : "stack equal spacing \(guides[0].name)–\(g.name)",
                        g, length, .equal, guides[0], length, priority: centering ? 150 : .required)
                }
            }
        }
        // Labels that wrap, side by side, share the row (UIKit's `UISV-text-width-
        // disambiguation`, at 760): each would otherwise take any width its text allows, one
        // narrow and tall, the other wide, and the layout would be ambiguous.
        if horizontal, s.distribution != .fillEqually, s.distribution != .fillProportionally {
            let wrapping = visible.filter { ($0 as? Label)?.wrapsAutomatically == true }
            if let first = wrapping.first, wrapping.count > 1 {
                for v in wrapping.dropFirst() {
                    add("stack text width disambiguation \(first.name)–\(v.name)", v, length, .equal, first, length, priority: 760)
                }
            }
        }
        // Hidden views collapse where they stand.
        var previous: View?
        let lastVisible = arranged.lastIndex { !$0.isHidden } ?? -1
        for (index, v) in arranged.enumerated() {
            if !v.isHidden { previous = v; continue }
            add("stack hiding \(v.name)", v, length, .equal, nil, nil)
            if let p = previous {
                // Between visible views, half the gap after the view before it; after the last
                // visible view, at its end (UIKit's `UISV-spacing-hidden`, at 50: a constraint
                // of the app's that places the hidden view wins).
                let half = index < lastVisible ? s.customSpacing(after: p) / 2 : 0
                add("stack hiding \(v.name)", v, lead, .equal, p, trail, constant: half, priority: 50)
            } else {
                add("stack hiding \(v.name)", v, lead, .equal, s, canvas(lead), priority: 50)
            }
        }
        // Across the axis.
        let baselineAttribute: LayoutAttribute? =
            align == .firstBaseline ? .firstBaseline : align == .lastBaseline ? .lastBaseline : nil
        for v in arranged {
            let id = "stack alignment \(v.name)"
            switch align {
            case .fill:
                add(id, v, crossLead, .equal, s, canvas(crossLead))
                add(id, v, crossTrail, .equal, s, canvas(crossTrail))
            case .leading:
                add(id, v, crossLead, .equal, s, canvas(crossLead))
                if !v.isHidden { add("stack boundary \(v.name)", v, crossTrail, .lessThanOrEqual, s, canvas(crossTrail)) }
            case .trailing:
                add(id, v, crossTrail, .equal, s, canvas(crossTrail))
                if !v.isHidden { add("stack boundary \(v.name)", v, crossLead, .greaterThanOrEqual, s, canvas(crossLead)) }
            case .center:
                add(id, v, crossMiddle, .equal, s, canvas(crossMiddle))
                if !v.isHidden { add("stack boundary \(v.name)", v, crossLead, .greaterThanOrEqual, s, canvas(crossLead)) }
            case .firstBaseline, .lastBaseline:
                let anchor = visible.first ?? arranged[0]
                if v !== anchor { add(id, v, baselineAttribute!, .equal, anchor, baselineAttribute!) }
                if !v.isHidden {
                    add("stack boundary \(v.name)", v, .top, .greaterThanOrEqual, s, canvas(.top))
                    add("stack boundary \(v.name)", v, .bottom, .lessThanOrEqual, s, canvas(.bottom))
                }
            }
        }
        if baselineAttribute != nil, !visible.isEmpty {
            // The highest view touches the top: a guide spanning the views, pinned to the
            // top and as short as it can be.
            let span = LayoutGuide(identifier: "\(name).baselineSpan")
            guides.append(span)
            add("stack baseline span", span, .top, .equal, s, canvas(.top))
            add("stack baseline span", span, .leading, .equal, s, canvas(.leading))
            add("stack baseline span", span, .trailing, .equal, s, canvas(.trailing))
            for v in visible { add("stack baseline span \(v.name)", span, .bottom, .greaterThanOrEqual, v, .bottom) }
            add("stack baseline span", span, .height, .equal, nil, nil, priority: 51)
        }
        if align != .fill, !arranged.isEmpty {
            // UIKit's spanning fit, at 51: above `fittingSizeLevel`, so a stack measured by
            // `systemLayoutSizeFitting` keeps to its thickest view.
            add("stack fit \(name)", s, crossLength, .equal, nil, nil, priority: 51)
            // A view that nothing sizes across the axis is 0 thick, not ambiguous (UIKit's
            // `UISV-ambiguity-suppression`, at 25).
            for v in arranged {
                add("stack ambiguity suppression \(v.name)", v, crossLength, .equal, nil, nil, priority: 25)
            }
        }
    }
}
