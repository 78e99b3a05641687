/// What can go wrong in a ``Solver`` call. Each case carries what it is about.
public enum CassowaryError: Error, CustomStringConvertible, Sendable {
    /// The constraint (or one equivalent to it: same relation, strength and normalized
    /// expression) is already in the solver; `existing` is the one that is.
    case duplicateConstraint(Constraint, existing: Constraint)
    /// A required constraint cannot hold together with `conflicts`, the already-added required
    /// constraints that, with it, form an infeasible set. The solver is unchanged.
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// A coefficient or constant is NaN or infinite.
    case nonFiniteConstraint(Constraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// The variable has no edit constraint.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required.
    case requiredEditStrength(Variable)
    /// A suggested value is NaN or infinite.
    case nonFiniteSuggestion(Variable, Double)
    /// A broken invariant of the solver; a bug, reported rather than crashing.
    case internalError(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c, let e):
            c === e ? "duplicate constraint: \(c)" : "duplicate constraint: \(c) is equivalent to \(e)"
        case .unsatisfiableConstraint(let c, let cs):
            "unsatisfiable constraint: \(c) conflicts with " + (cs.isEmpty ? "nothing else (it is false)" : cs.map { "\($0)" }.joined(separator: "; "))
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .nonFiniteConstraint(let c): "constraint has a non-finite number: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .requiredEditStrength(let v): "an edit variable cannot be required: \(v)"
        case .nonFiniteSuggestion(let v, let x): "suggested value for \(v) is not finite: \(x)"
        case .internalError(let m): "internal solver error: \(m)"
        }
    }
}
