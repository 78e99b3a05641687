import Cassowary

/// How the engine turns layout constraints and its own rules into solver constraints.
///
/// Coordinates are relative: an item's `minX, minY` are measured from its layout parent (a
/// view's superview, a guide's owning view). A constraint is written in the coordinates of the
/// view it is installed on (the nearest common ancestor of its items), so an item's position is
/// the sum of the relative origins on the way up to that view: one variable for siblings or a
/// child and its container, a few for cousins. Constraints inside a container therefore never
/// mention where the container itself is, and a stack of containers does not make every
/// position depend on every container above it.
extension LayoutEngine {
    /// `item`'s origin on `axis` in `reference`'s coordinates (the root's when nil), and
    /// whether the walk up met `reference`.
    func origin(of item: LayoutItem, _ axis: LayoutAxis, in reference: View?) -> (Expression, reached: Bool) {
        var terms: [Term] = []
        var current: LayoutItem? = item
        while let it = current, it !== reference {
            guard let v = it.variables else { break }
            terms.append(Term(axis == .horizontal ? v.x : v.y))
            current = LayoutEngine.layoutParent(of: it)
        }
        return (Expression(terms), current === reference)
    }

    /// `first.attr1 rel m × second.attr2 + c` as a solver constraint.
    ///
    /// - A position with a multiplier other than 1 is measured from the container's origin, as
    ///   UIKit measures it in the coordinates of the view the constraint is installed on:
    ///   `(a − o) rel m·(b − o) + c`. Positions are written in the container's coordinates,
    ///   where `o` is 0; the container's origin cancels from `a − m·b − (1 − m)·o` whatever the
    ///   coordinates, so the frames are those of absolute coordinates.
    /// - In a right-to-left layout, a constraint on leading or trailing is read in mirrored
    ///   coordinates (x grows leftwards), so `a.leading == b.leading + 10` puts `a` 10 pt in
    ///   from `b`'s right edge, and `a.leading == b.trailing + 8` puts `a` to the left of `b`.
    func solverConstraint(for c: LayoutConstraint) -> Cassowary.Constraint {
        let mirror = layoutDirection == .rightToLeft
            && (c.firstAttribute.isDirectional || c.secondAttribute?.isDirectional == true)
        let sign = mirror ? -1.0 : 1.0
        // The reference: the container when it holds both items (always, unless the tree
        // changed under an active constraint), else the root's coordinates.
        var reference = c.container
        let axis = c.firstAttribute.axis
        let positional = !c.firstAttribute.isDimension
        if positional, reference != nil {
            let items = [c.firstItem] + (c.secondItem.map { [$0] } ?? [])
            if !items.allSatisfy({ origin(of: $0, axis, in: reference).reached }) { reference = nil }
        }
        var e = sign * expression(c.firstItem, c.firstAttribute, in: reference)
        if let second = c.secondItem, let attribute = c.secondAttribute {
            e = e - c.multiplier * sign * expression(second, attribute, in: reference)
            if c.multiplier != 1, positional, let container = c.container, let v = container.variables {
                let o = origin(of: container, axis, in: reference).0
                let containerOrigin: Expression = axis == .vertical ? o : mirror ? -(o + v.width) : o
                e = e - (1 - c.multiplier) * containerOrigin
            }
        }
        e = e - c.constant
        let relation: Relation =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return Cassowary.Constraint(e.reduced(), relation, strength: c.priority.strength)
    }

    /// An attribute of an item as a linear expression of its variables, positions in
    /// `reference`'s coordinates.
    private func expression(_ item: LayoutItem, _ attribute: LayoutAttribute, in reference: View?) -> Expression {
        let v = item.variables!
        let rtl = layoutDirection == .rightToLeft
        if attribute.isDimension {
            return Expression(attribute == .width ? v.width : v.height)
        }
        let horizontal = attribute.axis == .horizontal
        let o = origin(of: item, attribute.axis, in: reference).0
        let x = horizontal ? o : Expression(0), y = horizontal ? Expression(0) : o
        let w = Expression(v.width), h = Expression(v.height)
        switch attribute {
        case .left: return x
        case .right: return x + w
        case .top: return y
        case .bottom: return y + h
        case .centerX: return x + 0.5 * w
        case .centerY: return y + 0.5 * h
        case .leading: return rtl ? x + w : x
        case .trailing: return rtl ? x : x + w
        case .firstBaseline, .lastBaseline:
            if let label = item as? Label {
                let b = label.baselineOffsets
                return y + 0.5 * h + (attribute == .firstBaseline ? b.first : b.last)
            }
            return y + h
        default:
            break
        }
        let m = margins(of: item as! View)
        switch attribute {
        case .leftMargin: return x + m.left
        case .rightMargin: return x + w - m.right
        case .topMargin: return y + m.top
        case .bottomMargin: return y + h - m.bottom
        case .leadingMargin: return rtl ? x + w - m.right : x + m.left
        case .trailingMargin: return rtl ? x + m.left : x + w - m.right
        case .centerXWithinMargins: return x + 0.5 * w + (m.left - m.right) / 2
        default: return y + 0.5 * h + (m.top - m.bottom) / 2   // centerYWithinMargins
        }
    }

    func margins(of view: View) -> EdgeInsets {
        switch view.marginStorage {
        case .absolute(let m): m
        case .directional(let d): d.resolved(for: layoutDirection)
        }
    }

    /// The engine's own constraints for an item (intrinsic sizes apart), with what each is for.
    /// A fixed frame or a guide is pinned in its layout parent's coordinates.
    func structuralConstraints(for item: LayoutItem) -> [(Cassowary.Constraint, String)] {
        let v = item.variables!
        var out: [(Cassowary.Constraint, String)] = []
        if let view = item as? View {
            guard view.translatesAutoresizingMaskIntoConstraints || view.superview == nil else { return [] }
            let f = view.translatesAutoresizingMaskIntoConstraints ? view.requestedFrame : .zero
            let what = view.superview == nil ? "root" : "fixed frame"
            out.append((v.x == f.minX, "\(view.name).minX == \(formatNumber(f.minX)) (\(what))"))
            out.append((v.y == f.minY, "\(view.name).minY == \(formatNumber(f.minY)) (\(what))"))
            if view.translatesAutoresizingMaskIntoConstraints {
                out.append((v.width == f.width, "\(view.name).width == \(formatNumber(f.width)) (fixed frame)"))
                out.append((v.height == f.height, "\(view.name).height == \(formatNumber(f.height)) (fixed frame)"))
            }
            return out
        }
        guard let guide = item as? LayoutGuide, let owner = guide.owningView, let o = owner.variables else { return [] }
        let name = guide.name
        func pin(_ e: Expression, _ note: String) { out.append((Cassowary.Constraint(e, .equal), "\(name).\(note)")) }
        switch guide.role {
        case .custom:
            break
        case .layoutMargins:
            let m = margins(of: owner)
            pin(v.x - m.left, "left == \(owner.name).leftMargin (layout margins)")
            pin(v.y - m.top, "top == \(owner.name).topMargin (layout margins)")
            pin(v.width - o.width + m.left + m.right, "right == \(owner.name).rightMargin (layout margins)")
            pin(v.height - o.height + m.top + m.bottom, "bottom == \(owner.name).bottomMargin (layout margins)")
        case .safeArea:
            let s = root.safeAreaInsets
            let r = root.variables!
            if owner === root {
                pin(v.x - s.left, "left == root.left + \(formatNumber(s.left)) (safe area)")
                pin(v.y - s.top, "top == root.top + \(formatNumber(s.top)) (safe area)")
                pin(v.width - r.width + s.left + s.right, "width == root.width - \(formatNumber(s.left + s.right)) (safe area)")
                pin(v.height - r.height + s.top + s.bottom, "height == root.height - \(formatNumber(s.top + s.bottom)) (safe area)")
                break
            }
            // The part of the view inside the root's safe area: each edge is the inner one of
            // the view's edge and the safe area's, which the preference picks among the two
            // lower bounds (required) by staying as close to the view's edge as it can. All in
            // the owner's coordinates, where the root's origin is at minus the owner's offset.
            let ox = origin(of: owner, .horizontal, in: root).0, oy = origin(of: owner, .vertical, in: root).0
            let pairs: [(Expression, Expression, Expression, String)] = [
                (Expression(v.x), Expression(0), s.left - ox, "left"),
                (Expression(v.y), Expression(0), s.top - oy, "top"),
                (-(v.x + v.width), -Expression(o.width), -(r.width - s.right - ox), "right"),
                (-(v.y + v.height), -Expression(o.height), -(r.height - s.bottom - oy), "bottom"),
            ]
            for (edge, viewEdge, safeEdge, side) in pairs {
                out.append((Cassowary.Constraint((edge - viewEdge).reduced(), .greaterThanOrEqual), "\(name).\(side) inside \(owner.name) (safe area)"))
                out.append((Cassowary.Constraint((edge - safeEdge).reduced(), .greaterThanOrEqual), "\(name).\(side) inside root's safe area (safe area)"))
                out.append((Cassowary.Constraint((edge - viewEdge).reduced(), .equal, strength: LayoutPriority.structuralPreference), "\(name).\(side) hugs \(owner.name) (safe area)"))
            }
        case .support(let edge):
            let s = owner.safeAreaInsets
            switch edge {
            case .top:
                pin(Expression(v.x), "left == \(owner.name).left"); pin(v.width - o.width, "width == \(owner.name).width")
                pin(Expression(v.y), "top == \(owner.name).top"); pin(v.height - s.top, "height == \(formatNumber(s.top)) (top inset)")
            case .bottom:
                pin(Expression(v.x), "left == \(owner.name).left"); pin(v.width - o.width, "width == \(owner.name).width")
                pin(v.y - o.height + s.bottom, "bottom == \(owner.name).bottom"); pin(v.height - s.bottom, "height == \(formatNumber(s.bottom)) (bottom inset)")
            case .left:
                pin(Expression(v.y), "top == \(owner.name).top"); pin(v.height - o.height, "height == \(owner.name).height")
                pin(Expression(v.x), "left == \(owner.name).left"); pin(v.width - s.left, "width == \(formatNumber(s.left)) (left inset)")
            case .right:
                pin(Expression(v.y), "top == \(owner.name).top"); pin(v.height - o.height, "height == \(owner.name).height")
                pin(v.x - o.width + s.right, "right == \(owner.name).right"); pin(v.width - s.right, "width == \(formatNumber(s.right)) (right inset)")
            }
        }
        return out
    }

    /// `width >= w` at the compression-resistance priority and `width <= w` at the hugging
    /// priority, per axis that has an intrinsic size.
    func intrinsicConstraints(for view: View) -> [(constraint: Cassowary.Constraint, note: String)] {
        let size = view.intrinsicContentSize
        let v = view.variables!
        var out: [(constraint: Cassowary.Constraint, note: String)] = []
        for (axis, value, variable) in [(LayoutAxis.horizontal, size.width, v.width), (.vertical, size.height, v.height)] {
            guard value >= 0, value.isFinite else { continue }
            let attribute = axis == .horizontal ? "width" : "height"
            let cr = view.contentCompressionResistancePriority(for: axis)
            let hug = view.contentHuggingPriority(for: axis)
            out.append(((variable >= value).strength(cr.strength),
                        "\(view.name).\(attribute) >= \(formatNumber(value))\(cr.isRequired ? "" : " @\(cr)") (compression resistance)"))
            out.append(((variable <= value).strength(hug.strength),
                        "\(view.name).\(attribute) <= \(formatNumber(value))\(hug.isRequired ? "" : " @\(hug)") (content hugging)"))
        }
        return out
    }
}
