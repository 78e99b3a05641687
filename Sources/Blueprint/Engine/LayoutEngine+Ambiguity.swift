import Cassowary

/// The ambiguity report: which parts of which frames the constraints leave free.
extension LayoutEngine {
    /// Views and custom guides whose frame — in their superview's coordinates, as UIKit's
    /// `hasAmbiguousLayout` sees it — can change without making any constraint less satisfied.
    /// A view pinned inside an ambiguous superview moves with it and is not itself ambiguous.
    ///
    /// Each size variable, and each position as an offset from the superview, is asked
    /// ``Solver/mayVary(_:)`` in one batch: whether the optimal
    /// solutions (the same cost on every priority level) disagree on it. The answer is exact: a
    /// degenerate optimum (several constraints binding at once) is not ambiguity, and an item that
    /// only several parameters moved together can shift is reported.
    /// - Complexity: O(tableau cells + items × row length), plus a small dense program per group
    ///   of rows only a combination of parameters keeps at zero; no pivots, the solver is not changed.
    func ambiguity() -> [AmbiguousItem] {
        if let cached = ambiguityCache {
            return cached.compactMap { e in e.item.item.map { AmbiguousItem(item: $0, free: e.free) } }
        }
        // The items asked about, in tree order (each view, then its custom guides: built-in
        // guides are never reported), and their four variables in flat arrays (x, width, y,
        // height per item). A variable defined outside the solver is not asked of it:
        // `definition` holds the index of its definition, -1 for a solver variable.
        // (A loop, not closures: variables captured by closures are checked for exclusive
        // access at every append.)
        var checked: [LayoutItem] = []
        var queries: [(variable: Variable, origin: Variable?)] = []
        var definition: [Int32] = []
        let hasDefinitions = !deferred.isEmpty, hasAliases = deferred.hasAliases
        var views: [View] = [root]   // depth first, as `forEachInSubtree`
        while let view = views.popLast() {
            let guides = view.layoutGuides
            // A stack's own guides (spacers, the baseline span) follow its views: when they
            // are free, the stack or its views are reported, not the stack's machinery.
            let stackGuides = (view as? StackView)?.ownGuides ?? []
            for k in -1..<guides.count {
                let item: LayoutItem = k < 0 ? view : guides[k]
                if k >= 0 && (guides[k].role != .custom || stackGuides.contains { $0 === guides[k] }) { continue }
                guard item.engine === self, let v = item.variables else { continue }
                checked.append(item)
                for a in 0..<4 {
                    var variable = a == 0 ? v.x : a == 1 ? v.width : a == 2 ? v.y : v.height
                    // An aliased variable is `scale·target + offset` (scale ≠ 0): it varies
                    // exactly when its target does, and a fixed one never.
                    if hasAliases {
                        guard let target = deferred.resolved(variable).target else {
                            definition.append(-2)
                            continue
                        }
                        variable = target
                    }
                    let d = hasDefinitions ? deferred.definitionIndex(of: variable) : nil
                    definition.append(Int32(d ?? -1))
                    if d == nil { queries.append((variable, nil)) }
                }
            }
            views.append(contentsOf: view.subviews.reversed())
        }
        // One batch: the blocked parameters are found once, not per variable. A variable
        // defined outside the solver moves when its definition does (a random projection of
        // the free directions, carried through the definitions).
        let movable = solver.mayVary(queries)
        var defined: [(value: Double, scale: Double)] = []
        if hasDefinitions {
            let (inputs, inputIndex) = deferred.solverInputs()
            let motion = solver.freeMotion(of: inputs)
            defined = deferred.propagate { inputIndex[ObjectIdentifier($0)].map { motion[$0] } ?? (1, 1) }
        }
        var out: [AmbiguousItem] = []
        var next = 0   // the next answer of the solver's batch
        let attributes: [LayoutAttribute] = [.left, .width, .top, .height]
        for i in checked.indices {
            var free: [LayoutAttribute] = []
            for (a, attribute) in attributes.enumerated() {
                let k = Int(definition[4 * i + a])
                let moves: Bool
                if k == -2 {
                    moves = false   // fixed by an alias
                } else if k >= 0 {
                    moves = Swift.abs(defined[k].value) > 1e-9 * defined[k].scale
                } else {
                    moves = movable[next]
                    next += 1
                }
                if moves { free.append(attribute) }
            }
            if !free.isEmpty { out.append(AmbiguousItem(item: checked[i], free: free)) }
        }
        ambiguityCache = out.map { (WeakItem(item: $0.item), $0.free) }
        return out
    }
}
