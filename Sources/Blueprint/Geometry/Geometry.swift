import BlueprintSupport

/// A point in points, origin top-left, y down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `Size(320, 200)`, as LayoutExpressions writes it.
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatNumber(width)) × \(formatNumber(height))" }
}

/// A rectangle: origin and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` on each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    public var description: String {
        "(\(formatNumber(minX)), \(formatNumber(minY)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// Insets from the four edges of a rectangle (left and right are absolute).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    public static let zero = EdgeInsets()

    public var description: String {
        "top \(formatNumber(top)), left \(formatNumber(left)), bottom \(formatNumber(bottom)), right \(formatNumber(right))"
    }
}

/// Insets whose horizontal sides follow the layout direction: `leading` is the left inset in a
/// left-to-right layout and the right inset in a right-to-left one.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    public static let zero = DirectionalEdgeInsets()

    /// These insets resolved to left/right for `direction`.
    public func resolved(for direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}

extension EdgeInsets {
    /// These insets as leading/trailing for `direction`.
    public func directional(for direction: LayoutDirection) -> DirectionalEdgeInsets {
        direction == .leftToRight
            ? DirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
            : DirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
    }
}

/// An offset added to a size (LayoutExpressions' `size + SizeOffset(width: -20, height: -10)`).
public struct SizeOffset: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An offset added to a center (LayoutExpressions' `center + PointOffset(horizontal: 0, vertical: -10)`).
public struct PointOffset: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// The reading direction of a layout: it decides which side `leading` and `trailing` mean.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// A layout axis, for content hugging / compression resistance and ambiguity reports.
public enum LayoutAxis: String, Sendable, CaseIterable, CustomStringConvertible {
    case horizontal
    case vertical

    public var description: String { rawValue }
}

