import Blueprint
import BlueprintCheck
import BlueprintSnapshotTesting
import Foundation
import Raster
import SnapshotTesting
import TestSupport
import Testing

/// `assertSnapshot(of: view, as: .blueprint)` in Swift Testing: a committed reference matches,
/// and a changed tree fails with the numbers, the frames that moved and the diff images, as
/// `assertLayoutSnapshot` says it.
@Suite struct SnapshotStrategyTests {
    @Test func matchesItsCommittedReference() throws {
        let tree = try CardTree()
        withSnapshotTesting(record: .missing) {
            assertSnapshot(of: tree.root, as: .blueprint)
        }
    }

    @Test func aChangedTreeFailsWithNumbersFramesAndArtifacts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-sst-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorded = verifySnapshot(of: try CardTree().root, as: .blueprint, named: "card", record: .missing, snapshotDirectory: folder)
        #expect(recorded?.hasPrefix("No reference was found on disk. Automatically recorded snapshot") == true, "\(recorded ?? "nil")")
        let reference = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/aChangedTreeFailsWithNumbersFramesAndArtifacts.card.png")))
        #expect(try PNG.decode(reference).width == 804, "the reference is a PNG every reader opens, frames chunk and all")

        #expect(verifySnapshot(of: try CardTree().root, as: .blueprint, named: "card", record: .never, snapshotDirectory: folder) == nil)

        let changed = try CardTree(width: 304, titleTop: 20)
        let message = try #require(verifySnapshot(of: changed.root, as: .blueprint, named: "card", record: .never, snapshotDirectory: folder))
        #expect(message.contains("the reference does not match the render: 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased; tolerance: exact.\n"), "\(message)")
        #expect(message.contains("\nDifferences lie within 61,29 642x442 px (30.5,14.5 321x221 pt at scale 2).\n"))
        #expect(message.contains("\nFrames: card.width 320 → 304; title moved 8 pt down.\n"))
        let diffLine = try #require(message.split(separator: "\n").first { $0.hasPrefix("Diff:") })
        let diffPath = String(diffLine.dropFirst("Diff:".count).drop { $0 == " " })
        // Named after the test that failed (Swift Testing), then the render's digest.
        #expect(diffPath.hasSuffix(".diff.png") && diffPath.contains("/.build/blueprint-artifacts/SnapshotStrategyTests.aChangedTreeFailsWithNumbersFramesAndArtifacts-"), "\(diffPath)")
        let diffImage = try PNG.read(path: diffPath)
        #expect((diffImage.width, diffImage.height) == (804, 630))
        #expect(message.contains("If the new render is right, record it: SNAPSHOT_TESTING_RECORD=failed; then look at it before committing."))

        // Within a tolerance that allows those pixels, the same change passes.
        #expect(verifySnapshot(of: changed.root, as: .blueprint(tolerance: Tolerance(maxDiffPixels: 22844)), named: "card",
                               record: .never, snapshotDirectory: folder) == nil)
        // A tolerance out of range is said, not clamped.
        let bad = verifySnapshot(of: changed.root, as: .blueprint(tolerance: Tolerance(threshold: .nan)), named: "card",
                                 record: .never, snapshotDirectory: folder)
        #expect(bad?.contains("tolerance threshold must be between 0 and 1, not nan") == true, "\(bad ?? "nil")")
    }
}
