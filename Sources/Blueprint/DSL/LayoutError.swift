import BlueprintSupport

/// Why a constraint or a layout request was refused. Each message names the constraint (or
/// the items) and, where known, the `file:line` that made it.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, without the location.
    public enum Kind: Hashable, Sendable {
        /// A constant, multiplier or priority that is NaN or infinite.
        case nonFinite(what: String)
        /// A multiplier of 0 on a position attribute (Auto Layout refuses it too).
        case zeroMultiplier
        /// A multiplier of 0 on the left-hand side (`0 * a.width == …`): nothing left to solve for.
        case zeroLeftMultiplier
        /// A position related to a size, or a horizontal attribute to a vertical one.
        case incompatibleAttributes(LayoutAttribute, LayoutAttribute)
        /// `leading`/`trailing` related to `left`/`right`.
        case mixedDirectionalAttributes(LayoutAttribute, LayoutAttribute)
        /// A position attribute related to a bare number.
        case positionAgainstConstant(LayoutAttribute)
        /// A margin or baseline attribute asked of a layout guide.
        case attributeNotAvailable(item: String, LayoutAttribute)
        /// A priority outside 1…1000.
        case invalidPriority(Double)
        /// The two items are in different view trees.
        case noCommonAncestor(String, String)
        /// An inequality on a compound attribute that only supports `==`.
        case unsupportedRelation(String)
        /// A view added as a subview of itself or of one of its descendants.
        case cyclicHierarchy(String)
        /// A layout direction set on a view that is not its tree's root (only the root's counts).
        case directionOfSubview(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The constraint, as its description reads (empty when the error is not about one).
    public var constraint: String
    /// Where the constraint was made; nil when unknown or when the error is not about one.
    public var location: LayoutSourceLocation?

    /// An error of the given kind, about a constraint (as its description reads) made at
    /// `location`.
    public init(_ kind: Kind, constraint: String = "", location: LayoutSourceLocation? = nil) {
        self.kind = kind
        self.constraint = constraint
        self.location = location
    }

    /// The reason alone, e.g. "a multiplier of 0 on a position attribute is not allowed".
    public var reason: String {
        switch kind {
        case .nonFinite(let what): "the \(what) is not a finite number"
        case .zeroMultiplier: "a multiplier of 0 on a position attribute is not allowed"
        case .zeroLeftMultiplier: "the left-hand side is multiplied by 0"
        case .incompatibleAttributes(let a, let b):
            a.isDimension != b.isDimension
                ? "cannot relate a \(a.isDimension ? "size" : "position") (\(a)) to a \(b.isDimension ? "size" : "position") (\(b))"
                : "cannot relate a \(a.axis) attribute (\(a)) to a \(b.axis) one (\(b))"
        case .mixedDirectionalAttributes(let a, let b):
            "cannot relate \(a) to \(b): leading/trailing and left/right do not mix"
        case .positionAgainstConstant(let a):
            "a position attribute (\(a)) cannot equal a bare number; relate it to another item"
        case .attributeNotAvailable(let item, let a): "\(item) is a layout guide and has no \(a)"
        case .invalidPriority(let p): "priority \(formatNumber(p)) is outside 1...1000"
        case .noCommonAncestor(let a, let b): "\(a) and \(b) have no common ancestor"
        case .unsupportedRelation(let what): what
        case .cyclicHierarchy(let v): "\(v) cannot be a subview of itself or of its own subview"
        case .directionOfSubview(let v):
            "only the root's layoutDirection counts and \(v) is a subview: set the root's (a direction per subtree, UIKit's semanticContentAttribute, is not supported)"
        }
    }

    /// `file:line: reason in `constraint``, without the parts that are unknown.
    public var description: String {
        var s = location.map { "\($0): " } ?? ""
        s += reason
        if !constraint.isEmpty { s += " in `\(constraint)`" }
        return s
    }
}
