import Testing
@testable import Cassowary

/// The hot paths read terms in place (no retain per variable) and a constraint moves an
/// already reduced expression instead of copying it: the same terms, in the same order, as
/// reading them by value.
@Suite("Terms read in place and expressions moved into constraints")
struct BorrowedTermsTests {
    @Test func forEachTermVisitsEveryTermInOrder() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let e = Expression([Term(x, 2), Term(y, -1), Term(z, 0.5), Term(x, 3)], constant: 7)
        var seen: [(Variable, Double, Int)] = []
        e.forEachTerm { v, c, i in seen.append((v, c, i)) }
        #expect(seen.count == 4)
        #expect(seen.map(\.0).elementsEqual([x, y, z, x], by: ===))
        #expect(seen.map(\.1) == [2, -1, 0.5, 3])
        #expect(seen.map(\.2) == [0, 1, 2, 3])
        var ids: [ObjectIdentifier] = [], coefficients: [Double] = []
        e.forEachTermIdentity { id, c in ids.append(id); coefficients.append(c) }
        #expect(ids == [x.id, y.id, z.id, x.id])
        #expect(coefficients == [2, -1, 0.5, 3])
        var none = 0
        Expression(5).forEachTerm { _, _, _ in none += 1 }
        #expect(none == 0)
    }

    @Test func aReducedExpressionIsKeptAsWritten() {
        let x = Variable("x"), y = Variable("y")
        let c = Constraint(Expression([Term(y, 1), Term(x, -2)], constant: 3), .equal)
        #expect(c.expression.terms.map(\.variable).elementsEqual([y, x], by: ===))
        #expect(c.expression.terms.map(\.coefficient) == [1, -2])
        #expect(c.expression.constant == 3)
    }

    @Test func anUnreducedExpressionIsReducedOnTheWayIn() {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        // x twice (summed), y cancelling to zero (dropped), z with a zero coefficient (dropped).
        let c = Constraint(Expression([Term(x, 1), Term(y, 2), Term(x, 4), Term(y, -2), Term(z, 0)], constant: -1), .lessThanOrEqual)
        #expect(c.expression.terms.count == 1)
        #expect(c.expression.terms[0].variable === x && c.expression.terms[0].coefficient == 5)
        #expect(c.expression.constant == -1)
        // Longer than the short path (17 terms): the hashed reduction, same rules.
        let vs = (0..<9).map { Variable("v\($0)") }
        let long = Constraint(Expression(vs.map { Term($0, 1) } + vs.dropFirst().map { Term($0, -1) }), .equal)
        #expect(long.expression.terms.count == 1)
        #expect(long.expression.terms[0].variable === vs[0])
    }

    @Test func finitenessAndFingerprintsReadTheTermsInPlace() {
        let x = Variable("x"), y = Variable("y")
        #expect(Expression([Term(x, 1), Term(y, 2)], constant: 1).isFinite)
        #expect(!Expression([Term(x, 1), Term(y, .infinity)]).isFinite)
        #expect(!Expression([Term(x, 1)], constant: .nan).isFinite)
        // `2x <= 4` and `x <= 2` are one constraint; `x + y == 1` and `y + x == 1` too.
        let a = ConstraintKey.fingerprint(2 * x <= 4)
        let b = ConstraintKey.fingerprint(x <= 2)
        #expect(a == b)
        #expect(ConstraintKey.fingerprint(x + y == 1) == ConstraintKey.fingerprint(y + x == 1))
        #expect(ConstraintKey.fingerprint(x + y == 1) != ConstraintKey.fingerprint(x + 2 * y == 1))
    }
}
