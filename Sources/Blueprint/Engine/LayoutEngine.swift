import BlueprintSupport
import Cassowary

/// Turns a view tree and its constraints into one solver, keeps it up to date incrementally,
/// and reads frames back. One per root view.
///
/// - Structural constraints (the engine's own): a fixed frame, intrinsic sizes, layout guides.
/// - User constraints: every active ``LayoutConstraint`` of the tree, added in activation order.
/// - Conflict rule: when a required constraint cannot be added, the solver names the required
///   constraints it conflicts with; of that set (the new one included), the constraint
///   *activated last* is broken (the engine's own count as activated first). So the result
///   depends only on the active constraints and their activation order, not on the order of
///   later edits: broken constraints are retried whenever something is removed or changed.
final class LayoutEngine {
    unowned let root: View
    private(set) var solver = Solver()
    /// Bumped by every layout; items re-read their frames when it moves.
    private(set) var generation = 0
    var needsRebuild = true
    /// How many times the solver was built from scratch (tests check the fast paths).
    private(set) var rebuildCount = 0

    enum Op {
        case add(LayoutConstraint)
        case remove(LayoutConstraint)
        case constant(LayoutConstraint)
        case replace(LayoutConstraint)
    }
    private var ops: [Op] = []
    /// Views whose intrinsic size changed since the last layout (weakly: the engine must not
    /// keep the tree alive — the root owns the engine).
    private var intrinsicDirty: [WeakView] = []
    struct WeakView { weak var view: View? }

    /// The engine's own constraints, with what they are for (reports print these).
    private var structuralNotes: [ObjectIdentifier: String] = [:]
    private var intrinsicConstraints: [ObjectIdentifier: [Cassowary.Constraint]] = [:]
    private var userBySolver: [ObjectIdentifier: LayoutConstraint] = [:]
    /// Constraints equivalent to one already in the solver, keyed by that one.
    private var twins: [ObjectIdentifier: [LayoutConstraint]] = [:]
    private var twinOf: [ObjectIdentifier: ObjectIdentifier] = [:]
    private var conflicts: [ObjectIdentifier: ConflictReport] = [:]
    private var brokenConstraints: [LayoutConstraint] = []
    private var structuralBroken: [ConflictReport] = []
    /// The last ambiguity answer, items held weakly (the root owns the engine).
    private var ambiguityCache: [(item: WeakItem, free: [LayoutAttribute])]?
    struct WeakItem { weak var item: LayoutItem? }
    private var direction = LayoutDirection.leftToRight

    init(root: View) {
        self.root = root
    }

    // MARK: Driving

    func enqueue(_ op: Op) {
        guard !needsRebuild else { return }
        ops.append(op)
    }

    func intrinsicSizeChanged(_ view: View) {
        guard !needsRebuild else { return }
        intrinsicDirty.append(WeakView(view: view))
    }

    func layout() {
        if needsRebuild {
            rebuild()
        } else if !ops.isEmpty || !intrinsicDirty.isEmpty {
            applyChanges()
        } else {
            return
        }
        generation += 1
        ambiguityCache = nil
    }

    func value(_ v: Variable) -> Double { clean(solver.value(of: v)) }

    /// Snaps values within 1e-9 of a multiple of 1e-6 onto it (simplex arithmetic leaves
    /// 99.99999999999999 where 100 is meant), and turns -0 into 0.
    private func clean(_ x: Double) -> Double {
        let r = (x * 1e6).rounded() / 1e6
        let v = Swift.abs(x - r) < 1e-9 ? r : x
        return v == 0 ? 0 : v
    }

    // MARK: Building

    private func rebuild() {
        rebuildCount += 1
        solver = Solver()
        ops.removeAll()
        intrinsicDirty.removeAll()
        structuralNotes.removeAll()
        intrinsicConstraints.removeAll()
        userBySolver.removeAll()
        twins.removeAll()
        twinOf.removeAll()
        conflicts.removeAll()
        brokenConstraints.removeAll()
        structuralBroken.removeAll()
        direction = root.layoutDirection

        var user: [LayoutConstraint] = []
        var items: [LayoutItem] = []
        root.forEachInSubtree { v in
            items.append(v)
            items.append(contentsOf: v.allGuides)
            for c in v.installed { if let c { user.append(c) } }
        }
        for item in items {
            item.variables = ItemVariables(item.name)
            item.engine = self
        }
        for item in items { addStructural(for: item) }
        user.sort { $0.order < $1.order }
        for c in user {
            c.engineState = .none
            c.solverConstraint = nil
            addUser(c)
        }
        needsRebuild = false
    }

    private func applyChanges() {
        var changed = false
        let pending = ops
        ops.removeAll()
        for op in pending {
            switch op {
            case .add(let c):
                guard c.isActive, c.engineState == .none, c.container?.root === root else { continue }
                addUser(c)
            case .remove(let c):
                guard c.engine === self, c.engineState != .none else { continue }
                removeUser(c)
                changed = true
            case .constant(let c):
                guard c.engine === self, c.isActive, c.engineState != .none else { continue }
                if c.engineState == .active, moveConstant(c) { continue }
                removeUser(c)
                addUser(c)
                changed = true
            case .replace(let c):
                guard c.engine === self, c.isActive, c.engineState != .none else { continue }
                removeUser(c)
                addUser(c)
                changed = true
            }
        }
        let dirty = intrinsicDirty
        intrinsicDirty.removeAll()
        var seen: Set<ObjectIdentifier> = []
        for v in dirty.compactMap(\.view) where seen.insert(ObjectIdentifier(v)).inserted && v.engine === self {
            for sc in intrinsicConstraints.removeValue(forKey: ObjectIdentifier(v)) ?? [] {
                removeSolverConstraint(sc)
            }
            addIntrinsic(for: v)
            changed = true
        }
        if changed { retryBroken() }
    }

    /// The fast path: the constant moves inside the solver. False when the solver refused
    /// (the new constant conflicts or duplicates): then the caller removes and re-adds.
    private func moveConstant(_ c: LayoutConstraint) -> Bool {
        guard let sc = c.solverConstraint, twins[ObjectIdentifier(sc)] == nil else { return false }
        let target = sc.expression.constant - (c.constant - c.solverConstant)
        do {
            try solver.setConstant(of: sc, to: target)
            c.solverConstant = c.constant
            return true
        } catch {
            return false
        }
    }

    private func retryBroken() {
        guard !brokenConstraints.isEmpty else { return }
        let retry = brokenConstraints.sorted { $0.order < $1.order }
        for c in retry where c.engineState == .broken {
            removeUser(c)
            addUser(c)
        }
    }

    // MARK: User constraints

    private func addUser(_ c: LayoutConstraint) {
        c.engine = self
        let sc = solverConstraint(for: c)
        c.solverConstraint = sc
        c.solverConstant = c.constant
        while true {
            do {
                try solver.add(sc)
                c.engineState = .active
                userBySolver[ObjectIdentifier(sc)] = c
                return
            } catch .duplicateConstraint(_, let existing) {
                c.engineState = .duplicate
                twins[ObjectIdentifier(existing), default: []].append(c)
                twinOf[ObjectIdentifier(c)] = ObjectIdentifier(existing)
                return
            } catch .unsatisfiableConstraint(_, let set) {
                let involved = set.compactMap { userBySolver[ObjectIdentifier($0)] }
                let victim = ([c] + involved).max { $0.order < $1.order }!
                let report = conflictReport(adding: c.formulaWithLocation, solverSet: set, involved: involved + [c], broken: victim)
                if victim === c {
                    markBroken(c, report)
                    return
                }
                removeUser(victim)
                markBroken(victim, report)
                for t in twins.removeValue(forKey: ObjectIdentifier(victim.solverConstraint!)) ?? [] {
                    twinOf[ObjectIdentifier(t)] = nil
                    markBroken(t, report)
                }
            } catch {
                // Not expected from a valid constraint; keep it out and say so.
                let report = ConflictReport(
                    constraints: [c.formulaWithLocation], involved: [c], broken: c,
                    brokenDescription: c.formulaWithLocation + " — solver error: \(error)")
                markBroken(c, report)
                return
            }
        }
    }

    private func markBroken(_ c: LayoutConstraint, _ report: ConflictReport) {
        c.engineState = .broken
        conflicts[ObjectIdentifier(c)] = report
        brokenConstraints.append(c)
    }

    private func removeUser(_ c: LayoutConstraint) {
        switch c.engineState {
        case .none:
            return
        case .active:
            if let sc = c.solverConstraint {
                userBySolver[ObjectIdentifier(sc)] = nil
                removeSolverConstraint(sc)
            }
        case .broken:
            conflicts[ObjectIdentifier(c)] = nil
            brokenConstraints.removeAll { $0 === c }
        case .duplicate:
            if let key = twinOf.removeValue(forKey: ObjectIdentifier(c)) {
                twins[key]?.removeAll { $0 === c }
                if twins[key]?.isEmpty == true { twins[key] = nil }
            }
        }
        c.engineState = .none
    }

    /// Removes a constraint from the solver; its twins (equivalent constraints waiting behind
    /// it) take its place.
    private func removeSolverConstraint(_ sc: Cassowary.Constraint) {
        try? solver.remove(sc)
        structuralNotes[ObjectIdentifier(sc)] = nil
        for t in twins.removeValue(forKey: ObjectIdentifier(sc)) ?? [] {
            twinOf[ObjectIdentifier(t)] = nil
            t.engineState = .none
            addUser(t)
        }
    }

    /// `first.attr1 rel m × second.attr2 + c` as a solver constraint.
    ///
    /// - A position with a multiplier other than 1 is measured from the container's origin, as
    ///   UIKit measures it in the coordinates of the view the constraint is installed on:
    ///   `(a − o) rel m·(b − o) + c`, i.e. `a rel m·b + (1 − m)·o + c`.
    /// - In a right-to-left layout, a constraint on leading or trailing is read in mirrored
    ///   coordinates (x grows leftwards), so `a.leading == b.leading + 10` puts `a` 10 pt in
    ///   from `b`'s right edge, and `a.leading == b.trailing + 8` puts `a` to the left of `b`.
    private func solverConstraint(for c: LayoutConstraint) -> Cassowary.Constraint {
        let mirror = direction == .rightToLeft
            && (c.firstAttribute.isDirectional || c.secondAttribute?.isDirectional == true)
        let sign = mirror ? -1.0 : 1.0
        var e = sign * expression(c.firstItem, c.firstAttribute)
        if let second = c.secondItem, let attribute = c.secondAttribute {
            e = e - c.multiplier * sign * expression(second, attribute)
            if c.multiplier != 1, !c.firstAttribute.isDimension, let container = c.container, let v = container.variables {
                let origin: Expression =
                    c.firstAttribute.axis == .vertical ? Expression(v.y)
                    : mirror ? -(v.x + v.width) : Expression(v.x)
                e = e - (1 - c.multiplier) * origin
            }
        }
        e = e - c.constant
        let relation: Relation =
            switch c.relation {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        return Cassowary.Constraint(e, relation, strength: c.priority.strength)
    }

    /// An attribute of an item as a linear expression of its variables (the form of
    /// `AttributeGeometry`, with the engine's layout direction and the view's margins).
    private func expression(_ item: LayoutItem, _ attribute: LayoutAttribute) -> Expression {
        let v = item.variables!
        let m = (item as? View).map(margins(of:)) ?? .zero
        let f = attribute.form(margins: m, rightToLeft: direction == .rightToLeft, baselines: item.baselineOffsetsIfLabel)
        var e = Expression(f.constant)
        if f.x != 0 { e = e + f.x * v.x }
        if f.y != 0 { e = e + f.y * v.y }
        if f.width != 0 { e = e + f.width * v.width }
        if f.height != 0 { e = e + f.height * v.height }
        return e
    }

    private func margins(of view: View) -> EdgeInsets {
        switch view.marginStorage {
        case .absolute(let m): m
        case .directional(let d): d.resolved(for: direction)
        }
    }

    // MARK: Structural constraints

    private func addStructural(_ c: Cassowary.Constraint, _ note: String) -> Bool {
        do {
            try solver.add(c)
            structuralNotes[ObjectIdentifier(c)] = note
            return true
        } catch .duplicateConstraint {
            return false   // already implied by an equivalent one
        } catch .unsatisfiableConstraint(_, let set) {
            // The engine's own constraints are added before any user constraint, so only
            // another structural one can be in the way: keep the first, break this one.
            let involved = set.compactMap { userBySolver[ObjectIdentifier($0)] }
            let victim = involved.max { $0.order < $1.order }
            let report = conflictReport(adding: note, solverSet: set, involved: involved, broken: victim)
            if let victim {
                removeUser(victim)
                markBroken(victim, report)
                return addStructural(c, note)
            }
            structuralBroken.append(report)
            return false
        } catch {
            return false
        }
    }

    private func addStructural(for item: LayoutItem) {
        let v = item.variables!
        if let view = item as? View {
            if view.translatesAutoresizingMaskIntoConstraints || view.superview == nil {
                let f = view.translatesAutoresizingMaskIntoConstraints ? view.requestedFrame : .zero
                let origin = view.superview?.variables
                let what = view.superview == nil ? "root" : "fixed frame"
                _ = addStructural(v.x - (origin.map { Expression($0.x) } ?? Expression(0)) == f.minX, "\(view.name).minX == \(formatNumber(f.minX)) (\(what))")
                _ = addStructural(v.y - (origin.map { Expression($0.y) } ?? Expression(0)) == f.minY, "\(view.name).minY == \(formatNumber(f.minY)) (\(what))")
                if view.translatesAutoresizingMaskIntoConstraints {
                    _ = addStructural(v.width == f.width, "\(view.name).width == \(formatNumber(f.width)) (fixed frame)")
                    _ = addStructural(v.height == f.height, "\(view.name).height == \(formatNumber(f.height)) (fixed frame)")
                }
            }
            addIntrinsic(for: view)
            return
        }
        guard let guide = item as? LayoutGuide, let owner = guide.owningView, let o = owner.variables else { return }
        let name = guide.name
        func pin(_ e: Expression, _ note: String) { _ = addStructural(Cassowary.Constraint(e, .equal), "\(name).\(note)") }
        switch guide.role {
        case .custom:
            return
        case .layoutMargins:
            let m = margins(of: owner)
            pin(v.x - o.x - m.left, "left == \(owner.name).leftMargin (layout margins)")
            pin(v.y - o.y - m.top, "top == \(owner.name).topMargin (layout margins)")
            pin(v.width - o.width + m.left + m.right, "right == \(owner.name).rightMargin (layout margins)")
            pin(v.height - o.height + m.top + m.bottom, "bottom == \(owner.name).bottomMargin (layout margins)")
        case .readableContent:
            // Inside the margins, centred in them, as wide as they are up to the readable width.
            let m = margins(of: owner)
            let inner = o.width - m.left - m.right
            pin(v.y - o.y - m.top, "top == \(owner.name).topMargin (readable content)")
            pin(v.height - o.height + m.top + m.bottom, "bottom == \(owner.name).bottomMargin (readable content)")
            pin(v.x + 0.5 * v.width - o.x - m.left - 0.5 * inner, "centerX == \(owner.name).centerXWithinMargins (readable content)")
            _ = addStructural(Cassowary.Constraint(v.width - View.readableContentWidth, .lessThanOrEqual), "\(name).width <= \(formatNumber(View.readableContentWidth)) (readable content)")
            _ = addStructural(Cassowary.Constraint(v.width - inner, .lessThanOrEqual), "\(name).width <= \(owner.name)'s width within margins (readable content)")
            _ = addStructural(Cassowary.Constraint(v.width - inner, .equal, strength: LayoutPriority.structuralPreference), "\(name).width as wide as \(owner.name)'s margins allow (readable content)")
        case .safeArea:
            let s = root.safeAreaInsets
            let r = root.variables!
            if owner === root {
                pin(v.x - r.x - s.left, "left == root.left + \(formatNumber(s.left)) (safe area)")
                pin(v.y - r.y - s.top, "top == root.top + \(formatNumber(s.top)) (safe area)")
                pin(v.width - r.width + s.left + s.right, "width == root.width - \(formatNumber(s.left + s.right)) (safe area)")
                pin(v.height - r.height + s.top + s.bottom, "height == root.height - \(formatNumber(s.top + s.bottom)) (safe area)")
                return
            }
            // The part of the view inside the root's safe area: each edge is the inner one of
            // the view's edge and the safe area's, which the preference picks among the two
            // lower bounds (required) by staying as close to the view's edge as it can.
            let pairs: [(Expression, Expression, Expression, String)] = [
                (Expression(v.x), Expression(o.x), r.x + s.left, "left"),
                (Expression(v.y), Expression(o.y), r.y + s.top, "top"),
                (-(v.x + v.width), -(o.x + o.width), -(r.x + r.width - s.right), "right"),
                (-(v.y + v.height), -(o.y + o.height), -(r.y + r.height - s.bottom), "bottom"),
            ]
            for (edge, viewEdge, safeEdge, side) in pairs {
                _ = addStructural(Cassowary.Constraint(edge - viewEdge, .greaterThanOrEqual), "\(name).\(side) inside \(owner.name) (safe area)")
                _ = addStructural(Cassowary.Constraint(edge - safeEdge, .greaterThanOrEqual), "\(name).\(side) inside root's safe area (safe area)")
                _ = addStructural(Cassowary.Constraint(edge - viewEdge, .equal, strength: LayoutPriority.structuralPreference), "\(name).\(side) hugs \(owner.name) (safe area)")
            }
        case .support(let edge):
            let s = owner.safeAreaInsets
            switch edge {
            case .top:
                pin(v.x - o.x, "left == \(owner.name).left"); pin(v.width - o.width, "width == \(owner.name).width")
                pin(v.y - o.y, "top == \(owner.name).top"); pin(v.height - s.top, "height == \(formatNumber(s.top)) (top inset)")
            case .bottom:
                pin(v.x - o.x, "left == \(owner.name).left"); pin(v.width - o.width, "width == \(owner.name).width")
                pin(v.y - o.y - o.height + s.bottom, "bottom == \(owner.name).bottom"); pin(v.height - s.bottom, "height == \(formatNumber(s.bottom)) (bottom inset)")
            case .left:
                pin(v.y - o.y, "top == \(owner.name).top"); pin(v.height - o.height, "height == \(owner.name).height")
                pin(v.x - o.x, "left == \(owner.name).left"); pin(v.width - s.left, "width == \(formatNumber(s.left)) (left inset)")
            case .right:
                pin(v.y - o.y, "top == \(owner.name).top"); pin(v.height - o.height, "height == \(owner.name).height")
                pin(v.x - o.x - o.width + s.right, "right == \(owner.name).right"); pin(v.width - s.right, "width == \(formatNumber(s.right)) (right inset)")
            }
        }
    }

    /// `width >= w` at the compression-resistance priority and `width <= w` at the hugging
    /// priority, per axis that has an intrinsic size.
    private func addIntrinsic(for view: View) {
        let size = view.intrinsicContentSize
        let v = view.variables!
        var added: [Cassowary.Constraint] = []
        for (axis, value, variable) in [(LayoutAxis.horizontal, size.width, v.width), (.vertical, size.height, v.height)] {
            guard value >= 0, value.isFinite else { continue }
            let attribute = axis == .horizontal ? "width" : "height"
            let cr = view.contentCompressionResistancePriority(for: axis)
            let hug = view.contentHuggingPriority(for: axis)
            let grow = (variable >= value).strength(cr.strength)
            let shrink = (variable <= value).strength(hug.strength)
            let atLeast = "\(view.name).\(attribute) >= \(formatNumber(value))\(cr.isRequired ? "" : " @\(cr)") (compression resistance)"
            let atMost = "\(view.name).\(attribute) <= \(formatNumber(value))\(hug.isRequired ? "" : " @\(hug)") (content hugging)"
            if addStructural(grow, atLeast) { added.append(grow) }
            if addStructural(shrink, atMost) { added.append(shrink) }
        }
        if !added.isEmpty { intrinsicConstraints[ObjectIdentifier(view)] = added }
    }

    // MARK: Reports

    private func conflictReport(
        adding: String, solverSet: [Cassowary.Constraint], involved: [LayoutConstraint], broken: LayoutConstraint?
    ) -> ConflictReport {
        var structural: [String] = []
        for sc in solverSet where userBySolver[ObjectIdentifier(sc)] == nil {
            structural.append(structuralNotes[ObjectIdentifier(sc)] ?? sc.description)
        }
        if broken == nil { structural.append(adding) }
        let users = involved.sorted { $0.order < $1.order }
        var seen: Set<ObjectIdentifier> = []
        let unique = users.filter { seen.insert(ObjectIdentifier($0)).inserted }
        return ConflictReport(
            constraints: structural + unique.map(\.formulaWithLocation),
            involved: unique, broken: broken,
            brokenDescription: broken?.formulaWithLocation ?? adding)
    }

    func report() -> LayoutReport {
        let userConflicts = brokenConstraints.sorted { $0.order < $1.order }.compactMap { conflicts[ObjectIdentifier($0)] }
        return LayoutReport(conflicts: structuralBroken + userConflicts, ambiguous: ambiguity())
    }

    /// Views and custom guides whose frame — in their superview's coordinates, as UIKit's
    /// `hasAmbiguousLayout` sees it — can change without making any constraint less satisfied.
    /// A view pinned inside an ambiguous superview moves with it and is not itself ambiguous.
    ///
    /// Each size variable, and each position as an offset from the superview, is asked ``Solver/mayVary(_:)``: a free parameter of
    /// the optimum that moves it. That is certain when it answers yes; an item that only two
    /// parameters moved together could shift is not reported.
    /// - Complexity: O(tableau cells + items × row length); no pivots, the solver is not changed.
    private func ambiguity() -> [AmbiguousItem] {
        if let cached = ambiguityCache {
            return cached.compactMap { e in e.item.item.map { AmbiguousItem(item: $0, free: e.free) } }
        }
        var out: [AmbiguousItem] = []
        var checked: [LayoutItem] = []
        var queries: [(variable: Variable, origin: Variable?)] = []
        for item in itemsInTree() where item.engine === self {
            if let g = item as? LayoutGuide, g.role != .custom { continue }
            guard let v = item.variables else { continue }
            let parent = ((item as? View)?.superview ?? item.owningView.flatMap { $0 === item ? nil : $0 })?.variables
            checked.append(item)
            queries += [(v.x, parent?.x), (v.width, nil), (v.y, parent?.y), (v.height, nil)]
        }
        // One batch: the blocked parameters are found once, not per variable.
        let movable = solver.mayVary(queries)
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

extension LayoutConstraint {
    /// The formula with its identifier and location, as reports list it:
    /// `'inset' title.leading == card.leadingMargin - 4 (login.layout:12)`.
    public var formulaWithLocation: String {
        var s = formula
        if let id = identifier { s = "'\(id)' " + s }
        if let location { s += " (\(location))" }
        return s
    }
}
