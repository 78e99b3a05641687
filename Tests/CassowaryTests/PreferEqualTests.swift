import Testing
@testable import Cassowary

/// Inequalities that prefer equality (``Constraint/preferEqual``): the engine's intrinsic
/// sizes in one row per axis. Checked against the pair of inequalities they stand for, which
/// gives the same objective.
@Suite("Solver: an inequality that prefers equality is the pair it replaces")
struct PreferEqualTests {
    /// Hierarchical levels, as the engine's priorities: 250 < 750 < 1000 (required).
    static let low = Strength(level: 250), high = Strength(level: 750), middle = Strength(level: 500)

    /// A row of `widths.count` boxes in a container of width `total`: each box's width at
    /// least its own (at `cr`) and at most it (at `hug`), written as one constraint per box
    /// (`paired` false) or as two inequalities (`paired` true).
    static func row(_ widths: [Double], total: Double, cr: [Strength], hug: [Strength], paired: Bool) throws -> (Solver, [Variable]) {
        let s = Solver()
        let w = widths.indices.map { Variable("w\($0)") }
        for i in widths.indices {
            let e = Expression(w[i]) - widths[i]
            if paired {
                try s.add(Constraint(e, .greaterThanOrEqual, strength: cr[i]))
                try s.add(Constraint(e, .lessThanOrEqual, strength: hug[i]))
            } else if hug[i].isRequired {
                try s.add(Constraint(e, .lessThanOrEqual, strength: hug[i], preferEqual: cr[i]))
            } else {
                try s.add(Constraint(e, .greaterThanOrEqual, strength: cr[i], preferEqual: hug[i]))
            }
        }
        try s.add(w.dropFirst().reduce(Expression(w[0])) { $0 + $1 } == total)
        s.updateVariables()
        return (s, w)
    }

    @Test func squeezedAndStretchedRowsGetThePairsFrames() throws {
        // Squeezed: the lowest compression resistance gives way first. Stretched: the lowest
        // hugging grows. Exactly: 100 + 80 + 60 = 240 asked for.
        let cases: [(total: Double, cr: [Strength], hug: [Strength], expected: [Double])] = [
            (200, [.required, Self.high, Self.middle], [Self.low, Self.low, Self.middle], [100, 80, 20]),
            (300, [.required, Self.high, Self.middle], [Self.low, Self.high, Self.middle], [160, 80, 60]),
            (150, [Self.high, .required, Self.middle], [.required, Self.low, Self.low], [100, 80, -30]),
            (240, [Self.low, Self.low, Self.low], [Self.low, Self.low, Self.low], [100, 80, 60]),
        ]
        for c in cases {
            let (one, w) = try Self.row([100, 80, 60], total: c.total, cr: c.cr, hug: c.hug, paired: false)
            let (two, w2) = try Self.row([100, 80, 60], total: c.total, cr: c.cr, hug: c.hug, paired: true)
            #expect(w.map(\.value) == c.expected)
            #expect(w2.map(\.value) == c.expected)
            try one._checkInvariants()
            // One row (and at most two symbols) a box instead of two rows.
            #expect(one.statistics.rows < two.statistics.rows)
            _ = two
        }
    }

    @Test func aRequiredSideInAConflictIsNamedAndTheFailedAddChangesNothing() throws {
        let s = Solver()
        let w = Variable("w")
        try s.add(w <= 50)
        let before = s.dump()
        let intrinsic = Constraint(Expression(w) - 120, .greaterThanOrEqual, strength: .required, preferEqual: Self.low)
        #expect(throws: CassowaryError.self) { try s.add(intrinsic) }
        do {
            try s.add(intrinsic)
        } catch .unsatisfiableConstraint(let c, let conflicts) {
            #expect(c === intrinsic)
            #expect(conflicts.map(\.description) == ["w <= 50"])
        } catch {
            Issue.record("unexpected \(error)")
        }
        // No objective level of the preference is left behind.
        #expect(s.dump() == before)
        try s._checkInvariants()
    }

    @Test func removingOneLeavesTheSolverAsBefore() throws {
        let s = Solver()
        let w = Variable("w"), x = Variable("x")
        try s.add((w == 10).strength(.weak))
        try s.add(x == 3)
        let before = s.dump()
        let c = Constraint(Expression(w) - 40, .greaterThanOrEqual, strength: Self.high, preferEqual: Self.low)
        try s.add(c)
        s.updateVariables()
        #expect(w.value == 40)
        try s.remove(c)
        s.updateVariables()
        #expect(w.value == 10)
        #expect(s.dump() == before)
        try s._checkInvariants()
    }

    @Test func itIsNeverTheDuplicateOfThePlainInequality() throws {
        let s = Solver()
        let w = Variable("w")
        let plain = Constraint(Expression(w) - 40, .greaterThanOrEqual, strength: Self.high)
        let preferring = Constraint(Expression(w) - 40, .greaterThanOrEqual, strength: Self.high, preferEqual: Self.low)
        try s.add(plain)
        try s.add(preferring)
        try s.add((w == 90).strength(Self.middle))
        s.updateVariables()
        // The plain one does not hug; the preference (250) loses to the pull (500).
        #expect(w.value == 90)
        #expect(preferring.description == "w >= 40 @ \(Self.high), == preferred @ \(Self.low)")
    }
}

/// Random rows, each box with its own priorities (no two sides share a level, so the optimum is
/// unique): the preferring constraint and the pair give the same widths, to the last bit
/// allowed by the solver's cleaning.
@Suite("Solver: preferring equality against the pair, random rows")
struct PreferEqualRandomTests {
    @Test func twoHundredRandomRowsAgree() throws {
        var rng = PropertyTests.Rng(state: 0x5EED_18)
        var compared = 0
        for _ in 0..<200 {
            let n = 2 + Int(rng.next() % 5)
            // Distinct levels from 1...999 for every side of every box, required now and then.
            var levels = Array(1...999)
            var cr: [Strength] = [], hug: [Strength] = []
            for _ in 0..<n {
                let a = levels.remove(at: Int(rng.next() % UInt64(levels.count)))
                let b = levels.remove(at: Int(rng.next() % UInt64(levels.count)))
                let r = rng.next() % 6
                cr.append(r == 0 ? .required : Strength(level: a))
                hug.append(r == 1 ? .required : Strength(level: b))
            }
            let widths = (0..<n).map { _ in Double(10 + rng.next() % 90) }
            let total = widths.reduce(0, +) + Double(Int(rng.next() % 121) - 60)
            let one: [Double], two: [Double]
            do {
                let (s1, w1) = try PreferEqualTests.row(widths, total: total, cr: cr, hug: hug, paired: false)
                try s1._checkInvariants()
                one = w1.map(\.value)
            } catch {
                // Required sides that cannot all hold: the pair must fail too.
                #expect(throws: CassowaryError.self) { _ = try PreferEqualTests.row(widths, total: total, cr: cr, hug: hug, paired: true) }
                continue
            }
            let (_, w2) = try PreferEqualTests.row(widths, total: total, cr: cr, hug: hug, paired: true)
            two = w2.map(\.value)
            #expect(zip(one, two).allSatisfy { Swift.abs($0 - $1) <= 1e-9 }, "\(widths) total \(total): \(one) vs \(two)")
            compared += 1
        }
        // Most rows are satisfiable (a required side only now and then).
        #expect(compared >= 150)
    }
}
