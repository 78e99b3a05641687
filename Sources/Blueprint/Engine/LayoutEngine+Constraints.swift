import BlueprintSupport
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
        let reached = addOrigin(of: item, axis, in: reference, times: 1, to: &terms)
        return (Expression(terms), reached)
    }

    /// Appends `k ×` the item's origin on `axis` relative to `reference` (the sum of the
    /// relative origins on the way up); false if the walk did not meet `reference`.
    /// Walks the variables' parent links, which mirror the tree as it was built (a change to
    /// the tree rebuilds before any constraint is made again).
    private func addOrigin(of item: LayoutItem, _ axis: LayoutAxis, in reference: View?, times k: Double, to terms: inout [Term]) -> Bool {
        let stop = reference.flatMap { r in r.variables.map { Unmanaged.passUnretained($0).toOpaque() } }
        // The walk holds each step unretained (a `var` of the parent would retain and release
        // every link): each item's variables hold their parent's, and the item holds its own.
        var current = item.variables.map { Unmanaged.passUnretained($0) }
        while let u = current, u.toOpaque() != stop {
            current = u._withUnsafeGuaranteedRef { v in
                terms.append(Term(axis == .horizontal ? v.x : v.y, k))
                return v.parent.map { Unmanaged.passUnretained($0) }
            }
        }
        return current?.toOpaque() == stop && (reference == nil || stop != nil)
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
        let axis = c.firstAttribute.axis
        let positional = !c.firstAttribute.isDimension
        var terms: [Term] = []
        // Room for four terms (two items' positions and sizes: `a.centerX == b.centerX`), which
        // is nearly every constraint; the constraint keeps this array, so no more is asked for.
        terms.reserveCapacity(4)
        var constant = 0.0
        // Written in the container's coordinates when it holds both items (always, unless the
        // tree changed under an active constraint), else in the root's.
        func build(in reference: View?) -> Bool {
            // Emptied only for a second build (on an empty array it is still a call).
            if !terms.isEmpty { terms.removeAll(keepingCapacity: true) }
            constant = 0
            var reached = add(c.firstItem, c.firstAttribute, times: sign, in: reference, &terms, &constant)
            if let second = c.secondItem, let attribute = c.secondAttribute {
                reached = add(second, attribute, times: -c.multiplier * sign, in: reference, &terms, &constant) && reached
                if c.multiplier != 1, positional, let container = c.container {
                    // − (1 − m)·o, with o the container's origin: its left edge even right to
                    // left. UIKit mirrors a constraint by swapping leading for right and
                    // trailing for left and negating the constant; the multiplier still scales
                    // the container's own coordinates, which do not mirror
                    // (`a.trailing == superview.trailing * 0.8` puts a's left edge at 0.8 × 0).
                    let k = -(1 - c.multiplier) * sign
                    reached = addOrigin(of: container, axis, in: reference, times: k, to: &terms) && reached
                }
            }
            return reached
        }
        if !build(in: c.container), positional { _ = build(in: nil) }
        let relation: Relation =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        // The terms moved out of the `var` the builds share (passing it would copy it: a retain
        // of the array, which the constraint then keeps, and a release of the original).
        var made: [Term] = []
        swap(&made, &terms)
        return Cassowary.Constraint(Expression(made, constant: constant - c.constant), relation, strength: c.priority.strength)
    }

    /// Appends `k ×` an attribute of an item, positions in `reference`'s coordinates; false if
    /// the item is not inside `reference`.
    private func add(
        _ item: LayoutItem, _ attribute: LayoutAttribute, times k: Double, in reference: View?,
        _ terms: inout [Term], _ constant: inout Double
    ) -> Bool {
        // A stack view's baseline is its baseline view's (its first or last arranged view,
        // or its tallest), as in UIKit.
        if attribute.isBaseline, item is StackView {
            let forwarded = item.baselineItem(for: attribute)
            if forwarded !== item { return add(forwarded, attribute, times: k, in: reference, &terms, &constant) }
        }
        // A view's layout-margins guide is its margins: `title.leading == card.margins.leading`
        // is `title.leading == card.leadingMargin`, as in UIKit. Written so, the constraint
        // never mentions the guide, whose four pins then only define its frame (set aside
        // before the solver, like any definition).
        if let guide = item as? LayoutGuide, guide.role == .layoutMargins, let owner = guide.owningView,
           let o = owner.variables {
            if attribute.isDimension {
                let m = margins(of: owner)
                terms.append(Term(attribute == .width ? o.width : o.height, k))
                constant -= k * (attribute == .width ? m.left + m.right : m.top + m.bottom)
                return true
            }
            return add(owner, attribute.withinMargins, times: k, in: reference, &terms, &constant)
        }
        // Borrowed from the item, which holds them (a `let` of the optional would retain them).
        return Unmanaged.passUnretained(item.variables!)._withUnsafeGuaranteedRef { v in
            add(item, attribute, variables: v, times: k, in: reference, &terms, &constant)
        }
    }

    /// ``add(_:_:times:in:_:_:)`` for an item that is not a margins guide, with its variables.
    private func add(
        _ item: LayoutItem, _ attribute: LayoutAttribute, variables v: ItemVariables, times k: Double,
        in reference: View?, _ terms: inout [Term], _ constant: inout Double
    ) -> Bool {
        if attribute.isDimension {
            terms.append(Term(attribute == .width ? v.width : v.height, k))
            return true
        }
        // The attribute is origin + size × f + offset on its axis: its form (`AttributeForm`,
        // the one table of what attributes mean) read on that axis.
        // Margins and baselines only where the attribute reads them (a label's baselines come
        // from its text layout).
        let form = attribute.form(margins: attribute.isMargin ? (item as? View).map(margins(of:)) ?? .zero : .zero,
                                  rightToLeft: layoutDirection == .rightToLeft,
                                  baselines: attribute.isBaseline ? item.baselineOffsetsIfLabel : nil)
        let f = attribute.axis == .horizontal ? form.width : form.height, offset = form.constant
        let reached = addOrigin(of: item, attribute.axis, in: reference, times: k, to: &terms)
        if f != 0 { terms.append(Term(attribute.axis == .horizontal ? v.width : v.height, k * f)) }
        constant += k * offset
        return reached
    }

    func margins(of view: View) -> EdgeInsets {
        switch view.marginStorage {
        case .absolute(let m): m
        case .directional(let d): d.resolved(for: layoutDirection)
        }
    }

    /// The engine's own constraints for an item (intrinsic sizes apart), with what each is for.
    /// A fixed frame or a guide is pinned in its layout parent's coordinates.
    func structuralConstraints(for item: LayoutItem, into out: inout [NotedConstraint]) {
        guard let v = item.variables else { return }   // a margins guide: no variables to pin
        if let view = item as? View {
            if view.nonNegativeSizes != 0, !view.translatesAutoresizingMaskIntoConstraints, view.superview != nil {
                // UIKit's sizes are never negative: bounds the engine adds where a solve
                // without them gave a negative size (`LayoutEngine.boundNegativeSizes`).
                if view.nonNegativeSizes & 1 != 0 { out.append(NotedConstraint(v.width >= 0, .nonNegative(view: view.name, axis: .horizontal))) }
                if view.nonNegativeSizes & 2 != 0 { out.append(NotedConstraint(v.height >= 0, .nonNegative(view: view.name, axis: .vertical))) }
            }
            guard view.translatesAutoresizingMaskIntoConstraints || view.superview == nil else { return }
            let f = view.translatesAutoresizingMaskIntoConstraints ? view.requestedFrame : .zero
            let what = view.superview == nil ? "root" : "fixed frame"
            out.append(NotedConstraint(v.x == f.minX, .text("\(view.name).minX == \(formatNumber(f.minX)) (\(what))")))
            out.append(NotedConstraint(v.y == f.minY, .text("\(view.name).minY == \(formatNumber(f.minY)) (\(what))")))
            if view.translatesAutoresizingMaskIntoConstraints {
                out.append(NotedConstraint(v.width == f.width, .text("\(view.name).width == \(formatNumber(f.width)) (fixed frame)")))
                out.append(NotedConstraint(v.height == f.height, .text("\(view.name).height == \(formatNumber(f.height)) (fixed frame)")))
            }
            return
        }
        guard let guide = item as? LayoutGuide, let owner = guide.owningView, let o = owner.variables else { return }
        let name = guide.name
        func pin(_ e: Expression, _ note: String) { out.append(NotedConstraint(Cassowary.Constraint(e, .equal), .text("\(name).\(note)"))) }
        // The same, the note written only when a report reads it (`{o}` is the owner's name).
        let ownerName = owner.name
        func pinned(_ e: Expression, _ note: StaticString) {
            out.append(NotedConstraint(Cassowary.Constraint(e, .equal), .pin(guide: name, owner: ownerName, note: note)))
        }
        switch guide.role {
        case .custom:
            break
        case .layoutMargins:
            break   // never reached: a margins guide has no variables (`rebuild()`)
        case .readableContent:
            // Inside the margins, centred in them, as wide as they are up to the readable width:
            // the view's bounds inset by insets its width decides, settled after each solve
            // (`settleDerivedGuides()`), so the guide never holds its view's width back.
            let insets = guide.derivedInsets ?? LayoutGuide.readableInsets(width: 0, margins: margins(of: owner))
            guide.derivedInsets = insets
            derivedPin(guide, owner: owner, v: v, o: o, insets: insets, why: "readable content", into: &out)
        case .safeArea:
            let s = root.safeAreaInsets
            let r = root.variables!
            if owner === root {
                pin(v.x - s.left, "left == root.left\(signedOffset(s.left)) (safe area)")
                pin(v.y - s.top, "top == root.top\(signedOffset(s.top)) (safe area)")
                pin(v.width - r.width + s.left + s.right, "width == root.width\(signedOffset(-(s.left + s.right))) (safe area)")
                pin(v.height - r.height + s.top + s.bottom, "height == root.height\(signedOffset(-(s.top + s.bottom))) (safe area)")
                break
            }
            // The part of the view inside the root's safe area: the view's bounds inset by
            // what of the view lies outside the root's safe area. Those insets follow from the
            // view's frame, so they are the constants of required pins, settled after each solve
            // (`settleDerivedGuides()`) as UIKit recomputes `safeAreaInsets` after a layout pass:
            // the guide never limits its view's size or position.
            let insets = guide.derivedInsets ?? EdgeInsets.zero
            guide.derivedInsets = insets
            derivedPin(guide, owner: owner, v: v, o: o, insets: insets, why: "safe area", into: &out)
        case .support(let edge):
            let s = owner.safeAreaInsets
            switch edge {
            case .top:
                pinned(Expression(v.x), "left == {o}.left"); pinned(v.width - o.width, "width == {o}.width")
                pinned(Expression(v.y), "top == {o}.top"); pin(v.height - s.top, "height == \(formatNumber(s.top)) (top inset)")
            case .bottom:
                pinned(Expression(v.x), "left == {o}.left"); pinned(v.width - o.width, "width == {o}.width")
                pinned(v.y - o.height + s.bottom, "bottom == {o}.bottom"); pin(v.height - s.bottom, "height == \(formatNumber(s.bottom)) (bottom inset)")
            case .left:
                pinned(Expression(v.y), "top == {o}.top"); pinned(v.height - o.height, "height == {o}.height")
                pinned(Expression(v.x), "left == {o}.left"); pin(v.width - s.left, "width == \(formatNumber(s.left)) (left inset)")
            case .right:
                pinned(Expression(v.y), "top == {o}.top"); pinned(v.height - o.height, "height == {o}.height")
                pinned(v.x - o.width + s.right, "right == {o}.right"); pin(v.width - s.right, "width == \(formatNumber(s.right)) (right inset)")
            }
        }
    }

    /// A derived guide's four pins to its view, the view's bounds inset by `insets` (in the
    /// view's coordinates), recorded for ``settleDerivedGuides()``.
    private func derivedPin(_ guide: LayoutGuide, owner: View, v: ItemVariables, o: ItemVariables, insets: EdgeInsets,
                            why: StaticString, into out: inout [NotedConstraint]) {
        let x = Cassowary.Constraint(v.x - insets.left, .equal)
        let y = Cassowary.Constraint(v.y - insets.top, .equal)
        let w = Cassowary.Constraint(v.width - o.width + insets.left + insets.right, .equal)
        let h = Cassowary.Constraint(v.height - o.height + insets.top + insets.bottom, .equal)
        for (k, pin) in [x, y, w, h].enumerated() {
            out.append(NotedConstraint(pin, .derived(DerivedPinNote(guide: guide, owner: owner.name, pin: k, kind: why))))
        }
        derivedGuides.append(DerivedGuide(guide: guide, pins: [x, y, w, h]))
    }

    /// `width >= w` at the compression-resistance priority and `width <= w` at the hugging
    /// priority, per axis that has an intrinsic size: one solver constraint per axis, the
    /// required side (or compression resistance) preferring equality at the other priority
    /// (the same objective as two inequalities, one row instead of two); two when both are
    /// required.
    func intrinsicConstraints(for view: View) -> [NotedConstraint] {
        var out: [NotedConstraint] = []
        intrinsicConstraints(for: view, into: &out)
        return out
    }

    /// ``intrinsicConstraints(for:)`` appended to `out` (a build collects every view's in one
    /// array, not an array per view).
    func intrinsicConstraints(for view: View, into out: inout [NotedConstraint]) {
        let size = view.intrinsicContentSize
        guard size.width >= 0 && size.width.isFinite || size.height >= 0 && size.height.isFinite else { return }
        // One axis at a time (an array literal of the two would be built and dropped per view),
        // each note made only for the side that is kept.
        func add(_ axis: LayoutAxis, _ value: Double, _ variable: Variable) {
            guard value >= 0, value.isFinite else { return }
            let cr = view.contentCompressionResistancePriority(for: axis)
            let hug = view.contentHuggingPriority(for: axis)
            let e = Expression([Term(variable)], constant: -value)
            func note(atLeast: Bool) -> StructuralNote {
                .intrinsic(view: view.name, axis: axis, value: value, priority: atLeast ? cr : hug, atLeast: atLeast)
            }
            if cr.isRequired && hug.isRequired {
                out.append(NotedConstraint(Cassowary.Constraint(e, .greaterThanOrEqual, strength: cr.strength), note(atLeast: true)))
                out.append(NotedConstraint(Cassowary.Constraint(e, .lessThanOrEqual, strength: hug.strength), note(atLeast: false)))
            } else if hug.isRequired {
                // Only a required side can be named in a conflict: the note is that side's.
                out.append(NotedConstraint(Cassowary.Constraint(e, .lessThanOrEqual, strength: hug.strength, preferEqual: cr.strength), note(atLeast: false)))
            } else {
                out.append(NotedConstraint(Cassowary.Constraint(e, .greaterThanOrEqual, strength: cr.strength, preferEqual: hug.strength), note(atLeast: true)))
            }
        }
        // The variables borrowed from the view, which holds them.
        Unmanaged.passUnretained(view.variables!)._withUnsafeGuaranteedRef { v in
            add(.horizontal, size.width, v.width)
            add(.vertical, size.height, v.height)
        }
    }
}

/// One of the engine's own constraints and what it is for. A struct, not a tuple: a tuple
/// holding an enum with payloads is copied through the runtime's generic tuple witness (slow,
/// with a retain per field), a struct by its own specialized copy.
struct NotedConstraint {
    let constraint: Cassowary.Constraint
    let note: StructuralNote

    init(_ constraint: Cassowary.Constraint, _ note: StructuralNote) {
        self.constraint = constraint
        self.note = note
    }
}

/// What one of the engine's own constraints is for, as reports print it (made into text only
/// when a report asks: a layout has two or four intrinsic-size constraints per view).
enum StructuralNote: CustomStringConvertible {
    case text(String)
    /// One of the four pins of a derived guide, written with the insets it has when read.
    case derived(DerivedPinNote)
    /// A guide pinned to its view: `GUIDE.NOTE`, `{o}` in the note being the view's name.
    case pin(guide: String, owner: String, note: StaticString)
    /// `title.width >= 120 @750 (compression resistance)` or `… <= … (content hugging)`.
    case intrinsic(view: String, axis: LayoutAxis, value: Double, priority: LayoutPriority, atLeast: Bool)
    /// `badge.width >= 0 (a size is never negative)`.
    case nonNegative(view: String, axis: LayoutAxis)

    var description: String {
        switch self {
        case .text(let s):
            return s
        case .derived(let note):
            return note.description
        case .pin(let guide, let owner, let note):
            return guide + "." + note.description.replacing("{o}", with: owner)
        case .intrinsic(let view, let axis, let value, let priority, let atLeast):
            let attribute = axis == .horizontal ? "width" : "height"
            let relation = atLeast ? ">=" : "<="
            let why = atLeast ? "compression resistance" : "content hugging"
            return "\(view).\(attribute) \(relation) \(formatNumber(value))\(priority.isRequired ? "" : " @\(priority)") (\(why))"
        case .nonNegative(let view, let axis):
            return "\(view).\(axis == .horizontal ? "width" : "height") >= 0 (a size is never negative)"
        }
    }
}

/// A derived guide's pin as a report writes it, with the guide's insets as of the last layout
/// (they are settled after each solve): `content.safeAreaLayoutGuide.top == content.top + 50
/// (safe area)`.
final class DerivedPinNote: CustomStringConvertible {
    weak var guide: LayoutGuide?
    let owner: String
    /// 0 left, 1 top, 2 width, 3 height.
    let pin: Int
    let kind: StaticString

    init(guide: LayoutGuide, owner: String, pin: Int, kind: StaticString) {
        self.guide = guide
        self.owner = owner
        self.pin = pin
        self.kind = kind
    }

    var description: String {
        let name = guide?.name ?? "guide"
        let i = guide?.derivedInsets ?? .zero
        switch pin {
        case 0: return "\(name).left == \(owner).left\(signedOffset(i.left)) (\(kind))"
        case 1: return "\(name).top == \(owner).top\(signedOffset(i.top)) (\(kind))"
        case 2: return "\(name).width == \(owner).width\(signedOffset(-(i.left + i.right))) (\(kind))"
        default: return "\(name).height == \(owner).height\(signedOffset(-(i.top + i.bottom))) (\(kind))"
        }
    }
}

/// ` + 47`, ` - 16`, or nothing for 0: a constant after an attribute, as UIKit writes it (no
/// zero constant).
func signedOffset(_ c: Double) -> String {
    c == 0 ? "" : c > 0 ? " + \(formatNumber(c))" : " - \(formatNumber(-c))"
}
