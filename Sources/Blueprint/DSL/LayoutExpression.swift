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
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    public var multiplier: Double = 1
    public var constant: Double = 0
    var location: SourceLocation?

    init(_ item: LayoutItem, _ attribute: LayoutAttribute, location: SourceLocation? = nil) {
        self.item = item
        self.attribute = attribute
        self.location = location
    }
}

public typealias XAxisAnchor = LayoutExpression<XAxis>
public typealias YAxisAnchor = LayoutExpression<YAxis>
public typealias DimensionAnchor = LayoutExpression<Dimension>

/// Attributes along x, for `view[.leading]`.
public enum XAxisAttribute: Sendable {
    case left, right, leading, trailing, centerX
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
    case top, bottom, centerY, firstBaseline, lastBaseline, baseline
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
    case width, height

    var attribute: LayoutAttribute { self == .width ? .width : .height }
}

extension LayoutItem {
    /// `view[.leading]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: XAxisAttribute, file: StaticString = #fileID, line: UInt = #line) -> XAxisAnchor {
        XAxisAnchor(self, a.attribute, location: SourceLocation(file, line))
    }
    /// `view[.top]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: YAxisAttribute, file: StaticString = #fileID, line: UInt = #line) -> YAxisAnchor {
        YAxisAnchor(self, a.attribute, location: SourceLocation(file, line))
    }
    /// `view[.width]`: the anchor, remembering this line for the constraint's location.
    public subscript(_ a: DimensionAttribute, file: StaticString = #fileID, line: UInt = #line) -> DimensionAnchor {
        DimensionAnchor(self, a.attribute, location: SourceLocation(file, line))
    }

    public var left: XAxisAnchor { XAxisAnchor(self, .left) }
    public var right: XAxisAnchor { XAxisAnchor(self, .right) }
    public var leading: XAxisAnchor { XAxisAnchor(self, .leading) }
    public var trailing: XAxisAnchor { XAxisAnchor(self, .trailing) }
    public var centerX: XAxisAnchor { XAxisAnchor(self, .centerX) }
    public var top: YAxisAnchor { YAxisAnchor(self, .top) }
    public var bottom: YAxisAnchor { YAxisAnchor(self, .bottom) }
    public var centerY: YAxisAnchor { YAxisAnchor(self, .centerY) }
    public var width: DimensionAnchor { DimensionAnchor(self, .width) }
    public var height: DimensionAnchor { DimensionAnchor(self, .height) }
}

extension View {
    public var baseline: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    public var firstBaseline: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    public var lastBaseline: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    public var leftMargin: XAxisAnchor { XAxisAnchor(self, .leftMargin) }
    public var rightMargin: XAxisAnchor { XAxisAnchor(self, .rightMargin) }
    public var leadingMargin: XAxisAnchor { XAxisAnchor(self, .leadingMargin) }
    public var trailingMargin: XAxisAnchor { XAxisAnchor(self, .trailingMargin) }
    public var centerXWithinMargins: XAxisAnchor { XAxisAnchor(self, .centerXWithinMargins) }
    public var topMargin: YAxisAnchor { YAxisAnchor(self, .topMargin) }
    public var bottomMargin: YAxisAnchor { YAxisAnchor(self, .bottomMargin) }
    public var centerYWithinMargins: YAxisAnchor { YAxisAnchor(self, .centerYWithinMargins) }
}

/// LayoutExpressions' `topEdgeOf(guide)`: an edge of any item, layout-support guides included.
public func topEdgeOf(_ item: LayoutItem) -> YAxisAnchor { item.top }
public func bottomEdgeOf(_ item: LayoutItem) -> YAxisAnchor { item.bottom }
public func leftEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.left }
public func rightEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.right }
public func leadingEdgeOf(_ item: LayoutItem) -> XAxisAnchor { item.leading }
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
