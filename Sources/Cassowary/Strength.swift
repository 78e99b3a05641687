/// How strongly the solver tries to satisfy a non-required constraint.
///
/// Strengths are *hierarchical*: they are compared by ``level`` first, and a constraint at a
/// higher level is never traded away to satisfy any number of constraints at lower levels
/// (the symbolic weights of Badros, Borning and Stuckey, TOCHI 2001). Within one level,
/// violations are weighed against each other by ``weight``.
///
/// kiwi's named strengths live together on level 0 with kiwi's weights (`strong` = 1,000,000,
/// `medium` = 1,000, `weak` = 1), so a system written for kiwi solves the same here. A client
/// with its own ranks (Blueprint maps each Auto Layout priority to a level of its own) uses
/// levels above 0, each beating level 0 and every lower level outright. ``required`` is not a
/// level at all: a required constraint must hold.
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The lexicographic level; higher beats lower absolutely. `Int.max` means required.
    public let level: Int
    /// The weight of a violation within the level (finite, > 0).
    public let weight: Double

    /// Creates a strength on a level with a weight.
    /// - Precondition: `weight` is finite and positive; `level >= 0`.
    public init(level: Int, weight: Double = 1) {
        precondition(weight.isFinite && weight > 0, "Strength weight must be finite and positive")
        precondition(level >= 0, "Strength level must be >= 0")
        self.level = level
        self.weight = weight
    }

    /// Must hold; an add that cannot be satisfied throws ``CassowaryError/unsatisfiableConstraint(_:conflicts:)``.
    public static let required = Strength(level: .max, weight: 1)
    /// kiwi's `strong`: weight 1,000,000 on level 0.
    public static let strong = Strength(level: 0, weight: 1_000_000)
    /// kiwi's `medium`: weight 1,000 on level 0.
    public static let medium = Strength(level: 0, weight: 1_000)
    /// kiwi's `weak`: weight 1 on level 0.
    public static let weak = Strength(level: 0, weight: 1)

    /// kiwi's `strength.create(a, b, c, w)`: `(a·1e6 + b·1e3 + c)·w` on level 0, each part clipped to 0…1000.
    public static func create(_ a: Double, _ b: Double, _ c: Double, _ w: Double = 1) -> Strength {
        func clip(_ x: Double) -> Double { Swift.max(0, Swift.min(1000, x)) }
        let weight = clip(a * w) * 1_000_000 + clip(b * w) * 1_000 + clip(c * w)
        return Strength(level: 0, weight: Swift.max(weight, .leastNormalMagnitude))
    }

    /// Whether this is ``required``.
    public var isRequired: Bool { level == .max }

    public static func < (a: Strength, b: Strength) -> Bool {
        a.level != b.level ? a.level < b.level : a.weight < b.weight
    }

    public var description: String {
        if isRequired { return "required" }
        if level == 0 {
            switch weight {
            case 1_000_000: return "strong"
            case 1_000: return "medium"
            case 1: return "weak"
            default: return "weight \(weight)"
            }
        }
        return weight == 1 ? "level \(level)" : "level \(level) × \(weight)"
    }
}
