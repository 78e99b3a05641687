import BlueprintSupport

/// A point in points, origin top-left, y down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate, growing rightwards.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`: `(20, 44)`.
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `Size(320, 200)`, as LayoutExpressions writes it.
    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// A size of 0 × 0.
    public static let zero = Size(width: 0, height: 0)

    /// `width × height`: `320 × 200`.
    public var description: String { "\(formatNumber(width)) × \(formatNumber(height))" }
}

/// A rectangle: origin and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle with its top-left corner at `origin`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge: a frame's `left`.
    public var minX: Double { origin.x }
    /// The top edge: a frame's `top`.
    public var minY: Double { origin.y }
    /// The width: a frame's `width`.
    public var width: Double { size.width }
    /// The height: a frame's `height`.
    public var height: Double { size.height }
    /// The right edge: a frame's `right`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge: a frame's `bottom`.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal centre: a frame's `centerX`.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical centre: a frame's `centerY`.
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

    /// `(x, y, width, height)`: `(0, 0, 320, 200)`.
    public var description: String {
        "(\(formatNumber(minX)), \(formatNumber(minY)), \(formatNumber(width)), \(formatNumber(height)))"
    }
}

/// Insets from the four edges of a rectangle (left and right are absolute).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// Whether every inset is a finite number.
    var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
    /// The inset from the top edge, positive inwards.
    public var top: Double
    /// The inset from the left edge, positive inwards.
    public var left: Double
    /// The inset from the bottom edge, positive inwards.
    public var bottom: Double
    /// The inset from the right edge, positive inwards.
    public var right: Double

    /// Insets on each edge; an edge not given is not inset.
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

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// `top 8, left 16, bottom 8, right 16`.
    public var description: String {
        "top \(formatNumber(top)), left \(formatNumber(left)), bottom \(formatNumber(bottom)), right \(formatNumber(right))"
    }
}

/// Insets whose horizontal sides follow the layout direction: `leading` is the left inset in a
/// left-to-right layout and the right inset in a right-to-left one.
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// Whether every inset is a finite number.
    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
    /// The inset from the top edge, positive inwards.
    public var top: Double
    /// The inset from the leading edge, positive inwards.
    public var leading: Double
    /// The inset from the bottom edge, positive inwards.
    public var bottom: Double
    /// The inset from the trailing edge, positive inwards.
    public var trailing: Double

    /// Insets on each edge; an edge not given is not inset.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// No inset on any edge.
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
    /// Added to the width.
    public var width: Double
    /// Added to the height.
    public var height: Double

    /// An offset of `width` for the width and `height` for the height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An offset added to a center (LayoutExpressions' `center + PointOffset(horizontal: 0, vertical: -10)`).
public struct PointOffset: Hashable, Sendable {
    /// Added to centerX: positive moves the centre right.
    public var horizontal: Double
    /// Added to centerY: positive moves the centre down.
    public var vertical: Double

    /// An offset of `horizontal` along x and `vertical` along y.
    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// The reading direction of a layout: it decides which side `leading` and `trailing` mean.
public enum LayoutDirection: String, Sendable, CaseIterable {
    /// Left to right (English): leading is left, trailing is right.
    case leftToRight = "ltr"
    /// Right to left (Arabic, Hebrew): leading is right, trailing is left, and constants on
    /// leading/trailing constraints are mirrored.
    case rightToLeft = "rtl"
}

/// A layout axis, for content hugging / compression resistance and ambiguity reports.
public enum LayoutAxis: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Along x: left, right, leading, trailing, centerX, their margins, and width.
    case horizontal
    /// Along y: top, bottom, centerY, their margins, the baselines, and height.
    case vertical

    /// `horizontal` or `vertical`.
    public var description: String { rawValue }
}

