// Every operator of the DSL, in one file (Anchorage's rule).
//
//   a.width == 0.5 * b.width - 4 ~ .defaultHigh     (SwiftyLayout, the design card)
//   topView.height >= view.height / 3                 (Blueprint seed, Cartography)
//   a.width * 3 == a.height * 4                       (multipliers on both sides: 4/3)
//   20 <= view[.width]                                (constant on the left)
//   s.width >= t.width <~ .defaultHigh                (LayoutExpressions)

/// `~` and `<~` bind looser than `==` and arithmetic, so `a == b + 4 ~ 750` sets the priority
/// of the whole constraint.
precedencegroup LayoutPriorityPrecedence {
    associativity: left
    lowerThan: ComparisonPrecedence
    higherThan: AssignmentPrecedence
}

infix operator ~ : LayoutPriorityPrecedence
infix operator <~ : LayoutPriorityPrecedence

// MARK: Arithmetic on one side

/// Adds to the constant.
public func + <K>(e: LayoutExpression<K>, c: Double) -> LayoutExpression<K> {
    var e = e
    e.constant += c
    return e
}
/// Adds to the constant.
public func + <K>(c: Double, e: LayoutExpression<K>) -> LayoutExpression<K> { e + c }
/// Subtracts from the constant.
public func - <K>(e: LayoutExpression<K>, c: Double) -> LayoutExpression<K> { e + (-c) }
/// Multiplies the multiplier and the constant.
public func * <K>(e: LayoutExpression<K>, m: Double) -> LayoutExpression<K> {
    var e = e
    e.multiplier *= m
    e.constant *= m
    return e
}
/// Multiplies the multiplier and the constant.
public func * <K>(m: Double, e: LayoutExpression<K>) -> LayoutExpression<K> { e * m }
/// Divides the multiplier and the constant.
public func / <K>(e: LayoutExpression<K>, d: Double) -> LayoutExpression<K> {
    var e = e
    e.multiplier /= d
    e.constant /= d
    return e
}

// MARK: Relations

/// `l.m × A + l.c  rel  r.m × B + r.c`, solved for A: `A rel (r.m / l.m) × B + (r.c − l.c) / l.m`
/// (the relation flips when l.m is negative).
func relate<K>(_ l: LayoutExpression<K>, _ relation: LayoutRelation, _ r: LayoutExpression<K>) -> LayoutConstraint {
    let location = l.location ?? r.location
    guard l.multiplier != 0 else {
        let c = LayoutConstraint(
            l.item, l.attribute, relation, r.item, r.attribute, multiplier: r.multiplier,
            constant: r.constant - l.constant, location: location)
        c.problem = LayoutError(.zeroLeftMultiplier, constraint: c.description, location: location)
        return c
    }
    return LayoutConstraint(
        l.item, l.attribute, l.multiplier < 0 ? relation.flipped : relation, r.item, r.attribute,
        multiplier: r.multiplier / l.multiplier, constant: (r.constant - l.constant) / l.multiplier,
        location: location)
}

/// `l.m × A + l.c  rel  value`, solved for A.
func relate(_ l: DimensionAnchor, _ relation: LayoutRelation, _ value: Double) -> LayoutConstraint {
    guard l.multiplier != 0 else {
        let c = LayoutConstraint(
            l.item, l.attribute, relation, nil, nil, multiplier: 1, constant: value - l.constant,
            location: l.location)
        c.problem = LayoutError(.zeroLeftMultiplier, constraint: c.description, location: l.location)
        return c
    }
    return LayoutConstraint(
        l.item, l.attribute, l.multiplier < 0 ? relation.flipped : relation, nil, nil,
        multiplier: 1, constant: (value - l.constant) / l.multiplier, location: l.location)
}

/// A constraint: the left side equals the right (`a.top == b.bottom + 8`), solved for the
/// left attribute.
@discardableResult
public func == <K>(l: LayoutExpression<K>, r: LayoutExpression<K>) -> LayoutConstraint { relate(l, .equal, r) }
/// A constraint: the left side is at most the right (`a.trailing <= b.trailing - 8`), solved
/// for the left attribute.
@discardableResult
public func <= <K>(l: LayoutExpression<K>, r: LayoutExpression<K>) -> LayoutConstraint { relate(l, .lessThanOrEqual, r) }
/// A constraint: the left side is at least the right (`a.height >= b.height / 3`), solved for
/// the left attribute.
@discardableResult
public func >= <K>(l: LayoutExpression<K>, r: LayoutExpression<K>) -> LayoutConstraint { relate(l, .greaterThanOrEqual, r) }

/// A constraint: the size equals a constant (`a.width == 100`).
@discardableResult
public func == (l: DimensionAnchor, r: Double) -> LayoutConstraint { relate(l, .equal, r) }
/// A constraint: the size is at most a constant (`a.width <= 320`).
@discardableResult
public func <= (l: DimensionAnchor, r: Double) -> LayoutConstraint { relate(l, .lessThanOrEqual, r) }
/// A constraint: the size is at least a constant (`a.height >= 44`).
@discardableResult
public func >= (l: DimensionAnchor, r: Double) -> LayoutConstraint { relate(l, .greaterThanOrEqual, r) }
/// A constraint with the constant on the left: `100 == a.width` is `a.width == 100`.
@discardableResult
public func == (l: Double, r: DimensionAnchor) -> LayoutConstraint { relate(r, .equal, l) }
/// A constraint with the constant on the left: `20 <= a.width` is `a.width >= 20`.
@discardableResult
public func <= (l: Double, r: DimensionAnchor) -> LayoutConstraint { relate(r, .greaterThanOrEqual, l) }
/// A constraint with the constant on the left: `320 >= a.width` is `a.width <= 320`.
@discardableResult
public func >= (l: Double, r: DimensionAnchor) -> LayoutConstraint { relate(r, .lessThanOrEqual, l) }

// MARK: Positions against a bare number: no such constraint

// A position is always measured from another item (`a.left == root.left + 20`): these
// overloads exist only to say so where the compiler would otherwise list every `==` it knows.
@available(*, unavailable, message: "a position needs another item's position: write `view.left == superview.left + 20`")
public func == (l: XAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }
@available(*, unavailable, message: "a position needs another item's position: write `view.left <= superview.left + 20`")
public func <= (l: XAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }
@available(*, unavailable, message: "a position needs another item's position: write `view.left >= superview.left + 20`")
public func >= (l: XAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }
@available(*, unavailable, message: "a position needs another item's position: write `view.top == superview.top + 20`")
public func == (l: YAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }
@available(*, unavailable, message: "a position needs another item's position: write `view.top <= superview.top + 20`")
public func <= (l: YAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }
@available(*, unavailable, message: "a position needs another item's position: write `view.top >= superview.top + 20`")
public func >= (l: YAxisAnchor, r: Double) -> LayoutConstraint { fatalError() }

// MARK: Layout-support guides used alone (LayoutExpressions): their opposite edge

/// A constraint against a layout-support guide's edge facing the content: `a.top == topGuide`
/// is `a.top == topGuide.bottom`.
@discardableResult
public func == (l: YAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .equal, r.oppositeAnchor()) }
/// A constraint: at most a layout-support guide's edge facing the content
/// (`a.bottom <= bottomGuide` is `a.bottom <= bottomGuide.top`).
@discardableResult
public func <= (l: YAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .lessThanOrEqual, r.oppositeAnchor()) }
/// A constraint: at least a layout-support guide's edge facing the content
/// (`a.top >= topGuide` is `a.top >= topGuide.bottom`).
@discardableResult
public func >= (l: YAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .greaterThanOrEqual, r.oppositeAnchor()) }
/// A constraint against a layout-support guide's edge facing the content: `a.left == leftGuide`
/// is `a.left == leftGuide.right`.
@discardableResult
public func == (l: XAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .equal, r.oppositeAnchor()) }
/// A constraint: at most a layout-support guide's edge facing the content
/// (`a.right <= rightGuide` is `a.right <= rightGuide.left`).
@discardableResult
public func <= (l: XAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .lessThanOrEqual, r.oppositeAnchor()) }
/// A constraint: at least a layout-support guide's edge facing the content
/// (`a.left >= leftGuide` is `a.left >= leftGuide.right`).
@discardableResult
public func >= (l: XAxisAnchor, r: LayoutSupport) -> LayoutConstraint { relate(l, .greaterThanOrEqual, r.oppositeAnchor()) }

extension LayoutSupport {
    /// The opposite edge as an anchor of the kind the other side asks for; a mismatch (a top
    /// guide against `left`) is caught when the constraint is validated.
    func oppositeAnchor<K>() -> LayoutExpression<K> { LayoutExpression<K>(self, oppositeAttribute) }
}

// MARK: Priority

/// Sets the priority and returns the same constraint (`a == b ~ 751`, `~ .defaultHigh`).
@discardableResult
public func ~ (c: LayoutConstraint, p: LayoutPriority) -> LayoutConstraint {
    c.storedPriority = p
    // Keep `problem` current: a bad priority is one; a priority problem may be fixed now.
    switch c.problem?.kind {
    case nil:
        if !p.isValid { c.problem = c.validate() }
    case .invalidPriority?, .nonFinite(what: "priority")?:
        c.problem = c.validate()
    default:
        break
    }
    return c
}
/// LayoutExpressions' spelling of ``~(_:_:)-(LayoutConstraint,LayoutPriority)``.
@discardableResult
public func <~ (c: LayoutConstraint, p: LayoutPriority) -> LayoutConstraint { c ~ p }
/// Sets the priority of every constraint of a compound attribute.
@discardableResult
public func ~ (cs: [LayoutConstraint], p: LayoutPriority) -> [LayoutConstraint] {
    for c in cs { c ~ p }
    return cs
}
/// LayoutExpressions' spelling of `~` for the constraints of a compound attribute.
@discardableResult
public func <~ (cs: [LayoutConstraint], p: LayoutPriority) -> [LayoutConstraint] { cs ~ p }
