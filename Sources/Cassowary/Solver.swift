/// An incremental Cassowary solver for linear equalities and inequalities with hierarchical
/// strengths.
///
/// Add and remove constraints at any time; mark variables as edit variables and suggest values
/// for them (the fast path for interactive changes); call ``updateVariables()`` to write the
/// solution into each ``Variable/value``.
///
/// ```swift
/// let x = Variable("x"), y = Variable("y")
/// let solver = Solver()
/// try solver.add(x + y == 20)
/// try solver.add((x == 5).strength(.weak))
/// solver.updateVariables()   // x.value == 5, y.value == 15
/// ```
///
/// Determinism: the same calls in the same order give the same solution and the same
/// ``dump()`` in every process; no hash-table iteration order decides anything.
///
/// Numbers closer to zero than ``epsilon`` are treated as zero.
public final class Solver {
    /// Coefficients and constants with magnitude below this are zero (1e-8, as in kiwi).
    public static let epsilon: Double = 1e-8

    /// Whether row scaling runs on `SIMD8<Double>` lanes (default) or one number at a time.
    /// A process-wide switch for the benchmark (`@_spi(Benchmarks) import Cassowary`), which
    /// measures both; not part of the API. Set it before solving.
    @_spi(Benchmarks) public nonisolated(unsafe) static var usesSIMDKernels: Bool {
        get { useSIMDKernels }
        set { useSIMDKernels = newValue }
    }

    let core = Tableau()

    /// Creates an empty solver.
    public init() {}

    /// Adds a constraint.
    /// - Throws: ``CassowaryError/duplicateConstraint(_:existing:)`` if it, or an equivalent
    ///   one, is already added; ``CassowaryError/unsatisfiableConstraint(_:conflicts:)`` if it is
    ///   required and cannot hold with the required constraints already added (the solver is
    ///   then left as it was); ``CassowaryError/nonFiniteConstraint(_:)`` for NaN or infinity.
    /// - Complexity: proportional to the rows the new row touches (see docs/Design.md), not to the
    ///   size of the system.
    public func add(_ constraint: Constraint) throws(CassowaryError) {
        try core.add(constraint)
    }

    /// Adds constraints in order; stops at the first error (those before it stay added).
    public func add(_ constraints: [Constraint]) throws(CassowaryError) {
        for c in constraints { try core.add(c) }
    }

    /// Removes a constraint.
    /// - Throws: ``CassowaryError/unknownConstraint(_:)`` if it was not added.
    public func remove(_ constraint: Constraint) throws(CassowaryError) {
        try core.remove(constraint)
    }

    /// Changes the constant of `constraint`'s expression (the expression is `lhs - rhs`,
    /// related to 0) to `constant`, in place: the fast path for moving a constraint, as
    /// ``suggestValue(_:_:)`` is for an edit variable. `x - y == 10` becomes `x - y == 4` with
    /// `setConstant(of: c, to: -4)`. Works for required and soft `==`, `<=` and `>=`.
    ///
    /// Afterwards `constraint.expression.constant == constant`, and ``updateVariables()`` gives
    /// what removing the constraint and adding it back with the new constant would give
    /// (the same optimum; where several are optimal, possibly another of them). Since the
    /// constraint object itself changes, do not share it with another solver.
    ///
    /// On failure nothing changes: not the solver (same ``dump()`` and values) and not the
    /// constraint, which keeps its old constant.
    /// - Throws: ``CassowaryError/unknownConstraint(_:)`` if it was not added (edit variables'
    ///   own constraints included); ``CassowaryError/nonFiniteConstraint(_:)`` for NaN or
    ///   infinity (or a change too large for a `Double`); ``CassowaryError/duplicateConstraint(_:existing:)`` if the new constant makes
    ///   it equivalent to another added constraint;
    ///   ``CassowaryError/unsatisfiableConstraint(_:conflicts:)`` if it is required and can no
    ///   longer hold with the other required constraints (`conflicts`, as for ``add(_:)``).
    /// - Complexity: O(rows holding the constraint's marker symbol), plus the dual-simplex
    ///   pivots that restore feasibility (none when the change keeps every bound); no rebuild.
    public func setConstant(of constraint: Constraint, to constant: Double) throws(CassowaryError) {
        try core.setConstant(of: constraint, to: constant)
    }

    /// Whether this constraint object has been added.
    public func contains(_ constraint: Constraint) -> Bool {
        core.contains(constraint)
    }

    /// Makes `variable` an edit variable: a constraint `variable == its current value` at
    /// `strength`, whose value ``suggestValue(_:_:)`` then moves without a rebuild.
    ///
    /// Unlike kiwi, the edit starts at the variable's current value (not 0), so adding an edit
    /// variable changes nothing and the first suggestion costs no more than later ones.
    /// - Throws: ``CassowaryError/duplicateEditVariable(_:)``,
    ///   ``CassowaryError/requiredEditStrength(_:)``.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(CassowaryError) {
        try core.addEditVariable(variable, strength: strength)
    }

    /// Removes an edit variable and its edit constraint.
    /// - Throws: ``CassowaryError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: Variable) throws(CassowaryError) {
        try core.removeEditVariable(variable)
    }

    /// Whether `variable` is an edit variable.
    public func containsEditVariable(_ variable: Variable) -> Bool {
        core.containsEditVariable(variable)
    }

    /// Suggests a value for an edit variable and re-optimizes (dual simplex).
    /// - Throws: ``CassowaryError/unknownEditVariable(_:)``,
    ///   ``CassowaryError/nonFiniteSuggestion(_:_:)``.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(CassowaryError) {
        try core.suggestValue(variable, value)
    }

    /// Writes the current solution into every known variable's ``Variable/value``.
    /// - Complexity: O(variables).
    public func updateVariables() {
        core.updateVariables()
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        core.reset()
    }

    /// A readable dump of the tableau: objective levels, rows, infeasible rows, constraints
    /// and edit variables. Deterministic.
    public func dump() -> String {
        core.dump()
    }

    /// Checks every internal invariant (row/column index agreement, no basic symbol in any
    /// row, feasibility, markers, objective cleanliness).
    /// - Throws: ``CassowaryError/internalError(_:)`` naming the first broken invariant.
    public func _checkInvariants() throws(CassowaryError) {
        try core.checkInvariants()
    }

    /// The current value of `variable` in the solution, without calling ``updateVariables()``.
    public func value(of variable: Variable) -> Double {
        core.value(of: variable)
    }

    /// Counters that explain where the time goes.
    public struct Statistics: Sendable, Equatable {
        /// Simplex pivots since the solver was made.
        public var pivots: Int
        /// Cells read and written by row substitutions since the solver was made.
        public var mergedCells: Int
        /// Rows in the tableau now.
        public var rows: Int
        /// Nonzero cells in the tableau now (the fill).
        public var cells: Int
    }

    /// Moves whenever the solution may have changed (an add, a removal, a new constant or a
    /// suggested value): a caller that read values at one revision knows they still hold while
    /// it has not moved.
    package var revision: UInt64 { core.solutionRound }

    /// The work done so far, in cells read and written by row substitutions (what
    /// ``Statistics/mergedCells`` counts), read without materializing anything: a caller can
    /// weigh an incremental change against a new build.
    package var work: Int { core.mergedCells }

    /// Current counters, with every lazy definition materialized first (rows and cells are
    /// those of the classic tableau). Complexity: O(rows), plus that materialization.
    public var statistics: Statistics {
        core.materializeAll()
        var rows = 0, cells = 0
        for (i, b) in core.basicOf.enumerated() where b >= 0 {
            rows += 1
            cells += core.rows[i].ids.count
        }
        return Statistics(pivots: core.pivotCount, mergedCells: core.mergedCells, rows: rows, cells: cells)
    }

    /// The tableau as it is held now, without materializing the lazy definitions (which
    /// ``statistics`` does): rows, their nonzero cells, and the live definitions with their
    /// terms. For the benchmark's fill figures (`@_spi(Benchmarks) import Cassowary`).
    @_spi(Benchmarks) public var heldFill: (rows: Int, cells: Int, definitions: Int, definitionTerms: Int) {
        var rows = 0, cells = 0, definitions = 0, terms = 0
        for (i, b) in core.basicOf.enumerated() where b >= 0 {
            rows += 1
            cells += core.rows[i].ids.count
        }
        let d = core.definitions
        for k in 0..<d.count where d.live[k] {
            definitions += 1
            terms += d.terms(k).count
        }
        return (rows, cells, definitions, terms)
    }

    /// How many constraints have been added.
    public var constraintCount: Int { core.constraintCount }

    /// The constraints added, in the order they were added.
    public var constraints: [Constraint] { core.constraintsInOrder() }
}
