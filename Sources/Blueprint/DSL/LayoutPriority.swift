import BlueprintSupport
import Cassowary

/// How much a constraint matters, 1…1000. 1000 is required; below that, a constraint of higher
/// priority is never traded away for any number of lower ones.
///
/// Write a number (`~ 751`), a named priority (`~ .defaultHigh`), or arithmetic on one
/// (`.defaultHigh + 1`).
public struct LayoutPriority: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    public var rawValue: Double

    public init(_ rawValue: Double) { self.rawValue = rawValue }
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = Double(value) }
    public init(floatLiteral value: Double) { rawValue = value }

    public static let required: LayoutPriority = 1000
    public static let defaultHigh: LayoutPriority = 750
    public static let dragThatCanResizeScene: LayoutPriority = 510
    public static let sceneSizeStayPut: LayoutPriority = 500
    public static let dragThatCannotResizeScene: LayoutPriority = 490
    public static let defaultLow: LayoutPriority = 250
    public static let fittingSizeLevel: LayoutPriority = 50

    /// The named priorities, for parsers and descriptions.
    public static let named: [(name: String, priority: LayoutPriority)] = [
        ("required", .required), ("defaultHigh", .defaultHigh),
        ("dragThatCanResizeScene", .dragThatCanResizeScene), ("sceneSizeStayPut", .sceneSizeStayPut),
        ("dragThatCannotResizeScene", .dragThatCannotResizeScene), ("defaultLow", .defaultLow),
        ("fittingSizeLevel", .fittingSizeLevel),
    ]

    public var isRequired: Bool { rawValue == 1000 }

    /// Whether this is a priority Auto Layout accepts: finite, 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: LayoutPriority, b: Double) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    public static func - (a: LayoutPriority, b: Double) -> LayoutPriority { LayoutPriority(a.rawValue - b) }

    public var description: String { formatNumber(rawValue) }

    /// The one place where priorities become solver strengths: 1000 is required; anything
    /// lower gets its own level of the hierarchical objective (thousandths kept apart), so a
    /// higher priority dominates every lower one whatever the weights.
    var strength: Strength {
        isRequired ? .required : Strength(level: Int((rawValue * 1000).rounded()))
    }

    /// Above every optional priority, below required: the engine's own preferences (the
    /// safe-area guide of a view hugging its view) that no user priority may outweigh.
    static let structuralPreference = Strength(level: 1_000_000)
}
