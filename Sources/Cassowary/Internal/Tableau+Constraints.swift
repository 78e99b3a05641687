extension Tableau {
    var constraintCount: Int { liveConstraints }

    func contains(_ c: Constraint) -> Bool { slotIndex.slot(of: c) != nil }

    func constraintsInOrder() -> [Constraint] { slots.compactMap { $0?.constraint } }

    /// Adds a constraint. `isEdit` marks the solver's own edit constraints, which are exempt
    /// from equivalent-duplicate detection (a user's `v == 5` is not a duplicate of an edit
    /// that happens to start at 5).
    func add(_ constraint: Constraint, isEdit: Bool = false) throws(CassowaryError) {
        if let slot = slotIndex.slot(of: constraint) {
            throw .duplicateConstraint(constraint, existing: slots[Int(slot)]!.constraint)
        }
        let expression = constraint.expression   // read once (each read retains its terms)
        guard expression.isFinite else { throw .nonFiniteConstraint(constraint) }
        // Edit constraints and inequalities preferring equality are never duplicates.
        let fingerprint = isEdit || constraint.preferEqual != nil
            ? nil : ConstraintKey.fingerprint(expression, constraint.relation, constraint.strength)
        if let fingerprint, equivalents.mayContain(fingerprint),
           let slot = equivalents.find(fingerprint, equivalentTo: constraint, in: slots) {
            throw .duplicateConstraint(constraint, existing: slots[Int(slot)]!.constraint)
        }
        solutionRound &+= 1
        let newVariablesFrom = variablesInOrder.count
        let symbolsFrom = kinds.count
        if !isEdit, let candidate = definitionCandidate(constraint) {
            // It only defines a new variable: no row, no pivot (see Tableau+Definitions.swift).
            let (marker, other) = addDefinition(constraint, candidate: candidate)
            let slot = Int32(slots.count)
            owner[Int(marker)] = slot
            if other >= 0 { owner[Int(other)] = slot }
            slots.append(ConstraintRecord(constraint: constraint, marker: marker, other: other, fingerprint: fingerprint))
            slotIndex.insert(constraint, slot: slot)
            if let fingerprint { equivalents.insert(fingerprint, slot: slot) }
            liveConstraints += 1
            if !constraint.strength.isRequired { levels[levelIndex(constraint.strength.level)].uses += 1 }
            if let p = constraint.preferEqual { levels[levelIndex(p.level)].uses += 1 }
            return
        }
        // A constant until it is solved for its subject: read in place by the checks below (a
        // `var` is copied for each call that reads it, a retain of both of its arrays).
        let (row, marker, other) = createRow(constraint)
        let slot = Int32(slots.count)
        owner[Int(marker)] = slot
        if other >= 0 { owner[Int(other)] = slot }
        slots.append(ConstraintRecord(constraint: constraint, marker: marker, other: other, fingerprint: fingerprint))
        slotIndex.insert(constraint, slot: slot)
        if let fingerprint { equivalents.insert(fingerprint, slot: slot) }
        liveConstraints += 1
        if !constraint.strength.isRequired { levels[levelIndex(constraint.strength.level)].uses += 1 }
        if let p = constraint.preferEqual { levels[levelIndex(p.level)].uses += 1 }

        var subject = chooseSubject(row, marker: marker, other: other)
        if subject < 0 && row.allSymbols({ kinds[Int($0)] == .dummy }) {
            if !nearZero(row.constant) {
                let conflicts = conflictSet(of: row, excluding: slot)
                forget(slot: slot, symbolsFrom: symbolsFrom, variablesFrom: newVariablesFrom)
                throw .unsatisfiableConstraint(constraint, conflicts: conflicts)
            }
            subject = marker   // redundant: 0 = Σ dummies; keep it as the marker's row
        }
        if subject < 0 {
            if let conflicts = try addWithArtificialVariable(row, ownSlot: slot) {
                forget(slot: slot, symbolsFrom: symbolsFrom, variablesFrom: newVariablesFrom)
                throw .unsatisfiableConstraint(constraint, conflicts: conflicts)
            }
        } else {
            var solving = consume row
            solving.solve(for: subject)
            // Moved into a constant again: borrowed by `substitute`, then moved into the tableau.
            let solved = consume solving
            substitute(subject, solved)
            insertRow(solved, basic: subject)
        }
        try optimize()
        infeasible.removeAll()
    }

    /// Undoes the bookkeeping of an add that failed before touching the tableau's rows.
    private func forget(slot: Int32, symbolsFrom: Int, variablesFrom: Int) {
        let record = slots[Int(slot)]!
        if let p = record.constraint.preferEqual {
            // The marker's cost (the only objective term a failing, required add makes).
            for li in levels.indices where levels[li].coefficient(record.marker) != 0 { levels[li].coeffs[Int(record.marker)] = 0 }
            releaseLevel(of: p)
        }
        slots.removeLast()
        slotIndex.remove(record.constraint)
        if let f = record.fingerprint { equivalents.remove(f, slot: slot) }
        liveConstraints -= 1
        for (v, _) in variablesInOrder[variablesFrom...] {
            if v.solverTag == tag { v.solverTag = 0 } else { variableSymbols[v.id] = nil }
        }
        variablesInOrder.removeLast(variablesInOrder.count - variablesFrom)
        for s in symbolsFrom..<kinds.count { dead[s] = true; owner[s] = -1; symbolVariable[s] = nil }
    }

    /// The constraint's row with basic symbols substituted, its marker and other symbol, and
    /// its error terms added to the objective.
    func createRow(_ c: Constraint) -> (Row, marker: Symbol, other: Symbol) {
        // Built in a reused scratch row (a basic variable's row is merged in through the merge
        // buffer), then copied once into a row of exactly the right size.
        var acc = Row()
        swap(&acc, &rowScratch)
        acc.removeAllCells()
        let expression = c.expression
        acc.constant = expression.constant
        // The terms read in place (no retain and release of each variable), the merge buffer
        // borrowed once for them all.
        let merge = Unmanaged.passUnretained(mergeBuffer)
        // Terms over lazily defined variables go in through their definitions, which stay
        // definitions (`planExpansion`); past the budget they are materialized first.
        let expand = liveDefinitions > 0 && planExpansion(of: expression)
        expression.forEachTerm { variable, coefficient, _ in
            guard coefficient != 0 else { return }
            let s = symbol(for: variable)
            if definitionOf[Int(s)] >= 0 {
                if expand { return }
                materialize(Int(definitionOf[Int(s)]))
            }
            let r = rowOf[Int(s)]
            if r >= 0 {
                // Borrowed in place (no copy of the basic row, no retain of its arrays).
                _ = merge._withUnsafeGuaranteedRef { $0.add(into: &acc, reading: &rows[Int(r)], times: coefficient) }
            } else {
                acc.insert(s, coefficient)
            }
        }
        if expand { applyExpansion(into: &acc) }
        var row = Row(constant: acc.constant)
        // + a marker and an error, and room for the cells that substitutions add later (an
        // array that grows costs an allocation and a copy).
        row.ids.reserveCapacity(acc.ids.count + 6)
        row.coeffs.reserveCapacity(acc.ids.count + 6)
        // Copied from the scratch row's storage in place (no retain of its arrays).
        acc.ids.withUnsafeBufferPointer { row.ids.append(contentsOf: $0) }
        acc.coeffs.withUnsafeBufferPointer { row.coeffs.append(contentsOf: $0) }
        swap(&acc, &rowScratch)
        var marker: Symbol = -1, other: Symbol = -1
        let strength = c.strength
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coeff: Double = c.relation == .lessThanOrEqual ? 1 : -1
            // Preferring equality makes the marker (the amount by which the inequality holds
            // strictly) an error with that cost.
            marker = newSymbol(c.preferEqual == nil ? .slack : .error)
            row.insert(marker, coeff)
            if let p = c.preferEqual { addObjectiveTerm(marker, level: p.level, weight: p.weight) }
            if !strength.isRequired {
                other = newSymbol(.error)
                row.insert(other, -coeff)
                addObjectiveTerm(other, level: strength.level, weight: strength.weight)
            }
        case .equal:
            if strength.isRequired {
                marker = newSymbol(.dummy)
                row.insert(marker, 1)
            } else {
                marker = newSymbol(.error)
                other = newSymbol(.error)
                row.insert(marker, -1)
                row.insert(other, 1)
                addObjectiveTerm(marker, level: strength.level, weight: strength.weight)
                addObjectiveTerm(other, level: strength.level, weight: strength.weight)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, marker, other)
    }

    /// The symbol to make basic, in this order of preference:
    /// 1. an unrestricted symbol, the one in the fewest rows (lowest id on ties): making it
    ///    basic substitutes into as few rows as possible;
    /// 2. a restricted, non-dummy symbol with no cost on any objective level that keeps the
    ///    tableau feasible as subject (a zero constant; or a negative coefficient, so a value of
    ///    constant/|coefficient|, that pushes no restricted row below zero), again the one in
    ///    the fewest rows.
    ///    Solving for it leaves every cost as it was and the new error symbols at
    ///    their (positive) weights, so the tableau stays optimal and needs no pivot. kiwi's
    ///    rule (3) would instead make the new error basic and then pivot the cost it creates
    ///    through every row that holds the symbol: on a chain of equal widths that is every
    ///    row, at every step;
    /// 3. the constraint's marker or other symbol if its coefficient is negative (kiwi's rule);
    /// 4. a restricted symbol that has a cost and keeps the tableau feasible as in (2), the one
    ///    in the fewest rows; `add` then optimizes. A required equality that ties two sizes
    ///    already held by soft rows (every view of a `fill` stack to the stack's width) finds
    ///    its subject among their errors at a zero constant: without this it went in through
    ///    an artificial variable whose pivots grew every row, quadratic in the stack's length;
    /// 5. none: the row goes in through an artificial variable.
    func chooseSubject(_ row: Row, marker: Symbol, other: Symbol) -> Symbol {
        var best: Symbol = -1
        var bestCount = Int.max
        for s in row.ids where kinds[Int(s)] == .external {
            let n = columns.count(s)
            if n < bestCount { best = s; bestCount = n }
            if n == 0 { break }
        }
        if best >= 0 { return best }
        let zeroConstant = nearZero(row.constant)
        for costFree in [true, false] {
            // The candidates in order of the rows they are in (then of their place in the row),
            // the first that keeps the tableau feasible wins: its check walks the rows that hold
            // it, so a symbol in many rows is only looked at when no rarer one will do.
            var last = (n: -1, k: -1)
            while true {
                var next = (n: Int.max, k: -1)
                for k in row.ids.indices {
                    let s = row.ids[k], i = Int(s)
                    let kd = kinds[i]
                    guard kd == .slack || kd == .error, row.coeffs[k] < 0 || zeroConstant else { continue }
                    let n = columns.count(s)
                    guard (n, k) > last, (n, k) < next else { continue }
                    guard !costFree || levels.allSatisfy({ $0.coefficient(s) == 0 }) else { continue }
                    next = (n, k)
                }
                guard next.k >= 0 else { break }
                last = next
                let k = next.k, s = row.ids[k]
                if !zeroConstant && next.n > 0 {
                    // Its value becomes v = constant/|coefficient| > 0, and each row that holds
                    // it with coefficient a moves by a·v: only take it if no restricted row
                    // goes below zero (the ratio test of a pivot, done before the row exists).
                    let v = row.constant / -row.coeffs[k]
                    let holders = rowsContaining(s)
                    let drops = holders.contains { r in
                        guard kinds[Int(basicOf[Int(r)])] != .external else { return false }
                        let a = rows[Int(r)].coefficient(s)
                        return a < 0 && rows[Int(r)].constant + a * v < -Solver.epsilon
                    }
                    recycle(holders)
                    if drops { continue }
                }
                best = s
                break
            }
            if best >= 0 { return best }
            // Rule 3 before any symbol with a cost: the constraint's own marker or other.
            if costFree {
                for s in [marker, other] where s >= 0 {
                    let k = kinds[Int(s)]
                    if (k == .slack || k == .error) && row.coefficient(s) < 0 { return s }
                }
            }
        }
        return -1
    }

    /// The required constraints whose markers appear in `row` (a certificate of
    /// infeasibility), in the order they were added.
    func conflictSet(of row: Row, excluding slot: Int32) -> [Constraint] {
        var found: [Int32] = []
        for s in row.ids {
            let o = owner[Int(s)]
            guard o >= 0, o != slot, let record = slots[Int(o)] else { continue }
            if record.constraint.strength.isRequired && record.marker == s { found.append(o) }
        }
        return found.sorted().map { slots[Int($0)]!.constraint }
    }

    /// Phase one: adds `row` through an artificial variable. Returns nil when it went in, or
    /// the conflict set when it cannot be satisfied; then every pivot is undone, so the
    /// tableau is as it was.
    func addWithArtificialVariable(_ row: Row, ownSlot: Int32) throws(CassowaryError) -> [Constraint]? {
        let art = newSymbol(.slack)
        insertRow(row, basic: art)
        artificial = row
        journal = []
        defer { journal = nil; artificial = nil }
        try optimizeArtificial()
        let phaseOne = artificial!
        if !nearZero(phaseOne.constant) {
            let conflicts = conflictSet(of: phaseOne, excluding: ownSlot)
            artificial = nil
            let undo = journal!
            journal = nil
            for step in undo.reversed() { pivot(entering: step.leaving, leaving: step.entering) }
            _ = takeRow(of: art)
            dead[Int(art)] = true
            return conflicts
        }
        artificial = nil
        journal = nil
        if isBasic(art) {
            var r = takeRow(of: art)
            if !r.isEmpty {
                let own = slots[Int(ownSlot)]!
                var entering: Symbol = -1
                for s in r.ids where kinds[Int(s)] != .dummy { entering = s; break }
                if entering < 0, r.search(own.marker).found { entering = own.marker }
                guard entering >= 0 else {
                    throw .internalError("no symbol to pivot the artificial row out")
                }
                r.solve(for: entering)
                substitute(entering, r)
                insertRow(r, basic: entering)
            }
        }
        let holders = rowsContaining(art)
        for rr in holders { _ = rows[Int(rr)].remove(art) }
        recycle(holders)
        for li in levels.indices where levels[li].coefficient(art) != 0 { levels[li].coeffs[Int(art)] = 0 }
        dead[Int(art)] = true
        return nil
    }

    func remove(_ constraint: Constraint) throws(CassowaryError) {
        guard let slot = slotIndex.slot(of: constraint), let record = slots[Int(slot)] else {
            throw .unknownConstraint(constraint)
        }
        solutionRound &+= 1
        // A definition being removed becomes its row first. Other definitions stay: they
        // mention only external variables, never this constraint's marker or error, so its
        // removal changes no definition (and a conflict that removes constraint after
        // constraint no longer turns a chain's definitions into its triangle of rows).
        if definitionOf[Int(record.marker)] >= 0 { materializeAll() }
        // Take the constraint's errors out of the objective.
        let strength = constraint.strength
        for s in [record.marker, record.other] where s >= 0 && kinds[Int(s)] == .error {
            // An inequality's marker is an error only when it prefers equality.
            let cost = s == record.marker ? constraint.preferEqual ?? strength : strength
            addObjectiveTerm(s, level: cost.level, weight: -cost.weight)
        }
        let marker = record.marker
        if isBasic(marker) {
            _ = takeRow(of: marker)
        } else if let leaving = markerLeavingRow(marker) {
            pivot(entering: marker, leaving: leaving)
            _ = takeRow(of: marker)
        }
        // With the marker's row gone, neither symbol may appear anywhere (see docs/Design.md).
        for s in [record.marker, record.other] where s >= 0 {
            if isBasic(s) { _ = takeRow(of: s) }
            let holders = rowsContaining(s)
            for r in holders { _ = rows[Int(r)].remove(s) }
            recycle(holders)
            for li in levels.indices { if levels[li].coefficient(s) != 0 { levels[li].coeffs[Int(s)] = 0 } }
            dead[Int(s)] = true
            owner[Int(s)] = -1
        }
        slots[Int(slot)] = nil
        slotIndex.remove(constraint)
        if let f = record.fingerprint { equivalents.remove(f, slot: slot) }
        liveConstraints -= 1
        releaseLevel(of: strength)
        if let p = constraint.preferEqual { releaseLevel(of: p) }
        try optimize()
        infeasible.removeAll()
    }

    /// The row to pivot a parametric marker into: a redundant equality's row (basic dummy)
    /// first, then the restricted row that limits it most tightly (negative coefficient first,
    /// then positive), else an unrestricted row.
    ///
    /// A basic dummy's row holds only dummies, all zero; a dummy marker that appears there
    /// must pivot with it (a degenerate pivot: nothing moves). Pivoting it with any other row
    /// would substitute slacks or errors into the dummy's row, and the dummy — which must stay
    /// 0 from both sides — would then drift when those move (the primal ratio test only
    /// guards one side of a restricted row).
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: Symbol = -1, second: Symbol = -1, third: Symbol = -1, redundant: Symbol = -1
        var r1 = Double.infinity, r2 = Double.infinity
        let holders = rowsContaining(marker)
        defer { recycle(holders) }
        for r in holders {
            let b = basicOf[Int(r)]
            let c = rows[Int(r)].coefficient(marker)
            if kinds[Int(b)] == .dummy {
                if redundant < 0 || b < redundant { redundant = b }
            } else if kinds[Int(b)] == .external {
                if third < 0 || b < third { third = b }
            } else if c < 0 {
                let ratio = -rows[Int(r)].constant / c
                if ratio < r1 || (ratio == r1 && b < first) { r1 = ratio; first = b }
            } else {
                let ratio = rows[Int(r)].constant / c
                if ratio < r2 || (ratio == r2 && b < second) { r2 = ratio; second = b }
            }
        }
        if redundant >= 0 { return redundant }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }

    /// Drops the objective level of `strength` when no constraint uses it any more.
    func releaseLevel(of strength: Strength) {
        guard !strength.isRequired else { return }
        let li = levelIndex(strength.level)
        levels[li].uses -= 1
        if levels[li].uses <= 0 { levels.remove(at: li) }
    }
}
