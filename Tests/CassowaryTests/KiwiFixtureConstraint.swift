@testable import Cassowary

/// A constraint as the kiwisolver fixture scripts write it (`fixtures/solver`,
/// `fixtures/ambiguity`): `[variable index, coefficient]` pairs, a constant, `==`/`<=`/`>=`
/// and kiwi's strength name.
struct KiwiFixtureConstraint: Decodable {
    /// `[variable index, coefficient]` pairs.
    let terms: [[Double]]
    let constant: Double
    let op: String
    let strength: String

    /// The constraint over `vars`.
    func constraint(_ vars: [Variable]) -> Constraint {
        let terms = terms.map { Term(vars[Int($0[0])], $0[1]) }
        return Constraint(Expression(terms, constant: constant), relation, strength: strengthValue)
    }

    var relation: Relation {
        switch op {
        case "==": .equal
        case "<=": .lessThanOrEqual
        case ">=": .greaterThanOrEqual
        default: fatalError("unknown relation \(op) in a fixture")
        }
    }

    var strengthValue: Strength { Self.strength(named: strength) }

    /// kiwi's strength names.
    static func strength(named strength: String) -> Strength {
        switch strength {
        case "required": .required
        case "strong": .strong
        case "medium": .medium
        case "weak": .weak
        default: fatalError("unknown strength \(strength) in a fixture")
        }
    }
}
