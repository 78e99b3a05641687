import Blueprint
@testable import BlueprintRender
import Foundation
import Raster
import Testing

/// Every fixture rendered at scale 2 and compared with `goldens/<name>.png`: byte for byte
/// first (the renderer is deterministic), then — to say how much changed — pixel by pixel.
/// `BLUEPRINT_RECORD=1 swift test --filter GoldenFixtureTests` writes the goldens (atomically);
/// look at each one before committing it.
@Suite struct GoldenFixtureTests {
    @Test(arguments: Support.fixtureNames)
    func fixtureMatchesGolden(name: String) throws {
        let actual = try Diagram.fixture(name).png()
        let relative = "goldens/\(name).png"
        let path = Support.repository.appendingPathComponent(relative).path
        let expected = try? AtomicFile.read(path)
        if expected == actual { return }
        if Support.recording {
            try FileManager.default.createDirectory(atPath: Support.repository.appendingPathComponent("goldens").path,
                                                    withIntermediateDirectories: true)
            try AtomicFile.write(actual, to: path)
            return
        }
        let record = "BLUEPRINT_RECORD=1 swift test --filter GoldenFixtureTests"
        guard let expected else {
            Issue.record("\(relative) does not exist; record it with: \(record)")
            return
        }
        let diff = PixelDiff.compare(try PNG.decode(expected), try PNG.decode(actual))
        Issue.record("fixtures/\(name).layout no longer renders as \(relative): \(diff). If the change is right, record with: \(record)")
    }

    /// A golden whose fixture was renamed or removed would never be checked again.
    @Test func everyGoldenHasItsFixture() throws {
        let folder = Support.repository.appendingPathComponent("goldens").path
        let goldens = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        let orphans = goldens.map { String($0.dropLast(4)) }.filter { !Support.fixtureNames.contains($0) }
        #expect(orphans.isEmpty, "goldens without a fixtures/<name>.layout: \(orphans.sorted())")
        #expect(Support.fixtureNames.count >= 19)
    }
}
