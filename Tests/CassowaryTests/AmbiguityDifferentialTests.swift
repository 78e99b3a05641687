import Foundation
import Testing
@testable import Cassowary

// Ambiguity against kiwisolver: fixtures/ambiguity/systems.json (made by
// scripts/gen_ambiguity_fixtures.py) records, for each variable of each system, whether kiwi
// moves it under a pull far weaker than any constraint (another optimal solution gives it
// another value). Solver.mayVary must agree on every variable: no false positive, no false
// negative.

private struct AmbiguityFile: Decodable {
    let format: Int
    let systems: [AmbiguitySystem]
}

private struct AmbiguitySystem: Decodable {
    let id: Int
    let name: String
    let variables: Int
    let constraints: [KiwiFixtureConstraint]
    let values: [Double]
    let ambiguous: [Bool]
}

private let ambiguityFixtures: AmbiguityFile = {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/ambiguity/systems.json")
    do {
        return try JSONDecoder().decode(AmbiguityFile.self, from: Data(contentsOf: url))
    } catch {
        Issue.record("cannot read \(url.path): \(error)")
        return AmbiguityFile(format: 0, systems: [])
    }
}()

/// The system on a fresh solver, its variables, and our answers (single queries and a batch).
/// `denseLimit` 0 settles every leftover component in sparse tableaus instead of dense matrices
/// (a component of one row directly, unless `direct` is false: then by the linear program).
private func solve(_ system: AmbiguitySystem, denseLimit: Int? = nil, direct: Bool = true) throws -> (solver: Solver, vars: [Variable], batch: [Bool]) {
    let vars = (0..<system.variables).map { Variable("x\($0)") }
    let solver = Solver()
    if let denseLimit { solver.core.denseSettleLimit = denseLimit }
    solver.core.settlesSingleRowsDirectly = direct
    for c in system.constraints { try solver.add(c.constraint(vars)) }
    solver.updateVariables()
    return (solver, vars, solver.mayVary(vars.map { ($0, nil) }))
}

@Suite("Ambiguity: exact, against kiwisolver's perturbations (fixtures/ambiguity)")
struct AmbiguityDifferentialTests {
    @Test func theFixturesHoldBothAnswers() {
        let all = ambiguityFixtures.systems.flatMap(\.ambiguous)
        #expect(ambiguityFixtures.format == 1)
        #expect(ambiguityFixtures.systems.count == 600)
        #expect(all.filter { $0 }.count == 1827)
        #expect(all.filter { !$0 }.count == 1168)
    }

    @Test(arguments: [(nil, true), (0, true), (0, false)] as [(Int?, Bool)])
    func everyVariableAgreesWithKiwi(denseLimit: Int?, direct: Bool) throws {
        var wrong: [String] = []
        for system in ambiguityFixtures.systems {
            let (solver, vars, batch) = try solve(system, denseLimit: denseLimit, direct: direct)
            try solver._checkInvariants()
            for (i, v) in vars.enumerated() {
                if batch[i] != system.ambiguous[i] {
                    wrong.append("system \(system.id) (\(system.name)) x\(i): kiwi says \(system.ambiguous[i] ? "ambiguous" : "fixed")")
                }
                #expect(solver.mayVary(v) == batch[i], "system \(system.id) x\(i): single query disagrees with the batch")
                if !system.ambiguous[i] {
                    #expect(Swift.abs(v.value - system.values[i]) < 1e-6, "system \(system.id) x\(i): \(v.value) vs kiwi \(system.values[i])")
                }
            }
        }
        #expect(wrong == [])
    }

    /// The issue's card: the card's bottom is `>=` the image's and `==` the subtitle's; the
    /// optimum is degenerate (both bind), every value is fixed, nothing is ambiguous.
    @Test func theCardIsNotAmbiguous() throws {
        let card = try #require(ambiguityFixtures.systems.first { $0.name == "card" })
        let (_, vars, batch) = try solve(card)
        #expect(batch == Array(repeating: false, count: 8))
        #expect(vars.map(\.value) == [0, 80, 10, 70, 10, 48, 52, 70])
    }

    /// x ≤ y and y ≤ x with x ≥ 0: both move up, but only together.
    @Test func aPairMovesOnlyTogether() throws {
        let pair = try #require(ambiguityFixtures.systems.first { $0.name == "pair" })
        let (solver, vars, batch) = try solve(pair)
        #expect(batch == [true, true])
        #expect(solver.mayVary(vars[0], relativeTo: vars[1]) == false)
    }

    /// x0 ≤ x1 ≤ … ≤ x499 ≤ x0: no variable can move alone, all can move together (one
    /// component of 500 rows that propagation cannot settle: sparse, so it stays fast). With a
    /// cap the optimum reaches, nothing moves.
    @Test func aLongCycleOfInequalities() throws {
        let n = 500
        let x = (0..<n).map { Variable("x\($0)") }
        let s = Solver()
        for i in 0..<n { try s.add(x[i] <= x[(i + 1) % n]) }
        try s.add(x[0] >= 0)
        #expect(s.mayVary(x.map { ($0, nil) }) == Array(repeating: true, count: n))
        #expect(s.mayVary(x[7], relativeTo: x[400]) == false)
        try s.add(x[n - 1] <= 0)
        #expect(s.mayVary(x.map { ($0, nil) }) == Array(repeating: false, count: n))
    }

    /// The optimal face is worked out once per state of the tableau and asked again for free
    /// (`mayVary` then `freeMotion`, as the layout report does); every change makes it anew: a
    /// constant that opens a range, a constraint that closes it, a removal that opens it again.
    @Test func theFaceFollowsEveryChangeOfTheTableau() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let cap = x <= 0
        try s.add(x >= 0)
        try s.add(cap)
        try s.add(y == x + 5)
        #expect(s.mayVary([(x, nil), (y, nil)]) == [false, false])
        #expect(s.freeMotion(of: [x]).map(\.value) == [0])
        try s.setConstant(of: cap, to: -10)   // x <= 10
        #expect(s.mayVary([(x, nil), (y, nil)]) == [true, true])
        #expect(s.mayVary(y, relativeTo: x) == false)
        let pin = x == 3
        try s.add(pin)
        #expect(s.mayVary([(x, nil), (y, nil)]) == [false, false])
        try s.remove(pin)
        #expect(s.mayVary([(x, nil), (y, nil)]) == [true, true])
        #expect(s.freeMotion(of: [x]).map { abs($0.value) > 0 } == [true])
    }

    /// A column of views closed at both ends, exactly as tall as its container, each view's
    /// height an intrinsic one (compression 750, hugging 250): the optimum is unique,
    /// and the optimal face's one leftover row runs over every view. It is settled directly, and
    /// the linear program it replaces gives the same answers; with room to spare, every height
    /// can move.
    @Test func aLongClosedColumnIsSettledAsOneRow() throws {
        for slack in [0.0, 30.0] {
            var answers: [[Bool]] = []
            for direct in [true, false] {
                let n = 150
                let y = (0..<n).map { Variable("y\($0)") }, h = (0..<n).map { Variable("h\($0)") }
                let s = Solver()
                s.core.settlesSingleRowsDirectly = direct
                try s.add(y[0] == 20)
                for i in 0..<n {
                    // An intrinsic height: at least 20 at compression resistance 750, preferring
                    // exactly 20 at hugging 250 (one row, as the layout engine makes it).
                    try s.add(Constraint(Expression([Term(h[i])], constant: -20), .greaterThanOrEqual,
                                         strength: Strength(level: 750), preferEqual: Strength(level: 250)))
                    if i + 1 < n { try s.add(y[i + 1] == y[i] + h[i] + 8) }
                }
                try s.add(y[n - 1] + h[n - 1] + 20 == Double(20 + 28 * n + 12) + slack)
                s.updateVariables()
                answers.append(s.mayVary(h.map { ($0, nil) }))
                if direct && slack == 0 { #expect(s.core.singleRowSettles == 1) }
            }
            #expect(answers[0] == answers[1], "slack \(slack)")
            #expect(answers[0] == Array(repeating: slack > 0, count: 150), "slack \(slack)")
        }
    }
}
