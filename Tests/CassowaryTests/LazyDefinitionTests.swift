import Testing
@testable import Cassowary

/// Lazy definitions (Tableau+Definitions.swift) against classic Cassowary: the same calls on a
/// solver that keeps required equalities over new variables as definitions and on one that
/// makes every row at once must give the same values wherever the solution is unique (where it
/// is not, the two may pick different optimal vertices: a variable referenced only by a
/// definition is in no row, so the subject choice, which counts rows, can differ), and the
/// same errors.
@Suite("Solver: lazy definitions agree with the classic tableau")
struct LazyDefinitionTests {
    /// The chain of the solver benchmark: `L₀ == 8`, `Lᵢ == Lᵢ₋₁ + Wᵢ₋₁ + 8`, widths at least
    /// 10 and equal (strong), the end pinned to the container, the container's width medium.
    static func chain(_ n: Int, lazy: Bool) throws -> (Solver, [Variable], [Variable], Variable) {
        let s = Solver()
        s.core.lazyDefinitions = lazy
        let l = (0..<n).map { Variable("L\($0)") }, w = (0..<n).map { Variable("W\($0)") }
        let cw = Variable("CW")
        for i in 0..<n {
            try s.add(w[i] >= 10)
            try s.add(i == 0 ? l[0] == 8 : l[i] == l[i - 1] + w[i - 1] + 8)
            if i > 0 { try s.add((w[i] == w[i - 1]).strength(.strong)) }
        }
        try s.add(l[n - 1] + w[n - 1] + 8 == cw)
        try s.add((cw == Double(28 * n + 8)).strength(.medium))
        return (s, l, w, cw)
    }

    @Test func aChainIsSolvedWithoutItsTriangle() throws {
        let (lazy, l, w, cw) = try Self.chain(100, lazy: true)
        // Every position, every width (by its lower bound, `W >= 10`, a required inequality over
        // a new variable) and the container's width stay definitions; only the end's row is
        // made, once, as long as the chain.
        #expect(lazy.core.liveDefinitions == 200)
        lazy.updateVariables()
        #expect(w.allSatisfy { $0.value == 20 })
        #expect(l[99].value == 8 + 99 * 28)
        #expect(cw.value == 28 * 100 + 8)
        try lazy._checkInvariants()

        let (classic, cl, cw2, ccw) = try Self.chain(100, lazy: false)
        classic.updateVariables()
        #expect(classic.core.liveDefinitions == 0)
        #expect(zip(l + w + [cw], cl + cw2 + [ccw]).allSatisfy { $0.value == $1.value })
        // The positions' triangle is not built (the equal widths, soft, still chain their
        // errors, but no longer each through its bound's row: 90,009 before widths were defined).
        #expect(lazy.core.mergedCells == 40_203)
        #expect(classic.core.mergedCells == 135_246)
        // Materialized (the dump does it), every row is there.
        _ = lazy.dump()
        #expect(lazy.core.liveDefinitions == 0)
        try lazy._checkInvariants()
        #expect(zip(l + w + [cw], cl + cw2 + [ccw]).allSatisfy { lazy.value(of: $0) == $1.value })
    }

    /// Removing a constraint that is not a definition keeps every definition (a conflict that
    /// removes width after width of a chain materialized its triangle at the first removal);
    /// removing a definition makes them rows first. Values agree with the classic tableau.
    @Test func removingAnotherConstraintKeepsTheDefinitions() throws {
        func chain(lazy: Bool) throws -> (Solver, [Variable], Constraint, Constraint) {
            let s = Solver()
            s.core.lazyDefinitions = lazy
            let l = (0..<50).map { Variable("L\($0)") }, w = (0..<50).map { Variable("W\($0)") }
            var widths: [Constraint] = [], positions: [Constraint] = []
            for i in 0..<50 {
                widths.append(w[i] >= Double(10 + i))   // not a definition: an inequality
                try s.add((w[i] == 0).strength(.weak))
                positions.append(i == 0 ? l[0] == 8 : l[i] == l[i - 1] + w[i - 1] + 8)
                try s.add(widths[i])
                try s.add(positions[i])
            }
            return (s, l + w, widths[20], positions[30])
        }
        let (lazy, lv, lazyWidth, lazyPosition) = try chain(lazy: true)
        let (classic, cv, classicWidth, classicPosition) = try chain(lazy: false)
        // The positions, and the widths (defined by their weak `W == 0`: the bound that mentions
        // each later takes the definition in, and it stays one).
        #expect(lazy.core.liveDefinitions == 100)
        /// Removes one constraint from both; the definitions left, and the same values.
        func remove(_ a: Constraint, _ b: Constraint, leaving definitions: Int) throws {
            try lazy.remove(a)
            try classic.remove(b)
            #expect(lazy.core.liveDefinitions == definitions)
            try lazy._checkInvariants()
            lazy.updateVariables()
            classic.updateVariables()
            #expect(lv.map(\.value) == cv.map(\.value))
        }
        try remove(lazyWidth, classicWidth, leaving: 100)
        // W20 is free (0) once its width is gone: L49 = 8 + 49 gaps of 8 + every other width.
        var expected = 400.0
        for i in 0..<49 where i != 20 { expected += Double(10 + i) }
        #expect(lv[49].value == expected)
        try remove(lazyPosition, classicPosition, leaving: 0)
    }

    @Test func suggestionsMoveDefinedValues() throws {
        let (s, l, w, cw) = try Self.chain(50, lazy: true)
        try s.addEditVariable(cw, strength: .strong)
        try s.suggestValue(cw, 50 * 28 + 8 + 100)
        s.updateVariables()
        #expect(w.allSatisfy { Swift.abs($0.value - 22) < 1e-9 })
        #expect(Swift.abs(l[49].value - (8 + 49 * 30)) < 1e-9)
        #expect(Swift.abs(s.value(of: l[10]) - (8 + 10 * 30)) < 1e-9)
    }

    @Test func aDefinitionsConstantMovesItsValue() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = Solver()
        try s.add(x == 5)
        let defY = y == x + 10
        try s.add(defY)
        try s.add(z == y * 2 + 1)
        #expect(s.core.liveDefinitions == 3)   // x, y and z
        try s.setConstant(of: defY, to: -20)   // y == x + 20
        #expect(s.value(of: y) == 25)
        #expect(s.value(of: z) == 51)
        // A constraint on z takes in z's definition (and y's and x's through it): z stays
        // defined, the bound's row holds their markers, and y's constant still moves it.
        try s.add(z <= 100)
        #expect(s.core.liveDefinitions == 3)
        try s.setConstant(of: defY, to: -30)
        #expect(s.value(of: z) == 71)
        #expect(throws: CassowaryError.self) { try s.setConstant(of: defY, to: -100) }   // z would be 211
        #expect(s.value(of: z) == 71)
        try s._checkInvariants()
    }

    @Test func aConflictNamesTheDefinitionsItRunsThrough() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = Solver()
        let a = x == 5, b = y == x + 10, c = z == y + 1
        try s.add([a, b, c])
        let d = z == 3
        var conflicts: [Constraint]?
        do throws(CassowaryError) {
            try s.add(d)
        } catch {
            if case .unsatisfiableConstraint(_, let set) = error { conflicts = set }
        }
        #expect(conflicts?.map(\.description) == [a, b, c].map(\.description))
        #expect(s.value(of: z) == 16)
    }

    /// Random sequences over a growing set of variables (so that many equalities define a new
    /// one): adds of every kind, constant changes, removals, edits. After every call both
    /// solvers give the same error (or none), hold their invariants, and agree on every
    /// variable the classic solver says cannot vary.
    @Test(arguments: 0..<200)
    func randomSequencesAgree(seed: Int) throws {
        var rng = PropertyTests.Rng(state: UInt64(seed) &* 7919 &+ 11)
        let lazy = Solver(), classic = Solver()
        classic.core.lazyDefinitions = false
        var vars: [Variable] = []
        var added: [(Constraint, Constraint)] = []
        var edits: [Variable] = []
        for _ in 0..<24 {
            // One call on both solvers: the lazy one gets `.0`, the classic one `.1`.
            var calls: (Solver, Bool) throws -> Void = { _, _ in }
            var addedPair: (Constraint, Constraint)?
            switch rng.int(0...9) {
            case 0...5:
                if vars.isEmpty || rng.int(0...1) == 0 { vars.append(Variable("x\(vars.count)")) }
                var e = Expression(Double(rng.int(-30...30)))
                var used: [Variable] = []
                if rng.int(0...1) == 0, let last = vars.last { used.append(last) }
                for _ in 0..<rng.int(1...2) { used.append(vars[rng.int(0...(vars.count - 1))]) }
                for v in used { e = e + Double([-2, -1, 1, 2][rng.int(0...3)]) * v }
                let relation: Relation = rng.int(0...2) == 0 ? [.lessThanOrEqual, .greaterThanOrEqual][rng.int(0...1)] : .equal
                let strength: Strength = rng.int(0...3) == 0 ? [.strong, .medium, .weak][rng.int(0...2)] : .required
                let pair = (Constraint(e, relation, strength: strength), Constraint(e, relation, strength: strength))
                addedPair = pair
                calls = { s, isLazy in try s.add(isLazy ? pair.0 : pair.1) }
            case 6 where !added.isEmpty:
                let pair = added[rng.int(0...(added.count - 1))]
                let value = Double(rng.int(-30...30))
                calls = { s, isLazy in try s.setConstant(of: isLazy ? pair.0 : pair.1, to: value) }
            case 7 where !added.isEmpty:
                let pair = added.remove(at: rng.int(0...(added.count - 1)))
                calls = { s, isLazy in try s.remove(isLazy ? pair.0 : pair.1) }
            case 8 where !vars.isEmpty:
                let v = vars[rng.int(0...(vars.count - 1))]
                let isNew = !edits.contains { $0 === v }
                if isNew { edits.append(v) }
                let value = Double(rng.int(-50...50))
                calls = { s, _ in
                    if isNew { try s.addEditVariable(v, strength: .strong) }
                    try s.suggestValue(v, value)
                }
            default:
                continue
            }
            var errors: [String] = []
            for (s, isLazy) in [(lazy, true), (classic, false)] {
                do { try calls(s, isLazy) } catch { errors.append("\(error)") }
            }
            #expect(errors.count != 1, "seed \(seed): only one solver failed: \(errors)")
            if errors.count == 2 { #expect(errors[0] == errors[1], "seed \(seed)") }
            if errors.isEmpty, let addedPair { added.append(addedPair) }
            try lazy._checkInvariants()
            try classic._checkInvariants()
            let free = classic.mayVary(vars.map { ($0, nil) })
            // Which variables may vary is a property of the optimal face, the same set
            // whichever vertex each solver sits on; the lazy one answers without its rows.
            let lazyLiveBefore = lazy.core.liveDefinitions
            #expect(lazy.mayVary(vars.map { ($0, nil) }) == free, "seed \(seed)")
            #expect(lazy.core.liveDefinitions == lazyLiveBefore)
            for (v, isFree) in zip(vars, free) where !isFree {
                let a = lazy.value(of: v), b = classic.value(of: v)
                #expect(Swift.abs(a - b) < 1e-7, "seed \(seed): \(v) is \(a) lazily, \(b) classically")
            }
        }
    }
}
