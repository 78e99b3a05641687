import Blueprint
import BlueprintCheck
import BlueprintRender
import Foundation
import Raster
import Testing

/// The golden check end to end, in a temporary goldens folder and an explicit environment.
@Suite struct GoldenCheckTests {
    let folder: String
    let goldens: String
    let artifacts: String

    init() throws {
        folder = try Support.temporaryFolder()
        goldens = folder + "/goldens"
        artifacts = folder + "/artifacts"
    }

    func check(_ tree: CardTree, record: RecordMode? = nil, tolerance: Tolerance = .exact,
               environment: [String: String] = Support.cleanEnvironment) -> SnapshotFailure? {
        verifyLayoutSnapshot(of: tree.root, named: "card", tolerance: tolerance, record: record, goldens: goldens,
                             artifacts: artifacts, environment: environment, filePath: "/nowhere/CardTests.swift", function: "cardLayout()")
    }

    var goldenPath: String { goldens + "/CardTests/cardLayout.card.png" }
    var framesPath: String { goldens + "/CardTests/cardLayout.card.json" }

    /// The evidence the issue asks for: change a constraint constant, see the check fail with
    /// the right numbers and the right frame change, record, see it pass.
    @Test func changedConstantFailsWithNumbersAndFrameChangesThenRecordPasses() throws {
        let tree = try CardTree()
        let first = try #require(check(tree))
        #expect(first.outcome.status == .recorded)
        #expect(first.message == """
            Recorded a new golden \(goldenPath) (record mode missing).
            Look at it, then run the check again: a check that records always fails.
            """)
        #expect(check(tree) == nil, "the recorded golden matches")
        #expect(try String(contentsOfFile: framesPath, encoding: .utf8) == """
            {
              "views": {
                "root": {"x": 0, "y": 0, "width": 375, "height": 260},
                "card": {"x": 16, "y": 20, "width": 320, "height": 200},
                "title": {"x": 12, "y": 12, "width": 61, "height": 20}
              },
              "broken": [],
              "ambiguous": []
            }

            """)

        try tree.width.setConstant(304)
        try tree.titleTop.setConstant(20)
        let failure = try #require(check(tree))
        let outcome = failure.outcome
        #expect(outcome.status == .different)
        let diff = try #require(outcome.diff)
        // Counted again, independently of the check, on the files it leaves behind.
        let recount = PixelDiff.compare(try PNG.read(path: goldenPath), try PNG.read(path: try #require(outcome.actualPath)),
                                        options: DiffOptions(threshold: 0))
        #expect(diff == recount)
        #expect(diff.differentPixels == 26703)
        #expect(diff.antialiasedPixels == 4966)
        // From the card's old right edge and its width label to the title's name and leaders.
        #expect(diff.bounds == PixelRect(x: 25, y: 29, width: 775, height: 442))
        #expect(outcome.frameChanges == ["card.width 320 → 304", "title moved 8 pt down"])
        #expect(failure.message == """
            \(goldenPath) does not match the render: 26703 of 838x630 pixels differ (5.06%), 4966 anti-aliased; tolerance: exact.
            Differences lie within 25,29 775x442 px (12.5,14.5 387.5x221 pt at scale 2).
            Frames: card.width 320 → 304; title moved 8 pt down.
            Actual:    \(artifacts)/CardTests/cardLayout.card.actual.png
            Diff:      \(artifacts)/CardTests/cardLayout.card.diff.png
            Composite: \(artifacts)/CardTests/cardLayout.card.composite.png
            If the new render is right, record it: BLUEPRINT_RECORD=failed swift test --filter CardTests; then look at it before committing.
            """)
        // The artifacts are real images: the diff is the golden's size, the composite holds three.
        let diffImage = try PNG.read(path: try #require(outcome.diffPath))
        #expect(diffImage.width == diff.width && diffImage.height == diff.height)
        let composite = try PNG.read(path: try #require(outcome.compositePath))
        #expect(composite.width == 3 * diff.width + 16)

        // Still failing in the default mode: a difference is never recorded without asking.
        #expect(check(tree)?.outcome.status == .different)
        let recorded = try #require(check(tree, record: .failed))
        #expect(recorded.outcome.status == .recorded)
        #expect(recorded.message.hasPrefix("Recorded \(goldenPath) over the old golden (record mode failed): 26703 of 838x630 pixels differ (5.06%), 4966 anti-aliased."))
        #expect(recorded.message.contains("Frames: card.width 320 → 304; title moved 8 pt down."))
        #expect(check(tree) == nil)
        #expect(!FileManager.default.fileExists(atPath: "\(artifacts)/CardTests/cardLayout.card.actual.png"),
                "a passing check removes the images of the earlier failure")
    }
}
