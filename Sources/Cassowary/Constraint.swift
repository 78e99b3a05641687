import BlueprintSupport

/// The relation of a ``Constraint``: `expression (<= | == | >=) 0`.
public enum Relation: Sendable, CustomStringConvertible {
    /// `expression <= 0`, `expression == 0` and `expression >= 0`.
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear relation between expressions with a strength: `x + 10 <= y | strong`.
///
/// Immutable, except that ``Solver/setConstant(of:to:)`` moves its expression's constant; a
/// reference, so a solver can tell *this* constraint from an equal one.
/// Stored normalized as `expression relation 0`, where `expression = lhs − rhs` reduced.
public final class Constraint: @unchecked Sendable, CustomStringConvertible {
    // Not checked for exclusive access at run time: read on every add, written only by
    // setConstant, never while a read is under way.
    /// `lhs − rhs`, each variable once. Only ``Solver/setConstant(of:to:)`` changes it (the
    /// constant only).
    @exclusivity(unchecked) public internal(set) var expression: Expression
    /// The relation to zero.
    public let relation: Relation
    /// The strength; ``Strength/required`` unless said otherwise.
    public let strength: Strength

    /// For an inequality: the strength at which the solver also prefers it to hold with
    /// equality (nil: no such preference). `width >= 120 @750` preferring equality at 250 is
    /// a view's compression resistance and content hugging in one constraint: the solver
    /// charges the shortfall at 750 and the excess at 250, exactly as for the two inequalities,
    /// with one row instead of two. Such a constraint is never a duplicate of another.
    package let preferEqual: Strength?

    /// The solver that first took this constraint (0: none now), and its slot there: saves a
    /// hash lookup per add and remove in the common one-solver case (see `SlotIndex`).
    @exclusivity(unchecked) var solverTag: UInt64 = 0
    @exclusivity(unchecked) var solverSlot: Int32 = -1

    /// Creates `expression relation 0`.
    public init(_ expression: consuming Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = Constraint.reduce(expression)
        self.relation = relation
        self.strength = strength
        self.preferEqual = nil
    }

    /// Creates the inequality `expression relation 0` at `strength` that also prefers
    /// `expression == 0` at `preferEqual` (see ``preferEqual``).
    package init(_ expression: consuming Expression, _ relation: Relation, strength: Strength, preferEqual: Strength) {
        precondition(relation != .equal && !preferEqual.isRequired, "only an inequality prefers equality, and not as a requirement")
        self.expression = Constraint.reduce(expression)
        self.relation = relation
        self.strength = strength
        self.preferEqual = preferEqual
    }

    /// `expression.reduced()`, moving an expression that is already reduced (the common case:
    /// a layout's constraints are written reduced) instead of copying it, which would retain its
    /// terms for the copy and release them with the original.
    private static func reduce(_ expression: consuming Expression) -> Expression {
        if expression.terms.count <= 16 && expression.isReducedShort { return expression }
        return expression.reduced()
    }

    /// Creates `lhs relation rhs`.
    public convenience init(
        _ lhs: some ExpressionConvertible, _ relation: Relation, _ rhs: some ExpressionConvertible,
        strength: Strength = .required
    ) {
        self.init(lhs.expression - rhs.expression, relation, strength: strength)
    }

    /// The same relation with another strength (a new constraint object).
    public func strength(_ s: Strength) -> Constraint {
        if let p = preferEqual { return Constraint(expression, relation, strength: s, preferEqual: p) }
        return Constraint(expression, relation, strength: s)
    }

    /// Whether the constraint holds at the variables' current values, within `tolerance`.
    public func isSatisfied(tolerance: Double = 1e-8) -> Bool {
        let v = expression.value
        switch relation {
        case .equal: return Swift.abs(v) <= tolerance
        case .lessThanOrEqual: return v <= tolerance
        case .greaterThanOrEqual: return v >= -tolerance
        }
    }

    public var description: String {
        var lhs = expression
        let c = lhs.constant
        lhs.constant = 0
        let l = lhs.terms.isEmpty ? "0" : lhs.description
        return "\(l) \(relation) \(formatNumber(-c))" + (strength.isRequired ? "" : " @ \(strength)")
            + (preferEqual.map { ", == preferred @ \($0)" } ?? "")
    }
}

/// A required constraint `a == b` (`x + 10 == y`).
public func == <A: ExpressionConvertible, B: ExpressionConvertible>(a: A, b: B) -> Constraint {
    Constraint(a, .equal, b)
}
/// A required constraint `a <= b` (`x + 10 <= y`).
public func <= <A: ExpressionConvertible, B: ExpressionConvertible>(a: A, b: B) -> Constraint {
    Constraint(a, .lessThanOrEqual, b)
}
/// A required constraint `a >= b` (`x + 10 >= y`).
public func >= <A: ExpressionConvertible, B: ExpressionConvertible>(a: A, b: B) -> Constraint {
    Constraint(a, .greaterThanOrEqual, b)
}
/// A required constraint `a == b` with a number on the right (`x == 10`).
public func == <A: ExpressionConvertible>(a: A, b: Double) -> Constraint { Constraint(a, .equal, b) }
/// A required constraint `a <= b` with a number on the right (`x <= 10`).
public func <= <A: ExpressionConvertible>(a: A, b: Double) -> Constraint { Constraint(a, .lessThanOrEqual, b) }
/// A required constraint `a >= b` with a number on the right (`x >= 10`).
public func >= <A: ExpressionConvertible>(a: A, b: Double) -> Constraint { Constraint(a, .greaterThanOrEqual, b) }
/// A required constraint `a == b` with a number on the left (`10 == x`).
public func == <A: ExpressionConvertible>(a: Double, b: A) -> Constraint { Constraint(a, .equal, b) }
/// A required constraint `a <= b` with a number on the left (`10 <= x`).
public func <= <A: ExpressionConvertible>(a: Double, b: A) -> Constraint { Constraint(a, .lessThanOrEqual, b) }
/// A required constraint `a >= b` with a number on the left (`10 >= x`).
public func >= <A: ExpressionConvertible>(a: Double, b: A) -> Constraint { Constraint(a, .greaterThanOrEqual, b) }
