import Testing
@testable import Cassowary

// Reproducers for a solver bug found by the differential fixtures (systems 137, 148 and 243 of
// fixtures/solver/): an edit variable's internal constraint `v == start` goes through the
// equivalent-duplicate check and into the equivalence index, so
//  1. addEditVariable throws duplicateConstraint (not a documented error of it) when the user
//     already has `v == <current value>` at the edit's strength;
//  2. while an edit exists, the user cannot add `v == <the edit's start value>` at that
//     strength: the error names a constraint the user never added.
// Edit constraints are the solver's own; they should be exempt from duplicate detection.

@Suite("Repro: edit constraints take part in duplicate detection")
struct EditDuplicateReproTests {
    @Test func addEditVariableOnAVariablePinnedAtTheSameStrength() throws {
        let s = Solver()
        let x = Variable("x")
        try s.add((x == 5).strength(.weak))
        s.updateVariables()
        // kiwisolver accepts this; ours throws duplicateConstraint(x == 5 @ weak, existing: x == 5 @ weak).
        try s.addEditVariable(x, strength: .weak)
        try s.suggestValue(x, 8)
        s.updateVariables()
        try s._checkInvariants()
        #expect(x.value >= 5 && x.value <= 8)   // equal weights: any point between is optimal
    }

    @Test func userConstraintEqualToAnEditsStartIsNotADuplicate() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x + y == 20)
        try s.add((y == 3).strength(.medium))
        s.updateVariables()                         // x = 17
        try s.addEditVariable(x, strength: .strong)  // internally x == 17 @ strong
        try s.suggestValue(x, 30)
        s.updateVariables()
        #expect(x.value == 30)
        // The user's own constraint, never added before:
        try s.add((x == 17).strength(.strong))
        s.updateVariables()
        try s._checkInvariants()
        // The two strong pulls cancel between 17 and 30; the medium y == 3 decides: x = 17.
        #expect(Swift.abs(x.value - 17) < 1e-9)
    }
}
