import BlueprintSupport

extension Tableau {
    /// `x` for an external symbol named x, else `s12`, `e12`, `d12` by kind and id.
    func symbolName(_ s: Symbol) -> String {
        switch kinds[Int(s)] {
        case .external:
            let v = symbolVariable[Int(s)]
            return "[\(v.map { $0.name.isEmpty ? "v\(s)" : $0.name } ?? "v\(s)")]"
        case .slack: return "s\(s)"
        case .error: return "e\(s)"
        case .dummy: return "d\(s)"
        }
    }

    private func render(_ constant: Double, _ cells: [(Symbol, Double)]) -> String {
        var out = formatNumber(constant)
        for (s, c) in cells {
            out += c < 0 ? " - " : " + "
            let a = Swift.abs(c)
            out += (a == 1 ? "" : "\(formatNumber(a)) * ") + symbolName(s)
        }
        return out
    }

    func dump() -> String {
        materializeAll()
        var out = "Objective\n"
        if levels.isEmpty { out += "  (none)\n" }
        for l in levels {
            var cells: [(Symbol, Double)] = []
            for (i, c) in l.coeffs.enumerated() where c != 0 { cells.append((Symbol(i), c)) }
            out += "  level \(l.level): " + render(l.constant, cells) + "\n"
        }
        out += "Tableau\n"
        var basics: [Symbol] = basicOf.filter { $0 >= 0 }
        basics.sort()
        for b in basics {
            let row = rows[Int(rowOf[Int(b)])]
            out += "  \(symbolName(b)) = " + render(row.constant, Array(zip(row.ids, row.coeffs))) + "\n"
        }
        let pending = infeasible.filter { isBasic($0) && rows[Int(rowOf[Int($0)])].constant < 0 }
        out += "Infeasible\n" + (pending.isEmpty ? "  (none)\n" : pending.map { "  \(symbolName($0))\n" }.joined())
        out += "Constraints\n"
        for case let record? in slots {
            var markers = symbolName(record.marker)
            if record.other >= 0 { markers += ", " + symbolName(record.other) }
            out += "  \(record.constraint)  (\(markers))\n"
        }
        out += "Edit variables\n"
        let editList = edits.values.sorted { $0.slot < $1.slot }
        if editList.isEmpty { out += "  (none)\n" }
        for e in editList { out += "  \(e.variable) = \(formatNumber(e.constant))  @ \(e.constraint.strength)\n" }
        return out
    }

    /// Every invariant the algorithms rely on; the first broken one is thrown.
    func checkInvariants() throws(CassowaryError) {
        func fail(_ m: String) -> CassowaryError { .internalError("invariant: " + m) }
        var liveDefs = 0
        for k in 0..<definitions.count where definitions.live[k] {
            liveDefs += 1
            let v = definitions.variable[k], m = definitions.marker[k]
            guard definitionOf[Int(v)] == Int32(k), definitionOf[Int(m)] == Int32(k),
                  rowOf[Int(v)] < 0, kinds[Int(m)] != .dummy || rowOf[Int(m)] < 0, kinds[Int(v)] == .external,
                  !dead[Int(v)], levels.allSatisfy({ $0.coefficient(v) == 0 })
            else { throw fail("lazy definition of \(symbolName(v)) is inconsistent") }
            for t in definitions.terms(k) {
                let u = definitions.ids[t]
                if definitionOf[Int(u)] >= Int32(k) || dead[Int(u)] {
                    throw fail("lazy definition of \(symbolName(v)) mentions \(symbolName(u))")
                }
            }
        }
        if liveDefs != liveDefinitions { throw fail("lazy definition count disagrees") }
        for (ri, b) in basicOf.enumerated() where b >= 0 {
            let row = rows[ri]
            guard rowOf[Int(b)] == Int32(ri) else { throw fail("row \(ri) is not the row of its basic \(symbolName(b))") }
            guard !dead[Int(b)] else { throw fail("basic \(symbolName(b)) belongs to a removed constraint") }
            guard row.ids.count == row.coeffs.count else { throw fail("row of \(symbolName(b)) has mismatched arrays") }
            for k in row.ids.indices {
                let s = row.ids[k]
                if k > 0 && row.ids[k - 1] >= s { throw fail("row of \(symbolName(b)) is not sorted") }
                if s == b { throw fail("\(symbolName(b)) appears in its own row") }
                if isBasic(s) { throw fail("basic \(symbolName(s)) appears in the row of \(symbolName(b))") }
                if definitionOf[Int(s)] >= 0 && kinds[Int(s)] == .external {
                    throw fail("lazily defined \(symbolName(s)) appears in the row of \(symbolName(b))")
                }
                if dead[Int(s)] { throw fail("removed symbol \(symbolName(s)) appears in the row of \(symbolName(b))") }
                if nearZero(row.coeffs[k]) || !row.coeffs[k].isFinite { throw fail("row of \(symbolName(b)) has coefficient \(row.coeffs[k])") }
                if !columns.mentions(s, row: Int32(ri)) { throw fail("column of \(symbolName(s)) misses the row of \(symbolName(b))") }
            }
            if !row.constant.isFinite { throw fail("row of \(symbolName(b)) has constant \(row.constant)") }
            if kinds[Int(b)] != .external && row.constant < -Solver.epsilon {
                throw fail("restricted \(symbolName(b)) = \(row.constant) is infeasible")
            }
            if kinds[Int(b)] == .dummy && !nearZero(row.constant) {
                throw fail("dummy \(symbolName(b)) = \(row.constant) is not zero")
            }
            if kinds[Int(b)] == .dummy, let s = row.ids.first(where: { kinds[Int($0)] != .dummy }) {
                throw fail("the row of basic dummy \(symbolName(b)) holds \(symbolName(s)), which could move it off zero")
            }
        }
        for (li, l) in levels.enumerated() {
            if li > 0 && levels[li - 1].level <= l.level { throw fail("objective levels are not sorted") }
            for (i, c) in l.coeffs.enumerated() where c != 0 {
                let s = Symbol(i)
                if isBasic(s) { throw fail("basic \(symbolName(s)) is in objective level \(l.level)") }
                if dead[i] { throw fail("removed \(symbolName(s)) is in objective level \(l.level)") }
                let candidate = (c < 0 || kinds[i] == .external) && kinds[i] != .dummy
                    && levels[..<li].allSatisfy { $0.coefficient(s) == 0 }
                if candidate && !l.inHeap[i] { throw fail("\(symbolName(s)) can enter but is not in the heap of level \(l.level)") }
            }
        }
        // Optimality: no parametric symbol improves the objective lexicographically.
        var symbolsInObjective = Set<Symbol>()
        for l in levels { for (i, c) in l.coeffs.enumerated() where c != 0 { symbolsInObjective.insert(Symbol(i)) } }
        for s in symbolsInObjective.sorted() where kinds[Int(s)] != .dummy {
            for l in levels {
                let c = l.coefficient(s)
                if Swift.abs(c) <= l.tolerance { continue }
                if c < 0 || kinds[Int(s)] == .external {
                    throw fail("not optimal: \(symbolName(s)) has cost \(c) on level \(l.level)")
                }
                break
            }
        }
        var live = 0, keyed = 0
        for (i, record) in slots.enumerated() {
            guard let record else { continue }
            live += 1
            if let f = record.fingerprint {
                keyed += 1
                guard f == ConstraintKey.fingerprint(record.constraint), equivalents.contains(f, slot: Int32(i)) else {
                    throw fail("equivalence index is inconsistent")
                }
            }
            guard slotIndex.slot(of: record.constraint) == Int32(i) else { throw fail("constraint index is inconsistent") }
            guard owner[Int(record.marker)] == Int32(i) else { throw fail("marker owner is inconsistent") }
        }
        if live != liveConstraints || slotIndex.count != live || equivalents.count != keyed {
            throw fail("constraint counts disagree")
        }
        for e in edits.values where slotIndex.slot(of: e.constraint) == nil {
            throw fail("edit variable \(e.variable) has no constraint")
        }
    }
}
