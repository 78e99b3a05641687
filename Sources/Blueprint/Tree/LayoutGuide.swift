/// A rectangle that takes part in layout without being a view: a view's layout-margins and
/// safe-area guides, the top/bottom/left/right layout guides, or a custom spacer.
///
/// A guide has the edges, centers and size of a view but no margins and no baselines.
public class LayoutGuide: LayoutItem {
    /// What the engine keeps this guide equal to.
    enum Role: Equatable {
        case custom
        case layoutMargins
        case readableContent
        case safeArea
        case support(Edge)
    }

    /// Which edge of its view a ``LayoutSupport`` guide lies along.
    public enum Edge: String, Sendable {
        /// `topLayoutGuide`, `bottomLayoutGuide`, `leftLayoutGuide` and `rightLayoutGuide`: the
        /// guide along the view's top, bottom, left or right edge.
        case top, bottom, left, right
    }

    let role: Role
    /// Unowned (no side table for the view): the view clears it when it goes (``View``'s
    /// `deinit`), or when the guide is removed.
    unowned var _owningView: View?
    /// A derived guide's insets from its view's bounds as of the last layout (a non-root
    /// view's safe-area guide, a readable-content guide): what its view's frame made them,
    /// which the engine pins the guide by and settles after each solve, as UIKit recomputes
    /// `safeAreaInsets` after a layout pass and lays out again (see
    /// `LayoutEngine.settleDerivedGuides()`). Kept across builds as the next build's start.
    @exclusivity(unchecked) var derivedInsets: EdgeInsets?

    /// A custom guide; add it to a view with ``View/addLayoutGuide(_:)``.
    public init(identifier: String) {
        role = .custom
        super.init(name: identifier)
    }

    init(name: String, role: Role, owner: View) {
        self.role = role
        self._owningView = owner
        super.init(name: name)
        owner.madeBuiltInGuides.append(self)
    }

    /// The view this guide belongs to.
    public override var owningView: View? { _owningView }

    /// The guide's frame in its owning view's coordinates, as of the last layout.
    public var layoutFrame: Rect {
        guard let owner = _owningView else { return absoluteFrame }
        if let f = solvedFrame { return f }
        let o = owner.absoluteFrame
        return absoluteLayoutFrame.offsetBy(dx: -o.minX, dy: -o.minY)
    }

    /// A readable-content guide's insets from its view's bounds, for a view `width` wide with
    /// `margins`: the margins, and half of what the width within them is past the readable
    /// width on each side (the guide is centred in the margins, at most 672 wide).
    static func readableInsets(width: Double, margins m: EdgeInsets) -> EdgeInsets {
        let excess = Swift.max(0, width - m.left - m.right - View.readableContentWidth)
        return EdgeInsets(top: m.top, left: m.left + excess / 2, bottom: m.bottom, right: m.right + excess / 2)
    }

    /// A safe-area guide's insets from its view's bounds: how far the view's `frame` reaches
    /// past each side of the root's `safe` area (both in root coordinates).
    static func safeAreaInsets(of frame: Rect, inside safe: Rect) -> EdgeInsets {
        EdgeInsets(top: Swift.max(0, safe.minY - frame.minY), left: Swift.max(0, safe.minX - frame.minX),
                   bottom: Swift.max(0, frame.maxY - safe.maxY), right: Swift.max(0, frame.maxX - safe.maxX))
    }

    /// The guide's frame in root coordinates. A built-in guide that no constraint used is not
    /// in the solver; its frame follows from its view's, computed the same way.
    public var absoluteLayoutFrame: Rect {
        guard variables == nil, let owner = _owningView else { return absoluteFrame }
        let f = owner.absoluteFrame
        switch role {
        case .custom:
            return absoluteFrame
        case .layoutMargins:
            return f.inset(by: owner.layoutMargins)
        case .readableContent:
            return f.inset(by: Self.readableInsets(width: f.width, margins: owner.layoutMargins))
        case .safeArea:
            let root = owner.root
            return f.inset(by: Self.safeAreaInsets(of: f, inside: root.absoluteFrame.inset(by: root.safeAreaInsets)))
        case .support(let edge):
            let s = owner.safeAreaInsets
            switch edge {
            case .top: return Rect(x: f.minX, y: f.minY, width: f.width, height: s.top)
            case .bottom: return Rect(x: f.minX, y: f.maxY - s.bottom, width: f.width, height: s.bottom)
            case .left: return Rect(x: f.minX, y: f.minY, width: s.left, height: f.height)
            case .right: return Rect(x: f.maxX - s.right, y: f.minY, width: s.right, height: f.height)
            }
        }
    }
}

/// A layout guide along one edge of a view, as a view controller's `topLayoutGuide`: its
/// length is the view's safe-area inset on that side. Used alone in an expression it stands for
/// its *opposite* edge (LayoutExpressions): `subview.top == root.topLayoutGuide` means
/// `subview.top == root.topLayoutGuide.bottom`.
public final class LayoutSupport: LayoutGuide {
    /// The edge along which this guide lies.
    public var edge: Edge {
        if case .support(let e) = role { return e }
        return .top
    }

    /// The length of the guide: the owning view's safe-area inset on its edge.
    public var length: Double {
        guard let v = _owningView else { return 0 }
        switch edge {
        case .top: return v.safeAreaInsets.top
        case .bottom: return v.safeAreaInsets.bottom
        case .left: return v.safeAreaInsets.left
        case .right: return v.safeAreaInsets.right
        }
    }
}
