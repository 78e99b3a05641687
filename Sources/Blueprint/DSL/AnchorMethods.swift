// UIKit's spelling of the same anchors and constraints, for code moved over from UIKit:
//
//   title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12)
//   icon.widthAnchor.constraint(equalToConstant: 29)
//   image.heightAnchor.constraint(equalTo: image.widthAnchor, multiplier: 9 / 16)
//
// Each method makes the same inactive constraint the operators make (`title.top == card.top +
// 12`), located where the method is called; activate it with `activate([...])`,
// `LayoutConstraint.activate([...])` or `isActive = true`, as in UIKit.

extension LayoutItem {
    /// UIKit's `leftAnchor`: ``left``.
    public var leftAnchor: XAxisAnchor { left }
    /// UIKit's `rightAnchor`: ``right``.
    public var rightAnchor: XAxisAnchor { right }
    /// UIKit's `leadingAnchor`: ``leading``.
    public var leadingAnchor: XAxisAnchor { leading }
    /// UIKit's `trailingAnchor`: ``trailing``.
    public var trailingAnchor: XAxisAnchor { trailing }
    /// UIKit's `centerXAnchor`: ``centerX``.
    public var centerXAnchor: XAxisAnchor { centerX }
    /// UIKit's `topAnchor`: ``top``.
    public var topAnchor: YAxisAnchor { top }
    /// UIKit's `bottomAnchor`: ``bottom``.
    public var bottomAnchor: YAxisAnchor { bottom }
    /// UIKit's `centerYAnchor`: ``centerY``.
    public var centerYAnchor: YAxisAnchor { centerY }
    /// UIKit's `widthAnchor`: ``width``.
    public var widthAnchor: DimensionAnchor { width }
    /// UIKit's `heightAnchor`: ``height``.
    public var heightAnchor: DimensionAnchor { height }
}

extension View {
    /// UIKit's `firstBaselineAnchor`: ``firstBaseline``.
    public var firstBaselineAnchor: YAxisAnchor { firstBaseline }
    /// UIKit's `lastBaselineAnchor`: ``lastBaseline``.
    public var lastBaselineAnchor: YAxisAnchor { lastBaseline }
}

/// Horizontal and vertical positions: what UIKit's `NSLayoutXAxisAnchor` and
/// `NSLayoutYAxisAnchor` share. A position relates only to one of its own kind.
public protocol PositionKind: AnchorKind {}
extension XAxis: PositionKind {}
extension YAxis: PositionKind {}

extension LayoutExpression where Kind: PositionKind {
    /// `self == anchor + constant`, as UIKit's `constraint(equalTo:constant:)`.
    public func constraint(equalTo anchor: LayoutExpression<Kind>, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .equal, anchor + constant, file, line)
    }
    /// `self >= anchor + constant`, as UIKit's `constraint(greaterThanOrEqualTo:constant:)`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutExpression<Kind>, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .greaterThanOrEqual, anchor + constant, file, line)
    }
    /// `self <= anchor + constant`, as UIKit's `constraint(lessThanOrEqualTo:constant:)`.
    public func constraint(lessThanOrEqualTo anchor: LayoutExpression<Kind>, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .lessThanOrEqual, anchor + constant, file, line)
    }
}

extension LayoutExpression where Kind == Dimension {
    /// `self == multiplier × anchor + constant`, as UIKit's
    /// `constraint(equalTo:multiplier:constant:)`.
    public func constraint(equalTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .equal, anchor * multiplier + constant, file, line)
    }
    /// `self >= multiplier × anchor + constant`, as UIKit's
    /// `constraint(greaterThanOrEqualTo:multiplier:constant:)`.
    public func constraint(greaterThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .greaterThanOrEqual, anchor * multiplier + constant, file, line)
    }
    /// `self <= multiplier × anchor + constant`, as UIKit's
    /// `constraint(lessThanOrEqualTo:multiplier:constant:)`.
    public func constraint(lessThanOrEqualTo anchor: DimensionAnchor, multiplier: Double = 1, constant: Double = 0,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .lessThanOrEqual, anchor * multiplier + constant, file, line)
    }
    /// `self == constant`, as UIKit's `constraint(equalToConstant:)`.
    public func constraint(equalToConstant constant: Double, file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .equal, constant, file, line)
    }
    /// `self >= constant`, as UIKit's `constraint(greaterThanOrEqualToConstant:)`.
    public func constraint(greaterThanOrEqualToConstant constant: Double,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .greaterThanOrEqual, constant, file, line)
    }
    /// `self <= constant`, as UIKit's `constraint(lessThanOrEqualToConstant:)`.
    public func constraint(lessThanOrEqualToConstant constant: Double,
                           file: StaticString = #fileID, line: UInt = #line) -> LayoutConstraint {
        located(self, .lessThanOrEqual, constant, file, line)
    }
}

/// `relate(_:_:_:)` with the caller's location (a method call is where the constraint is made,
/// unlike a property anchor, which takes the location of the `activate` call).
private func located<K>(_ l: LayoutExpression<K>, _ relation: LayoutRelation, _ r: LayoutExpression<K>,
                        _ file: StaticString, _ line: UInt) -> LayoutConstraint {
    var l = l
    l.location = LayoutSourceLocation(file, line)
    return relate(l, relation, r)
}

private func located(_ l: DimensionAnchor, _ relation: LayoutRelation, _ value: Double,
                     _ file: StaticString, _ line: UInt) -> LayoutConstraint {
    var l = l
    l.location = LayoutSourceLocation(file, line)
    return relate(l, relation, value)
}
