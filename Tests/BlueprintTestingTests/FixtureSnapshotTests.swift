import TestSupport
import BlueprintSupport
import Blueprint
import BlueprintTesting
import Foundation
import Testing

/// Every fixture drawn at scale 2 and checked against `goldens/<name>.png` (the golden
/// `blueprint check` uses too) with the project's own helper. Record with
/// `BLUEPRINT_RECORD=failed swift test --filter FixtureSnapshotTests`, then look at each image.
@Suite struct FixtureSnapshotTests {
    @Test(arguments: Support.fixtureNames)
    func fixtureMatchesItsGolden(name: String) throws {
        let document = try Support.fixture(name)
        assertLayoutSnapshot(of: document.root, golden: GoldenLocation(image: Support.repository + "/goldens/\(name).png",
                                                                      displayBase: Support.repository))
    }

    /// A golden whose fixture was renamed or removed would never be checked again; a golden
    /// without its frames could not say what moved.
    @Test func everyGoldenHasItsFixtureAndFrames() throws {
        let files = FileSystem.contents(of: Support.repository + "/goldens")
        let images = files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
        let frames = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(images.filter { !Support.fixtureNames.contains($0) }.isEmpty, "goldens without a fixtures/<name>.layout")
        #expect(images == frames, "every goldens/<name>.png has its <name>.json and no other")
        #expect(Support.fixtureNames.count >= 19)
        #expect(images == Support.fixtureNames)
    }
}
