/// Every Auto Layout attribute.
///
/// Each is a linear expression of an item's `minX, minY, width, height` (see docs/Semantics.md):
/// `right = minX + width`, `centerX = minX + width / 2`, margins add the view's
/// layout margins, `leading`/`trailing` follow the layout direction.
public enum LayoutAttribute: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The frame's edges (`left` is x, `right` x + width, `top` y, `bottom` y + height); `leading`
    /// and `trailing` are the left and right edges in a left-to-right layout, the right and
    /// left edges in a right-to-left one; `width` and `height` are the size; `centerX` and
    /// `centerY` the centre.
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// The baseline of the first and of the last line of a label's text; a view that is not a
    /// label has both at its bottom. Views only: a layout guide has no baselines.
    case firstBaseline, lastBaseline
    /// The edges inset by the view's layout margins (`leftMargin` is x + margins.left, …);
    /// `leadingMargin` and `trailingMargin` follow the layout direction like `leading` and
    /// `trailing`. Views only: a layout guide has no margins.
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    /// The centre of the area inside the view's layout margins. Views only.
    case centerXWithinMargins, centerYWithinMargins

    /// `baseline` is Auto Layout's name for the last baseline.
    public static let baseline = LayoutAttribute.lastBaseline

    /// Looks an attribute up by name (`baseline` included).
    public init?(name: String) {
        guard let a = LayoutAttribute.byName[name] else { return nil }
        self = a
    }

    /// Every attribute by its name (`baseline` included): one hash instead of a comparison per
    /// case, for the text formats' every reference.
    private static let byName: [String: LayoutAttribute] = {
        var names = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
        names["baseline"] = .lastBaseline
        return names
    }()

    /// The attribute's name, as the DSL spells it: `leadingMargin`.
    public var description: String { rawValue }

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
            .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .horizontal
        default:
            .vertical
        }
    }

    /// `width` and `height`; every other attribute is a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// `leading`, `trailing` and their margins: they flip with the layout direction.
    public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// `left`, `right` and their margins: they never flip.
    public var isAbsoluteHorizontal: Bool {
        self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// `firstBaseline` and `lastBaseline`.
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// The same edge or centre inside the layout margins (`leading` → `leadingMargin`): what
    /// the attribute of a view's layout-margins guide is. Margin attributes map to themselves.
    var withinMargins: LayoutAttribute {
        switch self {
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        case .centerX: .centerXWithinMargins
        case .centerY: .centerYWithinMargins
        default: self
        }
    }

    /// The attributes that read the view's layout margins.
    var isMargin: Bool { needsView && !isBaseline }

    /// The edge or centre a margin attribute is measured from (`leadingMargin` → `leading`):
    /// ``withinMargins`` read backwards; any other attribute is itself.
    var outsideMargins: LayoutAttribute {
        Self.allCases.first { $0 != self && $0.withinMargins == self } ?? self
    }

    /// Attributes that only views have (layout guides have no margins and no baselines).
    public var needsView: Bool {
        switch self {
        case .firstBaseline, .lastBaseline, .leftMargin, .rightMargin, .topMargin, .bottomMargin,
            .leadingMargin, .trailingMargin, .centerXWithinMargins, .centerYWithinMargins:
            true
        default:
            false
        }
    }
}

/// `==`, `<=` or `>=`.
public enum LayoutRelation: String, Sendable, CustomStringConvertible {
    /// The first attribute is less than or equal to the second side (`<=`).
    case lessThanOrEqual = "<="
    /// The first attribute equals the second side (`==`).
    case equal = "=="
    /// The first attribute is greater than or equal to the second side (`>=`).
    case greaterThanOrEqual = ">="

    /// The operator: `<=`, `==` or `>=`.
    public var description: String { rawValue }

    /// The relation seen from the other side (`a <= b` is `b >= a`).
    var flipped: LayoutRelation {
        switch self {
        case .lessThanOrEqual: .greaterThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}

/// Where in the source a constraint was made: `LoginScreen.swift:42`.
public struct LayoutSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file name, without its module or folders: `LoginScreen.swift`.
    public var file: String
    /// The line number, from 1.
    public var line: Int

    /// A location from a file name and a line number.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    init(_ fileID: StaticString, _ line: UInt) {
        // #fileID is "Module/File.swift": keep the file name, as UIKit logs would. Made for
        // every constraint written with a subscript anchor, so no splitting and no arrays.
        self.file = fileID.withUTF8Buffer { bytes in
            let start = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        }
        self.line = Int(line)
    }

    /// `file:line`: `LoginScreen.swift:42`.
    public var description: String { "\(file):\(line)" }
}
