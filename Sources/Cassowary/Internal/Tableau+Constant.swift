extension Tableau {
    /// What a ``setConstant(of:to:)`` overwrote, so that a failure can put the tableau back
    /// bit for bit (replaying pivots backwards would leave rounding noise in the rows).
    struct ConstantUndo {
        /// Row constants before the shift, in the order they were changed.
        var constants: [(row: Int32, constant: Double)] = []
        /// Rows before the first dual pivot that touched them: content and basic symbol.
        var rows: [(row: Int32, content: Row, basic: Symbol)] = []
        var savedRows: Set<Int32> = []
        /// Objective cells before each pivot changed them (restored in reverse order).
        var objective: [(level: Int, symbol: Symbol, coefficient: Double)] = []
        var levelConstants: [Double] = []
    }

    /// Changes the constant of an added constraint's expression in place.
    ///
    /// The row made for the constraint reads `E + μ·m + … = 0`, where `m` is its marker and
    /// μ the marker's coefficient as `createRow` inserts it (before any negation, which does
    /// not change the equation): +1 for `<=` slacks and required-equality dummies, −1 for `>=`
    /// slacks and for the first error of a soft equality. With `E` raised by δ, renaming the
    /// marker `m = m' + δ/μ` turns every old row into the new system, and `m'` keeps the
    /// marker's sign restriction. So rows holding `m` gain `a·δ/μ` (a: their coefficient of
    /// `m`), and a basic `m`'s own row loses δ/μ. Objective coefficients do not move, so the
    /// tableau stays optimal and the dual simplex repairs feasibility, as after
    /// ``suggestValue(_:_:)`` (the special case of a soft equality, μ = −1, δ = −Δvalue; like
    /// it, this leaves the objective's constant term, which only ``dump()`` shows, as it was).
    func setConstant(of constraint: Constraint, to constant: Double) throws(CassowaryError) {
        // No fingerprint: an edit constraint, not the user's, or one that prefers equality
        // (never a duplicate of another, so never looked up among them).
        guard let slot = slotIndex.slot(of: constraint), let record = slots[Int(slot)],
              record.fingerprint != nil || constraint.preferEqual != nil
        else { throw .unknownConstraint(constraint) }
        let old = constraint.expression.constant
        let delta = constant - old
        guard constant.isFinite, delta.isFinite else { throw .nonFiniteConstraint(constraint) }

        constraint.expression.constant = constant
        let fingerprint = record.fingerprint.map { _ in ConstraintKey.fingerprint(constraint) }
        if let fingerprint, let other = equivalents.find(fingerprint, equivalentTo: constraint, in: slots, excluding: slot) {
            constraint.expression.constant = old
            throw .duplicateConstraint(constraint, existing: slots[Int(other)]!.constraint)
        }
        solutionRound &+= 1
        if delta != 0 {
            let mu: Double
            switch constraint.relation {
            case .lessThanOrEqual: mu = 1
            case .greaterThanOrEqual: mu = -1
            case .equal: mu = constraint.strength.isRequired ? 1 : -1
            }
            var undo = ConstantUndo()
            undo.levelConstants = levels.map(\.constant)
            infeasible.removeAll()
            shiftMarker(record.marker, by: delta / mu, undo: &undo)
            if let failing = repairFeasibility(undo: &undo) {
                let row = rows[Int(rowOf[Int(failing)])]
                let conflicts = certificate(row, basic: failing, excluding: slot)
                restore(undo)
                constraint.expression.constant = old
                guard constraint.strength.isRequired else {
                    // Soft constraints can always be met by their errors; this is a bug.
                    throw .internalError("setConstant: no entering symbol for \(symbolName(failing))")
                }
                throw .unsatisfiableConstraint(constraint, conflicts: conflicts)
            }
            infeasible.removeAll()
            // A lazy definition moves with its constant (rows materialized through it moved
            // with its marker, above).
            let k = Int(definitionOf[Int(record.marker)])
            if k >= 0 { definitions.constant[k] = constant }
        }
        if let oldFingerprint = record.fingerprint, let fingerprint, fingerprint != oldFingerprint {
            equivalents.remove(oldFingerprint, slot: slot)
            equivalents.insert(fingerprint, slot: slot)
            slots[Int(slot)] = ConstraintRecord(
                constraint: constraint, marker: record.marker, other: record.other, fingerprint: fingerprint)
        }
    }

    /// Substitutes `m = m' + shift` in the tableau (`m'` keeps the symbol's id): the rows
    /// that hold `m` are found through the column index; the rows this leaves out of bounds
    /// go to `infeasible`.
    private func shiftMarker(_ m: Symbol, by shift: Double, undo: inout ConstantUndo) {
        if isBasic(m) {
            let r = rowOf[Int(m)]
            undo.constants.append((r, rows[Int(r)].constant))
            rows[Int(r)].constant -= shift
            noteIfOutOfBounds(row: r)
            return
        }
        // rowsContaining(m) inlined, so that the search that confirms a row holds `m` also
        // gives its coefficient: one binary search per row instead of two. The rows are
        // long on chains, and these searches are most of the cost of the call.
        stampCounter &+= 1
        if stampCounter == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            stampCounter = 1
        }
        let mark = stampCounter
        var kept = rowListPool.popLast() ?? []
        kept.removeAll(keepingCapacity: true)
        undo.constants.reserveCapacity(columns.count(m))
        columns.live(m, into: &kept) { r in
            let ri = Int(r)
            guard basicOf[ri] >= 0 && stamp[ri] != mark else { return false }
            let (i, found) = rows[ri].search(m)
            guard found else { return false }
            stamp[ri] = mark
            let old = rows[ri].constant
            undo.constants.append((r, old))
            rows[ri].constant = old + rows[ri].coeffs[i] * shift
            noteIfOutOfBounds(row: r)
            return true
        }
        recycle(kept)
    }

    /// Queues the row's basic symbol if it breaks its bound: negative for a restricted symbol,
    /// nonzero for a dummy (pinned at 0 from both sides).
    @inline(__always)
    private func noteIfOutOfBounds(row r: Int32) {
        let b = basicOf[Int(r)]
        let c = rows[Int(r)].constant
        switch kinds[Int(b)] {
        case .external: return
        case .dummy: if !nearZero(c) { infeasible.append(b) }
        case .slack, .error: if c < 0 { infeasible.append(b) }
        }
    }

    /// The dual simplex of ``dualOptimize()``, extended to dummies above zero (their row is
    /// treated negated: the entering symbol must lower it) and recording pre-images in
    /// `undo`. Returns the basic symbol of a row that no pivot can repair (the system is
    /// infeasible), or nil when every row is back in bounds.
    private func repairFeasibility(undo: inout ConstantUndo) -> Symbol? {
        while let leaving = infeasible.popLast() {
            let r = rowOf[Int(leaving)]
            guard r >= 0 else { continue }
            let c = rows[Int(r)].constant
            if nearZero(c) || (c > 0 && kinds[Int(leaving)] != .dummy) { continue }
            let entering: Symbol?
            if c < 0 {
                entering = dualEntering(row: rows[Int(r)])
            } else {
                var lowered = rows[Int(r)]
                lowered.negate()
                entering = dualEntering(row: lowered)
            }
            guard let entering else { return leaving }

            // Pre-images of what the pivot writes: the rows holding `entering` (the pivot row
            // among them) and, on each objective level that holds it, the cells of the pivot
            // row plus `leaving`.
            let holders = rowsContaining(entering)
            for h in holders where !undo.savedRows.contains(h) {
                undo.savedRows.insert(h)
                undo.rows.append((h, rows[Int(h)], basicOf[Int(h)]))
            }
            for li in levels.indices where levels[li].coefficient(entering) != 0 {
                undo.objective.append((li, leaving, levels[li].coefficient(leaving)))
                for s in rows[Int(r)].ids { undo.objective.append((li, s, levels[li].coefficient(s))) }
            }
            pivot(entering: entering, leaving: leaving)
            // `substitute` queues restricted rows that went negative; a dummy row that moved
            // off zero in either direction is queued here.
            for h in holders {
                let b = basicOf[Int(h)]
                if kinds[Int(b)] == .dummy && !nearZero(rows[Int(h)].constant) { infeasible.append(b) }
            }
            recycle(holders)
        }
        return nil
    }

    /// The required constraints behind an unrepairable row, the changed one (`slot`) left out.
    ///
    /// The row is a linear combination of constraint rows that cannot hold: its basic symbol
    /// must be ≥ 0 (or = 0) while every symbol that could raise it (lower it, for a dummy
    /// above zero) is absent. A soft constraint's errors enter any combination with opposite
    /// signs, so one of them could move the row; hence only required constraints take part,
    /// and each appears through its marker: in the row, or as its basic symbol.
    private func certificate(_ row: Row, basic: Symbol, excluding slot: Int32) -> [Constraint] {
        var found: [Int32] = []
        for s in row.ids + [basic] {
            let o = owner[Int(s)]
            guard o >= 0, o != slot, let record = slots[Int(o)] else { continue }
            if record.constraint.strength.isRequired && record.marker == s { found.append(o) }
        }
        return found.sorted().map { slots[Int($0)]!.constraint }
    }

    /// Puts back every row, basis entry and objective cell that `undo` recorded.
    private func restore(_ undo: ConstantUndo) {
        // Basic symbols of the touched rows first become parametric, then the old ones return.
        for e in undo.rows { rowOf[Int(basicOf[Int(e.row)])] = -1 }
        for e in undo.rows {
            rows[Int(e.row)] = e.content
            basicOf[Int(e.row)] = e.basic
            rowOf[Int(e.basic)] = e.row
            // Walks may have unlinked entries for cells the pivots removed.
            for s in e.content.ids where !columns.mentions(s, row: e.row) { columns.add(s, row: e.row) }
        }
        // The shift happened before any pivot, so its old constants go in last.
        for e in undo.constants.reversed() { rows[Int(e.row)].constant = e.constant }
        for e in undo.objective.reversed() where Int(e.symbol) < levels[e.level].coeffs.count {
            levels[e.level].coeffs[Int(e.symbol)] = e.coefficient
        }
        for li in levels.indices { levels[li].constant = undo.levelConstants[li] }
        // Heaps only gained candidates (nothing pops them outside the primal simplex), and
        // selectEntering discards ineligible ones, so they need no undo.
        infeasible.removeAll()
    }
}
