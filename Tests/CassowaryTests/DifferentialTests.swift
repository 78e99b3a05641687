import Foundation
import Testing
@testable import Cassowary

// Differential tests: replay the random systems of fixtures/solver/ (made by
// scripts/gen_solver_fixtures.py with kiwisolver; format in fixtures/solver/README.md) on our
// Solver, check the invariants after every operation, and agree with kiwi to 1e-6.

/// One fixture file: `{"format": 1, "systems": [...]}`.
private struct FixtureFile: Decodable {
    let format: Int
    let systems: [FixtureSystem]
}

private struct FixtureSystem: Decodable {
    let id: Int
    let kind: String
    let variables: Int
    let constraints: [KiwiFixtureConstraint]
    let steps: [FixtureStep]
}


/// A step has exactly one of `add`, `remove`, `edit`, `suggest`, `unedit`, `expect`.
private struct FixtureStep: Decodable {
    var add: Int?
    var fails: Bool?
    var remove: Int?
    var edit: Int?
    var strength: String?
    var suggest: Int?
    var value: Double?
    var unedit: Int?
    var expect: [Double]?
}

private let tolerance = 1e-6

/// `fixtures/solver/` of this checkout, found from this file's path (never a bundle resource).
private let fixtureDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()   // CassowaryTests
    .deletingLastPathComponent()   // Tests
    .deletingLastPathComponent()   // package root
    .appendingPathComponent("fixtures/solver")

private func fixtureFileNames() -> [String] {
    let names = try! FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)
    return names.filter { $0.hasPrefix("systems-") && $0.hasSuffix(".json") }.sorted()
}

private func loadFixture(_ name: String) throws -> FixtureFile {
    let data = try Data(contentsOf: fixtureDirectory.appendingPathComponent(name))
    return try JSONDecoder().decode(FixtureFile.self, from: data)
}

/// Replays one system; records an issue for each disagreement and returns how many
/// checkpoints were compared.
@discardableResult
private func replay(_ system: FixtureSystem) -> Int {
    let vars = (0..<system.variables).map { Variable("x\($0)") }
    let constraints = system.constraints.map { $0.constraint(vars) }
    let solver = Solver()
    var checkpoints = 0
    let where_ = "system \(system.id) (\(system.kind))"

    for (index, step) in system.steps.enumerated() {
        let here = "\(where_), step \(index)"
        do throws(CassowaryError) {
            if let i = step.add {
                let c = constraints[i]
                if step.fails == true {
                    expectUnsatisfiable(solver, c, here: here)
                } else {
                    try solver.add(c)
                    #expect(solver.contains(c), "\(here): add(\(c)) but not contained")
                }
            } else if let i = step.remove {
                try solver.remove(constraints[i])
                #expect(!solver.contains(constraints[i]), "\(here): removed but still contained")
            } else if let v = step.edit {
                try solver.addEditVariable(vars[v], strength: KiwiFixtureConstraint.strength(named: step.strength ?? "strong"))
            } else if let v = step.suggest {
                try solver.suggestValue(vars[v], step.value ?? .nan)
            } else if let v = step.unedit {
                try solver.removeEditVariable(vars[v])
            } else if let expected = step.expect {
                solver.updateVariables()
                checkpoints += 1
                for (k, x) in expected.enumerated() {
                    let got = vars[k].value
                    #expect(Swift.abs(got - x) <= tolerance, "\(here): x\(k) = \(got), kiwi says \(x)")
                    #expect(Swift.abs(solver.value(of: vars[k]) - got) <= 1e-12, "\(here): value(of: x\(k)) differs from x\(k).value")
                }
            }
            try solver._checkInvariants()
        } catch {
            Issue.record("\(here): unexpected \(error)")
            return checkpoints
        }
    }
    return checkpoints
}

/// A failing required add: it throws `.unsatisfiableConstraint` for this constraint, leaves it
/// out, and names conflicts that really are added required constraints that, with it, cannot hold.
private func expectUnsatisfiable(_ solver: Solver, _ c: Constraint, here: String) {
    let before = solver.constraintCount
    do throws(CassowaryError) {
        try solver.add(c)
        Issue.record("\(here): add(\(c)) succeeded; kiwi says it is unsatisfiable")
    } catch {
        guard case .unsatisfiableConstraint(let failed, let conflicts) = error else {
            Issue.record("\(here): add(\(c)) threw \(error), expected unsatisfiableConstraint")
            return
        }
        #expect(failed === c, "\(here): the error names \(failed), not \(c)")
        #expect(!solver.contains(c), "\(here): a failed add left the constraint in")
        #expect(solver.constraintCount == before, "\(here): a failed add changed the count")
        for k in conflicts {
            #expect(solver.contains(k) && k.strength.isRequired, "\(here): conflict \(k) is not an added required constraint")
        }
        // The named conflicts alone, with c, must already be infeasible.
        let check = Solver()
        do throws(CassowaryError) {
            try check.add(conflicts)
        } catch {
            Issue.record("\(here): the named conflicts alone do not hold together: \(error)")
            return
        }
        do throws(CassowaryError) {
            try check.add(c)
            Issue.record("\(here): \(c) holds together with its named conflicts \(conflicts)")
        } catch {
            guard case .unsatisfiableConstraint = error else {
                Issue.record("\(here): re-checking the conflicts threw \(error)")
                return
            }
        }
    }
}

@Suite("Differential: agrees with kiwisolver on fixtures/solver")
struct DifferentialTests {
    @Test func fixturesArePresent() throws {
        let names = fixtureFileNames()
        #expect(names.count >= 1, "no fixtures in \(fixtureDirectory.path)")
        var systems = 0, failing = 0, edits = 0, removals = 0
        for name in names {
            let file = try loadFixture(name)
            #expect(file.format == 1)
            systems += file.systems.count
            for s in file.systems {
                failing += s.steps.filter { $0.fails == true }.count
                edits += s.steps.filter { $0.edit != nil }.count
                removals += s.steps.filter { $0.remove != nil }.count
            }
        }
        #expect(systems >= 200)
        #expect(failing > 0 && edits > 0 && removals > 0)
    }

    @Test(arguments: fixtureFileNames())
    func agreesWithKiwi(file name: String) throws {
        let file = try loadFixture(name)
        var checkpoints = 0
        for system in file.systems {
            checkpoints += replay(system)
        }
        #expect(checkpoints >= file.systems.count)
    }
}
