import Testing
@testable import Raster
@Test func smoke() { #expect(Bool(true)) }
