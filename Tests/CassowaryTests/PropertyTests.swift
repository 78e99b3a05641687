import PropertyBased
import Testing
@testable import Cassowary

/// Random systems driven by a seed from PropertyBased, so a failure names the seed that
/// reproduces it. Every variable has an anchor `v == target` on a level of its own below the
/// random soft constraints, which makes the lexicographic optimum unique; so "remove what you
/// added" must give back exactly the solution from before.
@Suite("Solver properties on random systems")
struct PropertyTests {
    /// A small deterministic generator (SplitMix64), independent of Swift's seeded hashing.
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
    }

    struct System {
        let variables: [Variable]
        var required: [Constraint] = []
        var soft: [Constraint] = []
    }

    /// A random constraint over 1–3 variables with small integer coefficients.
    static func randomConstraint(_ rng: inout Rng, _ vars: [Variable], strength: Strength) -> Constraint {
        var e = Expression(Double(rng.int(-50...50)))
        for _ in 0..<rng.int(1...3) {
            let c = Double([-3, -2, -1, 1, 2, 3][rng.int(0...5)])
            e = e + c * vars[rng.int(0...(vars.count - 1))]
        }
        let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.int(0...2)]
        return Constraint(e, relation, strength: strength)
    }

    static let softStrengths: [Strength] = [.strong, .medium, .weak, Strength(level: 900), Strength(level: 800)]

    /// Builds a random solver: anchors, then random required and soft constraints; adds that
    /// fail (unsatisfiable, duplicate) are skipped. Invariants are checked after every call.
    static func build(seed: Int) throws -> (Solver, System, Rng) {
        var rng = Rng(state: UInt64(bitPattern: Int64(seed)))
        let n = rng.int(2...8)
        let vars = (0..<n).map { Variable("x\($0)") }
        var system = System(variables: vars)
        let s = Solver()
        if seed % 2 == 1 {
            // Rebuild the column index after nearly every change, so the rebuild path is
            // checked by the invariants as often as the incremental one.
            s.core.columnRebuildFloor = 4
            s.core.columnRebuildThreshold = 4
        }
        for (i, v) in vars.enumerated() {
            try s.add((v == Double(rng.int(-100...100))).strength(Strength(level: 100 - i)))
            try s._checkInvariants()
        }
        for _ in 0..<rng.int(1...12) {
            let required = rng.int(0...2) == 0
            let c = randomConstraint(&rng, vars, strength: required ? .required : softStrengths[rng.int(0...4)])
            do throws(CassowaryError) {
                try s.add(c)
                if required { system.required.append(c) } else { system.soft.append(c) }
            } catch {
                switch error {
                case .unsatisfiableConstraint, .duplicateConstraint: break
                default: throw error
                }
            }
            try s._checkInvariants()
        }
        return (s, system, rng)
    }

    static func values(_ s: Solver, _ vars: [Variable]) -> [Double] {
        s.updateVariables()
        return vars.map(\.value)
    }

    static func requiredHold(_ system: System) -> Bool {
        system.required.allSatisfy { $0.isSatisfied(tolerance: 1e-6) }
    }

    @Test func requiredConstraintsHoldAfterEveryAddRemoveAndSuggest() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
            var step = "build"
            do {
                var (s, system, rng) = try Self.build(seed: seed)
                _ = Self.values(s, system.variables)
                #expect(Self.requiredHold(system), "seed \(seed)")
                // Edit a variable through a range of values.
                let v = system.variables[rng.int(0...(system.variables.count - 1))]
                try s.addEditVariable(v, strength: Strength(level: 950))
                for _ in 0..<10 {
                    let x = Double(rng.int(-300...300))
                    step = "suggest \(v) = \(x)"
                    try s.suggestValue(v, x)
                    try s._checkInvariants()
                    _ = Self.values(s, system.variables)
                    #expect(Self.requiredHold(system), "seed \(seed)")
                }
                // Remove constraints in a random order.
                while !(system.required.isEmpty && system.soft.isEmpty) {
                    let pickRequired = !system.required.isEmpty && (system.soft.isEmpty || rng.int(0...1) == 0)
                    let c = pickRequired
                        ? system.required.remove(at: rng.int(0...(system.required.count - 1)))
                        : system.soft.remove(at: rng.int(0...(system.soft.count - 1)))
                    step = "remove \(c)"
                    try s.remove(c)
                    try s._checkInvariants()
                    _ = Self.values(s, system.variables)
                    #expect(Self.requiredHold(system), "seed \(seed)")
                }
                step = "remove edit \(v)"
                try s.removeEditVariable(v)
                try s._checkInvariants()
            } catch {
                Issue.record("seed \(seed), step \(step): \(error)")
            }
        }
    }

    @Test func removingWhatWasJustAddedRestoresTheSolution() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                var (s, system, rng) = try Self.build(seed: seed)
                let before = Self.values(s, system.variables)
                for _ in 0..<5 {
                    let strength: Strength = rng.int(0...1) == 0 ? .required : Self.softStrengths[rng.int(0...4)]
                    let c = Self.randomConstraint(&rng, system.variables, strength: strength)
                    do { try s.add(c) } catch { continue }
                    try s._checkInvariants()
                    try s.remove(c)
                    try s._checkInvariants()
                    let after = Self.values(s, system.variables)
                    for (a, b) in zip(before, after) {
                        #expect(Swift.abs(a - b) <= 1e-7, "seed \(seed): \(before) became \(after) after adding and removing \(c)")
                    }
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func failedAddsChangeNothing() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000)) { seed in
            do {
                var (s, system, rng) = try Self.build(seed: seed)
                let before = Self.values(s, system.variables)
                let dump = s.dump()
                for _ in 0..<8 {
                    let c = Self.randomConstraint(&rng, system.variables, strength: .required)
                    do throws(CassowaryError) {
                        try s.add(c)
                        try s.remove(c)
                    } catch {
                        if case .duplicateConstraint = error { continue }
                        guard case .unsatisfiableConstraint(_, let conflicts) = error else { throw error }
                        // The conflict set is a real certificate: only required constraints
                        // that are in the solver.
                        #expect(conflicts.allSatisfy { $0.strength.isRequired && s.contains($0) }, "seed \(seed)")
                    }
                    try s._checkInvariants()
                }
                let after = Self.values(s, system.variables)
                for (a, b) in zip(before, after) { #expect(Swift.abs(a - b) <= 1e-7, "seed \(seed)") }
                _ = dump
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }
}
