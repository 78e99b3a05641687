extension View {
    /// The smallest size: `systemLayoutSizeFitting(View.layoutFittingCompressedSize)` asks for
    /// the most compact size the view's constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// A size larger than any screen: asks for the largest size the constraints allow.
    public static let layoutFittingExpandedSize = Size(width: 100_000, height: 100_000)

    /// The size the view's own constraints (those of its subtree) give it when it is pulled
    /// towards `targetSize` — per axis at the given priority — as UIKit's
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`.
    ///
    /// Measuring a cell's height at a width: `cell.systemLayoutSizeFitting(Size(width: 375,
    /// height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority:
    /// .fittingSizeLevel)`.
    ///
    /// Constraints that relate the subtree to views outside it are not considered. An axis
    /// whose target is not a finite number ≥ 0, or whose priority is outside 1…1000, is not
    /// pulled at all. Frames stay those of the last layout (nothing moves, as in UIKit); the
    /// tree's next `layoutIfNeeded()` lays it out again from scratch.
    /// - Complexity: one solve of the subtree.
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority = .fittingSizeLevel,
        verticalFittingPriority vertical: LayoutPriority = .fittingSizeLevel
    ) -> Size {
        forEachInSubtree { ($0 as? StackView)?.arrangeIfNeeded() }
        // What the subtree's items read their frames from, put back after the measurement: as
        // in UIKit, measuring leaves the frames of the last layout as they were.
        var saved: [(item: LayoutItem, variables: ItemVariables?, link: EngineLink?)] = []
        var savedRoots: [(view: View, engine: LayoutEngine?)] = []
        forEachInSubtree { v in
            saved.append((v, v.variables, v.engineLink))
            savedRoots.append((v, v.rootEngine))
            for g in v.builtInGuides { saved.append((g, g.variables, g.engineLink)) }
            for g in v.layoutGuides { saved.append((g, g.variables, g.engineLink)) }
        }
        // The widths multi-line labels wrap at, as the last layout left them: the measurement
        // wraps them at its own widths, and puts these back (a second measurement gives the
        // same size as the first).
        var wrapStates: [(label: Label, width: Double?)] = []
        forEachInSubtree { if let l = $0 as? Label, l.wrapsAutomatically { wrapStates.append((l, l.wrapState)) } }
        var pulls: [LayoutConstraint] = []
        ConstraintCollector.$current.withValue(nil) {
            for (attribute, value, priority) in [(LayoutAttribute.width, targetSize.width, horizontal), (.height, targetSize.height, vertical)] {
                guard value.isFinite, value >= 0, priority.isValid else { continue }
                let c = LayoutConstraint(self, attribute, .equal, nil, nil, multiplier: 1, constant: value, location: nil)
                c.storedPriority = priority
                c.identifier = "fitting \(attribute)"
                pulls.append(c)
            }
        }
        for c in pulls {
            do { try c.activate() } catch { continue }   // made valid above; nothing to refuse
        }
        let engine = LayoutEngine(root: self)
        engine.layout()
        // Multi-line labels wrap at the width this solve gave them, as in `layoutIfNeeded()`
        // (the cell-height measurement this method is for).
        var wrapping: [Label] = []
        forEachInSubtree { if let l = $0 as? Label, l.wrapsAutomatically { wrapping.append(l) } }
        Label.wrap(wrapping, width: { engine.value($0.variables!.width) }, solve: engine.layout)
        let size = variables.map { Size(width: engine.value($0.width), height: engine.value($0.height)) } ?? .zero
        for c in pulls { c.deactivate() }
        // The subtree's constraints were given to this engine: the tree's own engine rebuilds
        // at its next layout. Until then every item reads the frame it had before.
        detachFromEngine()
        for (view, engine) in savedRoots { view.rootEngine = engine }
        for (item, variables, link) in saved {
            item.variables = variables
            item.engineLink = link
            item.cachedGeneration = -1
            item.absoluteGeneration = -1
        }
        for (label, width) in wrapStates { label.wrapState = width }
        root.rootEngine?.needsRebuild = true
        return size
    }
}
