// TEMPORARY STUB: replaced by the real implementation shortly.
final class Tableau {
    func add(_ c: Constraint) throws(CassowaryError) { throw .internalError("not implemented") }
    func remove(_ c: Constraint) throws(CassowaryError) { throw .internalError("not implemented") }
    func contains(_ c: Constraint) -> Bool { false }
    func addEditVariable(_ v: Variable, strength: Strength) throws(CassowaryError) { throw .internalError("not implemented") }
    func removeEditVariable(_ v: Variable) throws(CassowaryError) { throw .internalError("not implemented") }
    func containsEditVariable(_ v: Variable) -> Bool { false }
    func suggestValue(_ v: Variable, _ x: Double) throws(CassowaryError) { throw .internalError("not implemented") }
    func updateVariables() {}
    func reset() {}
    func dump() -> String { "" }
    func checkInvariants() throws(CassowaryError) {}
    func value(of v: Variable) -> Double { 0 }
    var constraintCount: Int { 0 }
    func constraintsInOrder() -> [Constraint] { [] }
}
