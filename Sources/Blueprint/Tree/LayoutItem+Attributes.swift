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
    /// font metrics (a stack view's are its baseline view's, as UIKit's `forFirstBaselineLayout`; any other
    /// item has its first baseline at its top and its last at its bottom).
    ///
    /// - Parameter attribute: any attribute; a margin attribute of a guide reads its edge.
    /// - Returns: a position (x for horizontal attributes, y for vertical ones) or a length.
    /// - Complexity: O(depth) for the root's layout direction.
    public func absoluteValue(of attribute: LayoutAttribute) -> Double {
        if attribute.isBaseline, self is StackView {
            let forwarded = baselineItem(for: attribute)
            if forwarded !== self { return forwarded.absoluteValue(of: attribute) }
        }
        let rtl = (owningView?.effectiveLayoutDirection ?? .leftToRight) == .rightToLeft
        let margins = (self as? View)?.layoutMargins ?? .zero
        return attribute.form(margins: margins, rightToLeft: rtl, baselines: baselineOffsetsIfLabel).value(on: absoluteLayoutRect)
    }
}
