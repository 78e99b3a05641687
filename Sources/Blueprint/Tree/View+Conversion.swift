/// UIKit's coordinate conversions and constraint removal, for code written against UIView.
extension View {
    /// A point in this view's bounds, in `view`'s (nil: the root's), as of the last layout.
    /// Both views must be in the same tree (the root's coordinates are shared by all of it).
    public func convert(_ point: Point, to view: View?) -> Point {
        Self.move(point, from: self, to: view)
    }

    /// A point in `view`'s bounds (nil: the root's), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        Self.move(point, from: view, to: self)
    }

    /// `point` in `a`'s bounds, in `b`'s (nil: the root's, whose origin is the root's own).
    private static func move(_ point: Point, from a: View?, to b: View?) -> Point {
        let from = a?.absoluteFrame.origin ?? Point(x: 0, y: 0), to = b?.absoluteFrame.origin ?? Point(x: 0, y: 0)
        return Point(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }

    /// A rectangle in this view's bounds, in `view`'s (nil: the root's): `cell.convert(cell.bounds,
    /// to: table)` is the cell's frame in the table, however deep it sits.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// A rectangle in `view`'s bounds (nil: the root's), in this view's.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// Deactivates `constraint` if it is installed on this view (UIView's `removeConstraint(_:)`;
    /// ``LayoutConstraint/deactivate()`` does the same wherever it is installed).
    public func removeConstraint(_ constraint: LayoutConstraint) {
        guard installed.contains(where: { $0 === constraint }) else { return }
        constraint.deactivate()
    }

    /// Deactivates those of `constraints` installed on this view.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        for c in constraints { removeConstraint(c) }
    }

    /// UIKit's request for a layout pass. Blueprint tracks every change that needs one (a
    /// constraint, a constant, a hidden view, a new text) and applies them at the next
    /// ``layoutIfNeeded()``, so there is nothing to mark: present for code written for UIKit.
    public func setNeedsLayout() {}
}
