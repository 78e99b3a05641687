/// An attribute as a linear form of an item's frame in root coordinates:
/// `x·minX + y·minY + width·width + height·height + constant`.
///
/// The one definition of what every attribute means: the engine turns it into solver
/// expressions, and ``LayoutItem/absoluteValue(of:)`` evaluates it on a solved frame, so the
/// constraints and what the diagram measures can never disagree.
struct AttributeForm: Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0, constant = 0.0

    /// The value of the form on a frame.
    func value(on frame: Rect) -> Double {
        x * frame.minX + y * frame.minY + width * frame.width + height * frame.height + constant
    }
}

extension LayoutAttribute {
    /// This attribute of an item, as a form of its frame.
    ///
    /// - Parameters:
    ///   - margins: the item's layout margins, resolved for the layout direction (zero for a
    ///     guide: its margin attributes are its edges).
    ///   - rightToLeft: whether leading is the right edge.
    ///   - baselines: a label's first and last baselines as offsets from its vertical centre;
    ///     nil for other items, whose first baseline is their top and last baseline their
    ///     bottom (UIKit: "if that view does not have a baseline, Auto Layout uses the view's
    ///     top edge" for the first, its bottom edge for the last).
    func form(margins m: EdgeInsets, rightToLeft rtl: Bool, baselines: (first: Double, last: Double)?) -> AttributeForm {
        switch self {
        case .left: AttributeForm(x: 1)
        case .right: AttributeForm(x: 1, width: 1)
        case .top: AttributeForm(y: 1)
        case .bottom: AttributeForm(y: 1, height: 1)
        case .width: AttributeForm(width: 1)
        case .height: AttributeForm(height: 1)
        case .centerX: AttributeForm(x: 1, width: 0.5)
        case .centerY: AttributeForm(y: 1, height: 0.5)
        case .leading: rtl ? AttributeForm(x: 1, width: 1) : AttributeForm(x: 1)
        case .trailing: rtl ? AttributeForm(x: 1) : AttributeForm(x: 1, width: 1)
        case .firstBaseline, .lastBaseline:
            if let baselines {
                AttributeForm(y: 1, height: 0.5, constant: self == .firstBaseline ? baselines.first : baselines.last)
            } else {
                self == .firstBaseline ? AttributeForm(y: 1) : AttributeForm(y: 1, height: 1)
            }
        case .leftMargin: AttributeForm(x: 1, constant: m.left)
        case .rightMargin: AttributeForm(x: 1, width: 1, constant: -m.right)
        case .topMargin: AttributeForm(y: 1, constant: m.top)
        case .bottomMargin: AttributeForm(y: 1, height: 1, constant: -m.bottom)
        case .leadingMargin: rtl ? AttributeForm(x: 1, width: 1, constant: -m.right) : AttributeForm(x: 1, constant: m.left)
        case .trailingMargin: rtl ? AttributeForm(x: 1, constant: m.left) : AttributeForm(x: 1, width: 1, constant: -m.right)
        case .centerXWithinMargins: AttributeForm(x: 1, width: 0.5, constant: (m.left - m.right) / 2)
        case .centerYWithinMargins: AttributeForm(y: 1, height: 0.5, constant: (m.top - m.bottom) / 2)
        }
    }
}

extension LayoutItem {
    /// The item whose baseline stands for this item's `attribute` (a baseline), as UIKit's
    /// `forFirstBaselineLayout` / `forLastBaselineLayout` choose it: for a stack view, its first
    /// (last) visible arranged view along a vertical axis, its tallest along a horizontal one
    /// (the greatest intrinsic height, the first of equals), followed down nested stacks; any
    /// other item is its own. A stack with no visible arranged view is its own too.
    func baselineItem(for attribute: LayoutAttribute) -> LayoutItem {
        var item: LayoutItem = self
        for _ in 0..<LayoutDocument.depthLimit {
            guard let stack = item as? StackView else { return item }
            let views = stack.visibleArrangedSubviews
            let next: View?
            if stack.axis == .vertical {
                next = attribute == .firstBaseline ? views.first : views.last
            } else {
                var best: View?, tallest = -Double.infinity
                for v in views {
                    let h = v.intrinsicContentSize.height
                    if h > tallest { best = v; tallest = h }
                }
                next = best ?? views.first
            }
            guard let next else { return item }
            item = next
        }
        return item
    }

    /// A label's baselines as offsets from its vertical centre; nil for other items.
    var baselineOffsetsIfLabel: (first: Double, last: Double)? {
        guard let label = self as? Label else { return nil }
        let o = label.baselineOffsets
        return (o.first, o.last)
    }
}
