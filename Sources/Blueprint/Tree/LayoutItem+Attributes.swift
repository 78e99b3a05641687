extension LayoutItem {
    /// The frame this item occupies in root coordinates, as of the last layout: a view's
    /// frame, or a guide's layout frame (computed for built-in guides no constraint used).
    public var absoluteLayoutRect: Rect {
        if let guide = self as? LayoutGuide { return guide.absoluteLayoutFrame }
        return absoluteFrame
    }

    /// The value of one attribute in root coordinates, as of the last layout, defined exactly
    /// as the engine defines it: `right = minX + width`, margins from the view's layout margins,
    /// leading and trailing after the root's layout direction, a label's baselines from its
    /// font metrics (other items have both baselines at their bottom).
    ///
    /// - Parameter attribute: any attribute; a margin attribute of a guide reads its edge.
    /// - Returns: a position (x for horizontal attributes, y for vertical ones) or a length.
    /// - Complexity: O(depth) for the root's layout direction.
    public func absoluteValue(of attribute: LayoutAttribute) -> Double {
        let f = absoluteLayoutRect
        let view = self as? View
        let rtl = (owningView?.effectiveLayoutDirection ?? .leftToRight) == .rightToLeft
        let m = view?.layoutMargins ?? .zero
        switch attribute {
        case .left: return f.minX
        case .right: return f.maxX
        case .top: return f.minY
        case .bottom: return f.maxY
        case .width: return f.width
        case .height: return f.height
        case .centerX: return f.midX
        case .centerY: return f.midY
        case .leading: return rtl ? f.maxX : f.minX
        case .trailing: return rtl ? f.minX : f.maxX
        case .firstBaseline, .lastBaseline:
            if let label = self as? Label {
                let o = label.baselineOffsets
                return f.midY + (attribute == .firstBaseline ? o.first : o.last)
            }
            return f.maxY
        case .leftMargin: return f.minX + m.left
        case .rightMargin: return f.maxX - m.right
        case .topMargin: return f.minY + m.top
        case .bottomMargin: return f.maxY - m.bottom
        case .leadingMargin: return rtl ? f.maxX - m.right : f.minX + m.left
        case .trailingMargin: return rtl ? f.minX + m.left : f.maxX - m.right
        case .centerXWithinMargins: return f.midX + (m.left - m.right) / 2
        case .centerYWithinMargins: return f.midY + (m.top - m.bottom) / 2
        }
    }
}
