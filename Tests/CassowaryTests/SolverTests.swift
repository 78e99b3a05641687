import Testing
@testable import Cassowary

@Suite("Solver: hierarchy, conflicts, errors, determinism")
struct SolverTests {
    @Test func oneConstraintAtLevel251BeatsOneHundredAtLevel250() throws {
        let s = Solver()
        let v = Variable("v")
        try s.add((v == 10).strength(Strength(level: 251)))
        for i in 0..<100 { try s.add((v == Double(-i)).strength(Strength(level: 250))) }
        s.updateVariables()
        #expect(v.value == 10)
        try s._checkInvariants()
    }

    @Test func lowerLevelStillDecidesWhatHigherLevelsLeaveOpen() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x + y == 100)
        try s.add((x >= 30).strength(Strength(level: 750)))
        try s.add((x == 0).strength(Strength(level: 250)))
        try s.add((y == 0).strength(Strength(level: 240)))
        s.updateVariables()
        #expect(x.value == 30)
        #expect(y.value == 70)
    }

    @Test func kiwiWeightsTradeWithinOneLevel() throws {
        // 1,001 medium pulls outweigh one strong one, as in kiwi (same level, weights add up).
        let s = Solver()
        let v = Variable("v")
        try s.add((v == 0).strength(.strong))
        let u = (0..<1001).map { Variable("u\($0)") }
        for x in u {
            try s.add(x == v)
            try s.add((x == 10).strength(.medium))
        }
        s.updateVariables()
        #expect(v.value == 10)
    }

    @Test func conflictNamesTheRequiredConstraintsInvolved() throws {
        let s = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let c1 = a >= 10
        let c2 = b == a + 5
        let c3 = c <= 100        // not involved
        let c4 = b <= 40
        try s.add([c1, c2, c3, c4])
        let bad = a >= 40
        #expect {
            try s.add(bad)
        } throws: { error in
            guard case CassowaryError.unsatisfiableConstraint(let failed, let conflicts) = error else { return false }
            return failed === bad && conflicts.count == 2 && conflicts[0] === c2 && conflicts[1] === c4
        }
        #expect(!s.contains(bad))
    }

    @Test func conflictMessageReadsWell() throws {
        let s = Solver()
        let w = Variable("w")
        try s.add(w == 100)
        do {
            try s.add(w == 50)
            Issue.record("expected a conflict")
        } catch {
            #expect("\(error)" == "unsatisfiable constraint: w == 50 conflicts with w == 100")
        }
    }

    @Test func failedAddLeavesTheSolverExactlyAsItWas() throws {
        let s = Solver()
        let x = (0..<6).map { Variable("x\($0)") }
        try s.add(x[0] >= 0)
        for i in 1..<6 {
            try s.add(x[i] >= x[i - 1] + 10)
            try s.add((x[i] == Double(i * 7)).strength(.weak))
        }
        try s.add(x[5] <= 80)
        let before = s.dump()
        s.updateVariables()
        let values = x.map(\.value)
        // Needs the phase-one (artificial variable) path: no external subject, slack of the
        // wrong sign.
        let bad = x[5] - x[0] >= 200
        #expect(throws: CassowaryError.self) { try s.add(bad) }
        try s._checkInvariants()
        #expect(s.dump() == before)
        s.updateVariables()
        #expect(x.map(\.value) == values)
        // And it keeps working.
        try s.add((x[2] == 40).strength(.strong))
        s.updateVariables()
        #expect(x[2].value == 40)
    }

    @Test func removingAConstraintRestoresThePreviousSolution() throws {
        let s = Solver()
        let l = Variable("l"), w = Variable("w"), r = Variable("r")
        try s.add(r == l + w)
        try s.add(l == 8)
        try s.add((w == 100).strength(.medium))
        s.updateVariables()
        #expect(r.value == 108)
        let extra = (r == 300).strength(.strong)
        try s.add(extra)
        s.updateVariables()
        #expect(w.value == 292)
        try s.remove(extra)
        s.updateVariables()
        #expect(w.value == 100 && r.value == 108)
        try s._checkInvariants()
    }

    @Test func removingEverySoftConstraintEmptiesTheObjective() throws {
        let s = Solver()
        let x = Variable("x")
        let soft = [(x == 1).strength(.weak), (x >= 5).strength(Strength(level: 300)), (x <= 3).strength(.strong)]
        try s.add(soft)
        for c in soft { try s.remove(c) }
        #expect(s.core.levels.isEmpty)
        #expect(s.dump().contains("Objective\n  (none)\n"))
        try s._checkInvariants()
    }

    @Test func equivalentConstraintsAreDuplicates() throws {
        let s = Solver()
        let v = Variable("v"), u = Variable("u")
        let first = v >= 0
        try s.add(first)
        for twin in [v >= 0, 2 * v >= 0, 0 <= v, -v <= 0] {
            #expect {
                try s.add(twin)
            } throws: { error in
                guard case CassowaryError.duplicateConstraint(let c, let existing) = error else { return false }
                return c === twin && existing === first
            }
        }
        #expect { try s.add(first) } throws: { "\($0)" == "duplicate constraint: v >= 0" }
        // Not equivalent: other sign, other strength, other constant.
        try s.add(v <= 0)
        try s.add((v >= 0).strength(.weak))
        try s.add(v >= -1)
        // Equalities are equivalent up to any factor.
        try s.add(u - v == 4)
        #expect(throws: CassowaryError.self) { try s.add(2 * v - 2 * u == -8) }
        try s._checkInvariants()
    }

    @Test func errorsCarryWhatTheyAreAbout() throws {
        let s = Solver()
        let x = Variable("x")
        let c = x == 1
        #expect { try s.remove(c) } throws: { "\($0)" == "unknown constraint: x == 1" }
        #expect { try s.suggestValue(x, 1) } throws: { "\($0)" == "unknown edit variable: x" }
        #expect { try s.removeEditVariable(x) } throws: { "\($0)" == "unknown edit variable: x" }
        #expect { try s.addEditVariable(x, strength: .required) } throws: { "\($0)" == "an edit variable cannot be required: x" }
        try s.addEditVariable(x, strength: .strong)
        #expect { try s.addEditVariable(x, strength: .weak) } throws: { "\($0)" == "duplicate edit variable: x" }
        #expect { try s.suggestValue(x, .nan) } throws: { "\($0)" == "suggested value for x is not finite: nan" }
        #expect { try s.add(x <= .infinity) } throws: { "\($0)" == "constraint has a non-finite number: x <= inf" }
        #expect { try s.add(Double.nan * x >= 0) } throws: {
            if case CassowaryError.nonFiniteConstraint = $0 { return true } else { return false }
        }
        #expect(s.constraintCount == 1)   // the edit constraint
        try s._checkInvariants()
    }

    @Test func falseConstantConstraintConflictsWithNothing() throws {
        let s = Solver()
        #expect { try s.add(Constraint(Expression(1), .equal)) } throws: {
            "\($0)" == "unsatisfiable constraint: 0 == -1 conflicts with nothing else (it is false)"
        }
        try s.add(Constraint(Expression(-1), .lessThanOrEqual))
    }

    @Test func sameCallsGiveTheSameDumpInEveryRun() throws {
        func build() throws -> String {
            let s = Solver()
            let v = (0..<20).map { Variable("v\($0)") }
            for i in 1..<20 {
                try s.add(v[i] >= v[i - 1] + 1)
                try s.add((v[i] == Double(i * 3 % 7)).strength(i % 2 == 0 ? .weak : Strength(level: 300 + i % 3)))
            }
            try s.add(v[0] == 0)
            return s.dump()
        }
        let a = try build(), b = try build()
        #expect(a == b)
        #expect(a.hasPrefix("Objective\n  level 302: "))
    }

    @Test func dumpShowsRowsConstraintsAndEdits() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x + y == 10)
        try s.add((x == 3).strength(.weak))
        try s.addEditVariable(y, strength: .strong)
        let d = s.dump()
        #expect(d.contains("Tableau\n  [x] = "))
        #expect(d.contains("Constraints\n  x + y == 10  (d"))
        #expect(d.contains("x == 3 @ weak"))
        #expect(d.contains("Edit variables\n  y = 7  @ strong\n"))
    }

    @Test func noDriftAfterOneHundredThousandSuggestions() throws {
        let s = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let mid = Variable("mid")
        try s.add(right == left + width)
        try s.add(mid == left + 0.5 * width)
        try s.add(left >= 0)
        try s.add(width >= 10)
        try s.add((left == 20).strength(.medium))
        try s.addEditVariable(right, strength: .strong)
        try s.suggestValue(right, 320)
        s.updateVariables()
        let start = [left.value, width.value, right.value, mid.value]
        #expect(start == [20, 300, 320, 170])
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let x = Double(state >> 11) / Double(1 << 53) * 2000 - 500
            try s.suggestValue(right, x)
        }
        try s.suggestValue(right, 320)
        s.updateVariables()
        let end = [left.value, width.value, right.value, mid.value]
        for (a, b) in zip(start, end) { #expect(Swift.abs(a - b) <= 1e-9) }
        try s._checkInvariants()
    }

    @Test func editVariableStartsWhereTheVariableIs() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(y == 2 * x)
        try s.add((x == 7).strength(.weak))
        let before = s.dump()
        try s.addEditVariable(x, strength: .strong)
        s.updateVariables()
        #expect(x.value == 7 && y.value == 14)
        #expect(s.dump().hasPrefix(before.prefix(while: { $0 != "\n" })))
        try s.removeEditVariable(x)
        #expect(s.dump() == before)
    }

    @Test func readmeExampleSolvesAsDocumented() throws {
        let left = Variable("left"), width = Variable("width"), window = Variable("window")
        let solver = Solver()
        try solver.add(left == 8)
        try solver.add(left + width + 8 == window)
        try solver.add(width >= 60)
        try solver.add((window == 320).strength(.medium))
        solver.updateVariables()
        #expect(width.value == 304)
        try solver.addEditVariable(window, strength: .strong)
        try solver.suggestValue(window, 100)
        solver.updateVariables()
        #expect(width.value == 84)
    }

    @Test func oneVariableInSeveralSolvers() throws {
        let x = Variable("x"), y = Variable("y")
        let a = Solver(), b = Solver()
        try a.add(x + y == 10)
        try b.add(x - y == 2)          // b meets x and y after a claimed them
        try a.add(x == 3)
        try b.add(y == 5)
        #expect(a.value(of: x) == 3 && a.value(of: y) == 7)
        #expect(b.value(of: x) == 7 && b.value(of: y) == 5)
        // A failed add in b forgets only b's new variable, never a's claim.
        let z = Variable("z")
        #expect(throws: CassowaryError.self) { try b.add(z + x == 1 + z) }
        try a.add((z == 4).strength(.weak))
        #expect(a.value(of: z) == 4)
        a.reset()
        try a.add(x == 9)              // after a reset the old claim is stale, not wrong
        #expect(a.value(of: x) == 9 && b.value(of: x) == 7)
        try a._checkInvariants()
        try b._checkInvariants()
    }

    @Test func resetForgetsEverything() throws {
        let s = Solver()
        let x = Variable("x")
        try s.add(x == 4)
        try s.addEditVariable(x, strength: .weak)
        s.reset()
        #expect(s.constraintCount == 0 && !s.containsEditVariable(x))
        try s.add(x == 5)
        s.updateVariables()
        #expect(x.value == 5)
    }
}

@Suite("Solver: removal keeps redundant equalities exact")
struct RemovalRedundancyTests {
    /// Removing `y == 3` used to pivot its dummy through the slack of `x <= 3`, leaving the
    /// redundant `x == 3`'s dummy row holding that slack; the weak pull then moved the dummy
    /// off zero (x == -10 would have won against a required constraint).
    @Test func removingAConstraintThatARedundantEqualityLeansOn() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x - y == 0)
        let pin = y == 3
        try s.add(pin)
        try s.add(x <= 3)
        try s.add(x == 3)
        try s.add((x == -10).strength(.weak))
        try s._checkInvariants()
        try s.remove(pin)
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == 3)
        #expect(y.value == 3)
    }
}

@Suite("Solver: mayVary, one at a time and in a batch")
struct MayVaryTests {
    @Test func batchAgreesWithSingleQueries() throws {
        let s = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d"), free = Variable("free")
        try s.add(a == 10)
        try s.add(b >= a + 5)                 // b: only a lower bound → free upwards
        try s.add(c >= 40)
        try s.add(c <= 40)                    // degenerate: pinned
        try s.add(d == b + 3)                 // d moves with b; d − b does not
        try s.add((free == 0).strength(.weak))
        let queries: [(variable: Variable, origin: Variable?)] = [
            (a, nil), (b, nil), (c, nil), (d, nil), (d, b), (b, a), (free, nil), (Variable("unknown"), nil),
        ]
        let batch = s.mayVary(queries)
        let single = queries.map { q in q.origin.map { s.mayVary(q.variable, relativeTo: $0) } ?? s.mayVary(q.variable) }
        #expect(batch == [false, true, false, true, false, true, false, true])
        #expect(single == batch)
    }
}
