import Testing
@testable import Cassowary
@Test func smoke() { #expect(Strength.priority(251) > Strength.priority(250)) }
