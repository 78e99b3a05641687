/// Constraints that only define a new variable, kept out of the tableau until a later
/// constraint mentions that variable; oldest first, in flat arrays (no allocation per
/// definition, no reference counting when they are evaluated).
///
/// Definition `k` reads `coefficient·variable + Σ coeffs·ids + constant + μ·marker + ν·other
/// = 0`, its terms at `start[k] ..< start[k + 1]`: the other variables' symbols (basic,
/// parametric, or lazily defined by an older definition); `marker` and `other` with their
/// coefficients as `createRow` inserts them: a required equality's dummy (+1); a soft
/// equality's two errors (−1, +1); an inequality's slack, or its error when it prefers
/// equality (+1 for `<=`, −1 for `>=`), and a soft one's error (the opposite sign).
struct LazyDefinitions {
    var variable: [Symbol] = []
    var marker: [Symbol] = []
    /// A soft constraint's error (`marker` is its dummy, first error or slack), -1 for a required one.
    var other: [Symbol] = []
    /// μ and ν above.
    var markerCoefficient: [Double] = []
    var otherCoefficient: [Double] = []
    var coefficient: [Double] = []
    var constant: [Double] = []
    var live: [Bool] = []
    var start: [Int32] = [0]
    var ids: [Symbol] = []
    var coeffs: [Double] = []

    var count: Int { variable.count }

    func terms(_ k: Int) -> Range<Int> { Int(start[k])..<Int(start[k + 1]) }
}

/// Lazy definitions: the presolve of *free column singletons*, done as constraints arrive.
///
/// When a required equality mentions a variable the tableau has never seen, classic Cassowary
/// makes that variable the row's subject (it is in no row, so it is the cheapest): its row is
/// the equality with every basic variable substituted, and nothing else changes (no other row
/// holds the new variable, it has no cost, and an unrestricted basic row never takes part in
/// a pivot choice; it is only ever updated). On a chain (`xᵢ == xᵢ₋₁ + wᵢ₋₁ + 8`) that row
/// holds every earlier view: the fill is quadratic.
///
/// A soft equality over a new variable is kept the same way: classic Cassowary makes the
/// variable its subject too, and its two errors then sit in that row alone (and in the
/// objective, at their cost), parametric at 0 until another constraint mentions the variable;
/// a chain of soft gaps (`top == previous.bottom + 8 ~ 500`) held every gap's errors in every
/// row below it. So is an inequality over a new variable (`next.top >= previous.bottom + 4`,
/// the least gap of a stack that spaces its views equally): its slack (and a soft one's
/// error) sits in the variable's row alone, parametric at 0, and needs no pivot either; a
/// stack's chain of such gaps made every view's top a row over every height above it.
///
/// Here such an equality is kept as a definition instead, and the variable's value is computed
/// from it when read (``value(of:)``, ``updateVariables()``). When a later constraint mentions
/// the variable, its row takes in the definition in the variable's place, and the definitions
/// that one mentions, newest first, so that what cancels is never expanded
/// (``planExpansion(of:)``): the variable stays defined, in no row. Past a budget of
/// definitions (a long chain read at its end), the definition becomes the row classic
/// Cassowary would hold now instead (``materialize(_:)``), expanded through the lazily
/// defined variables it mentions in one linear pass: a chain read at its end costs one row as
/// long as the chain, not the chain's triangle. ``remove(_:)`` of a definition, ``dump()`` and the inspection queries
/// (``optimalFace()``, `Solver.statistics`) first materialize every definition
/// (``materializeAll()``); removing any other constraint leaves them as they are (they
/// mention external variables only, never another constraint's marker or errors).
///
/// Where the solution is unique, the values are classic Cassowary's. Where it is not, the
/// vertex may differ: a variable that only definitions mention is in no row, so the subject
/// choice, which prefers symbols in few rows, may pick it where the classic tableau (which
/// counts the defined variable's row) would not. The result is still deterministic.
/// A definition is only taken where the classic choice would pick the new variable among the
/// constraint's own terms: not when one of them is a parametric symbol in no row.
extension Tableau {
    /// The index in `c`'s terms of the variable it would define, or nil. `c` is not an edit.
    func definitionCandidate(_ c: Constraint) -> Int? {
        guard lazyDefinitions else { return nil }
        // Of the inequalities, only required ones without a cost: a soft or preferred one
        // brings its errors, whose costs steer the subject choice of every row that takes
        // the definition in (a stack of equal heights, each label's compression and hugging
        // a definition, filled its error rows with every tie's dummy: N² cells).
        if c.relation != .equal && (!c.strength.isRequired || c.preferEqual != nil) { return nil }
        var candidate: Int?
        var refused = false
        // The terms read in place (no retain and release of each variable).
        c.expression.forEachTerm { variable, coefficient, k in
            guard !refused, coefficient != 0 else { return }
            if let s = knownSymbol(for: variable) {
                let i = Int(s)
                if rowOf[i] >= 0 || definitionOf[i] >= 0 { return }
                if columns.count(s) == 0 { refused = true }
            } else if candidate == nil {
                if nearZero(coefficient) { refused = true; return }
                candidate = k
            }
        }
        return refused ? nil : candidate
    }

    /// Records `c` as the definition of its term `candidate`'s variable; returns its marker
    /// and other symbol (-1 for a required equality). Symbols are made in the order
    /// `createRow` makes them (the terms', then the marker, then the other), and a soft
    /// equality's errors take their costs as there.
    func addDefinition(_ c: Constraint, candidate: Int) -> (marker: Symbol, other: Symbol) {
        let expression = c.expression
        var variable: Symbol = -1
        var coefficientOfVariable = 0.0
        // The terms read in place (no retain and release of each variable).
        expression.forEachTerm { v, coefficient, k in
            guard coefficient != 0 else { return }
            let s = symbol(for: v)
            if k == candidate {
                variable = s
                coefficientOfVariable = coefficient
            } else {
                definitions.ids.append(s)
                definitions.coeffs.append(coefficient)
            }
        }
        // The marker and other as `createRow` makes them (same symbols, same costs, same order).
        let strength = c.strength
        let marker: Symbol, other: Symbol
        let mu: Double, nu: Double
        switch c.relation {
        case .equal:
            marker = newSymbol(strength.isRequired ? .dummy : .error)
            other = strength.isRequired ? -1 : newSymbol(.error)
            if other >= 0 {
                addObjectiveTerm(marker, level: strength.level, weight: strength.weight)
                addObjectiveTerm(other, level: strength.level, weight: strength.weight)
            }
            (mu, nu) = other >= 0 ? (-1, 1) : (1, 0)
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coeff: Double = c.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(c.preferEqual == nil ? .slack : .error)
            if let p = c.preferEqual { addObjectiveTerm(marker, level: p.level, weight: p.weight) }
            other = strength.isRequired ? -1 : newSymbol(.error)
            if other >= 0 { addObjectiveTerm(other, level: strength.level, weight: strength.weight) }
            (mu, nu) = (coeff, other >= 0 ? -coeff : 0)
        }
        let k = Int32(definitions.count)
        definitionOf[Int(variable)] = k
        definitionOf[Int(marker)] = k   // for setConstant
        definitions.variable.append(variable)
        definitions.marker.append(marker)
        definitions.other.append(other)
        definitions.markerCoefficient.append(mu)
        definitions.otherCoefficient.append(nu)
        definitions.coefficient.append(coefficientOfVariable)
        definitions.constant.append(expression.constant)
        definitions.live.append(true)
        definitions.start.append(Int32(definitions.ids.count))
        liveDefinitions += 1
        return (marker, other)
    }

    /// Calls `body` with definition `k`'s marker and other and their coefficients as
    /// `createRow` inserts them (``LazyDefinitions``). No array is made: a build materializes
    /// definitions by the thousand.
    @inline(__always)
    func forEachMarkerTerm(of k: Int, _ body: (Symbol, Double) -> Void) {
        body(definitions.marker[k], definitions.markerCoefficient[k])
        let other = definitions.other[k]
        if other >= 0 { body(other, definitions.otherCoefficient[k]) }
    }

    /// Adds definition `k`'s marker terms to a row, `w` times. A dummy is in no row; an error
    /// or a slack may be basic (a row expanded through the definition brought it into the
    /// tableau, where it can pivot), and then its row goes in.
    private func insertMarkers(of k: Int, times w: Double, into row: inout Row) {
        forEachMarkerTerm(of: k) { s, c in
            let r = rowOf[Int(s)]
            if r >= 0 { accumulate(&row, rows[Int(r)], times: w * c) } else { row.insert(s, w * c) }
        }
    }

    /// The value of definition `k`'s marker terms: each symbol is 0 while parametric, its
    /// row's constant once basic (a dummy's is 0 either way).
    @inline(__always)
    private func markerValue(of k: Int, _ d: LazyDefinitions, _ rowOf: [Int32], _ rows: UnsafeBufferPointer<Row>) -> Double {
        let rm = Int(rowOf[Int(d.marker[k])])
        var value = rm >= 0 ? d.markerCoefficient[k] * rows[rm].constant : 0
        let other = d.other[k]
        if other >= 0, case let ro = Int(rowOf[Int(other)]), ro >= 0 { value += d.otherCoefficient[k] * rows[ro].constant }
        return value
    }

    /// Turns definition `k` into the row classic Cassowary would hold for its variable now.
    func materialize(_ k: Int) {
        guard definitions.live[k] else { return }
        let terms = definitions.terms(k)
        var row: Row
        if terms.allSatisfy({ definitionOf[Int(definitions.ids[$0])] < 0 }) {
            // One level, as `createRow` builds a row (same merges in the same order).
            row = Row(constant: definitions.constant[k])
            for t in terms {
                let u = definitions.ids[t], c = definitions.coeffs[t]
                let r = rowOf[Int(u)]
                if r >= 0 { accumulate(&row, rows[Int(r)], times: c) } else { row.insert(u, c) }
            }
            insertMarkers(of: k, times: 1, into: &row)
        } else {
            row = expandedDefinition(k)
        }
        row.scale(by: -1 / definitions.coefficient[k])
        let v = definitions.variable[k]
        definitions.live[k] = false
        definitionOf[Int(v)] = -1
        definitionOf[Int(definitions.marker[k])] = -1
        liveDefinitions -= 1
        insertRow(consume row, basic: v)   // moved in (passing the `var` copies its arrays)
    }

    /// Definition `k` without its variable (`0 = coefficient·variable + result`), with every
    /// lazily defined variable it reaches replaced by its own definition and every basic
    /// variable by its row: one pass over the definitions it reaches, newest first, each
    /// handing its weight down to the older ones it mentions.
    private func expandedDefinition(_ k: Int) -> Row {
        // The definitions reached, with the weight each is taken at. Usually a handful (a
        // card's few positions): an array searched linearly, no hashing; past 16 (a chain) a
        // dictionary finds them.
        var reach = [k], weights = [1.0]
        reach.reserveCapacity(8)
        weights.reserveCapacity(8)
        var index: [Int: Int] = [:]
        var next = 0
        while next < reach.count {
            for t in definitions.terms(reach[next]) {
                let i = Int(definitionOf[Int(definitions.ids[t])])
                guard i >= 0 else { continue }
                let known = reach.count > 16 ? index[i] != nil : reach.contains(i)
                if known { continue }
                reach.append(i)
                weights.append(0)
                if reach.count == 17 {
                    for (p, j) in reach.enumerated() { index[j] = p }
                } else if reach.count > 17 {
                    index[i] = reach.count - 1
                }
            }
            next += 1
        }
        // Newest first: a definition hands weight only to older ones.
        var order = Array(reach.indices)
        order.sort { reach[$0] > reach[$1] }
        let small = reach.count <= 8
        var (acc, spare) = (Row(), Row())
        swap(&acc, &definitionScratch.0)
        swap(&spare, &definitionScratch.1)
        acc.ids.removeAll(keepingCapacity: true)
        acc.coeffs.removeAll(keepingCapacity: true)
        acc.constant = 0
        defer {
            swap(&acc, &definitionScratch.0)
            swap(&spare, &definitionScratch.1)
        }
        var cells: [Symbol: Double] = [:]
        for p in order {
            let w = weights[p]
            guard w != 0 else { continue }
            let j = reach[p]
            acc.constant += w * definitions.constant[j]
            if small {
                insertMarkers(of: j, times: w, into: &acc)
            } else {
                forEachMarkerTerm(of: j) { s, c in
                    let r = rowOf[Int(s)]
                    if r >= 0 {
                        acc.constant += w * c * rows[Int(r)].constant
                        for (u, a) in zip(rows[Int(r)].ids, rows[Int(r)].coeffs) { cells[u, default: 0] += w * c * a }
                    } else {
                        cells[s, default: 0] += w * c
                    }
                }
            }
            for t in definitions.terms(j) {
                let u = definitions.ids[t], c = definitions.coeffs[t]
                let i = Int(definitionOf[Int(u)])
                if i >= 0 {
                    // u = −(its definition without it) / its coefficient.
                    let q = reach.count > 16 ? index[i]! : reach.firstIndex(of: i)!
                    weights[q] += -w * c / definitions.coefficient[i]
                } else if rowOf[Int(u)] >= 0 {
                    let r = Int(rowOf[Int(u)])
                    if small {
                        Tableau.merge(acc, rows[r], times: w * c, into: &spare)
                        swap(&acc, &spare)
                    } else {
                        acc.constant += w * c * rows[r].constant
                        for (s, a) in zip(rows[r].ids, rows[r].coeffs) { cells[s, default: 0] += w * c * a }
                    }
                } else if small {
                    acc.insert(u, w * c)
                } else {
                    cells[u, default: 0] += w * c
                }
            }
        }
        var row = Row(constant: acc.constant)
        if small {
            row.ids.reserveCapacity(acc.ids.count + 1)   // + the subject's leaving symbol on a pivot
            row.coeffs.reserveCapacity(acc.ids.count + 1)
            // Copied from the scratch row's storage in place (no retain of its arrays).
            acc.ids.withUnsafeBufferPointer { row.ids.append(contentsOf: $0) }
            acc.coeffs.withUnsafeBufferPointer { row.coeffs.append(contentsOf: $0) }
            return row
        }
        let ids = cells.keys.sorted()
        row.ids.reserveCapacity(ids.count)
        row.coeffs.reserveCapacity(ids.count)
        for s in ids {
            let c = cells[s]!
            if !nearZero(c) { row.ids.append(s); row.coeffs.append(c) }
        }
        return row
    }

    /// Plans how a new row takes in the lazily defined variables of `expression`: each such
    /// term is replaced by its definition, and the older definitions that one mentions by
    /// theirs, newest first, so that a definition is only reached once every newer one has
    /// handed it its weight. A variable whose weights cancel is not expanded at all: in
    /// `next.top >= previous.bottom + 4`, where `next.top` is defined through the spacer
    /// after `previous` and `previous.bottom` through the chain above it, the two chains
    /// meet at `previous.top` with +1 and −1 and the row is the spacer's length alone. The
    /// definitions stay definitions (classic Cassowary would hold each reached variable's
    /// row, as long as everything above it, and update it on every pivot: a stack of equal
    /// spacing filled as N², and its build took N³ time); the row is the one classic
    /// Cassowary makes, with the same markers, so conflicts, removals and constant changes
    /// read it as before.
    ///
    /// Returns false, with nothing planned, when no term is lazily defined or when more than
    /// `expansionBudget` definitions would be expanded: the caller then materializes them.
    func planExpansion(of expression: Expression) -> Bool {
        expansionPlan.removeAll(keepingCapacity: true)
        if expansionWeight.count < definitions.count {
            expansionWeight += repeatElement(0, count: definitions.count - expansionWeight.count)
            expansionQueued += repeatElement(false, count: definitions.count - expansionQueued.count)
        }
        var any = false
        expression.forEachTerm { v, c, _ in
            guard c != 0, let s = knownSymbol(for: v) else { return }
            let k = Int(definitionOf[Int(s)])
            guard k >= 0 else { return }
            any = true
            queueExpansion(k, weight: -c / definitions.coefficient[k])
        }
        guard any else { return false }
        var expanded = 0
        while let j = popExpansion() {
            let w = expansionWeight[j]
            expansionWeight[j] = 0
            expansionQueued[j] = false
            guard w != 0 else { continue }   // cancelled: the chains met here
            expanded += 1
            if expanded > expansionBudget {
                while let k = popExpansion() { expansionWeight[k] = 0; expansionQueued[k] = false }
                expansionPlan.removeAll(keepingCapacity: true)
                return false
            }
            expansionPlan.append((Int32(j), w))
            for t in definitions.terms(j) {
                let i = Int(definitionOf[Int(definitions.ids[t])])
                if i >= 0 { queueExpansion(i, weight: -w * definitions.coeffs[t] / definitions.coefficient[i]) }
            }
        }
        return true
    }

    /// Adds the plan of ``planExpansion(of:)`` to a row being made: each definition's
    /// constant, markers and terms over variables that are not lazily defined, at its weight
    /// (a basic variable by its row).
    func applyExpansion(into acc: inout Row) {
        let merge = Unmanaged.passUnretained(mergeBuffer)
        for (j32, w) in expansionPlan {
            let j = Int(j32)
            acc.constant += w * definitions.constant[j]
            insertMarkers(of: j, times: w, into: &acc)
            for t in definitions.terms(j) {
                let u = definitions.ids[t]
                guard definitionOf[Int(u)] < 0 else { continue }
                let c = w * definitions.coeffs[t]
                let r = rowOf[Int(u)]
                if r >= 0 {
                    _ = merge._withUnsafeGuaranteedRef { $0.add(into: &acc, reading: &rows[Int(r)], times: c) }
                } else {
                    acc.insert(u, c)
                }
            }
        }
        expansionPlan.removeAll(keepingCapacity: true)
    }

    /// Adds `weight` to definition `k`'s, queueing it if it was not waiting.
    @inline(__always)
    private func queueExpansion(_ k: Int, weight: Double) {
        expansionWeight[k] += weight
        guard !expansionQueued[k] else { return }
        expansionQueued[k] = true
        expansionHeap.push(Symbol(-1 - k))
    }

    /// The newest waiting definition, taken off the heap.
    @inline(__always)
    private func popExpansion() -> Int? {
        guard !expansionHeap.isEmpty else { return nil }
        return -1 - Int(expansionHeap.popMin())
    }

    /// Materializes every definition, oldest first (each then expands one level only).
    func materializeAll() {
        if liveDefinitions > 0 {
            for k in 0..<definitions.count { materialize(k) }
        }
        definitions = LazyDefinitions()
        definitionValues.removeAll()
        definitionRound.removeAll()
    }

    /// The value of a symbol in the current solution: a lazily defined variable's from its
    /// definition, a basic symbol's from its row, 0 for a parametric one.
    func symbolValue(_ s: Symbol) -> Double {
        let k = definitionOf[Int(s)]
        if k >= 0 { return definitionValue(Int(k)) }
        let r = rowOf[Int(s)]
        return r >= 0 ? rows[Int(r)].constant : 0
    }

    /// The value of definition `k`'s variable, computed after the definitions it mentions (an
    /// explicit stack: a chain of definitions is as deep as the chain), once per change of the
    /// solution.
    func definitionValue(_ k: Int) -> Double {
        growDefinitionValues()
        if definitionRound[k] == solutionRound { return definitionValues[k] }
        if solutionRound &- fullEvaluationRound > UInt64(liveDefinitions / 8) {
            // Much has changed since the last full pass (a build): one pass over all the
            // definitions costs less than walking to each one as it is read.
            evaluateDefinitions()
            return definitionValues[k]
        }
        var stack: [Int] = []
        swap(&stack, &definitionStack)   // reused: no allocation per read
        defer { swap(&stack, &definitionStack) }
        stack.removeAll(keepingCapacity: true)
        stack.append(k)
        while let j = stack.last {
            if definitionRound[j] == solutionRound { stack.removeLast(); continue }
            var ready = true
            for t in definitions.terms(j) {
                let i = Int(definitionOf[Int(definitions.ids[t])])
                if i >= 0 && definitionRound[i] != solutionRound { stack.append(i); ready = false }
            }
            if !ready { continue }
            stack.removeLast()
            evaluateDefinition(j)
        }
        return definitionValues[k]
    }

    /// Computes definition `k` from the current values of what it mentions (older
    /// definitions already computed).
    @inline(__always)
    private func evaluateDefinition(_ k: Int) {
        var sum = definitions.constant[k]
        sum += rows.withUnsafeBufferPointer { markerValue(of: k, definitions, rowOf, $0) }
        for t in definitions.terms(k) {
            let u = Int(definitions.ids[t])
            let i = Int(definitionOf[u])
            let value: Double
            if i >= 0 {
                value = definitionValues[i]
            } else {
                let r = Int(rowOf[u])
                value = r >= 0 ? rows[r].constant : 0
            }
            sum += definitions.coeffs[t] * value
        }
        definitionValues[k] = -sum / definitions.coefficient[k]
        definitionRound[k] = solutionRound
    }

    /// Computes every definition's value for the current solution, oldest first (each then
    /// finds the older ones it mentions computed): one pass over local copies of the arrays
    /// (no reference counting per term), for ``updateVariables()``.
    func evaluateDefinitions() {
        guard liveDefinitions > 0 else { return }
        growDefinitionValues()
        let d = definitions, definitionOf = self.definitionOf, rowOf = self.rowOf, round = solutionRound
        var values: [Double] = [], rounds: [UInt64] = []
        swap(&values, &definitionValues)
        swap(&rounds, &definitionRound)
        rows.withUnsafeBufferPointer { rb in
            for k in 0..<d.count where d.live[k] && rounds[k] != round {
                var sum = d.constant[k] + markerValue(of: k, d, rowOf, rb)
                for t in Int(d.start[k])..<Int(d.start[k + 1]) {
                    let u = Int(d.ids[t])
                    let i = Int(definitionOf[u]), r = Int(rowOf[u])
                    sum += d.coeffs[t] * (i >= 0 ? values[i] : r >= 0 ? rb[r].constant : 0)
                }
                values[k] = -sum / d.coefficient[k]
                rounds[k] = round
            }
        }
        swap(&values, &definitionValues)
        swap(&rounds, &definitionRound)
        fullEvaluationRound = round
    }

    private func growDefinitionValues() {
        guard definitionValues.count < definitions.count else { return }
        definitionValues += repeatElement(0, count: definitions.count - definitionValues.count)
        definitionRound += repeatElement(0, count: definitions.count - definitionRound.count)
    }
}
