import BlueprintSupport
import Cassowary

/// Turns a view tree and its constraints into one solver, keeps it up to date incrementally,
/// and reads frames back. One per root view.
///
/// - Structural constraints (the engine's own): a fixed frame, intrinsic sizes, layout guides.
/// - User constraints: every active ``LayoutConstraint`` of the tree, added in activation order.
/// - Conflict rule: when a required constraint cannot be added, the solver names the required
///   constraints it conflicts with; of that set (the new one included), the constraint that
///   *lives furthest down the tree* (on the view that comes last in a walk from the root),
///   then the one *activated last*, is broken (the engine's own count as first). So the result
///   depends only on the tree, the active constraints and their activation order, not on the
///   order of later edits: broken constraints are retried whenever something is removed or
///   changed.
final class LayoutEngine {
    unowned let root: View
    private(set) var solver = Solver()
    /// Bumped by every layout; items re-read their frames when it moves.
    private(set) var generation = 0
    var needsRebuild = true
    /// How many times the solver was built from scratch (tests check the fast paths).
    private(set) var rebuildCount = 0
    /// The solver's work (``Cassowary/Solver/work``) in the last build.
    private var buildWork = 0
    /// The work of the solvers that builds replaced.
    private var retiredWork = 0
    /// All the work this engine's solvers did, builds and changes (for tests and benchmarks).
    var work: Int { retiredWork &+ solver.work }

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
    // The tables a build writes for every constraint are not checked for exclusive access at
    // run time (the engine never hands out overlapping accesses; the checks cost ~3% of a build).
    @exclusivity(unchecked) private var structuralNotes: [ObjectIdentifier: StructuralNote] = [:]
    @exclusivity(unchecked) private var intrinsicConstraints: [ObjectIdentifier: [Cassowary.Constraint]] = [:]
    @exclusivity(unchecked) private var userBySolver: [ObjectIdentifier: LayoutConstraint] = [:]
    /// Constraints equivalent to one already in the solver, keyed by that one.
    private var twins: [ObjectIdentifier: [LayoutConstraint]] = [:]
    private var twinOf: [ObjectIdentifier: ObjectIdentifier] = [:]
    private var conflicts: [ObjectIdentifier: ConflictReport] = [:]
    private var brokenConstraints: [LayoutConstraint] = []
    private var structuralBroken: [ConflictReport] = []
    /// The last ambiguity answer, items held weakly (the root owns the engine).
    var ambiguityCache: [(item: WeakItem, free: [LayoutAttribute])]?
    struct WeakItem { weak var item: LayoutItem? }
    private var direction = LayoutDirection.leftToRight
    /// The direction the current build reads leading and trailing in.
    var layoutDirection: LayoutDirection { direction }
    /// How many items (views and guides) the last build laid out.
    private var itemCount = 0
    /// Required equalities that only define a variable, kept out of the solver.
    @exclusivity(unchecked) private(set) var deferred = DeferredEqualities()
    /// Set when a change cannot be applied without the definitions it touches: the engine
    /// then rebuilds (which is linear in the layout's size).
    private var rebuildRequested = false
    /// Set when a required constraint could not be added while the build has aliases.
    private var aliasConflict = false
    /// How many variables one alias class must join for a build to use its aliases
    /// (``AliasPlan/classMinimum``; tests lower it).
    var aliasClassMinimum = AliasPlan.classMinimum
    /// Labels' text layouts of this build, shared by equal texts in equal styles.
    @exclusivity(unchecked) var textLayouts = SharedTextLayouts()
    /// The guides of this build pinned by insets their views' frames decide (non-root views'
    /// safe areas, readable content), with their four pins (left, top, width, height).
    @exclusivity(unchecked) var derivedGuides: [DerivedGuide] = []
    struct DerivedGuide {
        weak var guide: LayoutGuide?
        let pins: [Cassowary.Constraint]
    }
    /// Guides that did not settle in the last layout's passes, as reports (see
    /// ``settleDerivedGuides()``).
    private var unsettled: [ConflictReport] = []

    init(root: View) {
        self.root = root
        link.engine = self
    }

    deinit { link.engine = nil }

    /// What items and constraints hold to reach this engine (see ``EngineLink``).
    let link = EngineLink()

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
        // The views an incremental change names, for the size check below (nil: every view).
        var touched: [View]?
        if needsRebuild {
            rebuild()
        } else if !ops.isEmpty || !intrinsicDirty.isEmpty {
            if itemCount > Self.everyViewCheckLimit { touched = viewsNamed(by: ops) }
            applyChanges()
            if rebuildRequested { rebuild(); touched = nil }
        } else {
            return
        }
        // Sizes are never negative (UIKit's engine holds every width and height at 0 or more).
        // The bounds are added only where a solve went below 0: at the optimum of the
        // constraints without them, a bound that holds changes nothing, and a bound on every
        // view would keep the sizes of stacks out of the definitions that make layouts linear.
        // A second round bounds every view, so there are at most two more solves.
        if boundNegativeSizes(everyView: false, among: touched) {
            rebuild()
            if boundNegativeSizes(everyView: true) { rebuild() }
        }
        deferred.invalidate()
        generation += 1
        ambiguityCache = nil
        settleDerivedGuides()
    }

    /// The work (``Cassowary/Solver/work``) changes made in place may take before the layout
    /// is built again instead: this many times the last build's, and never less than the
    /// floor (a few milliseconds), so that small layouts and single changes stay incremental.
    static let incrementalWorkFactor = 4
    static let incrementalWorkFloor = 1 << 20

    /// Past this many views below 0 in one solve, every view is bounded at once.
    static let manyNegativeSizes = 8

    /// Above this many items, an incremental change checks only the sizes of the views it
    /// names and of their subviews (a cell resized and the content pinned inside it), so that a
    /// constant change in a long list stays a matter of microseconds; every build checks all.
    static let everyViewCheckLimit = 512

    /// The views a pending change names: the items of its constraints and the views whose
    /// intrinsic size changed.
    private func viewsNamed(by ops: [Op]) -> [View] {
        var out: [View] = []
        for op in ops {
            switch op {
            case .add(let c), .remove(let c), .constant(let c), .replace(let c):
                if let v = c.firstItem.owningView { out.append(v) }
                if let v = c.secondItem?.owningView { out.append(v) }
            }
        }
        for w in intrinsicDirty { if let v = w.view { out.append(v) } }
        return out
    }

    /// Marks the views whose solved width or height is negative (or, with `everyView`, every
    /// view that has such a size) to be bounded at 0 by the next build; whether any was new.
    /// `among`: only these views and their subviews are looked at (nil: every view).
    /// - Complexity: O(views), or O(the views given and their subviews).
    private func boundNegativeSizes(everyView: Bool, among: [View]? = nil) -> Bool {
        var marked = false, count = 0
        let solver = self.solver
        let read = { (u: Variable) in solver.value(of: u) }
        func negative(_ u: Variable) -> Bool {
            (deferred.value(of: u, solver: read) ?? solver.value(of: u)) < -1e-9
        }
        func check(_ v: View) {
            guard v.superview != nil, !v.translatesAutoresizingMaskIntoConstraints, let vars = v.variables,
                  v.engine === self else { return }
            var bits: UInt8 = 0
            if negative(vars.width) { bits |= 1 }
            if negative(vars.height) { bits |= 2 }
            if bits != 0 && everyView { bits = 3 }
            if bits & ~v.nonNegativeSizes != 0 {
                v.nonNegativeSizes |= bits
                marked = true
                count += 1
            }
        }
        if let among {
            for v in among {
                check(v)
                for sub in v.subviews { check(sub) }
            }
        } else {
            root.forEachInSubtree(check)
        }
        // Many views at once (a row of 800 labels in 375 points): every view is bounded now,
        // rather than after another solve finds their neighbours below 0 too.
        if marked && (everyView || count > Self.manyNegativeSizes) {
            root.forEachInSubtree { v in if v.superview != nil { v.nonNegativeSizes = 3 } }
        }
        return marked
    }

    /// Moves the derived guides' insets to what the solved frames make them and solves again,
    /// until they hold still (at most eight rounds): UIKit's layout pass recomputes a view's
    /// `safeAreaInsets` (and its readable width) from its frame, updates the guide's internal
    /// constraints and lays out again the same way. The pins' constants move in place (in the
    /// solver, or in a definition kept out of it); a pin the solver refuses to move (it would
    /// now conflict) is made again by a rebuild, which reads the new insets.
    /// - Complexity: O(derived guides × depth) per round when nothing moves.
    private func settleDerivedGuides() {
        unsettled.removeAll()
        guard !derivedGuides.isEmpty else { return }
        var moving: [LayoutGuide] = []
        for _ in 0..<Self.settleRounds {
            var moved = false, remake = false
            moving.removeAll()
            for entry in derivedGuides {
                guard let g = entry.guide, let owner = g.owningView, let old = g.derivedInsets,
                      let target = derivedInsets(of: g, owner: owner), !Self.same(target, old) else { continue }
                g.derivedInsets = target
                moved = true
                moving.append(g)
                let before = Self.pinConstants(old), after = Self.pinConstants(target)
                for k in 0..<4 where after[k] != before[k] {
                    let pin = entry.pins[k]
                    if deferred.contains(pin) {
                        // (An alias's constant is in the constraints it was substituted into.)
                        if !deferred.shiftConstant(of: pin, by: after[k] - before[k]) { remake = true }
                    } else if solver.contains(pin) {
                        do { try solver.setConstant(of: pin, to: after[k]) } catch { remake = true }
                    } else {
                        remake = true   // broken or a duplicate of another: made again
                    }
                }
            }
            guard moved else { return }
            // A conflict met with the old insets is worked out again with the new ones, so
            // that its report names the pins as they now are.
            if remake || !brokenConstraints.isEmpty || !structuralBroken.isEmpty { rebuild() }
            deferred.invalidate()
            generation += 1
            ambiguityCache = nil
        }
        // Still moving: the view's frame depends on its own guide so that no inset holds (its
        // position from the guide's through a multiplier, its width from the text held to its
        // readable guide). The layout is reported, with the constraints that use the guide,
        // not called clean.
        for g in moving {
            let name = g.name
            let users = userBySolver.values.filter { $0.firstItem === g || $0.secondItem === g }.sorted { $0.order < $1.order }
            let pins = derivedGuides.first { $0.guide === g }?.pins.compactMap { structuralNotes[ObjectIdentifier($0)]?.description } ?? []
            unsettled.append(ConflictReport(
                constraints: pins + users.map(\.formulaWithLocation), involved: users, broken: nil,
                brokenDescription: "none: \(ConflictReport.unsettledReason(name)); the last pass's frames are shown",
                unsettledGuide: name))
        }
    }

    /// The most layout passes a layout makes for its derived guides.
    static let settleRounds = 8

    /// The pins' expression constants for `insets` (left, top, width, height: see
    /// `derivedPin`).
    private static func pinConstants(_ i: EdgeInsets) -> [Double] {
        [-i.left, -i.top, i.left + i.right, i.top + i.bottom]
    }

    private static func same(_ a: EdgeInsets, _ b: EdgeInsets) -> Bool {
        Swift.abs(a.top - b.top) <= 1e-9 && Swift.abs(a.left - b.left) <= 1e-9
            && Swift.abs(a.bottom - b.bottom) <= 1e-9 && Swift.abs(a.right - b.right) <= 1e-9
    }

    /// What a derived guide's insets are for its view's solved frame: for a safe-area guide,
    /// how far the view reaches past each side of the root's safe area; for a readable-content
    /// guide, the margins and half the width past the readable width on each side.
    private func derivedInsets(of guide: LayoutGuide, owner: View) -> EdgeInsets? {
        guard let o = owner.variables, let r = root.variables else { return nil }
        let w = value(o.width), h = value(o.height)
        switch guide.role {
        case .readableContent:
            return LayoutGuide.readableInsets(width: w, margins: margins(of: owner))
        case .safeArea:
            // The view's origin in the root's coordinates: the relative origins on the way up.
            var ox = 0.0, oy = 0.0
            var current: ItemVariables? = o
            while let u = current, u !== r {
                ox += value(u.x)
                oy += value(u.y)
                current = u.parent
            }
            let bounds = Rect(x: 0, y: 0, width: value(r.width), height: value(r.height))
            return LayoutGuide.safeAreaInsets(of: Rect(x: ox, y: oy, width: w, height: h), inside: bounds.inset(by: root.safeAreaInsets))
        default:
            return nil
        }
    }

    func value(_ v: Variable) -> Double {
        if let d = deferred.value(of: v, solver: { solver.value(of: $0) }) { return clean(d) }
        return clean(solver.value(of: v))
    }

    /// ``value(_:)`` of an item's four variables, as its frame in its layout parent's
    /// coordinates: one reference to the solver and one closure for the four reads.
    func frame(of v: ItemVariables) -> Rect {
        let solver = self.solver
        let read = { (u: Variable) in solver.value(of: u) }
        func value(_ u: Variable) -> Double {
            if let d = deferred.value(of: u, solver: read) { return clean(d) }
            return clean(solver.value(of: u))
        }
        return Rect(x: value(v.x), y: value(v.y), width: value(v.width), height: value(v.height))
    }

    /// The frame of a view's layout-margins guide, which has no variables (see `rebuild()`):
    /// the view's bounds inset by its margins, in the view's coordinates. Nil for any other item.
    func marginsGuideFrame(of item: LayoutItem) -> Rect? {
        guard let g = item as? LayoutGuide, g.role == .layoutMargins, let owner = g.owningView,
              let f = owner.solvedFrame else { return nil }
        let m = margins(of: owner)
        return Rect(x: clean(m.left), y: clean(m.top),
                    width: clean(f.width - m.left - m.right), height: clean(f.height - m.top - m.bottom))
    }

    /// The item whose coordinates an item's `minX, minY` are in: a view's superview, a
    /// guide's owning view; nil for the root.
    static func layoutParent(of item: LayoutItem) -> View? {
        if let view = item as? View { return view.superview }
        return item.owningView
    }

    /// Snaps values within 1e-9 of a multiple of 1e-6 onto it (simplex arithmetic leaves
    /// 99.99999999999999 where 100 is meant), and turns -0 into 0.
    private func clean(_ x: Double) -> Double {
        let r = (x * 1e6).rounded() / 1e6
        let v = Swift.abs(x - r) < 1e-9 ? r : x
        return v == 0 ? 0 : v
    }

    // MARK: Building

    /// Builds the solver from the tree. `aliasing`: whether required equalities over two
    /// variables eliminate one of them first (``AliasPlan``); a build with aliases that meets a
    /// conflict is made again without them (it counts as one build), so that conflicts are
    /// found and reported on the classic system.
    private func rebuild(aliasing: Bool = true) {
        rebuildCount += 1
        rebuildRequested = false
        aliasConflict = false
        // Constraints of the last build that are no longer installed must read as new if they
        // come back (their pending removals are not applied one by one).
        for c in userBySolver.values { c.engineState = .none }
        for c in brokenConstraints { c.engineState = .none }
        for list in twins.values { for c in list { c.engineState = .none } }
        retiredWork &+= solver.work
        solver = Solver()
        textLayouts.removeAll()
        derivedGuides.removeAll()
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
        defer { itemCount = items.count }
        var treeOrder = 0
        root.forEachInSubtree { v in
            v.treeOrder = treeOrder
            treeOrder += 1
            items.append(v)
            // Both lists appended as they are (`allGuides` would join them in a new array).
            // (Most views have none: asked first, as appending reads, so retains, each list.)
            if !v.builtInGuides.isEmpty { items.append(contentsOf: v.builtInGuides) }
            if !v.layoutGuides.isEmpty { items.append(contentsOf: v.layoutGuides) }
            for c in v.installed { if let c { user.append(c) } }
        }
        // Read in place: each item borrowed from the array, not copied (a retain and a release
        // per item and loop).
        items.withUnsafeBufferPointer { items in
            for i in items.indices {
                Unmanaged.passUnretained(items[i])._withUnsafeGuaranteedRef { item in
                    item.engine = self
                    // A view's margins guide is its margins: constraints on it are written on
                    // the view (`add(_:_:times:in:_:_:)`), so it needs no variables, no pins and
                    // no definitions; its frame is the view's bounds inset by the margins
                    // (`marginsGuideFrame`).
                    if let g = item as? LayoutGuide, g.role == .layoutMargins {
                        item.variables = nil
                        return
                    }
                    // Parents come before their children and guides in `items`.
                    let v = ItemVariables(item.name)
                    v.parent = LayoutEngine.layoutParent(of: item)?.variables
                    item.variables = v
                }
            }
        }
        // Everything the solver would be given, so the definitions can be set aside first.
        // (Items and constraints are borrowed from their arrays in the loops of a build: `map`
        // and `for x in array` copy each element, a retain and a release.)
        // One-line labels' texts, measured together before their intrinsic sizes are asked
        // for: each distinct one once, on every processor when there are many (shaping is most
        // of what a label costs).
        let rtl = direction == .rightToLeft
        var labels: [Label] = [], requests: [(text: String, style: TextStyle)] = []
        for item in items {
            if let label = item as? Label, let r = label.pendingUnwrappedMeasure(rightToLeft: rtl) {
                labels.append(label)
                requests.append(r)
            }
        }
        for (label, layout) in zip(labels, textLayouts.measure(requests, rightToLeft: rtl)) {
            label.adoptMeasure(layout, rightToLeft: rtl)
        }
        // Every item's structural and intrinsic constraints, each kind in one array, with where
        // each item's end (an array per item was two allocations a view, and as many frees).
        var structural: [NotedConstraint] = [], intrinsic: [NotedConstraint] = []
        var structuralEnds: [Int32] = [], intrinsicEnds: [Int32] = []
        structuralEnds.reserveCapacity(items.count)
        intrinsicEnds.reserveCapacity(items.count)
        intrinsic.reserveCapacity(2 * items.count)
        items.withUnsafeBufferPointer { items in
            for i in items.indices {
                Unmanaged.passUnretained(items[i])._withUnsafeGuaranteedRef { item in
                    structuralConstraints(for: item, into: &structural)
                    if let view = item as? View { intrinsicConstraints(for: view, into: &intrinsic) }
                    structuralEnds.append(Int32(structural.count))
                    intrinsicEnds.append(Int32(intrinsic.count))
                }
            }
        }
        user.sort { $0.order < $1.order }
        var userConstraints: [Cassowary.Constraint] = []
        userConstraints.reserveCapacity(user.count)
        user.withUnsafeBufferPointer { user in
            for i in user.indices {
                Unmanaged.passUnretained(user[i])._withUnsafeGuaranteedRef { userConstraints.append(solverConstraint(for: $0)) }
            }
        }
        var all: [Cassowary.Constraint] = []
        all.reserveCapacity(userConstraints.count + 4 * items.count)
        // Appended one by one (`list.map(\.constraint)` would build an array per item).
        for i in structural.indices { all.append(structural[i].constraint) }
        for i in intrinsic.indices { all.append(intrinsic[i].constraint) }
        all += userConstraints
        deferred = DeferredEqualities(planning: &all, aliasingFrom: aliasing ? all.count - userConstraints.count : nil,
                                      aliasClassMinimum: aliasClassMinimum)
        if deferred.hasAliases {
            // The constraints the aliases rewrote (over the variables left) go in instead.
            for i in structural.indices where all[i] !== structural[i].constraint {
                structural[i] = NotedConstraint(all[i], structural[i].note)
            }
            let base = structural.count
            for i in intrinsic.indices where all[base + i] !== intrinsic[i].constraint {
                intrinsic[i] = NotedConstraint(all[base + i], intrinsic[i].note)
            }
            let userBase = base + intrinsic.count
            for k in userConstraints.indices where all[userBase + k] !== userConstraints[k] {
                userConstraints[k] = all[userBase + k]
            }
        }
        let structuralCount = structural.count
        structuralNotes.reserveCapacity(all.count - userConstraints.count)
        userBySolver.reserveCapacity(userConstraints.count)
        intrinsicConstraints.reserveCapacity(items.count)

        // `all[i]` was planned as a definition or not: the adds below walk `all` in its order
        // and ask by index (no lookup of the constraint object). Nothing else that goes into
        // the solver here can mention a defined variable: the plan counted every constraint.
        var si = 0, ii = 0
        items.withUnsafeBufferPointer { items in
            for k in items.indices {
                while si < Int(structuralEnds[k]) {
                    _ = addStructural(structural[si], planned: deferred.isDefinition(planned: si))
                    si += 1
                }
                let end = Int(intrinsicEnds[k])
                if ii < end {
                    // Only views have intrinsic constraints.
                    Unmanaged.passUnretained(items[k])._withUnsafeGuaranteedRef { item in
                        if let view = item as? View {
                            addIntrinsic(intrinsic[ii..<end], for: view, firstPlanned: structuralCount + ii)
                        }
                    }
                    ii = end
                }
            }
        }
        ii = structuralCount + intrinsic.count
        user.withUnsafeBufferPointer { user in
            userConstraints.withUnsafeBufferPointer { made in
                for k in user.indices {
                    let c = Unmanaged.passUnretained(user[k]), sc = Unmanaged.passUnretained(made[k])
                    c._withUnsafeGuaranteedRef { c in
                        sc._withUnsafeGuaranteedRef { sc in
                            c.engineState = .none
                            c.solverConstraint = nil
                            addUser(c, sc, planned: deferred.isDefinition(planned: ii + k))
                        }
                    }
                }
            }
        }
        needsRebuild = false
        buildWork = solver.work
        if aliasConflict {
            // A conflict with aliases: made again on the classic system (one build).
            rebuildCount -= 1
            rebuild(aliasing: false)
        }
    }

    private func applyChanges() {
        var changed = false
        let pending = ops
        ops.removeAll()
        // Changes made in place cost more than a new build when they pivot through a dense
        // part of the tableau again and again (rows of a form chained by `>=` gaps, each
        // label's new height repaired in turn: N³). Past the budget the rest is not applied
        // and the layout is built again, from the tree as it now is.
        let budget = solver.work &+ max(Self.incrementalWorkFloor, Self.incrementalWorkFactor &* buildWork)
        for op in pending {
            if rebuildRequested { return }
            if solver.work > budget { rebuildRequested = true; return }
            switch op {
            case .add(let c):
                guard c.isActive, c.engineState == .none, c.container?.root === root else { continue }
                addUser(c)
            case .remove(let c):
                guard c.engine === self, c.engineState != .none else { continue }
                if isDeferred(c) { rebuildRequested = true; return }
                removeUser(c)
                changed = true
            case .constant(let c):
                guard c.engine === self, c.isActive, c.engineState != .none else { continue }
                if isDeferred(c), let sc = c.solverConstraint {
                    // A definition: its constant moves; the values follow on the next read.
                    // An alias's constant is in the constraints it was substituted into: rebuilt.
                    guard deferred.shiftConstant(of: sc, by: -(c.constant - c.solverConstant)) else {
                        rebuildRequested = true
                        return
                    }
                    c.solverConstant = c.constant
                    continue
                }
                if c.engineState == .active, moveConstant(c) {
                    // A moved constant can end a conflict: broken constraints are retried, as
                    // after any other change (none broken, nothing to do).
                    if !brokenConstraints.isEmpty { changed = true }
                    continue
                }
                removeUser(c)
                addUser(c)
                changed = true
            case .replace(let c):
                guard c.engine === self, c.isActive, c.engineState != .none else { continue }
                if isDeferred(c) {
                    // A definition made again with the same terms (a label's baselines moved as
                    // it wrapped) only takes its new constant; any other change rebuilds.
                    if let old = c.solverConstraint, deferred.replaceConstant(of: old, with: solverConstraint(for: c)) {
                        c.solverConstant = c.constant
                        continue
                    }
                    rebuildRequested = true
                    return
                }
                changed = true
                // The same terms with another constant (a label's baseline moved as it
                // wrapped): the constant moves inside the solver, as for `setConstant`.
                if c.engineState == .active, let old = c.solverConstraint, twins[ObjectIdentifier(old)] == nil {
                    let new = solverConstraint(for: c)
                    if LayoutEngine.sameTerms(old, new), (try? solver.setConstant(of: old, to: new.expression.constant)) != nil {
                        c.solverConstant = c.constant
                        continue
                    }
                }
                removeUser(c)
                addUser(c)
            }
        }
        if rebuildRequested { return }
        let dirty = intrinsicDirty
        intrinsicDirty.removeAll()
        var seen: Set<ObjectIdentifier> = []
        for v in dirty.compactMap(\.view) where seen.insert(ObjectIdentifier(v)).inserted && v.engine === self {
            if solver.work > budget { rebuildRequested = true; return }
            let list = intrinsicConstraints(for: v)
            if list.contains(where: { deferred.isMentioned(by: $0.constraint) }) {
                rebuildRequested = true
                return
            }
            changed = true
            if moveIntrinsicConstants(of: v, to: list) { continue }
            for sc in intrinsicConstraints.removeValue(forKey: ObjectIdentifier(v)) ?? [] {
                removeSolverConstraint(sc)
            }
            addIntrinsic(list[...], for: v)
        }
        if changed { retryBroken() }
    }

    /// A view's intrinsic size measured again (a label wrapped at its laid-out width): when
    /// its constraints keep their shape, their constants move inside the solver (a removal and
    /// an add pivot through every row that holds the size: in a column of wrapping labels
    /// chained by soft gaps, each label's through the whole column). False, with nothing
    /// changed or with the constants moved so far still valid, when they do not.
    private func moveIntrinsicConstants(of view: View, to list: [NotedConstraint]) -> Bool {
        guard let old = intrinsicConstraints[ObjectIdentifier(view)], old.count == list.count,
              zip(old, list).allSatisfy({ LayoutEngine.sameTerms($0, $1.constraint) })
        else { return false }
        for (sc, new) in zip(old, list) {
            do {
                try solver.setConstant(of: sc, to: new.constraint.expression.constant)
            } catch {
                return false
            }
            structuralNotes[ObjectIdentifier(sc)] = new.note
        }
        return true
    }

    /// Whether two solver constraints differ at most in their constant: the same variables
    /// with the same coefficients in the same order, relation, strength and preference.
    static func sameTerms(_ a: Cassowary.Constraint, _ b: Cassowary.Constraint) -> Bool {
        guard a.relation == b.relation, a.strength == b.strength, a.preferEqual == b.preferEqual else { return false }
        let x = a.expression.terms, y = b.expression.terms
        guard x.count == y.count else { return false }
        for k in x.indices where x[k].variable !== y[k].variable || x[k].coefficient != y[k].coefficient { return false }
        return true
    }

    /// Whether `c` is in the layout as a definition outside the solver.
    func isDeferred(_ c: LayoutConstraint) -> Bool {
        c.engineState == .active && c.solverConstraint.map { deferred.contains($0) } == true
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

    /// Adds a user constraint. `planned`: whether the rebuild's plan made its solver constraint
    /// a definition (nil outside a rebuild: then it is looked up).
    private func addUser(_ c: LayoutConstraint) {
        addUser(c, solverConstraint(for: c), planned: nil)
    }

    /// ``addUser(_:)`` with the solver constraint made (a build makes them all first), passed
    /// borrowed: choosing between a given one and a new one (`made ?? …`) would copy it.
    private func addUser(_ c: LayoutConstraint, _ sc: Cassowary.Constraint, planned: Bool?) {
        c.engine = self
        c.solverConstraint = sc
        c.solverConstant = c.constant
        if planned ?? deferred.contains(sc) {
            c.engineState = .active
            userBySolver[ObjectIdentifier(sc)] = c
            return
        }
        if planned == nil && deferred.isMentioned(by: sc) {
            // It needs a variable that only a definition holds: rebuild with it counted.
            rebuildRequested = true
            return
        }
        // The constraints this add broke: the solver's conflict set need not be minimal, so a
        // constraint broken for it may turn out not to be needed once a later one in the same
        // add is broken too (a fixed height of 0 and its view's size bound); such a one is put
        // back, and one conflict breaks one constraint, as in UIKit. A victim's report is
        // written only if it stays broken (a conflict along a row of views tries a victim per
        // view, each with the whole row in its set).
        var victims: [(constraint: LayoutConstraint, conflict: PendingConflict)] = []
        defer {
            for v in victims.reversed() { restoreIfItHolds(v.constraint) }
            for v in victims where v.constraint.engineState == .broken {
                conflicts[ObjectIdentifier(v.constraint)] = conflictReport(v.conflict)
            }
        }
        var adding: String?
        while true {
            do {
                try addToSolver(sc)
                c.engineState = .active
                userBySolver[ObjectIdentifier(sc)] = c
                return
            } catch .duplicateConstraint(_, let existing) {
                c.engineState = .duplicate
                twins[ObjectIdentifier(existing), default: []].append(c)
                twinOf[ObjectIdentifier(c)] = ObjectIdentifier(existing)
                return
            } catch .unsatisfiableConstraint(_, let set) {
                if deferred.hasAliases {
                    // Conflicts are worked out on the classic system: built again without aliases.
                    aliasConflict = true
                    rebuildRequested = true
                    return
                }
                let involved = set.compactMap { userBySolver[ObjectIdentifier($0)] }
                if adding == nil { adding = c.formulaWithLocation }
                // Past `victimLimit` victims, the constraint being added is broken instead
                // and the victims are put back, with the conflict as first met: one that so
                // many constraints, each broken in turn, do not end is its own (a row of 2,000
                // views that cannot fit tried a victim per view, each through the whole row).
                if victims.count == LayoutEngine.victimLimit {
                    var first = victims[0].conflict
                    first.broken = c
                    markBroken(c, conflictReport(first))
                    return
                }
                let victim = LayoutEngine.victim(among: [c] + involved)!
                let conflict = pendingConflict(adding: adding!, solverSet: set, involved: involved + [c], broken: victim)
                if victim === c {
                    markBroken(c, conflictReport(conflict))
                    return
                }
                removeUser(victim)
                let twinsOfVictim = twins.removeValue(forKey: ObjectIdentifier(victim.solverConstraint!)) ?? []
                if twinsOfVictim.isEmpty {
                    markBroken(victim, nil)   // its report once the add is over, if it stays broken
                    victims.append((victim, conflict))
                } else {
                    let report = conflictReport(conflict)
                    markBroken(victim, report)
                    for t in twinsOfVictim {
                        twinOf[ObjectIdentifier(t)] = nil
                        markBroken(t, report)
                    }
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

    /// Puts a constraint broken by the add in progress back when it now holds (a later victim
    /// of the same add resolved the conflict it was broken for).
    private func restoreIfItHolds(_ v: LayoutConstraint) {
        guard v.engineState == .broken, let sc = v.solverConstraint else { return }
        do {
            try addToSolver(sc)
        } catch {
            return
        }
        conflicts[ObjectIdentifier(v)] = nil
        brokenConstraints.removeAll { $0 === v }
        v.engineState = .active
        userBySolver[ObjectIdentifier(sc)] = v
    }

    /// How many constraints one add may break in turn before the added one is broken instead.
    static let victimLimit = 32

    /// The constraint a conflict breaks, among those that are not a stack view's own (UIKit
    /// keeps its `UISV-…` constraints and breaks the app's, as it keeps the engine's) nor named
    /// as UIKit names its own (``UIKitConflictLog/isUIKitIdentifier(_:)``: a UIKit log read
    /// back), or among those when the conflict is among them alone: the one that lives on the view latest
    /// in a walk of the tree from the root, then the one activated last. UIKit hands a tree's
    /// constraints to its engine view by view from the root down, and breaks the one it could
    /// not add: most often a fixed size or an aspect ratio on the view itself, not the pins on
    /// its superview (10 of 19 public UIKit conflict logs rebuilt as files; the activation
    /// order alone matched 6).
    static func victim(among candidates: [LayoutConstraint]) -> LayoutConstraint? {
        func later(_ a: LayoutConstraint, _ b: LayoutConstraint) -> Bool {
            let ta = a.container?.treeOrder ?? -1, tb = b.container?.treeOrder ?? -1
            return ta != tb ? ta < tb : a.order < b.order
        }
        return candidates.filter { $0.arrangingStack == nil && !UIKitConflictLog.isUIKitIdentifier($0.identifier) }.max(by: later)
            ?? candidates.max(by: later)
    }

    /// `solver.add(c)`, the solver borrowed: reading the property for the call would retain
    /// and release it, once per constraint of a build.
    private func addToSolver(_ c: Cassowary.Constraint) throws(CassowaryError) {
        try Unmanaged.passUnretained(solver)._withUnsafeGuaranteedRef { solver in
            Result { () throws(CassowaryError) in try solver.add(c) }
        }.get()
    }

    private func markBroken(_ c: LayoutConstraint, _ report: ConflictReport?) {
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

    // MARK: Structural constraints

    /// Adds one of the engine's own constraints; `planned` as for ``addUser(_:_:planned:)``.
    /// The pair is borrowed from the caller's list (passing its two fields copies both).
    private func addStructural(_ e: NotedConstraint, planned: Bool? = nil) -> Bool {
        let c = e.constraint
        if planned ?? deferred.contains(c) {
            structuralNotes[ObjectIdentifier(c)] = e.note
            return true
        }
        do {
            try addToSolver(c)
            structuralNotes[ObjectIdentifier(c)] = e.note
            return true
        } catch .duplicateConstraint {
            return false   // already implied by an equivalent one
        } catch .unsatisfiableConstraint(_, let set) {
            if deferred.hasAliases {
                aliasConflict = true   // built again without aliases (see `addUser`)
                rebuildRequested = true
                return false
            }
            // The engine's own constraints are added before any user constraint, so only
            // another structural one can be in the way: keep the first, break this one.
            let involved = set.compactMap { userBySolver[ObjectIdentifier($0)] }
            let victim = LayoutEngine.victim(among: involved)
            let report = conflictReport(adding: e.note.description, solverSet: set, involved: involved, broken: victim)
            if let victim {
                removeUser(victim)
                markBroken(victim, report)
                return addStructural(e, planned: planned)
            }
            structuralBroken.append(report)
            return false
        } catch {
            return false
        }
    }

    /// Adds a view's intrinsic-size constraints and remembers them for a later change.
    /// `firstPlanned`: in a rebuild, the index of the list's first constraint in the plan.
    private func addIntrinsic(_ list: ArraySlice<NotedConstraint>, for view: View, firstPlanned: Int? = nil) {
        var added: [Cassowary.Constraint] = []
        added.reserveCapacity(list.count)
        for k in list.indices
        where addStructural(list[k], planned: firstPlanned.map { deferred.isDefinition(planned: $0 + k - list.startIndex) }) {
            added.append(list[k].constraint)
        }
        if !added.isEmpty { intrinsicConstraints[ObjectIdentifier(view)] = added }
    }

    // MARK: Reports

    /// What a conflict's report is made of, taken when the conflict is met (which of the
    /// solver's set are the engine's own constraints changes as victims leave the solver);
    /// its text is written by ``conflictReport(_:)``.
    struct PendingConflict {
        var adding: String
        var structural: [Cassowary.Constraint]
        var involved: [LayoutConstraint]
        var broken: LayoutConstraint?
    }

    private func pendingConflict(
        adding: String, solverSet: [Cassowary.Constraint], involved: [LayoutConstraint], broken: LayoutConstraint?
    ) -> PendingConflict {
        PendingConflict(
            adding: adding, structural: solverSet.filter { userBySolver[ObjectIdentifier($0)] == nil },
            involved: involved, broken: broken)
    }

    private func conflictReport(
        adding: String, solverSet: [Cassowary.Constraint], involved: [LayoutConstraint], broken: LayoutConstraint?
    ) -> ConflictReport {
        conflictReport(pendingConflict(adding: adding, solverSet: solverSet, involved: involved, broken: broken))
    }

    private func conflictReport(_ conflict: PendingConflict) -> ConflictReport {
        let (adding, involved, broken) = (conflict.adding, conflict.involved, conflict.broken)
        var structural: [String] = []
        for sc in conflict.structural {
            structural.append(structuralNotes[ObjectIdentifier(sc)]?.description ?? sc.description)
        }
        if broken == nil { structural.append(adding) }
        let users = involved.sorted { $0.order < $1.order }
        var seen: Set<ObjectIdentifier> = []
        let unique = users.filter { seen.insert(ObjectIdentifier($0)).inserted }
        // The margins the conflict reads, as UIKit lists its margin-guide constraints, so that
        // the sum can be redone from the report: `card.leadingMargin == card.leading + 16`.
        for c in unique {
            for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
                guard let item, let attribute, let line = marginLine(item, attribute), !structural.contains(line) else { continue }
                structural.append(line)
            }
        }
        return ConflictReport(
            constraints: structural + unique.map(\.formulaWithLocation),
            involved: unique, broken: broken,
            brokenDescription: broken?.formulaWithLocation ?? adding)
    }

    /// What a margin attribute of `item` (or an edge of a view's margins guide) stands for:
    /// `card.trailingMargin == card.trailing - 16 (layout margins)`, in the coordinates the
    /// layout's direction reads leading and trailing in. Nil for any other attribute.
    private func marginLine(_ item: LayoutItem, _ attribute: LayoutAttribute) -> String? {
        var view = item as? View, margin = attribute
        if let guide = item as? LayoutGuide, guide.role == .layoutMargins, !attribute.isDimension {
            view = guide.owningView
            margin = attribute.withinMargins
        }
        guard let view, margin.isMargin, margin.outsideMargins != margin else { return nil }
        let rtl = layoutDirection == .rightToLeft
        let edge = margin.outsideMargins
        let inside = margin.form(margins: margins(of: view), rightToLeft: rtl, baselines: nil).constant
        let outside = edge.form(margins: .zero, rightToLeft: rtl, baselines: nil).constant
        // Leading and trailing read mirrored right to left.
        let offset = (inside - outside) * (rtl && margin.isDirectional ? -1 : 1)
        let sign = offset < 0 ? "-" : "+"
        return "\(view.name).\(margin) == \(view.name).\(edge) \(sign) \(formatNumber(Swift.abs(offset))) (layout margins)"
    }

    func report() -> LayoutReport {
        let userConflicts = brokenConstraints.sorted { $0.order < $1.order }.compactMap { conflicts[ObjectIdentifier($0)] }
        return LayoutReport(conflicts: structuralBroken + unsettled + userConflicts, ambiguous: ambiguity())
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

/// How items and constraints reach the engine that solved them, or nil once it is gone: they
/// hold the link, one per engine, and the link holds the engine without a count, cleared by the
/// engine's `deinit`. (A weak reference to the engine from every item and constraint gave the
/// engine a side table, and every retain and release of it the runtime's slow path.)
final class EngineLink {
    unowned var engine: LayoutEngine?
}
