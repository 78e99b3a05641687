import PropertyBased
import Testing
@testable import Cassowary

/// The error a call throws, or nil.
private func thrownBy(_ body: () throws(CassowaryError) -> Void) -> CassowaryError? {
    do throws(CassowaryError) {
        try body()
        return nil
    } catch {
        return error
    }
}

private func ids(_ cs: [Constraint]) -> [ObjectIdentifier] { cs.map { ObjectIdentifier($0) } }

/// A copy with another constant: what "remove it and add it back changed" would add.
private func copy(_ c: Constraint, constant: Double) -> Constraint {
    var e = c.expression
    e.constant = constant
    return Constraint(e, c.relation, strength: c.strength)
}

/// Everything a failed call must leave as it was.
private struct Snapshot: Equatable {
    let dump: String
    let values: [Double]
    let constants: [Double]

    init(_ s: Solver, _ vars: [Variable]) {
        dump = s.dump()
        values = vars.map { s.value(of: $0) }
        constants = s.constraints.map(\.expression.constant)
    }
}

@Suite("setConstant(of:to:): moving a constraint's constant in place")
struct SetConstantTests {
    // MARK: Exact small cases

    @Test func requiredEqualityMovesWhatDependsOnIt() throws {
        let s = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2"), w = Variable("w")
        let width = w == 10
        try s.add([x0 == 0, width, x1 == x0 + w, x2 == x1 + 5])
        try s.setConstant(of: width, to: -25)   // w - 25 == 0
        try s._checkInvariants()
        s.updateVariables()
        #expect(w.value == 25 && x1.value == 25 && x2.value == 30)
        #expect(width.expression.constant == -25)
        #expect(width.description == "w == 25")
        try s.setConstant(of: width, to: 3)     // w == -3
        s.updateVariables()
        #expect(w.value == -3 && x2.value == 2)
        try s._checkInvariants()
    }

    @Test func requiredInequalityBecomesActiveThenInactive() throws {
        let s = Solver()
        let x = Variable("x")
        let cap = x <= 100
        let floor = x >= 0
        try s.add([cap, floor, (x == 50).strength(.weak)])
        s.updateVariables()
        #expect(x.value == 50)
        try s.setConstant(of: cap, to: -30)     // x <= 30: active, pulls x down
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 30)
        try s.setConstant(of: cap, to: -80)     // x <= 80: inactive again
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 50)
        try s.setConstant(of: floor, to: -60)   // x >= 60: active from below
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 60)
        try s.setConstant(of: floor, to: 5)     // x >= -5
        s.updateVariables()
        #expect(x.value == 50)
        try s._checkInvariants()
    }

    @Test func optionalEqualityAndInequality() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let strong = (x == 10).strength(.strong)
        let weak = (x == 20).strength(.weak)
        let soft = (y <= 5).strength(.medium)
        try s.add([strong, weak, soft, (y == 10).strength(.weak), y >= x - 100])
        s.updateVariables()
        #expect(x.value == 10 && y.value == 5)
        try s.setConstant(of: strong, to: -15)   // x == 15 @ strong
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 15)
        try s.setConstant(of: weak, to: 0)       // x == 0 @ weak: still loses to strong
        try s.setConstant(of: soft, to: -12)     // y <= 12: inactive, y goes to its weak 10
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 15 && y.value == 10)
        try s.setConstant(of: soft, to: 1)       // y <= -1
        s.updateVariables()
        #expect(y.value == -1)
        try s._checkInvariants()
    }

    /// An inequality that prefers equality (a view's compression resistance and hugging in
    /// one row) moves like any other: a label that wrapped to another height takes its new
    /// constant in place, with the values a fresh solver finds (it was "unknown" before: it
    /// has no fingerprint, as an edit has none, and was removed and added again).
    @Test(arguments: [Relation.greaterThanOrEqual, .lessThanOrEqual])
    func aConstraintThatPrefersEqualityMoves(relation: Relation) throws {
        func build(_ constant: Double) throws -> (Solver, Constraint, Variable, Variable) {
            let s = Solver()
            let h = Variable("h"), y = Variable("y")
            let intrinsic = Constraint(Expression([Term(h)], constant: -constant), relation, strength: Strength(level: 750_000), preferEqual: Strength(level: 250_000))
            try s.add([intrinsic, (h == 30).strength(Strength(level: 500_000)), y == h + 8])
            return (s, intrinsic, h, y)
        }
        let (moved, intrinsic, h, y) = try build(20)
        moved.updateVariables()
        #expect(h.value == (relation == .greaterThanOrEqual ? 30 : 20))
        for constant in [40.0, 10, 30, 55] {
            try moved.setConstant(of: intrinsic, to: -constant)
            try moved._checkInvariants()
            moved.updateVariables()
            let (fresh, _, fh, fy) = try build(constant)
            fresh.updateVariables()
            #expect(h.value == fh.value && y.value == fy.value, "at \(constant)")
        }
    }

    @Test func softGreaterThanOrEqualAndEditVariables() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let atLeast = (x >= 40).strength(.strong)
        try s.add([atLeast, y == x + 1, (x == 0).strength(.weak)])
        try s.addEditVariable(y, strength: .medium)
        try s.suggestValue(y, 11)
        s.updateVariables()
        #expect(x.value == 40)
        try s.setConstant(of: atLeast, to: 0)     // x >= 0: the edit now wins
        s.updateVariables()
        #expect(x.value == 10 && y.value == 11)
        try s.suggestValue(y, -5)
        s.updateVariables()
        #expect(x.value == 0)                     // x >= 0 @ strong beats the medium edit
        try s._checkInvariants()
        // The edit's own constraint is the solver's, not the caller's.
        let edit = s.core.edits[y.id]!.constraint
        guard case .unknownConstraint? = thrownBy({ () throws(CassowaryError) in try s.setConstant(of: edit, to: 3) }) else {
            Issue.record("an edit constraint must not be movable"); return
        }
    }

    @Test func redundantRequiredEqualityThatStopsHoldingIsUnsatisfiable() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x - y == 0, b = y == 3, c = x == 3   // c is redundant: its dummy is basic
        try s.add([a, b, c, (x == 7).strength(.weak)])
        let before = Snapshot(s, [x, y])
        let pivots = s.statistics.pivots
        guard case .unsatisfiableConstraint(let bad, let conflicts)? = thrownBy({ () throws(CassowaryError) in
            try s.setConstant(of: b, to: -4)
        }) else { Issue.record("y == 4 with x - y == 0 and x == 3 must be unsatisfiable"); return }
        #expect(bad === b && ids(conflicts) == ids([a, c]))
        #expect(Snapshot(s, [x, y]) == before)
        #expect(b.expression.constant == -3)
        try s._checkInvariants()
        // Changing the redundant constraint itself: its own basic dummy leaves zero.
        guard case .unsatisfiableConstraint(let bad2, let conflicts2)? = thrownBy({ () throws(CassowaryError) in
            try s.setConstant(of: c, to: 1)
        }) else { Issue.record("x == -1 must be unsatisfiable"); return }
        #expect(bad2 === c && ids(conflicts2) == ids([a, b]))
        #expect(Snapshot(s, [x, y]) == before)
        #expect(s.statistics.pivots == pivots)
        // The same conflict set as an add of the changed constraint reports.
        let fresh = Solver()
        try fresh.add([a, c])
        guard case .unsatisfiableConstraint(_, let viaAdd)? = thrownBy({ () throws(CassowaryError) in try fresh.add(y == 4) }) else {
            Issue.record("add(y == 4) must fail"); return
        }
        #expect(ids(viaAdd) == ids([a, c]))
        try s._checkInvariants()
    }

    /// `x == 3` is redundant until `y == 3` is removed; then it is the only pin. Moving it
    /// must work towards the bound and fail with the bound as the conflict the other way
    /// (both directions: a redundant equality's dummy must stay zero from both sides).
    @Test(arguments: [false, true])
    func redundantEqualityThatBecomesThePinMovesBothWays(lowerBound: Bool) throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x - y == 0, b = y == 3, c = x == 3
        let bound = lowerBound ? x >= 3 : x <= 3
        let weak = (x == (lowerBound ? -10 : 10)).strength(.weak)
        try s.add([a, b, bound, c, weak])
        try s.remove(b)
        try s._checkInvariants()
        #expect(s.value(of: x) == 3)

        let feasible: Double = lowerBound ? 4 : 2, infeasible: Double = lowerBound ? 2 : 4
        try s.setConstant(of: c, to: -feasible)
        try s._checkInvariants()
        #expect(s.value(of: x) == feasible && s.value(of: y) == feasible)
        let fresh = Solver()
        try fresh.add([a, copy(bound, constant: bound.expression.constant), x == feasible, copy(weak, constant: weak.expression.constant)])
        #expect(fresh.value(of: x) == feasible)

        let before = Snapshot(s, [x, y])
        guard case .unsatisfiableConstraint(let named, let conflicts)? = thrownBy({ () throws(CassowaryError) in
            try s.setConstant(of: c, to: -infeasible)
        }) else { Issue.record("x == \(infeasible) against \(bound) must be unsatisfiable"); return }
        #expect(named === c && ids(conflicts) == ids([bound]))
        #expect(Snapshot(s, [x, y]) == before)
        try s._checkInvariants()
    }

    @Test func requiredInequalityConflictAfterDualPivotsLeavesSolverUnchanged() throws {
        // x + y <= 100 lowered below what x >= 10 and y >= 20 allow: the dual simplex pivots
        // the soft errors first, then finds no way out. Everything must be as before.
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let sum = x + y <= 100
        let xMin = x >= 10, yMin = y >= 20
        try s.add([xMin, yMin, sum, (x == 50).strength(.strong), (y == 40).strength(.weak), (x - y == 0).strength(.medium)])
        let before = Snapshot(s, [x, y])
        let pivots = s.statistics.pivots
        guard case .unsatisfiableConstraint(let bad, let conflicts)? = thrownBy({ () throws(CassowaryError) in
            try s.setConstant(of: sum, to: -25)    // x + y <= 25
        }) else { Issue.record("x + y <= 25 with x >= 10, y >= 20 must be unsatisfiable"); return }
        #expect(bad === sum && ids(conflicts) == ids([xMin, yMin]))
        #expect(s.statistics.pivots > pivots, "the case should exercise the undo of dual pivots")
        #expect(Snapshot(s, [x, y]) == before)
        #expect(sum.expression.constant == -100)
        try s._checkInvariants()
        // A feasible change still works afterwards.
        try s.setConstant(of: sum, to: -30)        // x + y <= 30
        s.updateVariables()
        #expect(Swift.abs(x.value - 10) < 1e-9 && Swift.abs(y.value - 20) < 1e-9)
        try s._checkInvariants()
    }

    @Test func duplicateAfterChangeIsRejectedAndTheIndexFollowsChanges() throws {
        let s = Solver()
        let x = Variable("x")
        let zero = x >= 0, five = 2 * x >= 10
        try s.add([zero, five, (x == 0).strength(.weak)])
        let before = Snapshot(s, [x])
        guard case .duplicateConstraint(let c, let existing)? = thrownBy({ () throws(CassowaryError) in
            try s.setConstant(of: five, to: 0)     // 2x >= 0 is x >= 0
        }) else { Issue.record("2x >= 0 duplicates x >= 0"); return }
        #expect(c === five && existing === zero)
        #expect(Snapshot(s, [x]) == before && five.expression.constant == -10)
        try s.setConstant(of: five, to: -14)       // 2x >= 14, i.e. x >= 7
        try s._checkInvariants()                   // checks the fingerprint index too
        #expect(throws: CassowaryError.self) { try s.add(x >= 7) }
        try s.add(x >= 5)                          // the old form is free again
        s.updateVariables()
        #expect(x.value == 7)
        // Setting the same constant again is a no-op, not a duplicate of itself.
        try s.setConstant(of: five, to: -14)
        try s._checkInvariants()
    }

    @Test func nonFiniteAndUnknownChangeNothing() throws {
        let s = Solver()
        let x = Variable("x")
        let c = x == 4
        try s.add(c)
        let before = Snapshot(s, [x])
        for bad in [Double.nan, .infinity, -.infinity] {
            guard case .nonFiniteConstraint(let named)? = thrownBy({ () throws(CassowaryError) in try s.setConstant(of: c, to: bad) }) else {
                Issue.record("\(bad) must be rejected"); return
            }
            #expect(named === c)
        }
        #expect(Snapshot(s, [x]) == before && c.expression.constant == -4)
        // A finite constant whose change overflows is rejected too.
        let big = x <= 1.5e308
        try s.add(big)
        let withBig = Snapshot(s, [x])
        guard case .nonFiniteConstraint? = thrownBy({ () throws(CassowaryError) in try s.setConstant(of: big, to: 1.5e308) }) else {
            Issue.record("a change of 3e308 overflows"); return
        }
        #expect(Snapshot(s, [x]) == withBig)
        try s.remove(big)
        let stranger = x == 5
        guard case .unknownConstraint? = thrownBy({ () throws(CassowaryError) in try s.setConstant(of: stranger, to: 1) }) else {
            Issue.record("a constraint never added is unknown"); return
        }
        try s.remove(c)
        #expect(throws: CassowaryError.self) { try s.setConstant(of: c, to: 1) }
        try s._checkInvariants()
    }

    // MARK: Random systems against fresh builds

    /// Random systems (PropertyTests' generator: anchors on their own levels make the optimum
    /// unique), then random constant changes. After each: invariants; on success the values
    /// of a fresh solver built from the changed constraints; on failure nothing changed, and a
    /// fresh solver agrees the change is impossible (or a duplicate).
    @Test func agreesWithFreshBuildsAfterRandomChanges() async {
        let totals = Totals()
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                let counts = try Self.runRandomChanges(seed: seed)
                await totals.add(counts)
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
        let t = await totals.counts
        // The mix must cover every outcome, and failures that had pivoted before giving up.
        #expect(t.moved > 1_000 && t.unsatisfiable > 50 && t.unsatisfiableAfterPivots > 5 && t.duplicates > 0,
                "outcomes: \(t)")
    }

    struct Counts: Sendable {
        var moved = 0, unsatisfiable = 0, unsatisfiableAfterPivots = 0, duplicates = 0
    }

    actor Totals {
        var counts = Counts()
        func add(_ c: Counts) {
            counts.moved += c.moved
            counts.unsatisfiable += c.unsatisfiable
            counts.unsatisfiableAfterPivots += c.unsatisfiableAfterPivots
            counts.duplicates += c.duplicates
        }
    }

    static func runRandomChanges(seed: Int) throws -> Counts {
        var (s, system, rng) = try PropertyTests.build(seed: seed)
        let vars = system.variables
        var counts = Counts()
        // An edit variable on half the systems: setConstant must work around edit constraints.
        var edit: (Variable, Double)?
        if seed % 4 < 2 {
            let v = vars[rng.int(0...(vars.count - 1))]
            try s.addEditVariable(v, strength: Strength(level: 950))
            edit = (v, Double(rng.int(-100...100)))
            try s.suggestValue(v, edit!.1)
        }
        let editConstraint = edit.map { s.core.edits[$0.0.id]!.constraint }
        let userConstraints = { s.constraints.filter { $0 !== editConstraint } }
        // Required bounds on a few variables, so that moved required constraints collide more.
        for _ in 0..<3 {
            let v = vars[rng.int(0...(vars.count - 1))]
            for bound in [v >= Double(rng.int(-60...(-20))), v <= Double(rng.int(20...60))] {
                _ = thrownBy({ () throws(CassowaryError) in try s.add(bound) })
            }
        }
        // Twins (same terms, another constant): moving one onto the other is a duplicate. Not
        // of anchors: two on one level would leave a range of optimal values.
        var twins: [(Constraint, Constraint)] = []
        let randomOnes = system.required + system.soft
        for _ in 0..<2 where !randomOnes.isEmpty {
            let c = randomOnes[rng.int(0...(randomOnes.count - 1))]
            let twin = copy(c, constant: c.expression.constant + Double(rng.int(1...9)))
            if thrownBy({ () throws(CassowaryError) in try s.add(twin) }) == nil { twins.append((c, twin)) }
        }
        try s._checkInvariants()

        for step in 0..<30 {
            let all = userConstraints()
            let required = all.filter { $0.strength.isRequired }
            var c: Constraint
            var new: Double
            if !twins.isEmpty && rng.int(0...5) == 0 {
                let (a, b) = twins[rng.int(0...(twins.count - 1))]
                (c, new) = rng.int(0...1) == 0 ? (a, b.expression.constant) : (b, a.expression.constant)
            } else {
                // Required constraints half the time: they are the ones that can fail.
                c = !required.isEmpty && rng.int(0...1) == 0
                    ? required[rng.int(0...(required.count - 1))] : all[rng.int(0...(all.count - 1))]
                // Mostly small moves (like dragging), sometimes a jump.
                new = rng.int(0...2) == 0 ? Double(rng.int(-120...120)) : c.expression.constant + Double(rng.int(-8...8))
            }
            let old = c.expression.constant
            let here = "seed \(seed) step \(step): \(c) -> constant \(new)"
            let before = Snapshot(s, vars)
            let pivots = s.statistics.pivots
            if let error = thrownBy({ () throws(CassowaryError) in try s.setConstant(of: c, to: new) }) {
                #expect(Snapshot(s, vars) == before, "\(here): a failed setConstant changed the solver")
                #expect(c.expression.constant == old, "\(here)")
                switch error {
                case .duplicateConstraint(let named, let existing):
                    counts.duplicates += 1
                    #expect(named === c && s.contains(existing) && existing !== c, "\(here)")
                    #expect(ConstraintKey(existing) == ConstraintKey(copy(c, constant: new)), "\(here): not equivalent")
                case .unsatisfiableConstraint(let named, let conflicts):
                    counts.unsatisfiable += 1
                    if s.statistics.pivots > pivots { counts.unsatisfiableAfterPivots += 1 }
                    #expect(named === c && c.strength.isRequired, "\(here)")
                    try expectRealConflict(copy(c, constant: new), conflicts, in: s, here: here)
                    // A fresh build agrees: the others hold, the changed one cannot be added.
                    let fresh = Solver()
                    for k in all where k !== c { try fresh.add(copy(k, constant: k.expression.constant)) }
                    #expect(thrownBy({ () throws(CassowaryError) in try fresh.add(copy(c, constant: new)) }) != nil,
                            "\(here): a fresh solver accepts the change")
                default:
                    Issue.record("\(here): unexpected \(error)")
                }
                try s._checkInvariants()
                continue
            }
            counts.moved += 1
            try s._checkInvariants()
            #expect(c.expression.constant == new, "\(here)")
            // What removing and re-adding every constraint with its current constant gives.
            let fresh = Solver()
            for k in userConstraints() { try fresh.add(copy(k, constant: k.expression.constant)) }
            if let (v, value) = edit {
                try fresh.addEditVariable(v, strength: Strength(level: 950))
                try fresh.suggestValue(v, value)
            }
            for v in vars {
                let got = s.value(of: v), want = fresh.value(of: v)
                #expect(Swift.abs(got - want) <= 1e-6 * Swift.max(1, Swift.abs(want)),
                        "\(here): \(v) = \(got), a fresh build gives \(want)")
            }
            s.updateVariables()
            #expect(PropertyTests.requiredHold(system), "\(here)")
            if let (v, _) = edit, rng.int(0...3) == 0 {
                let value = Double(rng.int(-100...100))
                try s.suggestValue(v, value)
                edit = (v, value)
                try s._checkInvariants()
            }
        }
        return counts
    }

    /// The conflicts are added required constraints that, with `changed`, cannot all hold.
    static func expectRealConflict(_ changed: Constraint, _ conflicts: [Constraint], in s: Solver, here: String) throws {
        for k in conflicts {
            #expect(s.contains(k) && k.strength.isRequired, "\(here): conflict \(k) is not an added required constraint")
        }
        let check = Solver()
        try check.add(conflicts.map { copy($0, constant: $0.expression.constant) })
        #expect(thrownBy({ () throws(CassowaryError) in try check.add(changed) }) != nil,
                "\(here): the change holds together with its named conflicts \(conflicts)")
    }
}
