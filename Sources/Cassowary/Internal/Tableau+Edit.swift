extension Tableau {
    func containsEditVariable(_ v: Variable) -> Bool { edits[v.id] != nil }

    func addEditVariable(_ v: Variable, strength: Strength) throws(CassowaryError) {
        guard edits[v.id] == nil else { throw .duplicateEditVariable(v) }
        guard !strength.isRequired else { throw .requiredEditStrength(v) }
        // Start at the current value: adding the edit changes nothing, and the first
        // suggestion moves only as far as it must.
        let start = value(of: v)
        let c = Constraint(Expression([Term(v)], constant: -start), .equal, strength: strength)
        try add(c, isEdit: true)
        edits[v.id] = EditRecord(variable: v, constraint: c, slot: slotIndex.slot(of: c)!, constant: start)
    }

    func removeEditVariable(_ v: Variable) throws(CassowaryError) {
        guard let e = edits.removeValue(forKey: v.id) else { throw .unknownEditVariable(v) }
        try remove(e.constraint)
    }

    /// Moves the edit constraint's constant by the change in value: every row that holds the
    /// edit's error symbol shifts by coefficient × delta (found through the column index),
    /// then the dual simplex repairs the rows that went negative.
    func suggestValue(_ v: Variable, _ value: Double) throws(CassowaryError) {
        guard var e = edits[v.id] else { throw .unknownEditVariable(v) }
        guard value.isFinite else { throw .nonFiniteSuggestion(v, value) }
        let delta = value - e.constant
        e.constant = value
        edits[v.id] = e
        if delta == 0 { return }
        solutionRound &+= 1
        let record = slots[Int(e.slot)]!
        let plus = record.marker, minus = record.other
        infeasible.removeAll()
        if isBasic(plus) {
            let r = Int(rowOf[Int(plus)])
            rows[r].constant -= delta
            if rows[r].constant < 0 { infeasible.append(plus) }
        } else if isBasic(minus) {
            let r = Int(rowOf[Int(minus)])
            rows[r].constant += delta
            if rows[r].constant < 0 { infeasible.append(minus) }
        } else {
            let holders = rowsContaining(plus)
            defer { recycle(holders) }
            for r in holders {
                let ri = Int(r)
                rows[ri].constant += rows[ri].coefficient(plus) * delta
                let b = basicOf[ri]
                if rows[ri].constant < 0 && kinds[Int(b)] != .external { infeasible.append(b) }
            }
        }
        try dualOptimize()
    }
}
