import Cassowary

/// Something constraints can relate: a ``View`` or a ``LayoutGuide``.
///
/// Its frame is four solver variables — `minX, minY` relative to its layout parent (the
/// superview of a view, the owning view of a guide; the root's are its own), `width, height` —
/// so a constraint inside a container only involves that container's coordinates.
/// You never create a `LayoutItem` directly.
open class LayoutItem {
    /// The name used in descriptions, reports, diagrams and the text formats.
    @exclusivity(unchecked) public var name: String

    /// The solver variables of the current layout (replaced whenever the engine rebuilds).
    @exclusivity(unchecked) var variables: ItemVariables?
    /// The engine that solved this item last; frames are read from it lazily.
    var engine: LayoutEngine? {
        get { engineLink?.engine }
        set { engineLink = newValue?.link }
    }
    @exclusivity(unchecked) var engineLink: EngineLink?
    @exclusivity(unchecked) var cachedAbsoluteFrame = Rect.zero
    /// The frame in the layout parent's coordinates (the root's own for the root).
    @exclusivity(unchecked) var cachedFrame = Rect.zero
    @exclusivity(unchecked) var cachedGeneration = -1
    @exclusivity(unchecked) var absoluteGeneration = -1

    init(name: String) {
        self.name = name
    }

    /// The view that owns this item: the view itself, or the view a guide belongs to.
    public var owningView: View? { nil }
    /// What `superview` means beside this item in a `.layout` line, and what a position
    /// against a bare number is measured from: a view's superview, and a guide's own view
    /// (as SnapKit's `equalToSuperview()` and VFL's `|` read it for a guide).
    var superviewForFormats: View? { self is LayoutGuide ? owningView : owningView?.superview }

    /// The frame in the root view's coordinates, as of the last `layoutIfNeeded()`.
    public var absoluteFrame: Rect {
        guard let engine, absoluteGeneration != engine.generation else { return cachedAbsoluteFrame }
        // This item and the layout parents above it whose frames are stale, brought up to date
        // from the top down in a loop (a recursion up a tree thousands of levels deep would
        // overflow the stack).
        var stale: [LayoutItem] = []
        var item: LayoutItem? = self
        while let i = item, let e = i.engine, i.absoluteGeneration != e.generation {
            stale.append(i)
            item = LayoutEngine.layoutParent(of: i)
        }
        for i in stale.reversed() {
            guard let e = i.engine, let f = i.solvedFrame else { continue }
            i.absoluteGeneration = e.generation
            let o = LayoutEngine.layoutParent(of: i)?.absoluteFrame.origin ?? .zero
            i.cachedAbsoluteFrame = f.offsetBy(dx: o.x, dy: o.y)
        }
        return cachedAbsoluteFrame
    }

    /// The frame in its layout parent's coordinates, as solved (nil without variables).
    var solvedFrame: Rect? {
        guard let engine else { return nil }
        if cachedGeneration != engine.generation {
            if let v = variables {
                cachedFrame = engine.frame(of: v)
            } else if let f = engine.marginsGuideFrame(of: self) {
                cachedFrame = f
            } else {
                return nil
            }
            cachedGeneration = engine.generation
        }
        return cachedFrame
    }
}

/// The four solver variables of an item.
final class ItemVariables {
    let x, y, width, height: Variable
    /// The variables of the item's layout parent when the engine built them (nil for the root).
    var parent: ItemVariables?

    init(_ name: String) {
        x = Variable(name, suffix: ".minX")
        y = Variable(name, suffix: ".minY")
        width = Variable(name, suffix: ".width")
        height = Variable(name, suffix: ".height")
    }
}
