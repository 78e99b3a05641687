/// The kind of an anchor, as a type: mixing kinds (`a.top == b.width`, `a.top == b.left`) does
/// not compile, like NSLayoutAnchor's X / Y / dimension anchors.
public protocol AnchorKind {}
/// Horizontal positions: left, right, leading, trailing, centerX and their margins.
public enum XAxis: AnchorKind {}
/// Vertical positions: top, bottom, centerY, baselines and their margins.
public enum YAxis: AnchorKind {}
/// Sizes: width and height.
public enum Dimension: AnchorKind {}

/// One side of a constraint: `multiplier × item.attribute + constant`.
///
/// An anchor (`view.width`, `view[.width]`) is an expression with multiplier 1 and constant 0.
/// Deliberately not `Equatable`: `==` builds a constraint.
public struct LayoutExpression<Kind: AnchorKind> {
    /// The view or layout guide the expression is about.
    public let item: LayoutItem
    /// The attribute of ``item``.
    public let attribute: LayoutAttribute
    /// The factor applied to the attribute (1 for an anchor).
    public var multiplier: Double = 1
    /// The constant added to the multiplied attribute (0 for an anchor).
    public var constant: Double = 0
    var location: LayoutSourceLocation?

    init(_ item: LayoutItem, _ attribute: LayoutAttribute, location: LayoutSourceLocation? = nil) {
        self.item = item
        self.attribute = attribute
        self.location = location
    }
}

/// A horizontal position anchor (`view.leading`), like `NSLayoutXAxisAnchor`; relates only to
/// other horizontal positions.
public typealias XAxisAnchor = LayoutExpression<XAxis>
/// A vertical position anchor (`view.top`), like `NSLayoutYAxisAnchor`; relates only to other
/// vertical positions.
public typealias YAxisAnchor = LayoutExpression<YAxis>
/// A size anchor (`view.width`), like `NSLayoutDimension`; relates to other sizes or to a
/// constant.
public typealias DimensionAnchor = LayoutExpression<Dimension>

/// Attributes along x, for `view[.leading]`.
public enum XAxisAttribute: Sendable {
    /// ``LayoutAttribute/left``, ``LayoutAttribute/right``, ``LayoutAttribute/leading``,
    /// ``LayoutAttribute/trailing`` and ``LayoutAttribute/centerX``.
    case left, right, leading, trailing, centerX
    /// The margin attributes of the same names (views only).
    case leftMargin, rightMargin, leadingMargin, trailingMargin, centerXWithinMargins

    var attribute: LayoutAttribute {
        switch self {
        case .left: .left
        case .right: .right
        case .leading: .leading
        case .trailing: .trailing
        case .centerX: .centerX
        case .leftMargin: .leftMargin
        case .rightMargin: .rightMargin
        case .leadingMargin: .leadingMargin
        case .trailingMargin: .trailingMargin
        case .centerXWithinMargins: .centerXWithinMargins
        }
    }
}

/// Attributes along y, for `view[.top]`.
public enum YAxisAttribute: Sendable {
    /// ``LayoutAttribute/top``, ``LayoutAttribute/bottom``, ``LayoutAttribute/centerY`` and the
    /// baselines (views only); `baseline` is ``LayoutAttribute/lastBaseline``.
    case top, bottom, centerY, firstBaseline, lastBaseline, baseline
    /// The margin attributes of the same names (views only).
    case topMargin, bottomMargin, centerYWithinMargins

    var attribute: LayoutAttribute {
        switch self {
        case .top: .top
        case .bottom: .bottom
        case .centerY: .centerY
        case .firstBaseline: .firstBaseline
        case .lastBaseline, .baseline: .lastBaseline
        case .topMargin: .topMargin
        case .bottomMargin: .bottomMargin
        case .centerYWithinMargins: .centerYWithinMargins
        }
    }
}

/// `width` and `height`, for `view[.width]`.
public enum DimensionAttribute: Sendable {
    /// ``LayoutAttribute/width`` and ``LayoutAttribute/height``.
    case width, height

    var attribute: LayoutAttribute { self == .width ? .width : .height }
}

extension LayoutItem {
    /// `view[.leading]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: XAxisAttribute, file: StaticString = #fileID, line: UInt = #line) -> XAxisAnchor {
        XAxisAnchor(self, a.attribute, location: LayoutSourceLocation(file, line))
    }
    /// `view[.top]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: YAxisAttribute, file: StaticString = #fileID, line: UInt = #line) -> YAxisAnchor {
        YAxisAnchor(self, a.attribute, location: LayoutSourceLocation(file, line))
    }
    /// `view[.width]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: DimensionAttribute, file: StaticString = #fileID, line: UInt = #line) -> DimensionAnchor {
        DimensionAnchor(self, a.attribute, location: LayoutSourceLocation(file, line))
    }

    /// The left edge (`minX`).
    public var left: XAxisAnchor { XAxisAnchor(self, .left) }
    /// The right edge (`minX + width`).
    public var right: XAxisAnchor { XAxisAnchor(self, .right) }
    /// The leading edge: left in a left-to-right layout, right in a right-to-left one.
    public var leading: XAxisAnchor { XAxisAnchor(self, .leading) }
    /// The trailing edge: right in a left-to-right layout, left in a right-to-left one.
    public var trailing: XAxisAnchor { XAxisAnchor(self, .trailing) }
    /// The horizontal centre (`minX + width / 2`).
    public var centerX: XAxisAnchor { XAxisAnchor(self, .centerX) }
    /// The top edge (`minY`).
    public var top: YAxisAnchor { YAxisAnchor(self, .top) }
    /// The bottom edge (`minY + height`).
    public var bottom: YAxisAnchor { YAxisAnchor(self, .bottom) }
    /// The vertical centre (`minY + height / 2`).
    public var centerY: YAxisAnchor { YAxisAnchor(self, .centerY) }
    /// The width of the item's frame.
    public var width: DimensionAnchor { DimensionAnchor(self, .width) }
    /// The height of the item's frame.
    public var height: DimensionAnchor { DimensionAnchor(self, .height) }
}

extension View {
    /// The last baseline (Auto Layout's `baseline`): of a label, its last line of text; of
    /// another view, its bottom.
    public var baseline: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    /// The baseline of a label's first line of text; of another view, its bottom.
    public var firstBaseline: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    /// The baseline of a label's last line of text; of another view, its bottom.
    public var lastBaseline: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    /// The left edge inset by the left layout margin.
    public var leftMargin: XAxisAnchor { XAxisAnchor(self, .leftMargin) }
    /// The right edge inset by the right layout margin.
    public var rightMargin: XAxisAnchor { XAxisAnchor(self, .rightMargin) }
    /// The leading edge inset by its layout margin; follows the layout direction.
    public var leadingMargin: XAxisAnchor { XAxisAnchor(self, .leadingMargin) }
    /// The trailing edge inset by its layout margin; follows the layout direction.
    public var trailingMargin: XAxisAnchor { XAxisAnchor(self, .trailingMargin) }
    /// The horizontal centre of the area inside the layout margins.
    public var centerXWithinMargins: XAxisAnchor { XAxisAnchor(self, .centerXWithinMargins) }
    /// The top edge inset by the top layout margin.
    public var topMargin: YAxisAnchor { YAxisAnchor(self, .topMargin) }
    /// The bottom edge inset by the bottom layout margin.
    public var bottomMargin: YAxisAnchor { YAxisAnchor(self, .bottomMargin) }
    /// The vertical centre of the area inside the layout margins.
    public var centerYWithinMargins: YAxisAnchor { YAxisAnchor(self, .centerYWithinMargins) }
}

/// LayoutExpressions' `topEdgeOf(guide)`: an edge of any item, layout-support guides included.
public func topEdgeOf(_ item: LayoutItem) -> YAxisAnchor { item.top }
/// LayoutExpressions' `bottomEdgeOf(guide)`: the item's ``LayoutItem/bottom``.
public func bottomEdgeOf(_ item: LayoutItem) -> YAxisAnchor { item.bottom }
/// LayoutExpressions' `leftEdgeOf(guide)`: the item's ``LayoutItem/left``.
public func leftEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.left }
/// LayoutExpressions' `rightEdgeOf(guide)`: the item's ``LayoutItem/right``.
public func rightEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.right }
/// LayoutExpressions' `leadingEdgeOf(guide)`: the item's ``LayoutItem/leading``.
public func leadingEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.leading }
/// LayoutExpressions' `trailingEdgeOf(guide)`: the item's ``LayoutItem/trailing``.
public func trailingEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.trailing }

extension LayoutSupport {
    /// The attribute this guide stands for when used alone: the edge facing the content
    /// (top guide → bottom, bottom → top, left → right, right → left).
    var oppositeAttribute: LayoutAttribute {
        switch edge {
        case .top: .bottom
        case .bottom: .top
        case .left: .right
        case .right: .left
        }
    }
}
