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
    /// The number, 1…1000 for a valid priority.
    public var rawValue: Double

    /// A priority of `rawValue`; ``isValid`` says whether Auto Layout accepts it.
    public init(_ rawValue: Double) { self.rawValue = rawValue }
    /// A priority of `rawValue`, as `UILayoutPriority(rawValue:)` makes it.
    public init(rawValue: Double) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = Double(value) }
    public init(floatLiteral value: Double) { rawValue = value }

    /// 1000: the constraint must hold; the default of every constraint.
    public static let required: LayoutPriority = 1000
    /// 750: the default content compression resistance (UIKit's level at which a button
    /// resists compressing its content).
    public static let defaultHigh: LayoutPriority = 750
    /// 510: in UIKit, a drag that may resize the window's scene.
    public static let dragThatCanResizeScene: LayoutPriority = 510
    /// 500: in UIKit, the level at which a window's scene keeps its size.
    public static let sceneSizeStayPut: LayoutPriority = 500
    /// 490: in UIKit, a drag (a split view's divider) that must not resize the scene.
    public static let dragThatCannotResizeScene: LayoutPriority = 490
    /// 250: the default content hugging (UIKit's level at which a button hugs its content
    /// horizontally).
    public static let defaultLow: LayoutPriority = 250
    /// 50: in UIKit, the level at which `systemLayoutSizeFitting` pulls a view towards the
    /// target size; Blueprint has no fitting call, so it is just a low priority here.
    public static let fittingSizeLevel: LayoutPriority = 50

    /// The named priorities, for parsers and descriptions.
    public static let named: [(name: String, priority: LayoutPriority)] = [
        ("required", .required), ("defaultHigh", .defaultHigh),
        ("dragThatCanResizeScene", .dragThatCanResizeScene), ("sceneSizeStayPut", .sceneSizeStayPut),
        ("dragThatCannotResizeScene", .dragThatCannotResizeScene), ("defaultLow", .defaultLow),
        ("fittingSizeLevel", .fittingSizeLevel),
    ]

    /// Whether this is ``required`` (exactly 1000).
    public var isRequired: Bool { rawValue == 1000 }

    /// Whether this is a priority Auto Layout accepts: finite, 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    /// Whether `a` is the lower priority.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// A priority `b` above `a`: `.defaultHigh + 1` is 751.
    public static func + (a: LayoutPriority, b: Double) -> LayoutPriority { LayoutPriority(a.rawValue + b) }
    /// A priority `b` below `a`: `.required - 1` is 999.
    public static func - (a: LayoutPriority, b: Double) -> LayoutPriority { LayoutPriority(a.rawValue - b) }

    /// The number: `750`, `999.5`.
    public var description: String { formatNumber(rawValue) }

    /// The one place where priorities become solver strengths: 1000 is required; anything
    /// lower gets its own level of the hierarchical objective (thousandths kept apart), so a
    /// higher priority dominates every lower one whatever the weights.
    var strength: Strength {
        // 999.9995 and above would round to 1,000,000, a level above every other: clamp below it.
        isRequired ? .required : Strength(level: min(Int((rawValue * 1000).rounded()), 999_999))
    }
}
