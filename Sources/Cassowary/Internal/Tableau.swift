import Synchronization

private let tableauTags = Atomic<UInt64>(0)

/// The simplex tableau behind ``Solver``: rows of basic symbols over parametric ones, a
/// column index, and a hierarchical objective.
///
/// Design (why it is not kiwi):
/// - A column index (``ColumnIndex``: the rows that contain each symbol) makes substitution touch only the
///   rows that hold the symbol, not every row. Entries are appended when a cell appears and
///   dropped lazily when the column is next walked, so keeping it costs O(1) per new cell.
/// - The objective is dense per level (see ``ObjectiveLevel``), with a heap of candidates, so a
///   soft constraint does not cost a scan of every other soft constraint.
/// - A new row's subject is the external symbol in the fewest rows (Markowitz-style), else a
///   cost-free restricted symbol that keeps the tableau feasible, so making it basic
///   substitutes into few rows and leaves the tableau optimal (see `chooseSubject`).
/// - Merges run over raw pointers into one scratch buffer (``MergeBuffer``) and are copied
///   back into the rows' own arrays; a short source merged into a long row updates it in place.
/// - Nothing is chosen by hash order: entering and leaving symbols are the lowest ids among
///   the best candidates (Bland's rule, which also prevents cycling).
///
/// Every stored property is `@exclusivity(unchecked)`: the tableau is one object whose arrays are
/// touched in every inner loop, where the dynamic exclusivity checks cost ~15% and guard nothing
/// (the object never escapes `Solver`, and no method hands out overlapping accesses).
final class Tableau {
    // Per symbol.
    @exclusivity(unchecked) var kinds: [SymbolKind] = []
    @exclusivity(unchecked) var rowOf: [Int32] = []           // row index, or -1 when parametric
    @exclusivity(unchecked) var columns = ColumnIndex()       // rows that (may) contain each symbol; verified when walked
    @exclusivity(unchecked) var columnRebuildThreshold = 1 << 16
    @exclusivity(unchecked) var columnRebuildFloor = 1 << 16     // tests lower it to rebuild all the time
    /// Components of the optimal face's leftover rows up to this size are settled on dense
    /// matrices (see `optimalFace()`); tests set 0 to send every one to the sparse path.
    @exclusivity(unchecked) var denseSettleLimit = 24
    /// Whether a large component of one row is settled directly (`settleSingleRow`) rather
    /// than by the linear program (tests compare the two).
    @exclusivity(unchecked) var settlesSingleRowsDirectly = true
    /// How many components ``optimalFace()`` has settled directly as one row (for tests).
    @exclusivity(unchecked) var singleRowSettles = 0
    @exclusivity(unchecked) var pivotCount = 0                // since creation, for Solver.statistics
    @exclusivity(unchecked) var mergedCells = 0
    @exclusivity(unchecked) var dead: [Bool] = []             // symbols of removed constraints
    @exclusivity(unchecked) var owner: [Int32] = []           // constraint slot whose marker/other this is, or -1
    @exclusivity(unchecked) var symbolVariable: [Variable?] = []
    @exclusivity(unchecked) var definitionOf: [Int32] = []    // index in `definitions` of a defined variable or its marker, or -1

    // Lazy definitions (see Tableau+Definitions.swift), oldest first.
    @exclusivity(unchecked) var definitions = LazyDefinitions()
    @exclusivity(unchecked) var liveDefinitions = 0
    /// Tests switch definitions off to compare with classic Cassowary.
    @exclusivity(unchecked) var lazyDefinitions = true
    @exclusivity(unchecked) var definitionValues: [Double] = []
    @exclusivity(unchecked) var definitionRound: [UInt64] = []
    /// Moves whenever the solution may change; definition values computed in an older round are stale.
    @exclusivity(unchecked) var solutionRound: UInt64 = 1
    /// The last ``optimalFace()`` and the round, symbol count and row count it was worked out
    /// at (every change to the tableau moves one of them).
    var faceCache: (round: UInt64, symbols: Int, rows: Int, face: OptimalFace)?
    /// Two rows an expanded definition is merged in, reused.
    @exclusivity(unchecked) var definitionScratch = (Row(), Row())
    @exclusivity(unchecked) var definitionStack: [Int] = []
    /// A new row's expansion through the definitions (`planExpansion`): each definition's
    /// weight while it waits, whether it waits, the waiting ones (newest first: a min-heap of
    /// −1 − index), and the plan (definition, weight), newest first.
    @exclusivity(unchecked) var expansionWeight: [Double] = []
    @exclusivity(unchecked) var expansionQueued: [Bool] = []
    @exclusivity(unchecked) var expansionHeap = SymbolHeap()
    @exclusivity(unchecked) var expansionPlan: [(definition: Int32, weight: Double)] = []
    /// The most definitions one new row is expanded through before they are materialized
    /// instead (a chain that does not cancel is read once as a row, not again by every
    /// constraint that mentions its end).
    @exclusivity(unchecked) var expansionBudget = 32
    /// The round of the last pass over every definition (`evaluateDefinitions()`).
    @exclusivity(unchecked) var fullEvaluationRound: UInt64 = 0

    // Rows.
    @exclusivity(unchecked) var rows: [Row] = []
    @exclusivity(unchecked) var basicOf: [Symbol] = []        // basic symbol of each row, -1 for a free slot
    @exclusivity(unchecked) var freeRows: [Int32] = []
    @exclusivity(unchecked) var infeasible: [Symbol] = []

    // Objective, levels sorted from highest to lowest.
    @exclusivity(unchecked) var levels: [ObjectiveLevel] = []
    /// The phase-one objective while a row is being added through an artificial variable.
    @exclusivity(unchecked) var artificial: Row?

    // Variables and constraints.
    @exclusivity(unchecked) var tag = Tableau.newTag()
    @exclusivity(unchecked) var variableSymbols: [ObjectIdentifier: Symbol] = [:]
    @exclusivity(unchecked) var variablesInOrder: [(Variable, Symbol)] = []
    @exclusivity(unchecked) var slots: [ConstraintRecord?] = []
    @exclusivity(unchecked) var slotIndex = SlotIndex(tag: Tableau.newTag())
    @exclusivity(unchecked) var equivalents = EquivalenceIndex()
    @exclusivity(unchecked) var liveConstraints = 0
    @exclusivity(unchecked) var edits: [ObjectIdentifier: EditRecord] = [:]

    // Scratch storage for merges and walks.
    let mergeBuffer = MergeBuffer()
    /// The row a new constraint's row is built in, reused.
    @exclusivity(unchecked) var rowScratch = Row()
    @exclusivity(unchecked) var rowListPool: [[Int32]] = []
    @exclusivity(unchecked) var stamp: [UInt32] = []          // per row, for de-duplicating column walks
    @exclusivity(unchecked) var stampCounter: UInt32 = 0
    /// When set, pivots are recorded so a failed add can undo them.
    @exclusivity(unchecked) var journal: [(entering: Symbol, leaving: Symbol)]?

    struct ConstraintRecord {
        let constraint: Constraint
        let marker: Symbol
        let other: Symbol
        let fingerprint: UInt64?   // nil for edit constraints
    }

    struct EditRecord {
        let variable: Variable
        let constraint: Constraint
        let slot: Int32
        var constant: Double
    }

    /// Starts with room for a small system (a form: ~250 symbols, ~110 rows, ~110
    /// constraints), so that building one does not grow each array through every power of
    /// two. (About 45 KB per solver.)
    init() {
        let symbols = 256, rowCount = 128
        kinds.reserveCapacity(symbols)
        rowOf.reserveCapacity(symbols)
        columns.reserve(symbols: symbols, entries: 16 * symbols)
        dead.reserveCapacity(symbols)
        owner.reserveCapacity(symbols)
        symbolVariable.reserveCapacity(symbols)
        definitionOf.reserveCapacity(symbols)
        rows.reserveCapacity(rowCount)
        basicOf.reserveCapacity(rowCount)
        stamp.reserveCapacity(rowCount)
        slots.reserveCapacity(rowCount)
        variablesInOrder.reserveCapacity(rowCount)
        equivalents = EquivalenceIndex(capacity: rowCount)
    }

    // MARK: Symbols

    func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s = Symbol(kinds.count)
        kinds.append(kind)
        rowOf.append(-1)
        columns.addSymbol()
        dead.append(false)
        owner.append(-1)
        symbolVariable.append(nil)
        definitionOf.append(-1)
        return s
    }

    @inline(__always) func isBasic(_ s: Symbol) -> Bool { rowOf[Int(s)] >= 0 }
    @inline(__always) func kind(_ s: Symbol) -> SymbolKind { kinds[Int(s)] }

    // MARK: Rows and the column index

    /// Puts `row` into the tableau as the row of basic symbol `basic`.
    func insertRow(_ row: consuming Row, basic: Symbol) {
        // The row is moved in (no copy): the column index is filled from it first.
        // A constant while it is read: reading the parameter (mutable) would copy its arrays.
        let moved = consume row
        let free = freeRows.popLast()
        let r = free ?? Int32(rows.count)
        moved.ids.withUnsafeBufferPointer { ids in
            if let base = ids.baseAddress { columns.add(base, count: ids.count, row: r) }
        }
        if free != nil {
            rows[Int(r)] = moved
            basicOf[Int(r)] = basic
        } else {
            rows.append(moved)
            basicOf.append(basic)
            stamp.append(0)
        }
        rowOf[Int(basic)] = r
        rebuildColumnsIfBloated()
    }

    /// Takes the row of basic symbol `basic` out of the tableau (the symbol becomes parametric).
    func takeRow(of basic: Symbol) -> Row {
        let r = Int(rowOf[Int(basic)])
        let row = rows[r]
        rows[r] = Row()
        basicOf[r] = -1
        rowOf[Int(basic)] = -1
        freeRows.append(Int32(r))
        return row
    }

    /// The rows that contain `s`, in a deterministic order; compacts the column as it goes.
    /// Hot callers hand the array back with ``recycle(_:)`` so the next walk allocates nothing.
    func rowsContaining(_ s: Symbol) -> [Int32] {
        stampCounter &+= 1
        if stampCounter == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            stampCounter = 1
        }
        let mark = stampCounter
        var out = rowListPool.popLast() ?? Tableau.newRowList()
        out.removeAll(keepingCapacity: true)
        // Raw views of the arrays the check reads and writes (no per-entry uniqueness check,
        // bounds check or retain of a row's arrays). Mutable views, although only `stamp` is
        // written: borrowing a stored array in place costs a uniqueness check, reading it a
        // retain and a release.
        rows.withUnsafeMutableBufferPointer { rb in
        basicOf.withUnsafeMutableBufferPointer { bb in
        stamp.withUnsafeMutableBufferPointer { st in
            columns.live(s, into: &out) { r in
                let ri = Int(r)
                guard bb[ri] >= 0 && st[ri] != mark && rb[ri].contains(s) else { return false }
                st[ri] = mark
                return true
            }
        }}}
        return out
    }

    /// A new list for ``rowsContaining(_:)``, with room for a typical column (a fresh
    /// tableau's first walks would otherwise grow each list through every power of two).
    private static func newRowList() -> [Int32] {
        var list: [Int32] = []
        list.reserveCapacity(32)
        return list
    }

    /// Returns a list from ``rowsContaining(_:)`` for reuse.
    /// Takes the list by move: callers hand it back at its last use, so the pool keeps the
    /// caller's array without a retain (and the caller's copy without a release).
    func recycle(_ list: consuming [Int32]) {
        if rowListPool.count < 8 { rowListPool.append(list) }
    }

    /// `rows[r] += c · src`, where `skip` (the symbol being substituted) is dropped from
    /// `rows[r]`; new cells are added to the column index.
    ///
    /// The merge runs over raw pointers into the tableau's ``MergeBuffer`` and is copied back
    /// into the row's own arrays: no allocation per merge (unless the row outgrows its
    /// capacity), no per-cell append checks.
    ///
    /// A short source merged into a long row (a chain's or a grid's filled rows) is added cell
    /// by cell in place instead: a few binary searches and inserts rather than a pass over
    /// the whole row and a copy back.
    func addScaled(row r: Int32, _ src: Row, times c: Double, skip: Symbol) {
        let ri = Int(r)
        let tn = rows[ri].ids.count, sn = src.ids.count
        mergedCells &+= tn + sn
        if sn <= 8 && tn > 48 {
            var target = Row()
            swap(&target, &rows[ri])
            addScaledInPlace(&target, src, times: c, skip: skip, row: r)
            swap(&target, &rows[ri])
            return
        }
        let added = mergeBuffer.add(into: &rows[ri], src, times: c, skip: skip)
        columns.add(mergeBuffer.added, count: added, row: r)
    }

    /// `target += c · src` cell by cell (binary search, in-place update or insert), then
    /// `skip` and cancelled cells removed. For a short `src`; new cells go to the column index.
    private func addScaledInPlace(_ target: inout Row, _ src: Row, times c: Double, skip: Symbol, row r: Int32) {
        var cancelled = false
        for j in src.ids.indices {
            let b = src.ids[j]
            let v = c * src.coeffs[j]
            let (i, found) = target.search(b)
            if found {
                target.coeffs[i] += v
                if nearZero(target.coeffs[i]) { cancelled = true }
            } else if !nearZero(v) {
                target.insertCell(b, v, at: i)
                columns.add(b, row: r)
            }
        }
        target.constant += c * src.constant
        let (k, hasSkip) = target.search(skip)
        if hasSkip { target.removeCell(at: k) }
        if cancelled {
            var w = 0
            for i in target.ids.indices where !nearZero(target.coeffs[i]) {
                target.ids[w] = target.ids[i]
                target.coeffs[w] = target.coeffs[i]
                w += 1
            }
            target.ids.removeLast(target.ids.count - w)
            target.coeffs.removeLast(target.coeffs.count - w)
        }
    }

    /// `target += c · src` for a row outside the tableau (no column index), through the
    /// merge buffer.
    func accumulate(_ target: inout Row, _ src: Row, times c: Double) {
        let (k, _) = mergeBuffer.merge(target, src, times: c)
        target.assign(mergeBuffer, count: k)
        target.constant += c * src.constant
    }

    /// Rebuilds the column index from the rows. Cells that cancel leave stale entries behind;
    /// without this, the pool would grow with every cell ever added (tens of millions on a
    /// chain) instead of with the cells that exist. Runs when the pool has doubled since the
    /// last rebuild, so its cost is amortized against the additions that filled it.
    /// Call only when every row is in place (not in the middle of a pivot).
    func rebuildColumnsIfBloated() {
        guard columns.entryCount > columnRebuildThreshold else { return }
        // While a system is being built, most entries are live: a rebuild would copy them all
        // and drop few. Count the cells first (one pass over the rows, no writes) and rebuild
        // only when at least a third of the pool is stale.
        var live = 0
        for (ri, b) in basicOf.enumerated() where b >= 0 { live += rows[ri].ids.count }
        // (Tests lower the floor below its default to rebuild at every chance.)
        if 3 * (columns.entryCount - live) >= columns.entryCount || columnRebuildFloor < 1 << 16 {
            rebuildColumns()
        } else {
            columnRebuildThreshold = 2 * columns.entryCount
        }
    }

    func rebuildColumns() {
        columns.removeAllEntries()
        var live = 0
        for (ri, b) in basicOf.enumerated() where b >= 0 {
            for s in rows[ri].ids { columns.add(s, row: Int32(ri)) }
            live += rows[ri].ids.count
        }
        columnRebuildThreshold = Swift.max(2 * live, columnRebuildFloor)
    }

    /// `target += c · src` for a row outside the tableau (no column index).
    static func accumulate(_ target: inout Row, _ src: Row, times c: Double) {
        var out = Row()
        out.ids.reserveCapacity(target.ids.count + src.ids.count + 2)   // + a marker and an error
        out.coeffs.reserveCapacity(target.ids.count + src.ids.count + 2)
        merge(target, src, times: c, into: &out)
        target = out
    }

    /// `out = target + c · src` (cells that cancel dropped) for rows outside the tableau; `out`
    /// keeps its storage, so a reused scratch row merges without allocating.
    static func merge(_ target: Row, _ src: Row, times c: Double, into out: inout Row) {
        out.ids.removeAll(keepingCapacity: true)
        out.coeffs.removeAll(keepingCapacity: true)
        let tn = target.ids.count, sn = src.ids.count
        var i = 0, j = 0
        while i < tn || j < sn {
            let a = i < tn ? target.ids[i] : .max, b = j < sn ? src.ids[j] : .max
            if a < b { out.ids.append(a); out.coeffs.append(target.coeffs[i]); i += 1 }
            else if a > b {
                let v = c * src.coeffs[j]
                if !nearZero(v) { out.ids.append(b); out.coeffs.append(v) }
                j += 1
            } else {
                let v = target.coeffs[i] + c * src.coeffs[j]
                if !nearZero(v) { out.ids.append(a); out.coeffs.append(v) }
                i += 1; j += 1
            }
        }
        out.constant = target.constant + c * src.constant
    }

    /// Replaces parametric symbol `s` by `row` (its new definition) everywhere: in every row
    /// that holds it, in each objective level, and in the phase-one objective.
    func substitute(_ s: Symbol, _ row: Row) {
        let holders = rowsContaining(s)
        // Walked by index and handed back by move at its last use (`for r in holders` and a
        // `defer` would each keep a copy: a retain and a release per substitution).
        for i in holders.indices {
            let r = holders[i]
            let c = rows[Int(r)].coefficient(s)
            addScaled(row: r, row, times: c, skip: s)
            let b = basicOf[Int(r)]
            if kind(b) != .external && rows[Int(r)].constant < 0 {
                infeasible.append(b)
            }
        }
        recycle(holders)
        for li in levels.indices {
            let c = levels[li].coefficient(s)
            if c != 0 { addToObjective(level: li, row, times: c, removing: s) }
        }
        if artificial != nil {
            let c = artificial!.coefficient(s)
            if c != 0 {
                artificial!.remove(s)
                Tableau.accumulate(&artificial!, row, times: c)
            }
        }
    }

    /// `objective[li] += c · row`, with `removing` (now basic) set to 0.
    func addToObjective(level li: Int, _ row: Row, times c: Double, removing: Symbol) {
        levels[li].grow(to: kinds.count)
        levels[li].coeffs[Int(removing)] = 0
        levels[li].constant += c * row.constant
        for k in row.ids.indices {
            bumpObjective(level: li, row.ids[k], by: c * row.coeffs[k])
        }
    }

    /// `objective[li][s] += delta`, keeping the heaps of candidates complete: a symbol is
    /// offered where its cost is negative (or nonzero, for unrestricted symbols), and when its
    /// cost on this level drops to zero it is offered again on the lower levels, where it
    /// may have become eligible.
    @inline(__always)
    func bumpObjective(level li: Int, _ s: Symbol, by delta: Double) {
        let i = Int(s)
        let old = levels[li].coeffs[i]
        var v = old + delta
        if Swift.abs(v) <= levels[li].tolerance { v = 0 }
        levels[li].coeffs[i] = v
        if v < 0 || (v > 0 && kinds[i] == .external) {
            levels[li].offer(s)
        } else if v == 0 && old != 0 {
            for lj in (li + 1)..<levels.count {
                let w = levels[lj].coefficient(s)
                if w < 0 || (w > 0 && kinds[i] == .external) { levels[lj].offer(s) }
            }
        }
    }

    /// Index of the objective level for `level`, created if needed (levels stay sorted, highest first).
    func levelIndex(_ level: Int) -> Int {
        var lo = 0, hi = levels.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if levels[mid].level > level { lo = mid + 1 } else { hi = mid }
        }
        if lo < levels.count && levels[lo].level == level { return lo }
        levels.insert(ObjectiveLevel(level: level), at: lo)
        return lo
    }

    /// Adds `weight · s` (or `weight · row of s` if basic) to the objective at `level`.
    func addObjectiveTerm(_ s: Symbol, level: Int, weight: Double) {
        let li = levelIndex(level)
        for lj in levels.indices { levels[lj].grow(to: kinds.count) }
        levels[li].tolerance = Swift.max(levels[li].tolerance, Swift.abs(weight) * ObjectiveLevel.relativeTolerance)
        if isBasic(s) {
            let row = rows[Int(rowOf[Int(s)])]
            levels[li].constant += weight * row.constant
            for k in row.ids.indices { bumpObjective(level: li, row.ids[k], by: weight * row.coeffs[k]) }
        } else {
            bumpObjective(level: li, s, by: weight)
        }
    }

    // MARK: Pivoting

    /// `entering` becomes basic in the row of `leaving`, which becomes parametric.
    func pivot(entering: Symbol, leaving: Symbol) {
        pivotCount += 1
        let r = rowOf[Int(leaving)]
        var row = rows[Int(r)]
        rows[Int(r)] = Row()
        row.solve(for: entering, replacing: leaving)
        rowOf[Int(leaving)] = -1
        basicOf[Int(r)] = -1
        // The row keeps its slot; only `leaving` is a new cell in it.
        substitute(entering, row)
        rows[Int(r)] = row
        basicOf[Int(r)] = entering
        rowOf[Int(entering)] = r
        columns.add(leaving, row: r)
        journal?.append((entering, leaving))
        rebuildColumnsIfBloated()
    }

    // MARK: Reading the solution

    func value(of variable: Variable) -> Double {
        guard let s = knownSymbol(for: variable) else { return variable.value }
        return symbolValue(s)
    }

    func updateVariables() {
        evaluateDefinitions()
        let values = definitionValues, definitionOf = self.definitionOf, rowOf = self.rowOf
        rows.withUnsafeBufferPointer { rb in
            for (v, s) in variablesInOrder {
                let k = Int(definitionOf[Int(s)]), r = Int(rowOf[Int(s)])
                v.value = k >= 0 ? values[k] : r >= 0 ? rb[r].constant : 0
            }
        }
    }

    /// The symbol of a variable this tableau has seen, if any.
    @inline(__always)
    func knownSymbol(for variable: Variable) -> Symbol? {
        variable.solverTag == tag ? variable.solverSymbol : otherSymbol(for: variable)
    }

    /// ``knownSymbol(for:)`` through the dictionary, out of line: the inlined fast path then
    /// makes no call, so reading a term's variable needs no retain.
    @inline(never)
    private func otherSymbol(for variable: Variable) -> Symbol? { variableSymbols[variable.id] }

    /// The symbol of `variable`, created on first use. The first tableau to see a variable
    /// keeps its symbol in the variable itself (no hashing on the hot path); a variable
    /// already claimed by another tableau is looked up in this one's dictionary instead.
    /// A claim is never taken over, so each tableau always finds its own symbol.
    @inline(__always)
    func symbol(for variable: Variable) -> Symbol {
        if variable.solverTag == tag { return variable.solverSymbol }
        return claimSymbol(for: variable)
    }

    /// ``symbol(for:)`` for a variable this tableau has not claimed (its own symbol cache
    /// names another tableau, or none): the dictionary, else a new symbol.
    @inline(never)
    private func claimSymbol(for variable: Variable) -> Symbol {
        if variable.solverTag != 0, let known = variableSymbols[variable.id] { return known }
        let s = newSymbol(.external)
        if variable.solverTag == 0 {
            variable.solverTag = tag
            variable.solverSymbol = s
        } else {
            variableSymbols[variable.id] = s
        }
        variablesInOrder.append((variable, s))
        symbolVariable[Int(s)] = variable
        return s
    }

    func reset() {
        kinds = []; rowOf = []; columns = ColumnIndex(); columnRebuildThreshold = columnRebuildFloor; dead = []; owner = []; symbolVariable = []; definitionOf = []
        definitions = LazyDefinitions(); liveDefinitions = 0; definitionValues = []; definitionRound = []; solutionRound &+= 1
        rows = []; basicOf = []; freeRows = []; infeasible = []
        levels = []; artificial = nil
        variableSymbols = [:]; variablesInOrder = []
        slots = []; slotIndex = SlotIndex(tag: Tableau.newTag()); equivalents = EquivalenceIndex(); liveConstraints = 0; edits = [:]
        stamp = []; stampCounter = 0; journal = nil
        tag = Tableau.newTag()
    }

    /// A process-unique tag for variables' symbol caches; a new one invalidates them all.
    static func newTag() -> UInt64 {
        tableauTags.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
