import Testing
@testable import Cassowary

// What kiwi's own Python test-suite (py/tests: solver, constraint, expression, term, strength,
// variable, basic sanity) checks, restated for our Swift API. Differences on purpose:
// - errors are typed `CassowaryError` cases carrying the constraint or variable;
// - `addEditVariable` starts the edit at the variable's current value, not at 0;
// - a duplicate is also an *equivalent* constraint (another object, same relation, strength
//   and normalized expression), not only the same object;
// - kiwi's TypeError cases (wrong argument types) cannot be written in Swift at all.

/// Runs `body` and returns the `CassowaryError` it threw, or nil. (The solver's methods throw
/// only `CassowaryError`; a closure's inferred type erases that, so it is cast back here.)
private func thrown(_ body: () throws -> Void) -> CassowaryError? {
    do {
        try body()
        return nil
    } catch {
        return error as? CassowaryError ?? .internalError("not a CassowaryError: \(error)")
    }
}

/// The coefficient of `v` in `e` (0 when absent).
private func coefficient(of v: Variable, in e: Expression) -> Double {
    e.terms.filter { $0.variable === v }.reduce(0) { $0 + $1.coefficient }
}

@Suite("kiwi port: Solver")
struct KiwiPortSolverTests {
    @Test func newSolverIsEmpty() throws {
        let s = Solver()
        #expect(s.constraintCount == 0)
        #expect(s.constraints.isEmpty)
        try s._checkInvariants()
    }

    @Test func editVariablesAreAddedQueriedAndRemoved() throws {
        let s = Solver()
        let foo = Variable("foo"), bar = Variable("bar")

        #expect(!s.containsEditVariable(foo))
        try s.addEditVariable(foo, strength: .weak)
        #expect(s.containsEditVariable(foo))
        try s._checkInvariants()

        guard case .duplicateEditVariable(let v)? = thrown({ try s.addEditVariable(foo, strength: .medium) }) else {
            Issue.record("adding an edit variable twice must throw duplicateEditVariable"); return
        }
        #expect(v === foo)

        guard case .unknownEditVariable(let u)? = thrown({ try s.removeEditVariable(bar) }) else {
            Issue.record("removing a non-edit variable must throw unknownEditVariable"); return
        }
        #expect(u === bar)

        try s.removeEditVariable(foo)
        #expect(!s.containsEditVariable(foo))
        try s._checkInvariants()

        guard case .requiredEditStrength(let r)? = thrown({ try s.addEditVariable(foo, strength: .required) }) else {
            Issue.record("a required edit variable must throw requiredEditStrength"); return
        }
        #expect(r === foo)
        #expect(!s.containsEditVariable(foo))

        try s.addEditVariable(bar, strength: .strong)
        #expect(s.containsEditVariable(bar))
        guard case .unknownEditVariable(let w)? = thrown({ try s.suggestValue(foo, 10) }) else {
            Issue.record("suggesting for a non-edit variable must throw unknownEditVariable"); return
        }
        #expect(w === foo)

        s.reset()
        #expect(!s.containsEditVariable(bar))
        try s._checkInvariants()
    }

    @Test func suggestionBeatsAWeakerEquality() throws {
        // A medium edit wins over a weak `foo == 1`.
        let s = Solver()
        let foo = Variable("foo")
        try s.addEditVariable(foo, strength: .medium)
        try s.add((foo == 1).strength(.weak))
        try s.suggestValue(foo, 2)
        s.updateVariables()
        try s._checkInvariants()
        #expect(foo.value == 2)
    }

    @Test func suggestionLosesToARequiredBound() throws {
        // The edit variable enters several rows; the required bound wins over the weak edit
        // and over the weak preference, whatever is suggested.
        let s = Solver()
        let foo = Variable("foo"), bar = Variable("bar")
        try s.addEditVariable(bar, strength: .weak)
        try s.add(foo + bar == 0)
        try s.add(bar <= -1)
        try s.add((bar >= 0).strength(.weak))
        try s.suggestValue(bar, 0)
        s.updateVariables()
        try s._checkInvariants()
        #expect(bar.value <= -1)
        #expect(foo.value == -bar.value)
    }

    @Test func constraintsAreAddedQueriedAndRemoved() throws {
        let s = Solver()
        let foo = Variable("foo")
        let atLeastOne = foo >= 1
        let atMostZero = foo <= 0

        #expect(!s.contains(atLeastOne))
        try s.add(atLeastOne)
        #expect(s.contains(atLeastOne))
        #expect(s.constraintCount == 1)

        guard case .duplicateConstraint(let d, let existing)? = thrown({ try s.add(atLeastOne) }) else {
            Issue.record("adding the same constraint twice must throw duplicateConstraint"); return
        }
        #expect(d === atLeastOne && existing === atLeastOne)

        guard case .unknownConstraint(let u)? = thrown({ try s.remove(atMostZero) }) else {
            Issue.record("removing a constraint never added must throw unknownConstraint"); return
        }
        #expect(u === atMostZero)

        guard case .unsatisfiableConstraint(let bad, let conflicts)? = thrown({ try s.add(atMostZero) }) else {
            Issue.record("foo <= 0 with foo >= 1 (both required) must throw unsatisfiableConstraint"); return
        }
        #expect(bad === atMostZero)
        #expect(conflicts.count == 1 && conflicts.first === atLeastOne)
        #expect(!s.contains(atMostZero))
        try s._checkInvariants()

        try s.remove(atLeastOne)
        #expect(!s.contains(atLeastOne))
        try s.add(atMostZero)
        #expect(s.contains(atMostZero))
        try s._checkInvariants()

        s.reset()
        #expect(!s.contains(atMostZero))
        #expect(s.constraintCount == 0)
        try s._checkInvariants()
    }

    @Test func equivalentConstraintIsADuplicate() throws {
        // Ours, not kiwi's: another object meaning the same thing is rejected too.
        let s = Solver()
        let v = Variable("v")
        let first = v >= 0
        try s.add(first)
        let again = v >= 0
        guard case .duplicateConstraint(let d, let existing)? = thrown({ try s.add(again) }) else {
            Issue.record("an equivalent constraint must throw duplicateConstraint"); return
        }
        #expect(d === again && existing === first)
        #expect(!s.contains(again))
        // Another strength is another constraint.
        try s.add((v >= 0).strength(.weak))
        #expect(s.constraintCount == 2)
        try s._checkInvariants()
    }

    @Test func underConstrainedSystemFollowsTheEdit() throws {
        let s = Solver()
        let foo = Variable("foo")
        let c = 2 * foo + 1 >= 0
        try s.addEditVariable(foo, strength: .weak)
        try s.add(c)
        try s.suggestValue(foo, 10)
        s.updateVariables()
        try s._checkInvariants()
        #expect(c.expression.value == 21)
        #expect(c.expression.terms[0].coefficient * c.expression.terms[0].variable.value == 20)
        #expect(c.expression.terms[0].variable.value == 10)
    }

    @Test func requiredBeatsWeak() throws {
        let s = Solver()
        let foo = Variable("foo"), bar = Variable("bar")
        try s.add(foo + bar == 0)
        try s.add(foo == 10)
        try s.add((bar >= 0).strength(.weak))
        s.updateVariables()
        try s._checkInvariants()
        #expect(foo.value == 10 && bar.value == -10)
    }

    @Test func strongBeatsMedium() throws {
        let s = Solver()
        let foo = Variable("foo"), bar = Variable("bar")
        try s.add(foo + bar == 0)
        try s.add((foo >= 10).strength(.medium))
        try s.add((bar == 2).strength(.strong))
        s.updateVariables()
        try s._checkInvariants()
        #expect(foo.value == -2 && bar.value == 2)
    }

    @Test func dumpIsReadableAndDeterministic() throws {
        func build() throws -> String {
            let s = Solver()
            let foo = Variable("foo"), bar = Variable("bar")
            try s.addEditVariable(bar, strength: .weak)
            try s.add(foo + bar == 0)
            try s.add(bar <= -1)
            try s.add((bar >= 0).strength(.weak))
            s.updateVariables()
            // A failing add in between must not show up in the dump.
            _ = thrown { try s.add(bar >= 1) }
            try s._checkInvariants()
            return s.dump()
        }
        let a = try build(), b = try build()
        #expect(!a.isEmpty)
        #expect(a == b)
        #expect(a.contains("foo") && a.contains("bar"))
    }

    // MARK: basic sanity (kiwi's test_kiwi_solver_basic_sanity)

    @Test func lowerBoundsGiveZero() throws {
        let s = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1")
        try s.add(x0 >= 0)
        try s.add(x1 >= 0)
        s.updateVariables()
        #expect(x0.value == 0 && x1.value == 0)
    }

    @Test func temporaryEditMovesLinkedVariables() throws {
        let s = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1")
        try s.add(x0 >= 0)
        try s.add(x1 >= 0)
        try s.add(x1 == x0)
        s.updateVariables()
        #expect(x0.value == 0 && x1.value == 0)

        try s.addEditVariable(x1, strength: Strength(level: 0, weight: 1))
        try s.suggestValue(x1, 1)
        s.updateVariables()
        try s._checkInvariants()
        #expect(x0.value == 1 && x1.value == 1)
        try s.removeEditVariable(x1)
        try s._checkInvariants()
        #expect(!s.containsEditVariable(x1))
    }

    // MARK: edit variables, infeasible and violated constraints

    @Test func editStartsAtTheCurrentValue() throws {
        // Ours, not kiwi's: adding an edit variable changes nothing (kiwi would pull x to 0).
        let s = Solver()
        let x = Variable("x")
        try s.add((x == 10).strength(.weak))
        s.updateVariables()
        #expect(x.value == 10)
        try s.addEditVariable(x, strength: .strong)
        s.updateVariables()
        try s._checkInvariants()
        #expect(x.value == 10)
        try s.suggestValue(x, 25)
        s.updateVariables()
        #expect(x.value == 25)
        try s.removeEditVariable(x)
        s.updateVariables()
        #expect(x.value == 10)
    }

    @Test func editIsClampedByRequiredBoundsAndComesBack() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x >= 0)
        try s.add(x <= 100)
        try s.add(y == 2 * x)
        try s.addEditVariable(x, strength: .strong)
        for (suggested, expected) in [(50.0, 50.0), (150, 100), (-20, 0), (30, 30)] {
            try s.suggestValue(x, suggested)
            s.updateVariables()
            try s._checkInvariants()
            #expect(x.value == expected, "suggested \(suggested)")
            #expect(y.value == 2 * expected)
        }
    }

    @Test func infeasibleRequiredInequalitiesAreRejectedAndLeaveNoTrace() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x + y <= 10
        let b = x >= 6
        try s.add(a)
        try s.add(b)
        try s.add((y == 3).strength(.weak))
        s.updateVariables()
        let before = (x.value, y.value)
        let c = y >= 5
        guard case .unsatisfiableConstraint(let bad, let conflicts)? = thrown({ try s.add(c) }) else {
            Issue.record("x + y <= 10, x >= 6, y >= 5 must be unsatisfiable"); return
        }
        #expect(bad === c)
        #expect(Set(conflicts.map { ObjectIdentifier($0) }) == Set([a, b].map { ObjectIdentifier($0) }))
        try s._checkInvariants()
        s.updateVariables()
        #expect(x.value == before.0 && y.value == before.1)
        #expect(!s.contains(c))
        // The failed add left nothing behind: removing `b` makes `c` addable.
        try s.remove(b)
        try s.add(c)
        s.updateVariables()
        try s._checkInvariants()
        #expect(y.value == 5)
    }

    @Test func violatedSoftConstraintsAreWeighed() throws {
        // Two soft wishes that cannot both hold: the heavier one wins, exactly.
        let s = Solver()
        let x = Variable("x")
        let weak = (x == 0).strength(.weak)
        let medium = (x == 40).strength(.medium)
        try s.add(weak)
        try s.add(medium)
        s.updateVariables()
        try s._checkInvariants()
        #expect(x.value == 40)
        #expect(medium.isSatisfied() && !weak.isSatisfied())

        // Removing the winner gives the loser its way back.
        try s.remove(medium)
        s.updateVariables()
        try s._checkInvariants()
        #expect(x.value == 0)
    }

    @Test func weightsAddUpWithinALevel() throws {
        // On kiwi's single level, weights add up: 999 weak (weight 1 each) lose to one medium (1000).
        let s = Solver()
        let x = Variable("x")
        try s.add((x == 10).strength(.medium))
        let others = (0..<999).map { _ in Variable() }
        for o in others {
            try s.add(o == x)
            try s.add((o == 0).strength(.weak))
        }
        s.updateVariables()
        try s._checkInvariants()
        #expect(Swift.abs(x.value - 10) < 1e-9)
    }

    @Test func inequalitySoftBoundIsViolatedOnlyAsMuchAsNeeded() throws {
        let s = Solver()
        let w = Variable("w")
        try s.add(w <= 50)
        try s.add((w >= 80).strength(.strong))
        try s.add((w == 10).strength(.weak))
        s.updateVariables()
        try s._checkInvariants()
        #expect(w.value == 50)
    }
}

@Suite("kiwi port: Constraint")
struct KiwiPortConstraintTests {
    @Test(arguments: [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
    func creation(relation: Relation) {
        let foo = Variable("foo")
        let c = Constraint(foo + 1, relation)
        #expect(c.strength == .required)
        #expect(c.relation == relation)
        #expect(c.expression.constant == 1)
        #expect(c.expression.terms.count == 1)
        #expect(c.expression.terms[0].variable === foo && c.expression.terms[0].coefficient == 1)
        #expect(c.description.contains(relation.description))
        #expect(c.description.contains("foo"))

        for s in [Strength.weak, .medium, .strong, .required] {
            #expect(Constraint(foo + 1, relation, strength: s).strength == s)
        }
    }

    @Test func strengthModifierMakesANewConstraint() {
        let foo = Variable("foo")
        let c = foo + 1 == 0
        for s in [Strength.weak, .medium, .strong, .required, .create(1, 1, 0)] {
            let d = c.strength(s)
            #expect(d.strength == s)
            #expect(d !== c)
            #expect(d.relation == c.relation && d.expression.constant == c.expression.constant)
        }
        #expect(c.strength == .required)
    }

    @Test func expressionIsNormalizedAndReduced() {
        let x = Variable("x")
        let c = 2 * x + 3 <= x + 5 + x
        // lhs - rhs: 2x + 3 - 2x - 5 = -2, and x vanishes from the terms.
        #expect(c.expression.terms.isEmpty)
        #expect(c.expression.constant == -2)
    }
}

@Suite("kiwi port: Expression and Term")
struct KiwiPortExpressionTests {
    let foo = Variable("foo"), bar = Variable("bar"), aux = Variable("aux")

    @Test func creationKeepsTermsInOrder() {
        let e = Expression([foo * 1, bar * 2, aux * 3], constant: 10)
        #expect(e.terms.map(\.coefficient) == [1, 2, 3])
        #expect(e.terms[0].variable === foo && e.terms[1].variable === bar && e.terms[2].variable === aux)
        #expect(e.constant == 10)
        #expect(Expression([foo * 1]).constant == 0)
        #expect(e.description.contains("foo") && e.description.contains("10"))
    }

    @Test func termBasics() {
        let t = Term(foo)
        #expect(t.variable === foo && t.coefficient == 1)
        let t100 = Term(foo, 100)
        #expect(t100.coefficient == 100)
        #expect(t100.description == "100 * foo")
        #expect((-Term(foo, 10)).coefficient == -10)
        #expect((Term(foo, 10) * 2).coefficient == 20)
        #expect((2 * Term(foo, 10)).coefficient == 20)
        #expect((Term(foo, 10) / 2).coefficient == 5)
    }

    @Test func termArithmeticMakesExpressions() {
        let t = Term(foo, 10), t2 = Term(bar)
        for e in [t + 2, 2 + t] {
            #expect(e.constant == 2 && e.terms.count == 1 && e.terms[0].coefficient == 10)
        }
        let sum = t + t2
        #expect(sum.constant == 0 && sum.terms.count == 2)
        #expect(coefficient(of: foo, in: sum) == 10 && coefficient(of: bar, in: sum) == 1)
        let down = t - 2, up = 2 - t
        #expect(down.constant == -2 && coefficient(of: foo, in: down) == 10)
        #expect(up.constant == 2 && coefficient(of: foo, in: up) == -10)
        let diff = t2 - t
        #expect(coefficient(of: foo, in: diff) == -10 && coefficient(of: bar, in: diff) == 1)
    }

    @Test func negationScalingAndDivision() {
        let e = Term(foo, 10) + 5
        let neg = -e
        #expect(neg.terms.count == 1 && neg.terms[0].coefficient == -10 && neg.constant == -5)
        for m in [e * 2, 2 * e] {
            #expect(m.terms[0].variable === foo && m.terms[0].coefficient == 20 && m.constant == 10)
        }
        let d = e / 2
        #expect(d.terms[0].coefficient == 5 && d.constant == 2.5)
    }

    @Test func additionAndSubtraction() {
        let e = Term(foo, 10) + 5, e2 = bar - 10
        for a in [e + 2, 2 + e] {
            #expect(a.constant == 7 && coefficient(of: foo, in: a) == 10)
        }
        let withVariable = e + bar, withTerm = e + Term(bar), withExpression = e + e2
        #expect(withVariable.constant == 5 && coefficient(of: bar, in: withVariable) == 1)
        #expect(withTerm.constant == 5 && coefficient(of: bar, in: withTerm) == 1)
        #expect(withExpression.constant == -5 && coefficient(of: foo, in: withExpression) == 10)
        #expect((e - 2).constant == 3 && (2 - e).constant == -3)
        #expect(coefficient(of: foo, in: 2 - e) == -10)
        let ev = e - bar, ve = bar - e
        #expect(ev.constant == 5 && coefficient(of: bar, in: ev) == -1 && coefficient(of: foo, in: ev) == 10)
        #expect(ve.constant == -5 && coefficient(of: bar, in: ve) == 1 && coefficient(of: foo, in: ve) == -10)
        let ee = e - e2
        #expect(ee.constant == 15 && coefficient(of: foo, in: ee) == 10 && coefficient(of: bar, in: ee) == -1)
    }

    @Test func comparisonsBuildConstraints() {
        let e1 = Term(foo, 10) + 5, e2 = bar - 10
        let cases: [(Constraint, Relation)] = [(e1 <= e2, .lessThanOrEqual), (e1 == e2, .equal), (e1 >= e2, .greaterThanOrEqual)]
        for (c, r) in cases {
            #expect(c.relation == r && c.strength == .required)
            #expect(c.expression.terms.count == 2)
            #expect(coefficient(of: foo, in: c.expression) == 10 && coefficient(of: bar, in: c.expression) == -1)
            #expect(c.expression.constant == 15)
        }
        let tc = Term(foo, 10) <= Term(bar, 20) + 1
        #expect(coefficient(of: foo, in: tc.expression) == 10 && coefficient(of: bar, in: tc.expression) == -20)
        #expect(tc.expression.constant == -1)
    }

    @Test func valueUsesCurrentVariableValues() throws {
        let s = Solver()
        try s.add(foo == 3)
        try s.add(bar == 4)
        s.updateVariables()
        #expect((2 * foo + bar - 1).value == 9)
    }
}

@Suite("kiwi port: Strength and Variable")
struct KiwiPortStrengthVariableTests {
    @Test func predefinedStrengthsAreOrdered() {
        #expect(Strength.weak < .medium)
        #expect(Strength.medium < .strong)
        #expect(Strength.strong < .required)
        #expect(Strength.strong.weight == 1_000_000 && Strength.medium.weight == 1_000 && Strength.weak.weight == 1)
    }

    @Test func createdStrengthsAreOrderedByTheirParts() {
        #expect(Strength.create(0, 0, 1) < .create(0, 1, 0))
        #expect(Strength.create(0, 1, 0) < .create(1, 0, 0))
        #expect(Strength.create(1, 0, 0, 1) < .create(1, 0, 0, 4))
        #expect(Strength.create(1, 0, 0) == .strong)
        #expect(Strength.create(0, 1, 0) == .medium)
        #expect(Strength.create(0, 0, 1) == .weak)
        // Each part is clipped to 0...1000, so a created strength is never required.
        #expect(Strength.create(5000, 5000, 5000) < .required)
    }

    @Test func variableBasics() {
        let v = Variable()
        #expect(v.name == "")
        v.name = "bar"
        #expect(v.name == "bar")
        #expect(v.value == 0)
        #expect(v.description == "bar")
    }

    @Test func variableArithmetic() {
        let foo = Variable("foo"), bar = Variable("bar")
        let neg = -foo
        #expect(neg.variable === foo && neg.coefficient == -1)
        let mul = foo * 2
        #expect(mul.variable === foo && mul.coefficient == 2)
        let div = foo / 2
        #expect(div.variable === foo && div.coefficient == 0.5)
        let add = foo + 2
        #expect(add.constant == 2 && add.terms.count == 1 && add.terms[0].variable === foo)
        let add2 = foo + bar
        #expect(add2.constant == 0 && add2.terms.map(\.coefficient) == [1, 1])
        #expect(add2.terms[0].variable === foo && add2.terms[1].variable === bar)
        let sub = foo - 2
        #expect(sub.constant == -2 && sub.terms[0].coefficient == 1)
        let sub2 = foo - bar
        #expect(sub2.terms.map(\.coefficient) == [1, -1] && sub2.terms[1].variable === bar)
    }

    @Test func variableComparisonsBuildConstraints() {
        let foo = Variable("foo"), bar = Variable("bar")
        let cases: [(Constraint, Relation)] = [(foo <= bar + 1, .lessThanOrEqual), (foo == bar + 1, .equal), (foo >= bar + 1, .greaterThanOrEqual)]
        for (c, r) in cases {
            #expect(c.relation == r && c.strength == .required)
            #expect(coefficient(of: foo, in: c.expression) == 1 && coefficient(of: bar, in: c.expression) == -1)
            #expect(c.expression.constant == -1)
        }
    }
}
