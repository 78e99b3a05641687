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
        var out: [AmbiguousItem] = []
        var checked: [LayoutItem] = []
        var queries: [(variable: Variable, origin: Variable?)] = []
        for item in itemsInTree() where item.engine === self {
            if let g = item as? LayoutGuide, g.role != .custom { continue }
            guard let v = item.variables else { continue }
            checked.append(item)
            queries += [(v.x, nil), (v.width, nil), (v.y, nil), (v.height, nil)]
        }
        // One batch: the blocked parameters are found once, not per variable. A variable
        // defined outside the solver moves when its definition does (a random projection of
        // the free directions, carried through the definitions).
        var movable = solver.mayVary(queries.filter { !deferred.defines($0.variable) })
        if !deferred.isEmpty {
            var inputs: [Variable] = []
            var seen: Set<ObjectIdentifier> = []
            for d in deferred.definitions {
                for t in d.terms where !deferred.defines(t.variable) && seen.insert(ObjectIdentifier(t.variable)).inserted {
                    inputs.append(t.variable)
                }
            }
            var motion: [ObjectIdentifier: (value: Double, scale: Double)] = [:]
            for (v, m) in zip(inputs, solver.freeMotion(of: inputs)) { motion[ObjectIdentifier(v)] = m }
            let defined = deferred.propagate { motion[ObjectIdentifier($0)] ?? (1, 1) }
            var merged: [Bool] = []
            merged.reserveCapacity(queries.count)
            var next = 0
            for q in queries {
                if let k = deferred.definitionIndex(of: q.variable) {
                    merged.append(Swift.abs(defined[k].value) > 1e-9 * defined[k].scale)
                } else {
                    merged.append(movable[next])
                    next += 1
                }
            }
            movable = merged
        }
        let attributes: [LayoutAttribute] = [.left, .width, .top, .height]
        for (k, item) in checked.enumerated() {
            let free = (0..<4).filter { movable[4 * k + $0] }.map { attributes[$0] }
            if !free.isEmpty { out.append(AmbiguousItem(item: item, free: free)) }
        }
        ambiguityCache = out.map { (WeakItem(item: $0.item), $0.free) }
        return out
    }

    /// Every view of the tree, depth first, each followed by its guides.
    private func itemsInTree() -> [LayoutItem] {
        var items: [LayoutItem] = []
        root.forEachInSubtree { v in
            items.append(v)
            items.append(contentsOf: v.allGuides)
        }
        return items
    }
}
