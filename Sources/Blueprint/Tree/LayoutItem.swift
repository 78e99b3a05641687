import Cassowary

/// Something constraints can relate: a ``View`` or a ``LayoutGuide``.
///
/// Its frame is four solver variables — the absolute `minX, minY, width, height` — so
/// constraints across subtrees need no conversion. You never create a `LayoutItem` directly.
open class LayoutItem {
    /// The name used in descriptions, reports, diagrams and the text formats.
    public var name: String

    /// The solver variables of the current layout (replaced whenever the engine rebuilds).
    var variables: ItemVariables?
    /// The engine that solved this item last; frames are read from it lazily.
    weak var engine: LayoutEngine?
    var cachedAbsoluteFrame = Rect.zero
    var cachedGeneration = -1

    init(name: String) {
        self.name = name
    }

    /// The view that owns this item: the view itself, or the view a guide belongs to.
    public var owningView: View? { nil }

    /// The frame in the root view's coordinates, as of the last `layoutIfNeeded()`.
    public var absoluteFrame: Rect {
        guard let engine else { return cachedAbsoluteFrame }
        if cachedGeneration != engine.generation {
            cachedGeneration = engine.generation
            if let v = variables {
                cachedAbsoluteFrame = Rect(
                    x: engine.value(v.x), y: engine.value(v.y),
                    width: engine.value(v.width), height: engine.value(v.height))
            }
        }
        return cachedAbsoluteFrame
    }
}

/// The four solver variables of an item.
final class ItemVariables {
    let x, y, width, height: Variable

    init(_ name: String) {
        x = Variable(name + ".minX")
        y = Variable(name + ".minY")
        width = Variable(name + ".width")
        height = Variable(name + ".height")
    }
}
