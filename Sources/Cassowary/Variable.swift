/// An unknown of a linear system: a named value that a ``Solver`` computes.
///
/// A variable is a reference: the same object may be used in several constraints and in
/// several solvers. It is deliberately *not* `Equatable`, so that `x == y` builds a
/// ``Constraint`` instead of comparing identities; use ``id`` or `===` to compare.
///
/// `value` is written only by ``Solver/updateVariables()``. A variable is not safe to share
/// across concurrently running solvers (it is `@unchecked Sendable` so errors can carry it).
public final class Variable: @unchecked Sendable, CustomStringConvertible {
    /// A name for reports and ``Solver/dump()``; need not be unique.
    public var name: String {
        get { nameSuffix.map { baseName + $0.description } ?? baseName }
        set { baseName = newValue; nameSuffix = nil }
    }
    /// The name, or its first part when `nameSuffix` is set: a layout makes four variables per
    /// view named after it (`title.minX`, …), and joining the strings only when a name is read
    /// saves four string allocations a view.
    private var baseName: String
    private var nameSuffix: StaticString?
    /// The value from the last ``Solver/updateVariables()`` (0 before any).
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// The solver that first took this variable (0: none yet), and its symbol there: saves a
    /// hash lookup per term in the common one-solver case. Other solvers use a dictionary.
    @exclusivity(unchecked) var solverTag: UInt64 = 0
    @exclusivity(unchecked) var solverSymbol: Int32 = -1

    /// A process-unique identity, stable for the variable's lifetime.
    public var id: ObjectIdentifier { ObjectIdentifier(self) }

    /// Creates a variable.
    /// - Parameter name: a name shown in descriptions and dumps.
    public init(_ name: String = "") {
        self.baseName = name
    }

    /// A variable named `base` followed by `suffix` (joined when the name is read).
    package init(_ base: String, suffix: StaticString) {
        self.baseName = base
        self.nameSuffix = suffix
    }

    public var description: String { name.isEmpty ? "v\(UInt(bitPattern: id.hashValue) % 10_000)" : name }
}
