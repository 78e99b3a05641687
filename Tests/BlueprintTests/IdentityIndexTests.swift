import Testing
@testable import Blueprint

@Suite("IdentityIndex: the engine's identity tables")
struct IdentityIndexTests {
    final class Object {}

    @Test func findsWhatWasSetAndNothingElse() {
        let objects = (0..<5_000).map { _ in Object() }
        let others = (0..<100).map { _ in Object() }
        var index = IdentityIndex()
        #expect(index[ObjectIdentifier(objects[0])] == nil)
        for (i, o) in objects.enumerated() { index.set(ObjectIdentifier(o), i) }
        #expect(index.count == 5_000)
        #expect(objects.indices.allSatisfy { index[ObjectIdentifier(objects[$0])] == $0 })
        #expect(others.allSatisfy { index[ObjectIdentifier($0)] == nil })
        // A second value for the same object replaces the first.
        index.set(ObjectIdentifier(objects[7]), 42)
        #expect(index[ObjectIdentifier(objects[7])] == 42)
        #expect(index.count == 5_000)
    }

    @Test func aReservedTableHoldsAsMany() {
        let objects = (0..<300).map { _ in Object() }
        var index = IdentityIndex(capacity: 300)
        for (i, o) in objects.enumerated() { index.set(ObjectIdentifier(o), 3 * i) }
        #expect(objects.indices.allSatisfy { index[ObjectIdentifier(objects[$0])] == 3 * $0 })
    }
}
