/// The set of optimal solutions of a solved tableau, as the directions the solution can move in
/// without making any constraint less satisfied on any level (see ``Tableau/optimalFace()``).
struct OptimalFace {
    /// Per symbol: ``fixed``, ``free``, or the index in ``expressions`` of its value as a
    /// combination of free symbols.
    var role: [Int32]
    /// Rows over free symbols (constant 0).
    var expressions: [Row] = []

    /// The symbol cannot move (basic, a dummy, costly on some level, or pinned by the cone).
    static let fixed: Int32 = -2
    /// A coordinate of the space of optimal solutions: it moves on its own.
    static let free: Int32 = -1
}

extension Tableau {
    /// The linear span of the optimal solutions around the current one, exactly.
    ///
    /// At a lexicographic optimum every parametric symbol's first nonzero cost is positive (an
    /// unrestricted one has none), so the optimal solutions are the feasible points where every
    /// parameter with a cost on some level stays 0. The rest, the *cost-free* parameters, move
    /// within the cone of directions that keep each degenerate row (a restricted basic symbol
    /// at 0) non-negative, each restricted parameter non-negative and each dummy row at 0;
    /// rows with slack do not bind small moves, and the face is convex, so a quantity takes
    /// another optimal value exactly when some direction of that cone changes it: exactly when
    /// it is not orthogonal to the cone's span.
    ///
    /// The span is the solution space of the cone's implicit equalities. Most are settled by
    /// sparse propagation: a parameter that no remaining row blocks moves on its own, and every
    /// row it raises is then strict somewhere in the cone, and so can be dropped (adding a large
    /// multiple of that move keeps it positive whatever the others do); a restricted parameter
    /// shown to move up can then move either way. What propagation leaves — rows that only
    /// parameters moved together can keep at 0, as in `p − q ≥ 0, q − p ≥ 0` — goes, one
    /// connected component at a time, to a small linear program and an elimination, each in a
    /// fresh sparse tableau (see `settle`), or for a component of at most `denseSettleLimit`
    /// rows (and four times as many cells), on dense matrices.
    /// - Complexity: O(tableau cells + symbols × levels), plus two simplex solves per component
    ///   of rows propagation leaves (usually none; a few rows each otherwise).
    func optimalFace() -> OptimalFace {
        // The report asks twice in a row (the solver's variables, then the inputs of the values
        // defined outside it): the second time costs nothing while the tableau has not changed.
        if let cached = faceCache, cached.round == solutionRound, cached.symbols == kinds.count, cached.rows == rows.count {
            return cached.face
        }
        var face = computeOptimalFace()
        addDefinitionMotions(to: &face)
        faceCache = (solutionRound, kinds.count, rows.count, face)
        return face
    }

    /// The motion of each lazily defined variable, from its definition, oldest first (a
    /// definition mentions only older ones): fixed when nothing it reads moves, else an
    /// expression over free symbols. The definitions stay as they are: made into rows, a chain
    /// of them is its triangle (every position over every gap above it; a column of 8,000
    /// views in soft gaps took 2.5 GB for its report), and a lazily defined variable's row
    /// would be an unrestricted one, which binds nothing in the face's cone.
    private func addDefinitionMotions(to face: inout OptimalFace) {
        guard liveDefinitions > 0 else { return }
        for k in 0..<definitions.count where definitions.live[k] {
            var motion = Row()
            for t in definitions.terms(k) {
                accumulateMotion(of: definitions.ids[t], times: definitions.coeffs[t], into: &motion, face: face)
            }
            forEachMarkerTerm(of: k) { m, c in accumulateMotion(of: m, times: c, into: &motion, face: face) }
            let v = Int(definitions.variable[k])
            if motion.isEmpty {
                face.role[v] = OptimalFace.fixed
            } else {
                motion.scale(by: -1 / definitions.coefficient[k])
                face.role[v] = Int32(face.expressions.count)
                face.expressions.append(motion)
            }
        }
    }

    private func computeOptimalFace() -> OptimalFace {
        let n = kinds.count
        var face = OptimalFace(role: [Int32](repeating: OptimalFace.fixed, count: n))
        // A lazily defined variable is not a parameter: its motion is its definition's.
        for s in 0..<n where rowOf[s] < 0 && !dead[s] && kinds[s] != .dummy && !(kinds[s] == .external && definitionOf[s] >= 0) {
            if levels.allSatisfy({ Swift.abs($0.coefficient(Symbol(s))) <= $0.tolerance }) {
                face.role[s] = OptimalFace.free
            }
        }
        // The cone's rows over cost-free parameters (numbered locally), flat.
        var rowStart = [0], cellParam: [Int32] = [], cellCoef: [Double] = []
        var params: [Symbol] = []
        var local = [Int32](repeating: -1, count: n)
        func addRow(_ row: Row, sign: Double) {
            let before = cellParam.count
            for (k, p) in row.ids.enumerated() where face.role[Int(p)] == OptimalFace.free {
                var l = local[Int(p)]
                if l < 0 {
                    l = Int32(params.count)
                    local[Int(p)] = l
                    params.append(p)
                }
                cellParam.append(l)
                cellCoef.append(sign * row.coeffs[k])
            }
            if cellParam.count > before { rowStart.append(cellParam.count) }
        }
        for (ri, b) in basicOf.enumerated() where b >= 0 {
            switch kinds[Int(b)] {
            case .external: continue
            case .dummy:   // = 0: both ways
                addRow(rows[ri], sign: 1)
                addRow(rows[ri], sign: -1)
            case .slack, .error:
                if nearZero(rows[ri].constant) { addRow(rows[ri], sign: 1) }
            }
        }
        let m = rowStart.count - 1, np = params.count
        if m == 0 { return face }

        // Which rows hold each parameter (CSR), and how many live rows it would push down
        // (`neg`, coefficient < 0) or up (`pos`) by rising.
        var pStart = [Int](repeating: 0, count: np + 1)
        for l in cellParam { pStart[Int(l) + 1] += 1 }
        for i in 0..<np { pStart[i + 1] += pStart[i] }
        var fill = pStart
        var pRow = [Int32](repeating: 0, count: cellParam.count), pCoef = [Double](repeating: 0, count: cellParam.count)
        var pos = [Int32](repeating: 0, count: np), neg = pos
        for r in 0..<m {
            for k in rowStart[r]..<rowStart[r + 1] {
                let l = Int(cellParam[k])
                pRow[fill[l]] = Int32(r)
                pCoef[fill[l]] = cellCoef[k]
                fill[l] += 1
                if cellCoef[k] > 0 { pos[l] += 1 } else { neg[l] += 1 }
            }
        }
        var alive = [Bool](repeating: true, count: m)
        var bounded = params.map { kinds[Int($0)] != .external }   // its `≥ 0` not yet shown slack
        var queued = [Bool](repeating: true, count: np)
        var work = Array((0..<np).reversed())
        func drop(_ r: Int) {
            alive[r] = false
            for k in rowStart[r]..<rowStart[r + 1] {
                let q = Int(cellParam[k])
                if cellCoef[k] > 0 { pos[q] -= 1 } else { neg[q] -= 1 }
                if !queued[q] {
                    queued[q] = true
                    work.append(q)
                }
            }
        }
        func dropRows(of p: Int, positive: Bool) {
            for k in pStart[p]..<pStart[p + 1] where alive[Int(pRow[k])] && (pCoef[k] > 0) == positive {
                drop(Int(pRow[k]))
            }
        }
        while let p = work.popLast() {
            queued[p] = false
            if neg[p] == 0 {   // it can rise: its own bound and every row it raises are slack
                bounded[p] = false
                if pos[p] > 0 { dropRows(of: p, positive: true) }
            }
            if !bounded[p] && pos[p] == 0 && neg[p] > 0 { dropRows(of: p, positive: false) }
        }

        // What is left, by connected component (parameters sharing a live row).
        var parent = Array(0..<np)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x {
                parent[x] = parent[parent[x]]
                x = parent[x]
            }
            return x
        }
        var liveRows: [Int] = []
        for r in 0..<m where alive[r] {
            liveRows.append(r)
            let a = find(Int(cellParam[rowStart[r]]))
            for k in (rowStart[r] + 1)..<rowStart[r + 1] { parent[find(Int(cellParam[k]))] = a }
        }
        if liveRows.isEmpty { return face }
        var componentRows: [Int: [Int]] = [:], order: [Int] = []
        for r in liveRows {
            let c = find(Int(cellParam[rowStart[r]]))
            if componentRows[c] == nil { order.append(c) }
            componentRows[c, default: []].append(r)
        }
        for c in order {
            let rowList = componentRows[c]!
            // Small components (the common case: a card's few rows) on dense matrices; large
            // ones in sparse tableaus, whose set-up costs more than a small dense solve.
            let cells = rowList.reduce(0) { $0 + rowStart[$1 + 1] - rowStart[$1] }
            if rowList.count <= denseSettleLimit && cells <= 4 * denseSettleLimit {
                settleDense(rowList, rowStart, cellParam, cellCoef, params, bounded, &face)
            } else if rowList.count == 1 && settlesSingleRowsDirectly {
                settleSingleRow(rowList[0], rowStart, cellParam, cellCoef, bounded, params, &face)
            } else {
                settle(rowList, rowStart, cellParam, cellCoef, params, bounded, &face)
            }
        }
        return face
    }

    /// Settles one component of rows the propagation could not drop: which of the cone's
    /// inequalities are implicit equalities, and the space those equalities leave.
    ///
    /// Row i of the cone `{y : B·y ≥ 0}` is *not* implicit exactly when some y in the cone has
    /// `Bᵢ·y > 0`; the cone being closed under sums, one y serves them all, so one linear program
    /// finds them: maximize `Σ tᵢ` subject to `B·y ≥ t`, `0 ≤ t ≤ 1` (each `tᵢ == 1` as a weak
    /// wish), solved by a fresh sparse tableau (a cycle of a thousand inequalities is a
    /// thousand short rows, not a dense matrix). The span is then the solution space of the
    /// implicit rows, with the parameters whose `≥ 0` is implicit held at 0: a second fresh
    /// tableau holds those equalities, and its rows express each basic parameter over the
    /// parametric ones, the free coordinates (its dummy symbols, pinned at 0, drop out).
    private func settle(
        _ rowList: [Int], _ rowStart: [Int], _ cellParam: [Int32], _ cellCoef: [Double],
        _ params: [Symbol], _ bounded: [Bool], _ face: inout OptimalFace
    ) {
        let (columnOf, columns) = componentColumns(rowList, rowStart, cellParam)
        let y = columns.map { _ in Variable() }
        var indexOf: [ObjectIdentifier: Int] = [:]
        for (j, v) in y.enumerated() { indexOf[ObjectIdentifier(v)] = j }
        func terms(_ r: Int, keeping keep: (Int) -> Bool = { _ in true }) -> [Term] {
            (rowStart[r]..<rowStart[r + 1]).compactMap { k in
                let j = columnOf[cellParam[k]]!
                return keep(j) ? Term(y[j], cellCoef[k]) : nil
            }
        }
        let signed = columns.indices.filter { bounded[Int(columns[$0])] }
        let lp = Tableau()
        var t: [Variable] = []
        func addInequality(_ lhs: [Term]) {
            let ti = Variable()
            t.append(ti)
            // Satisfiable (y = 0, t = 0 is a solution) and never a duplicate (each has its own
            // t), so these cannot throw; if one did, its row would stay implicit: no motion is
            // claimed that was not shown.
            do {
                try lp.add(Constraint(Expression(lhs + [Term(ti, -1)]), .greaterThanOrEqual))
                try lp.add(Constraint(Expression([Term(ti)]), .greaterThanOrEqual))
                try lp.add(Constraint(Expression([Term(ti)], constant: -1), .lessThanOrEqual))
                try lp.add(Constraint(Expression([Term(ti)], constant: -1), .equal, strength: .weak))
            } catch {}
        }
        for r in rowList { addInequality(terms(r)) }
        for j in signed { addInequality([Term(y[j])]) }
        let implicit = t.map { lp.value(of: $0) < 0.5 }

        var pinned = [Bool](repeating: false, count: columns.count)
        for (i, j) in signed.enumerated() where implicit[rowList.count + i] { pinned[j] = true }
        let eq = Tableau()
        eq.lazyDefinitions = false   // its rows are read below
        for (i, r) in rowList.enumerated() where implicit[i] {
            let lhs = terms(r) { !pinned[$0] }
            if lhs.isEmpty { continue }
            // Homogeneous, so always satisfiable; a row proportional to one already added is
            // rejected as a duplicate, and says nothing new.
            do { try eq.add(Constraint(Expression(lhs), .equal)) } catch {}
        }
        for j in columns.indices {
            let p = params[Int(columns[j])]
            if pinned[j] {
                face.role[Int(p)] = OptimalFace.fixed
                continue
            }
            guard let s = eq.knownSymbol(for: y[j]), eq.rowOf[Int(s)] >= 0 else { continue }   // free
            let row = eq.rows[Int(eq.rowOf[Int(s)])]
            var expr = Row()
            for (k, q) in row.ids.enumerated() where eq.kinds[Int(q)] == .external {
                guard let v = eq.symbolVariable[Int(q)], let f = indexOf[ObjectIdentifier(v)] else { continue }
                expr.insert(params[Int(columns[f])], row.coeffs[k])
            }
            face.role[Int(p)] = expr.isEmpty ? OptimalFace.fixed : Int32(face.expressions.count)
            if !expr.isEmpty { face.expressions.append(expr) }
        }
    }

    /// ``settle`` for a component of one row over many parameters (a long chain closed at both
    /// ends by soft lengths: a VFL column exactly as tall as its canvas), worked out directly.
    /// The cone is `{y : b·y ≥ 0, y_j ≥ 0 for the signed j}`. Some y in it has `b·y > 0`
    /// exactly when a parameter could raise the row on its own: an unsigned one with any
    /// coefficient, or a signed one with a positive coefficient. Then the row is not implicit,
    /// and no bound is either (a signed parameter with a negative coefficient is made up for by
    /// that one), so every parameter stays a free coordinate. Otherwise every parameter is
    /// signed with a negative coefficient, and the row holds at 0 only with all of them at 0:
    /// each is fixed, and no equality is left. (The linear program took N² here: its one
    /// dense row was substituted into each bound's row.)
    private func settleSingleRow(
        _ r: Int, _ rowStart: [Int], _ cellParam: [Int32], _ cellCoef: [Double], _ bounded: [Bool],
        _ params: [Symbol], _ face: inout OptimalFace
    ) {
        singleRowSettles += 1
        let cells = rowStart[r]..<rowStart[r + 1]
        let rises = cells.contains { k in !bounded[Int(cellParam[k])] || cellCoef[k] > 0 }
        if rises { return }
        for k in cells { face.role[Int(params[Int(cellParam[k])])] = OptimalFace.fixed }
    }

    /// The parameters a component's rows mention, in order of first appearance, and each one's
    /// column.
    private func componentColumns(_ rowList: [Int], _ rowStart: [Int], _ cellParam: [Int32]) -> ([Int32: Int], [Int32]) {
        var columnOf: [Int32: Int] = [:], columns: [Int32] = []
        for r in rowList {
            for k in rowStart[r]..<rowStart[r + 1] where columnOf[cellParam[k]] == nil {
                columnOf[cellParam[k]] = columns.count
                columns.append(cellParam[k])
            }
        }
        return (columnOf, columns)
    }

    /// ``settle`` for a small component, on dense matrices (``ConeSpan``): no tableau to set
    /// up, which is what a few rows mostly cost.
    private func settleDense(
        _ rowList: [Int], _ rowStart: [Int], _ cellParam: [Int32], _ cellCoef: [Double],
        _ params: [Symbol], _ bounded: [Bool], _ face: inout OptimalFace
    ) {
        let (columnOf, columns) = componentColumns(rowList, rowStart, cellParam)
        let n = columns.count
        let signed = columns.indices.filter { bounded[Int(columns[$0])] }
        let m = rowList.count + signed.count
        var b = [Double](repeating: 0, count: m * n)
        for (i, r) in rowList.enumerated() {
            for k in rowStart[r]..<rowStart[r + 1] { b[i * n + columnOf[cellParam[k]]!] += cellCoef[k] }
        }
        for (i, j) in signed.enumerated() { b[(rowList.count + i) * n + j] = 1 }
        let implicit = ConeSpan(b, rows: m, columns: n).implicit

        // Parameters whose `≥ 0` is implicit stay at 0; the implicit rows bind the others.
        var pinned = [Bool](repeating: false, count: n)
        for (i, j) in signed.enumerated() where implicit[rowList.count + i] { pinned[j] = true }
        let kept = (0..<n).filter { !pinned[$0] }
        var e: [Double] = []
        var k = 0
        for i in rowList.indices where implicit[i] {
            for j in kept { e.append(b[i * n + j]) }
            k += 1
        }
        let solved = ConeSpan.solutions(e, rows: k, columns: kept.count)
        for j in 0..<n where pinned[j] { face.role[Int(params[Int(columns[j])])] = OptimalFace.fixed }
        for (c, j) in kept.enumerated() {
            guard let expr = solved[c] else { continue }
            var row = Row()
            for (f, coefficient) in expr { row.insert(params[Int(columns[kept[f]])], coefficient) }
            face.role[Int(params[Int(columns[j])])] = row.isEmpty ? OptimalFace.fixed : Int32(face.expressions.count)
            if !row.isEmpty { face.expressions.append(row) }
        }
    }
}
