import TestSupport
import BlueprintSupport
import Blueprint
import BlueprintCheck
import BlueprintRender
import Foundation
import Raster
import Testing

/// The golden check end to end, in a temporary goldens folder and an explicit environment.
@Suite final class GoldenCheckTests {
    let folder: String
    let goldens: String
    let artifacts: String

    init() throws {
        folder = try Support.temporaryFolder()
        goldens = folder + "/goldens"
        artifacts = folder + "/artifacts"
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func check(_ tree: CardTree, record: RecordMode? = nil, tolerance: Tolerance = .exact,
               environment: [String: String] = Support.cleanEnvironment) -> SnapshotFailure? {
        verifyLayoutSnapshot(of: tree.root, named: "card", tolerance: tolerance, record: record, goldens: goldens,
                             artifacts: artifacts, environment: environment, filePath: "/nowhere/CardTests.swift", function: "cardLayout()")
    }

    var goldenPath: String { goldens + "/CardTests/cardLayout.card.png" }
    var framesPath: String { goldens + "/CardTests/cardLayout.card.json" }

    /// Two tests (or two cases of one parameterized test) that check one golden with
    /// different pictures would record and fail each other for ever: the second is an error
    /// that says so. One test checking its golden again after a change is a plain check; the
    /// same picture again is fine; a check with no known test is never refused.
    @Test func aGoldenCheckedByTwoSnapshotsWithDifferentPicturesIsAnError() throws {
        let tree = try CardTree()
        func check(_ owner: SnapshotOwner?, function: String = "shared()") -> SnapshotFailure? {
            verifyLayoutSnapshot(of: tree.root, named: "card", options: RenderOptions(), tolerance: .exact, record: nil,
                                 goldens: goldens, artifacts: artifacts, environment: Support.cleanEnvironment, owner: owner,
                                 filePath: "/nowhere/SharedTests.swift", function: function)
        }
        let a = SnapshotOwner(test: "SuiteA/shared()", parameterized: false)
        let b = SnapshotOwner(test: "SuiteB/shared()", parameterized: false)
        #expect(check(a)?.outcome.status == .recorded)
        #expect(check(b) == nil, "the same picture")
        try tree.width.setConstant(300)
        let second = try #require(check(b))
        #expect(second.outcome.status == .error)
        #expect(second.outcome.problem == .goldenSharedByAnotherSnapshot)
        #expect(second.message == """
            \(goldens)/SharedTests/shared.card.png could not be checked: another snapshot in this run already checked \
            this golden with a different picture (the cases of a parameterized test, a loop, or two tests of one name in \
            one file share one golden): give each its own name, as `named: "feed-\\(width)"`.
            """)
        // The first test itself may check it again after a change: a plain verdict.
        #expect(check(a)?.outcome.status == .different)
        #expect(check(nil)?.outcome.status == .different, "no known test: never refused")
        // Cases of one parameterized test share its identity: a second picture is refused.
        let p = SnapshotOwner(test: "Suite/cases(width:)", parameterized: true)
        #expect(check(p, function: "cases(width:)")?.outcome.status == .recorded)
        try tree.width.setConstant(280)
        #expect(check(p, function: "cases(width:)")?.outcome.problem == .goldenSharedByAnotherSnapshot)
    }

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
              "image": "\(fnv1a64Identity(try FileIO.read(goldenPath)))",
              "pixels": "\(pixelDigestIdentity(try PNG.read(path: goldenPath)))",
              "views": {
                "root": {"x": 0, "y": 0, "width": 375, "height": 260},
                "card": {"x": 16, "y": 20, "width": 320, "height": 200},
                "title": {"x": 12, "y": 12, "width": 58, "height": 21}
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
        #expect(diff.differentPixels == 22844)
        #expect(diff.antialiasedPixels == 3807)
        // From the card's old right edge and its width label to the title's name and leaders.
        #expect(diff.bounds == PixelRect(x: 61, y: 29, width: 642, height: 442))
        #expect(outcome.frameChanges == ["card.width 320 → 304", "title moved 8 pt down"])
        #expect(failure.message == """
            \(goldenPath) does not match the render: 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased; tolerance: exact.
            Differences lie within 61,29 642x442 px (30.5,14.5 321x221 pt at scale 2).
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
        #expect(recorded.message.hasPrefix("Recorded \(goldenPath) over the old golden (record mode failed): 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased."))
        #expect(recorded.message.contains("Frames: card.width 320 → 304; title moved 8 pt down."))
        #expect(check(tree) == nil)
        #expect(!FileManager.default.fileExists(atPath: "\(artifacts)/CardTests/cardLayout.card.actual.png"),
                "a passing check removes the images of the earlier failure")
    }
}

/// Record modes, the environment, tolerances and broken files.
@Suite final class GoldenCheckModeTests {
    let folder: String
    init() throws { folder = try Support.temporaryFolder() }

    var location: GoldenLocation { GoldenLocation(image: folder + "/goldens/card.png") }

    func run(_ tree: CardTree, record: RecordMode? = nil, tolerance: Tolerance = .exact, theme: Theme = .light,
             environment: [String: String] = Support.cleanEnvironment) -> SnapshotOutcome {
        GoldenCheck(location: location, options: RenderOptions(theme: theme), tolerance: tolerance, record: record,
                    artifacts: folder + "/artifacts", environment: environment).run(root: tree.root)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Records the card golden and returns the tree.
    func recorded() throws -> CardTree {
        let tree = try CardTree()
        #expect(run(tree).status == .recorded)
        #expect(run(tree).status == .identical)
        return tree
    }

    @Test func neverDoesNotWriteAMissingGoldenAndKeepsTheActualImage() throws {
        let outcome = run(try CardTree(), record: .never)
        #expect(outcome.status == .missing)
        #expect(!FileManager.default.fileExists(atPath: location.image))
        #expect(!FileManager.default.fileExists(atPath: location.frames))
        let actual = folder + "/artifacts/card.actual.png"
        #expect(outcome.actualPath == actual)
        #expect(try PNG.read(path: actual).width == 804)
        #expect(outcome.message == """
            There is no golden at \(location.image) (record mode never).
            Actual:    \(actual)
            Record it: BLUEPRINT_RECORD=missing; then look at it before committing.
            """)
    }

    @Test func theEnvironmentOverridesTheModeAskedFor() throws {
        var environment = Support.cleanEnvironment
        environment["BLUEPRINT_RECORD"] = "never"
        #expect(run(try CardTree(), record: .all, environment: environment).status == .missing)
        environment["BLUEPRINT_RECORD"] = "ALL"
        #expect(run(try CardTree(), record: .never, environment: environment).status == .recorded)
    }

    @Test func onCIAMissingGoldenFailsByDefault() throws {
        #expect(try RecordMode.resolve(nil, environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "1"]) == .never)
        #expect(try RecordMode.resolve(nil, environment: ["CI": "false"]) == .missing)
        #expect(try RecordMode.resolve(nil, environment: [:]) == .missing)
        #expect(try RecordMode.resolve(.failed, environment: ["CI": "true"]) == .failed)
        var environment = Support.cleanEnvironment
        environment["CI"] = "true"
        #expect(run(try CardTree(), environment: environment).status == .missing)
    }

    @Test func anUnknownModeInTheEnvironmentIsAnErrorThatSaysWhich() throws {
        var environment = Support.cleanEnvironment
        environment["BLUEPRINT_RECORD"] = "1"
        let outcome = run(try CardTree(), environment: environment)
        #expect(outcome.status == .error)
        #expect(outcome.message == "\(location.image) could not be checked: BLUEPRINT_RECORD=1 is not a record mode; use one of: never, missing, failed, all.")
        #expect(!FileManager.default.fileExists(atPath: location.image))
    }

    @Test func maxDiffPixelsAndRatioMeanWhatTheySay() throws {
        let tree = try recorded()
        try tree.width.setConstant(304)
        try tree.titleTop.setConstant(20)
        // 22844 of 804 × 630 = 506,520 pixels differ: 4.5100…%.
        #expect(run(tree, tolerance: Tolerance(maxDiffPixels: 22844)).status == .withinTolerance)
        #expect(run(tree, tolerance: Tolerance(maxDiffPixels: 22843)).status == .different)
        #expect(run(tree, tolerance: Tolerance(maxDiffRatio: 0.0451)).status == .withinTolerance)
        #expect(run(tree, tolerance: Tolerance(maxDiffRatio: 0.0450)).status == .different)
        // Both set: both must hold.
        #expect(run(tree, tolerance: Tolerance(maxDiffPixels: 30000, maxDiffRatio: 0.04)).status == .different)
        let within = run(tree, tolerance: Tolerance(maxDiffPixels: 30000))
        #expect(within.passed)
        #expect(within.message == "\(location.image) matches the render within the tolerance (up to 30000 pixels): 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased.")
        // Within tolerance is not a reason to write anything.
        #expect(run(tree, record: .failed, tolerance: Tolerance(maxDiffPixels: 30000)).status == .withinTolerance)
        #expect(run(tree).status == .different, "the golden was not rewritten")
    }

    @Test func thresholdIsPerPixelOnPixelmatchsScale() throws {
        let tree = try recorded()
        // The same layout with the card's fill a shade lighter: every fill pixel changes a little.
        var theme = Theme.light
        theme.fills[1].red = min(theme.fills[1].red + 3.0 / 255, 1)
        let exact = run(tree, theme: theme)
        #expect(exact.status == .different)
        let changed = try #require(exact.diff).differentPixels
        #expect(changed > 100_000, "the card's whole fill changed, not \(changed) pixels")
        #expect(run(tree, tolerance: Tolerance(threshold: 0.05), theme: theme).status == .withinTolerance)
    }

    @Test func checkerboardGoesToTheDiffAndTheMessage() {
        #expect(Tolerance.exact.diffOptions.checkerboard)
        let white = Tolerance(maxDiffPixels: 2, checkerboard: false)
        #expect(!white.diffOptions.checkerboard)
        #expect(white.diffOptions.maxDiffPixels == 2)
        #expect(white.description == "up to 2 pixels, over white")
        #expect(Tolerance(checkerboard: false).description == "over white")
    }

    @Test func invalidTolerancesAreErrorsNotClamps() throws {
        let tree = try CardTree()
        for (tolerance, text) in [
            (Tolerance(threshold: .nan), "tolerance threshold must be between 0 and 1, not nan"),
            (Tolerance(threshold: 1.5), "tolerance threshold must be between 0 and 1, not 1.5"),
            (Tolerance(maxDiffPixels: -1), "tolerance maxDiffPixels must be 0 or more, not -1"),
            (Tolerance(maxDiffRatio: .infinity), "tolerance maxDiffRatio must be between 0 and 1, not inf"),
        ] {
            let outcome = run(tree, tolerance: tolerance)
            #expect(outcome.status == .error)
            #expect(outcome.message == "\(location.image) could not be checked: \(text).")
        }
        #expect(!FileManager.default.fileExists(atPath: location.image))
    }

    @Test func aCorruptGoldenIsAnErrorUntilRecordedAgain() throws {
        let tree = try recorded()
        let bytes = try FileIO.read(location.image)
        try FileIO.writeAtomically(Array(bytes.prefix(bytes.count / 2)), to: location.image)
        let broken = run(tree)
        #expect(broken.status == .error)
        #expect(broken.message.hasPrefix("\(location.image) could not be checked: the golden is not a readable PNG ("))
        #expect(broken.message.hasSuffix("); record it again with BLUEPRINT_RECORD=failed."))
        let again = run(tree, record: .failed)
        #expect(again.status == .recorded)
        #expect(again.message.contains("Frames: the old golden could not be read ("))
        #expect(run(tree).status == .identical)
        #expect(try FileIO.read(location.image) == bytes)
    }

    @Test func framesMissingOrBrokenAreSaidNotFatal() throws {
        let tree = try recorded()
        try tree.width.setConstant(300)
        FileSystem.remove(location.frames)
        let missing = run(tree)
        #expect(missing.status == .different)
        #expect(missing.message.contains("\nFrames: none recorded beside the golden (\(location.frames)).\n"))
        try FileIO.writeAtomically(Array("{\"views\": [".utf8), to: location.frames)
        let broken = run(tree)
        #expect(broken.message.contains("\nFrames: \(location.frames) is not a frames file (not JSON: unexpected end of the file at byte 11).\n"))
    }

    /// A record killed between its two writes leaves new frames beside the old image: they name
    /// the image they belong to, so they are not taken for the golden's.
    @Test func framesOfAnotherImageAreNotCompared() throws {
        let tree = try recorded()
        let other = GoldenLocation(image: folder + "/other/card.png")
        let changed = try CardTree(width: 300)
        #expect(GoldenCheck(location: other, environment: Support.cleanEnvironment).run(root: changed.root).status == .recorded)
        try FileIO.writeAtomically(try FileIO.read(other.frames), to: location.frames)
        try tree.width.setConstant(300)
        let outcome = run(tree)
        #expect(outcome.status == .different)
        #expect(outcome.frameChanges == nil)
        #expect(outcome.message.contains("\nFrames: \(location.frames) belongs to another image than the golden (a record interrupted between its two writes?), so it is not compared; record again to refresh it.\n"))
        // Frames of an older format, without the image, are still compared.
        let stale = try FrameRecord(json: try FileIO.read(location.frames))
        try FileIO.writeAtomically(Array(FrameRecord(views: stale.views).json.utf8), to: location.frames)
        #expect(run(tree).frameChanges == [], "compared: they are the frames of the changed card")
    }

    /// A golden whose frames are missing gets them in any mode that records, and fails once.
    @Test func missingFramesBesideARightImageAreRecorded() throws {
        let tree = try recorded()
        FileSystem.remove(location.frames)
        #expect(run(tree, record: .never).status == .identical, "never writes nothing")
        let outcome = run(tree)
        #expect(outcome.status == .recorded && outcome.recordedFramesOnly)
        #expect(try FrameRecord(json: try FileIO.read(location.frames)).image == fnv1a64Identity(try FileIO.read(location.image)))
        #expect(run(tree).status == .identical)
    }

    @Test func drawingOnlyChangesSayTheFramesAreUnchanged() throws {
        let tree = try recorded()
        let outcome = run(tree, theme: .dark)
        #expect(outcome.status == .different)
        #expect(outcome.frameChanges == [])
        #expect(outcome.message.contains("\nFrames: unchanged (the difference is in the drawing, not the layout).\n"))
    }

    @Test func sizesThatDifferAreSaidFirst() throws {
        let tree = try recorded()
        tree.root.frame = Rect(x: 0, y: 0, width: 375, height: 300)
        let outcome = run(tree)
        #expect(outcome.status == .different)
        #expect(outcome.message.hasPrefix("\(location.image) does not match the render: sizes differ (golden 804x630, render 804x710); "))
        #expect(outcome.frameChanges == ["root.height 260 → 300"])
    }

    @Test func allRewritesOnlyWhatChanged() throws {
        let tree = try recorded()
        let png = try FileIO.read(location.image)
        // Same image, frames file gone: only the frames are written.
        FileSystem.remove(location.frames)
        let frames = run(tree, record: .all)
        #expect(frames.status == .recorded && frames.recordedFramesOnly)
        #expect(frames.message.hasPrefix("Recorded the frames beside \(location.image) in \(location.frames) (record mode all); the image was already the golden."))
        #expect(try FileIO.read(location.image) == png)
        #expect(run(tree, record: .all).status == .identical, "nothing left to write")
    }

    @Test func aPassingCheckIsOneRenderAndAByteCompare() throws {
        let tree = try recorded()
        let outcome = run(tree)
        #expect(outcome.status == .identical)
        #expect(outcome.diff == nil, "identical bytes are never decoded or diffed")
        #expect(outcome.frameChanges == nil && outcome.framesNote == nil)
    }

    /// A golden written by another encoder (other compression, other filters) holds the same
    /// pixels in other bytes: it matches, by pixels.
    @Test func theSamePixelsInOtherBytesMatch() throws {
        let tree = try recorded()
        let image = try PNG.read(path: location.image)
        try PNG.write(image, to: location.image, compression: .compact)
        let outcome = run(tree)
        #expect(outcome.status == .withinTolerance)
        #expect(outcome.diff?.differentPixels == 0)
    }
}
