// LayoutExpressions (seed 004) wrote its anchors as `lex_`-prefixed methods; they work here as
// written, so code and documentation in that style keep compiling:
//
//   view.lex_addExpression(subviewB.lex_left() >= subviewA.lex_right() + 10)
//   container.lex_addExpressions(subview.lex_edges() == container.lex_edges() - 10.0)

extension LayoutItem {
    /// LayoutExpressions' spelling of ``top``.
    public func lex_top() -> YAxisAnchor { top }
    /// LayoutExpressions' spelling of ``left``.
    public func lex_left() -> XAxisAnchor { left }
    /// LayoutExpressions' spelling of ``bottom``.
    public func lex_bottom() -> YAxisAnchor { bottom }
    /// LayoutExpressions' spelling of ``right``.
    public func lex_right() -> XAxisAnchor { right }
    /// LayoutExpressions' spelling of ``leading``.
    public func lex_leading() -> XAxisAnchor { leading }
    /// LayoutExpressions' spelling of ``trailing``.
    public func lex_trailing() -> XAxisAnchor { trailing }
    /// LayoutExpressions' spelling of ``centerX``.
    public func lex_centerX() -> XAxisAnchor { centerX }
    /// LayoutExpressions' spelling of ``centerY``.
    public func lex_centerY() -> YAxisAnchor { centerY }
    /// LayoutExpressions' spelling of ``width``.
    public func lex_width() -> DimensionAnchor { width }
    /// LayoutExpressions' spelling of ``height``.
    public func lex_height() -> DimensionAnchor { height }
    /// LayoutExpressions' spelling of ``edges``.
    public func lex_edges() -> EdgesExpression { edges }
    /// LayoutExpressions' spelling of ``size``.
    public func lex_size() -> SizeExpression { size }
    /// LayoutExpressions' spelling of ``center``.
    public func lex_center() -> CenterExpression { center }
}

extension View {
    /// LayoutExpressions' spelling of ``baseline``.
    public func lex_baseline() -> YAxisAnchor { baseline }
    /// LayoutExpressions' spelling of ``topLayoutGuide``.
    public func lex_topLayoutGuide() -> LayoutSupport { topLayoutGuide }
    /// LayoutExpressions' spelling of ``bottomLayoutGuide``.
    public func lex_bottomLayoutGuide() -> LayoutSupport { bottomLayoutGuide }
    /// LayoutExpressions' spelling of ``leftLayoutGuide``.
    public func lex_leftLayoutGuide() -> LayoutSupport { leftLayoutGuide }
    /// LayoutExpressions' spelling of ``rightLayoutGuide``.
    public func lex_rightLayoutGuide() -> LayoutSupport { rightLayoutGuide }

    /// ``addExpression(_:file:line:)->LayoutConstraint``.
    @discardableResult
    public func lex_addExpression(
        _ constraint: LayoutConstraint, file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> LayoutConstraint {
        try addExpression(constraint, file: file, line: line)
    }

    /// ``addExpression(_:file:line:)->[LayoutConstraint]`` for a composite expression (edges, size, center).
    @discardableResult
    public func lex_addExpression(
        _ constraints: [LayoutConstraint], file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try addExpression(constraints, file: file, line: line)
    }

    /// ``addExpressions(_:file:line:)``.
    @discardableResult
    public func lex_addExpressions(
        _ groups: any LayoutConstraintGroup..., file: StaticString = #fileID, line: UInt = #line
    ) throws(LayoutError) -> [LayoutConstraint] {
        try Blueprint.activate(groups, file: file, line: line)
    }
}
