/// Every Auto Layout attribute.
///
/// Each is a linear expression of an item's `minX, minY, width, height` (see docs/Semantics.md):
/// `right = minX + width`, `centerX = minX + width / 2`, margins add the view's
/// layout margins, `leading`/`trailing` follow the layout direction.
public enum LayoutAttribute: String, Sendable, CaseIterable, CustomStringConvertible {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// `baseline` is Auto Layout's name for the last baseline.
    public static let baseline = LayoutAttribute.lastBaseline

    /// Looks an attribute up by name (`baseline` included).
    public init?(name: String) {
        if name == "baseline" { self = .lastBaseline; return }
        self.init(rawValue: name)
    }

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
    case lessThanOrEqual = "<="
    case equal = "=="
    case greaterThanOrEqual = ">="

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
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

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

    public var description: String { "\(file):\(line)" }
}
