import TestSupport
import BlueprintSupport
import Foundation
import Raster
import Testing

/// `blueprint check` end to end, each test in a folder of its own (see ``Scratch``), beyond
/// ``CheckCLITests``: goldens against `render` and `solve`, the repository's own goldens, many
/// fixtures in order whatever the jobs, where artifacts go, which setting wins, combined
/// tolerances, every invalid fixture, broken golden and frames files, the terminal's bar.
@Suite struct CheckCommandTests {
    let dir: Scratch

    init() throws {
        dir = try Scratch()
        try dir.write("fixtures/card.layout", cardLayout)
    }

    /// A recorded golden is what `blueprint render` draws, byte for byte, at the scale and
    /// theme asked for; its frames are `blueprint solve`'s.
    @Test func goldensAreWhatRenderDrawsAndFramesAreWhatSolveFinds() throws {
        let first = try dir.check()
        #expect(first.status == 1)
        #expect(first.stderr == "")
        #expect(stableCheckOutput(first.stdout) == """
            [1/1] recorded (new)    card
            fixture  result              pixels    share
            card     recorded (new)           -        -
            1 fixture: 1 recorded (… s, 1 job)

            card:
              Recorded a new golden goldens/card.png (record mode missing).
              Look at it, then run the check again: a check that records always fails.

            """)
        #expect(try dir.bytes("goldens/card.png") == dir.render("fixtures/card.layout"))
        #expect(try dir.text("goldens/card.json") == """
            {
              "image": "\(fnv1a64Identity(try dir.bytes("goldens/card.png")))",
              "pixels": "\(pixelDigestIdentity(try dir.image("goldens/card.png")))",
              "views": {
                "root": {"x": 0, "y": 0, "width": 375, "height": 260},
                "card": {"x": 16, "y": 20, "width": 320, "height": 200},
                "title": {"x": 12, "y": 12, "width": 58, "height": 21}
              },
              "broken": [],
              "ambiguous": []
            }

            """)
        let solve = try dir.blueprint(["solve", "fixtures/card.layout", "--format", "json"])
        #expect(solve.status == 0)
        let solved = try JSONSerialization.jsonObject(with: Data(solve.stdout.utf8)) as? [String: Any]
        let recorded = try JSONSerialization.jsonObject(with: Data(try dir.bytes("goldens/card.json"))) as? [String: Any]
        // The frames file is solve's views, broken and ambiguous lists plus the image and the
        // pixels it belongs to; solve also lists the report's ties, negative sizes, non-finite frames, refused
        // changes and text problems (none here).
        let report = ["ties", "negativeSizes", "nonFinite", "refused", "text"]
        #expect(solved != nil && solved?.filter { !report.contains($0.key) } as NSDictionary?
                    == recorded?.filter { $0.key != "image" && $0.key != "pixels" } as NSDictionary?,
                "the frames file is solve's JSON (less the report's other lists) plus the image and the pixels it belongs to")
        #expect(report.map { solved?[$0] as? [String] } == [[], [], [], [], []])

        // Another scale and theme: render's bytes again; the frames do not change.
        let dark = try dir.check("--goldens", "dark", "--scale", "1", "--theme", "dark")
        #expect(dark.status == 1)
        #expect(dark.stdout.contains("\n  Recorded a new golden dark/card.png (record mode missing).\n"))
        #expect(try dir.bytes("dark/card.png") == dir.render("fixtures/card.layout", "--scale", "1", "--theme", "dark"))
        #expect(try dir.bytes("dark/card.png") != dir.bytes("goldens/card.png"))
        let image = try dir.image("dark/card.png")
        #expect((image.width, image.height) == (402, 315))
        // The same frames, beside another image.
        #expect(try dir.text("dark/card.json").split(separator: "\n").dropFirst(3) == dir.text("goldens/card.json").split(separator: "\n").dropFirst(3))
        #expect(try dir.text("dark/card.json").contains("\"pixels\": \"402x315 px, mix64 "))
        #expect(try dir.text("dark/card.json").contains("\"image\": \"\(fnv1a64Identity(try dir.bytes("dark/card.png")))\""))

        // Checked at scale 2, the scale-1 golden is a different size: said first, never a crash.
        let scaled = try dir.check("--goldens", "dark", "--theme", "dark", "--record", "never")
        #expect(scaled.status == 1)
        #expect(checkMessages(scaled.stdout)["card"] == """
            dark/card.png does not match the render: sizes differ (golden 402x315, render 804x630); 449425 of 804x630 pixels differ (88.73%), 4515 anti-aliased; tolerance: exact.
            Differences lie within 0,0 804x630 px (0,0 402x315 pt at scale 2).
            Frames: unchanged (the difference is in the drawing, not the layout).
            Actual:    .blueprint/artifacts/card.actual.png
            Diff:      .blueprint/artifacts/card.diff.png
            Composite: .blueprint/artifacts/card.composite.png
            If the new render is right, record it: blueprint check --record failed; then look at it before committing.
            """)
        let again = try dir.check()
        #expect(again.status == 0)
        #expect(again.stdout.contains("\n1 fixture: 1 same ("))
    }

    /// The repository's fixtures against the repository's goldens, from another folder with
    /// absolute paths: every one the same, one line each in fixture order, nothing written
    /// beside the goldens, the run saved where the command ran.
    /// A golden records the layout as it is, problems included: recording one says so.
    @Test func recordingALayoutWithProblemsSaysWhichKinds() throws {
        try dir.write("fixtures/card.layout", cardLayout + "card.width == 300\nbadge.top == card.top\nview badge in card\n")
        let first = try dir.check()
        #expect(first.status == 1)
        #expect(first.stdout.contains("""
              Recorded a new golden goldens/card.png (record mode missing).
              Look at it, then run the check again: a check that records always fails.
              The layout has 1 conflict and 1 ambiguous view: print its root's `layoutReport` (or run `blueprint explain` on a .layout file) to see them.

            """), "\(first.stdout)")
        // Once recorded, the check passes quietly, as any matching golden does.
        let second = try dir.check()
        #expect(second.status == 0, "\(second.stdout)")
        #expect(!second.stdout.contains("The layout has"))
    }

    @Test func theRepositoryFixturesMatchTheirGoldens() throws {
        let fixtures = CLI.repository.appendingPathComponent("fixtures").path
        let goldens = CLI.repository.appendingPathComponent("goldens").path
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".layout") }
            .map { String($0.dropLast(".layout".count)) }.sorted()
        try #require(names.count >= 19)
        let goldensBefore = try FileManager.default.contentsOfDirectory(atPath: goldens).sorted()
        let run = try dir.check("--fixtures", fixtures, "--goldens", goldens, "--record", "never", "--jobs", "2")
        #expect(run.status == 0)
        // Its subfolders (screens, text: checked on their own; invalid, fuzz…: not drawings).
        #expect(run.stderr.hasPrefix("note: ") && run.stderr.hasSuffix(" .layout files in subfolders of \(fixtures) are not checked (--recursive checks them)\n"),
                "\(run.stderr)")
        let n = names.count, width = max(names.map(\.count).max()!, "fixture".count)
        var expected = ""
        for (i, name) in names.enumerated() {
            let counter = String(i + 1)
            expected += "[" + String(repeating: " ", count: String(n).count - counter.count) + counter + "/\(n)] same              \(name)\n"
        }
        expected += "fixture" + String(repeating: " ", count: width - 7) + "  result              pixels    share\n"
        for name in names { expected += name + String(repeating: " ", count: width - name.count) + "  same                     0    0.00%\n" }
        expected += "\(n) fixtures: \(n) same (… s, 2 jobs)\n"
        #expect(stableCheckOutput(run.stdout) == expected)
        #expect(run.stdout.hasPrefix("[ 1/\(n)] same              alert-dialog\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens).sorted() == goldensBefore)

        let saved = try JSONSerialization.jsonObject(with: Data(try dir.bytes(".blueprint/last-check.json"))) as? [String: Any]
        #expect(saved?["fixtures"] as? String == fixtures)
        #expect(saved?["goldens"] as? String == goldens)
        #expect(saved?["mode"] as? String == "never")
        let entries = saved?["entries"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["name"] as? String ?? "" } == names)
        #expect(entries.allSatisfy { $0["status"] as? String == "identical" })
    }

    /// Twelve fixtures, four outcomes: one line each in fixture order (the counter padded to
    /// A golden that is a loop of symbolic links is an error saying so, not a missing golden
    /// (which a record mode would then try to write through the loop); a link to a file that
    /// is not there is missing.
    @Test func aGoldenThatCannotBeReachedIsNotMissing() throws {
        let dir = try Scratch()
        try dir.write("fixtures/a.layout", "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n")
        try dir.write("fixtures/b.layout", "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n")
        try FileManager.default.createDirectory(atPath: dir.path + "/goldens", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/goldens/a.png", withDestinationPath: "a.png")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/goldens/b.png", withDestinationPath: "elsewhere.png")
        let run = try dir.check("--record", "never")
        #expect(run.status == 2)
        #expect(run.stdout.contains("goldens/a.png could not be checked: goldens/a.png: cannot open: Too many levels of symbolic links."), "\(run.stdout)")
        #expect(run.stdout.contains("There is no golden at goldens/b.png (record mode never)."))
    }

    /// Recording never writes through a golden (or its frames) that is a symbolic link: the
    /// file it points to (a fixture, another golden, a file not there yet among the fixtures)
    /// was overwritten with PNG bytes. The check is an error naming the link and its target
    /// (exit 2), and nothing is written.
    @Test func recordingNeverWritesThroughALink() throws {
        let dir = try Scratch()
        try dir.write("fixtures/a.layout", boxLayout(leading: 4))
        try dir.write("fixtures/b.layout", boxLayout(leading: 8))
        #expect(try dir.check("--record", "missing").status == 1)
        let layout = try dir.bytes("fixtures/b.layout"), goldenB = try dir.bytes("goldens/b.png")
        func refusal(_ link: String, _ target: String) -> String {
            "goldens/a.png could not be checked: recording failed: goldens/\(link) is a symbolic link to \(target): a golden is never "
                + "written through a link (the file it points to would be overwritten); remove the link, or put the file in its place, and record again."
        }
        // `all`: a golden linked to a fixture.
        try dir.remove("goldens/a.png")
        #expect(symlink("../fixtures/b.layout", dir.path + "/goldens/a.png") == 0)
        let all = try dir.check("--record", "all")
        #expect(all.status == 2)
        #expect(checkMessages(all.stdout)["a"] == refusal("a.png", "../fixtures/b.layout"), "\(all.stdout)")
        #expect(try dir.bytes("fixtures/b.layout") == layout)
        // `failed`: a golden linked to another golden, which differs.
        try dir.remove("goldens/a.png")
        #expect(symlink("b.png", dir.path + "/goldens/a.png") == 0)
        let failed = try dir.check("--record", "failed")
        #expect(failed.status == 2)
        #expect(checkMessages(failed.stdout)["a"] == refusal("a.png", "b.png"), "\(failed.stdout)")
        #expect(try dir.bytes("goldens/b.png") == goldenB)
        // `missing`: a link to a file not there yet.
        try dir.remove("goldens/a.png")
        #expect(symlink("../fixtures/new.layout", dir.path + "/goldens/a.png") == 0)
        let missing = try dir.check("--record", "missing")
        #expect(missing.status == 2)
        #expect(checkMessages(missing.stdout)["a"] == refusal("a.png", "../fixtures/new.layout"), "\(missing.stdout)")
        #expect(!dir.exists("fixtures/new.layout"))
        // The frames beside a golden, written alone when the image is right (`all` compares them).
        try dir.remove("goldens/a.png")
        #expect(try dir.check("--record", "missing").status == 1)
        try dir.remove("goldens/a.json")
        #expect(symlink("../fixtures/b.layout", dir.path + "/goldens/a.json") == 0)
        let frames = try dir.check("--record", "all")
        #expect(frames.status == 2)
        #expect(checkMessages(frames.stdout)["a"] == refusal("a.json", "../fixtures/b.layout"), "\(frames.stdout)")
        #expect(try dir.bytes("fixtures/b.layout") == layout)
    }

    /// A scratch folder holding these files (path → text).
    func scratch(_ files: [String: String]) throws -> Scratch {
        let dir = try Scratch()
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try dir.write(path, text) }
        return dir
    }

    /// With `.blueprint` a file, neither the run nor the images can be saved: the output does
    /// not point to `blueprint report`, which would have nothing to show.
    @Test func noHintToTheReportWhenTheRunCannotBeSaved() throws {
        let dir = try scratch(["fixtures/a.layout": "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n", ".blueprint": "in the way\n"])
        let run = try dir.check("--record", "never")
        #expect(run.status == 1)
        #expect(run.stdout.contains("There is no golden at goldens/a.png"))
        #expect(!run.stdout.contains("blueprint report"), "\(run.stdout)")
        #expect(run.stderr.contains("warning: the run could not be saved for `blueprint report`"), "\(run.stderr)")
    }

    /// Failures' images never go among the goldens (`a.actual.png` is the golden of a fixture
    /// `a.actual`), and `report -o` never writes its page over a golden or an image of the run.
    @Test func neitherArtifactsNorTheReportOverwriteGoldens() throws {
        let dir = try scratch(["fixtures/a.layout": "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n"])
        #expect(try dir.check("--record", "missing").status == 1)
        let golden = try dir.bytes("goldens/a.png")
        let artifacts = try dir.check("--artifacts", "goldens")
        #expect(artifacts.status == 2)
        #expect(artifacts.stderr == "error: the artifacts folder goldens is the goldens folder: failures' images would be written among its files; give another (--artifacts DIR)\n")
        let report = try dir.blueprint(["report", "-o", "goldens/a.png"])
        #expect(report.status == 2)
        #expect(report.stderr == "error: -o goldens/a.png would overwrite the golden of a (\(FileSystem.absolute(dir.path + "/goldens/a.png"))); write somewhere else\n")
        #expect(try dir.bytes("goldens/a.png") == golden)
    }

    /// In a copy of the folder a check ran in (or in the folder moved), the saved run still
    /// names the files where the check wrote them: `report -o` is refused over the copy's
    /// golden, frames and images of the run too (it wrote its page over them, exit 0).
    @Test func aCopiedRunsReportNeverOverwritesItsGoldensOrImages() throws {
        let dir = try scratch(["fixtures/a.layout": "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n"])
        #expect(try dir.check("--record", "missing").status == 1)
        try dir.write("fixtures/a.layout", "canvas 40 x 40\nview v\nv.edges == superview.edges - 6\n")
        #expect(try dir.check().status == 1)   // different: the actual, diff and side-by-side images
        let elsewhere = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        for moved in [false, true] {
            let copy = elsewhere + (moved ? "/moved" : "/copy")
            if moved {
                try FileManager.default.moveItem(atPath: dir.path, toPath: copy)
            } else {
                try FileManager.default.copyItem(atPath: dir.path, toPath: copy)
            }
            let files = ["goldens/a.png", "goldens/a.json", ".blueprint/artifacts/a.actual.png", ".blueprint/artifacts/a.diff.png",
                         ".blueprint/artifacts/a.composite.png"]
            let before = try files.map { try FileIO.read(copy + "/" + $0) }
            for (output, what, path) in [
                ("goldens/a.png", "the golden", "./goldens/a.png"),
                ("goldens/../goldens/a.json", "the frames", "./goldens/a.json"),
                (".blueprint/artifacts/a.actual.png", "the actual image", "./.blueprint/artifacts/a.actual.png"),
                (copy + "/.blueprint/artifacts/a.diff.png", "the diff image", "./.blueprint/artifacts/a.diff.png"),
                (".blueprint/artifacts/a.composite.png", "the side-by-side image", "./.blueprint/artifacts/a.composite.png"),
            ] {
                let report = try runBlueprint(in: copy, ["report", "-o", output])
                #expect(report.status == 2)
                #expect(report.stderr == "error: -o \(output) would overwrite \(what) of a (\(path)); write somewhere else\n")
            }
            #expect(try files.map { try FileIO.read(copy + "/" + $0) } == before)
            #expect(try runBlueprint(in: copy, ["report", "-o", "page.html"]).status == 0)
        }
    }

    /// Fixtures in subfolders are never skipped without a word: without `--recursive` a note
    /// counts them (an error names them when the top folder has none); with it they are
    /// checked, their goldens and artifacts in the same subfolders, hidden folders, symbolic
    /// links to folders and the goldens folder itself left out.
    @Test func fixturesInSubfoldersAreCheckedWithRecursive() throws {
        try dir.write("fixtures/screens/inbox.layout", boxLayout(leading: 4))
        try dir.write("fixtures/screens/rtl/profile.layout", boxLayout(leading: 8))
        try dir.write("fixtures/.drafts/draft.layout", "not a layout\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/fixtures/screens/loop", withDestinationPath: "..")
        let plain = try dir.check()
        #expect(plain.status == 1)
        #expect(plain.stderr == "note: 2 .layout files in subfolders of fixtures are not checked (--recursive checks them)\n")
        #expect(!dir.exists("goldens/screens"))

        let run = try dir.check("--recursive", "--jobs", "1")
        #expect(run.status == 1)
        #expect(run.stderr == "")
        #expect(stableCheckOutput(run.stdout).hasPrefix("""
            [1/3] same              card
            [2/3] recorded (new)    screens/inbox
            [3/3] recorded (new)    screens/rtl/profile
            fixture              result              pixels    share
            card                 same                     0    0.00%
            screens/inbox        recorded (new)           -        -
            screens/rtl/profile  recorded (new)           -        -
            3 fixtures: 1 same, 2 recorded (… s, 1 job)
            """), "\(run.stdout)")
        #expect(try dir.bytes("goldens/screens/rtl/profile.png") == dir.render("fixtures/screens/rtl/profile.layout"))
        #expect(dir.exists("goldens/screens/inbox.json"))
        #expect(try dir.check("--recursive").status == 0)

        // A failure's artifacts mirror the fixture's folder; the hint to record keeps the flag.
        try dir.write("fixtures/screens/inbox.layout", boxLayout(leading: 6))
        let failed = try dir.check("--recursive")
        #expect(failed.status == 1)
        #expect(dir.exists(".blueprint/artifacts/screens/inbox.diff.png"))
        #expect(failed.stdout.contains("record it: blueprint check --record failed --recursive;"), "\(failed.stdout)")

        // Goldens kept inside the fixtures folder are not walked as fixtures.
        try dir.write("fixtures/goldens/old.layout", boxLayout(leading: 2))
        let inside = try dir.check("--recursive", "--goldens", "fixtures/goldens", "--record", "never")
        #expect(!inside.stdout.contains("goldens/old"), "\(inside.stdout)")

        try dir.remove("fixtures/card.layout")
        try dir.remove("fixtures/goldens")
        let none = try dir.check()
        #expect(none.status == 2)
        #expect(none.stderr == "error: no .layout files in fixtures (2 .layout files in its subfolders: --recursive checks them)\n")
    }

    /// An empty fixture (or one of comments only) cannot be checked, as `solve` refuses it:
    /// exit 2 with the reason, not a golden of an empty, ambiguous root.
    @Test func anEmptyFixtureIsSaidToBeEmpty() throws {
        let dir = try scratch(["fixtures/empty.layout": "", "fixtures/notes.layout": "# to do\n"])
        let run = try dir.check("--record", "missing")
        #expect(run.status == 2)
        #expect(run.stdout.contains("goldens/empty.png could not be checked: fixtures/empty.layout: nothing to lay out: the file has no canvas, no view and no constraint."), "\(run.stdout)")
        #expect(run.stdout.contains("goldens/notes.png could not be checked: fixtures/notes.layout: nothing to lay out"))
        #expect(!dir.exists("goldens/empty.png") && !dir.exists("goldens/notes.png"))
    }

    /// `[ 1/12]`), the same output with 1, 4 or 12 workers, and an error makes the status 2.
    @Test func manyFixturesPrintInFixtureOrderWhateverTheJobs() throws {
        try dir.remove("fixtures/card.layout")
        for i in 1...12 { try dir.write(String(format: "fixtures/f%02d.layout", i), boxLayout(leading: i + 2)) }
        try dir.write("fixtures/.hidden.layout", "this is not a layout\n")
        try dir.write("fixtures/notes.txt", "neither is this\n")
        #expect(try dir.check().status == 1)
        try dir.write("fixtures/f03.layout", boxLayout(leading: 5, width: 28))
        try dir.remove("goldens/f05.png")
        try dir.write("fixtures/f07.layout", "canvas 60 x 40\nview box\nbox.leading = 3\nbox.top = = 6\n")
        try dir.remove("goldens/f09.json")

        let expected = """
            [ 1/12] same              f01
            [ 2/12] same              f02
            [ 3/12] DIFFERENT         f03
            [ 4/12] same              f04
            [ 5/12] MISSING           f05
            [ 6/12] same              f06
            [ 7/12] ERROR             f07
            [ 8/12] same              f08
            [ 9/12] same              f09
            [10/12] same              f10
            [11/12] same              f11
            [12/12] same              f12
            fixture  result              pixels    share
            f01      same                     0    0.00%
            f02      same                     0    0.00%
            f03      DIFFERENT              796    0.48%
            f04      same                     0    0.00%
            f05      MISSING                  -        -
            f06      same                     0    0.00%
            f07      ERROR                    -        -
            f08      same                     0    0.00%
            f09      same                     0    0.00%
            f10      same                     0    0.00%
            f11      same                     0    0.00%
            f12      same                     0    0.00%
            12 fixtures: 9 same, 1 DIFFERENT, 1 MISSING, 1 ERROR (… s, JOBS)

            f03:
              goldens/f03.png does not match the render: 796 of 656x254 pixels differ (0.48%), 233 anti-aliased; tolerance: exact.
              Differences lie within 42,24 133x111 px (21,12 66.5x55.5 pt at scale 2).
              Frames: box.width 24 → 28.
              Actual:    .blueprint/artifacts/f03.actual.png
              Diff:      .blueprint/artifacts/f03.diff.png
              Composite: .blueprint/artifacts/f03.composite.png
              If the new render is right, record it: blueprint check --record failed; then look at it before committing.

            f05:
              There is no golden at goldens/f05.png (record mode never).
              Actual:    .blueprint/artifacts/f05.actual.png
              Record it: blueprint check --record missing; then look at it before committing.

            f07:
              goldens/f07.png could not be checked: fixtures/f07.layout:4:11: error: expected a view attribute or a number, found `=`
                  box.top = = 6
                            ^
            """
        for (jobs, label) in [("1", "1 job"), ("4", "4 jobs"), ("12", "12 jobs"), ("4", "4 jobs")] {
            let run = try dir.check("--record", "never", "--jobs", jobs)
            #expect(run.status == 2, "an error outranks a difference")
            #expect(run.stderr == "")
            let output = stableCheckOutput(run.stdout)
            // A diagnostic ends with its caret line: no full stop is added after it.
            #expect(output == expected.replacingOccurrences(of: "JOBS", with: label) + "\n\nSee them side by side: blueprint report\n",
                    "--jobs \(jobs):\n\(output)")
        }
        #expect(!dir.exists("goldens/f05.png"), "never records nothing")
        #expect(!dir.exists("goldens/f09.json"), "a golden whose bytes match passes without its frames")
    }

    /// Failures' images go to --artifacts, else BLUEPRINT_ARTIFACTS, else .blueprint/artifacts;
    /// the actual image is render's bytes, the diff's red and blue pixels are the differing ones,
    /// the composite is expected | actual | diff; a pass removes them.
    @Test func artifactsGoWhereTheyAreAskedAndShowTheDifference() throws {
        #expect(try dir.check().status == 1)
        try dir.write("fixtures/card.layout", changedCardLayout)

        let flagged = try dir.check("--artifacts", "out", environment: ["BLUEPRINT_ARTIFACTS": "env-out"])
        #expect(flagged.status == 1)
        #expect(flagged.stdout.contains("\n  Actual:    out/card.actual.png\n  Diff:      out/card.diff.png\n  Composite: out/card.composite.png\n"))
        #expect(!dir.exists(".blueprint/artifacts") && !dir.exists("env-out"))

        #expect(try dir.bytes("out/card.actual.png") == dir.render("fixtures/card.layout"))
        let golden = try dir.image("goldens/card.png"), actual = try dir.image("out/card.actual.png")
        let diff = try dir.image("out/card.diff.png"), composite = try dir.image("out/card.composite.png")
        #expect((diff.width, diff.height) == (804, 630))
        let red = diff.count(RGBA(255, 0, 0)), blue = diff.count(RGBA(0, 102, 255))
        #expect(red + blue == 22844, "red \(red) + blue \(blue) are the differing pixels")
        #expect(red > 0 && blue > 0)
        #expect((composite.width, composite.height) == (804 * 3 + 2 * 8, 630))
        #expect(composite.contains(golden, atX: 0, y: 0))
        #expect(composite.contains(actual, atX: 804 + 8, y: 0))
        #expect(composite.contains(diff, atX: 2 * (804 + 8), y: 0))
        #expect(try composite.columns(804, 8).count(RGBA(224, 224, 224)) == 8 * 630)

        let fromEnvironment = try dir.check(environment: ["BLUEPRINT_ARTIFACTS": "env-out"])
        #expect(fromEnvironment.stdout.contains("\n  Actual:    env-out/card.actual.png\n"))
        #expect(try dir.bytes("env-out/card.diff.png") == dir.bytes("out/card.diff.png"))
        let empty = try dir.check(environment: ["BLUEPRINT_ARTIFACTS": ""])
        #expect(empty.stdout.contains("\n  Actual:    .blueprint/artifacts/card.actual.png\n"))
        #expect(try dir.bytes(".blueprint/artifacts/card.composite.png") == dir.bytes("out/card.composite.png"))

        // Within tolerance is a pass: that folder's images of the failure go.
        let within = try dir.check("--artifacts", "out", "--max-diff-pixels", "22844")
        #expect(within.status == 0)
        #expect(stableCheckOutput(within.stdout) == """
            [1/1] within tolerance  card
            fixture  result              pixels    share
            card     within tolerance     22844    4.51%
            1 fixture: 1 within tolerance (… s, 1 job)

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/out") == [])
        #expect(dir.exists("env-out/card.actual.png"), "only the folder in effect is cleaned")
    }

    /// BLUEPRINT_RECORD outranks --record (any case; empty is unset), --record outranks CI,
    /// CI (anything but empty, false or 0) means never; a bad BLUEPRINT_RECORD stops the run
    /// before anything is written, whatever the flag.
    @Test func theEnvironmentOutranksTheFlagAndTheFlagOutranksCI() throws {
        let never = try dir.check("--record", "all", environment: ["BLUEPRINT_RECORD": "never"])
        #expect(never.status == 1)
        #expect(stableCheckOutput(never.stdout) == """
            [1/1] MISSING           card
            fixture  result              pixels    share
            card     MISSING                  -        -
            1 fixture: 1 MISSING (… s, 1 job)

            card:
              There is no golden at goldens/card.png (record mode never).
              Actual:    .blueprint/artifacts/card.actual.png
              Record it: blueprint check --record missing; then look at it before committing.

            See them side by side: blueprint report

            """)
        #expect(!dir.exists("goldens"))
        #expect(try dir.bytes(".blueprint/artifacts/card.actual.png") == dir.render("fixtures/card.layout"))

        for ci in ["true", "1", "yes"] {
            let run = try dir.check(environment: ["CI": ci])
            #expect(run.status == 1 && run.stdout.contains("(record mode never)"), "CI=\(ci)")
        }
        #expect(try dir.check("--record", "never", environment: ["BLUEPRINT_RECORD": ""]).stdout.contains("(record mode never)"))
        #expect(!dir.exists("goldens"))
        for ci in ["false", "0", ""] {
            let run = try dir.check(environment: ["CI": ci])
            #expect(run.status == 1 && run.stdout.contains("\n  Recorded a new golden goldens/card.png (record mode missing).\n"), "CI=\(ci)")
            try dir.remove("goldens")
        }
        let flag = try dir.check("--record", "missing", environment: ["CI": "true"])
        #expect(flag.status == 1 && flag.stdout.contains("(record mode missing)"))
        #expect(try dir.check(environment: ["CI": "true"]).status == 0)

        try dir.write("fixtures/card.layout", changedCardLayout)
        let upper = try dir.check("--record", "never", environment: ["BLUEPRINT_RECORD": "FAILED", "CI": "true"])
        #expect(upper.status == 1)
        #expect(upper.stdout.contains("\ncard     recorded (over)      22844    4.51%\n"))
        #expect(upper.stdout.contains("\n  Recorded goldens/card.png over the old golden (record mode failed): 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased.\n"))
        #expect(try dir.bytes("goldens/card.png") == dir.render("fixtures/card.layout"))

        let saved = try dir.bytes(".blueprint/last-check.json")
        let bogus = try dir.check("--record", "never", environment: ["BLUEPRINT_RECORD": "Sometimes"])
        #expect(bogus.status == 2)
        #expect(bogus.stdout == "")
        #expect(bogus.stderr == "error: BLUEPRINT_RECORD=Sometimes is not a record mode; use one of: never, missing, failed, all\n")
        #expect(try dir.bytes(".blueprint/last-check.json") == saved, "a run that never started saves nothing")
        #expect(try dir.check(environment: ["CI": "true"]).status == 0)
    }

    /// Pixel and share limits must both hold; a threshold forgives small colour changes; bad
    /// numbers are usage errors naming the option, before anything runs.
    @Test func tolerancesCombineAndBadNumbersNameTheirOption() throws {
        #expect(try dir.check().status == 1)
        try dir.write("fixtures/card.layout", changedCardLayout)

        let both = try dir.check("--max-diff-pixels", "22844", "--max-diff-ratio", "0.04")
        #expect(both.status == 1)
        #expect(both.stdout.contains("\n  goldens/card.png does not match the render: 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased; tolerance: up to 22844 pixels, up to 4%.\n"))
        #expect(try dir.check("--max-diff-pixels", "22844", "--max-diff-ratio", "0.0451").status == 0)

        // With a colour threshold fewer pixels count as different.
        let threshold = try dir.check("--threshold", "0.1", "--max-diff-pixels", "5556")
        #expect(threshold.status == 0)
        #expect(threshold.stdout.contains("\ncard     within tolerance      5556    1.10%\n"))
        let tight = try dir.check("--threshold", "0.1", "--max-diff-pixels", "5555")
        #expect(tight.status == 1)
        #expect(tight.stdout.contains("5556 of 804x630 pixels differ (1.10%)"))
        #expect(tight.stdout.contains("; tolerance: threshold 0.1, up to 5555 pixels.\n"))

        try dir.remove(".blueprint")
        for (arguments, message) in [
            (["--threshold", "2"], "--threshold must be between 0 and 1, not 2.0"),
            (["--threshold=nan"], "--threshold must be between 0 and 1, not nan"),
            (["--threshold=-0.5"], "--threshold must be between 0 and 1, not -0.5"),
            (["--threshold", "inf"], "--threshold must be between 0 and 1, not inf"),
            (["--max-diff-ratio", "1.5"], "--max-diff-ratio must be between 0 and 1, not 1.5"),
            (["--max-diff-ratio", "nan"], "--max-diff-ratio must be between 0 and 1, not nan"),
            (["--max-diff-pixels=-3"], "--max-diff-pixels must be 0 or more, not -3"),
            (["--jobs", "0"], "--jobs must be 1 or more, not 0"),
            (["--jobs=-2"], "--jobs must be 1 or more, not -2"),
            // A negative number after a space is the option's value, not another option.
            (["--jobs", "-1"], "--jobs must be 1 or more, not -1"),
            (["--threshold", "-1"], "--threshold must be between 0 and 1, not -1.0"),
            (["--max-diff-pixels", "-5"], "--max-diff-pixels must be 0 or more, not -5"),
            (["--scale", "-1"], "invalid scale -1: expected 1, 2 or 3"),
            (["--scale", "4"], "invalid scale 4: expected 1, 2 or 3"),
            (["--theme", "neon"], "unknown theme 'neon': expected light, dark, blueprint"),
        ] {
            let run = try dir.blueprint(["check"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == "")
            #expect(run.stderr.hasPrefix("Error: \(message)\nUsage: blueprint check "), "\(arguments): \(run.stderr)")
        }
        #expect(!dir.exists(".blueprint"), "usage errors run nothing")
    }

    /// Every invalid fixture of the repository is an ERROR with the diagnostic `blueprint solve`
    /// prints for it (file:line:column, the line, the caret); no golden is recorded for it.
    @Test func everyInvalidFixtureIsAnErrorWithSolvesDiagnostic() throws {
        try dir.remove("fixtures/card.layout")
        let invalid = CLI.repository.appendingPathComponent("fixtures/invalid").path
        let names = try FileManager.default.contentsOfDirectory(atPath: invalid).filter { $0.hasSuffix(".layout") }
            .map { String($0.dropLast(".layout".count)) }.sorted()
        try #require(names.count >= 20)
        for name in names {
            try FileManager.default.copyItem(atPath: "\(invalid)/\(name).layout", toPath: "\(dir.path)/fixtures/\(name).layout")
        }
        let run = try dir.check()
        #expect(run.status == 2)
        #expect(run.stderr == "")
        #expect(run.stdout.contains("\n\(names.count) fixtures: \(names.count) ERROR ("))
        #expect(!dir.exists("goldens"), "nothing to record for a fixture that does not parse")
        #expect(!run.stdout.contains("See them side by side"), "errors have no images to show")
        let messages = checkMessages(run.stdout)
        #expect(messages.count == names.count)
        for name in names {
            let expected = try String(contentsOfFile: "\(invalid)/\(name).expected", encoding: .utf8)
                .replacingOccurrences(of: "fixtures/invalid/", with: "fixtures/")
            var message = try #require(messages[name], "no message for \(name)")
            let prefix = "goldens/\(name).png could not be checked: "
            #expect(message.hasPrefix(prefix), "\(name): \(message)")
            message = String(message.dropFirst(prefix.count))
            #expect(message + "\n" == expected, "\(name)")
        }
    }

    /// An empty golden or a folder in its place is an error saying so; frames missing or
    /// broken beside a different golden are said in the Frames line; `--record failed` repairs
    /// both, and `--record all` restores missing frames beside a golden that still matches.
    @Test func brokenGoldenAndFramesFiles() throws {
        #expect(try dir.check().status == 1)
        let png = try dir.bytes("goldens/card.png"), frames = try dir.bytes("goldens/card.json")

        try FileIO.writeAtomically([], to: dir.path + "/goldens/card.png")
        let empty = try dir.check()
        #expect(empty.status == 2)
        #expect(checkMessages(empty.stdout)["card"] == "goldens/card.png could not be checked: the golden is not a readable PNG (PNG data: empty file, not a PNG); record it again with blueprint check --record failed.")
        #expect(stableCheckOutput(empty.stdout).hasPrefix("[1/1] ERROR             card\nfixture  result              pixels    share\ncard     ERROR                    -        -\n1 fixture: 1 ERROR (… s, 1 job)\n"))

        try dir.remove("goldens/card.png")
        try FileManager.default.createDirectory(atPath: dir.path + "/goldens/card.png", withIntermediateDirectories: false)
        for mode in ["missing", "failed"] {
            let folder = try dir.check("--record", mode)
            #expect(folder.status == 2)
            #expect(checkMessages(folder.stdout)["card"] == "goldens/card.png could not be checked: goldens/card.png: cannot read: Is a directory.")
        }
        try dir.remove("goldens/card.png")
        try FileIO.writeAtomically(png, to: dir.path + "/goldens/card.png")

        try dir.write("fixtures/card.layout", changedCardLayout)
        let numbers = "goldens/card.png does not match the render: 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased; tolerance: exact.\nDifferences lie within 61,29 642x442 px (30.5,14.5 321x221 pt at scale 2).\n"
        try dir.remove("goldens/card.json")
        let noFrames = try dir.check()
        #expect(noFrames.status == 1)
        #expect(checkMessages(noFrames.stdout)["card"]?.hasPrefix(numbers + "Frames: none recorded beside the golden (goldens/card.json).\n") == true)
        for (content, note) in [
            ("garbage", "not JSON: unexpected character at byte 0"),
            ("{\"views\": 3}", "no \"views\" object"),
        ] {
            try dir.write("goldens/card.json", content)
            let broken = try dir.check()
            #expect(broken.status == 1)
            #expect(checkMessages(broken.stdout)["card"]?.hasPrefix(numbers + "Frames: goldens/card.json is not a frames file (\(note)).\n") == true, "\(content)")
        }
        let repaired = try dir.check("--record", "failed")
        #expect(repaired.status == 1)
        #expect(checkMessages(repaired.stdout)["card"] == """
            Recorded goldens/card.png over the old golden (record mode failed): 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased.
            Frames: goldens/card.json is not a frames file (no "views" object).
            Look at it, then run the check again: a check that records always fails.
            """)
        #expect(try dir.check().status == 0)
        let newFrames = try dir.bytes("goldens/card.json")
        #expect(newFrames != frames)

        try dir.remove("goldens/card.json")
        let framesOnly = try dir.check("--record", "all")
        #expect(framesOnly.status == 1)
        #expect(stableCheckOutput(framesOnly.stdout) == """
            [1/1] recorded frames   card
            fixture  result              pixels    share
            card     recorded frames          -        -
            1 fixture: 1 recorded (… s, 1 job)

            card:
              Recorded the frames beside goldens/card.png in goldens/card.json (record mode all); the image was already the golden.
              Look at it, then run the check again: a check that records always fails.

            """)
        #expect(try dir.bytes("goldens/card.json") == newFrames)
        let settled = try dir.check("--record", "all")
        #expect(settled.status == 0, "all rewrites only what differs")
    }

    /// On a terminal (a pseudo-terminal from util-linux `script`) the bar is redrawn in place
    /// once per finished fixture, 1/12 to 12/12, then cleared; no per-fixture log lines.
    @Test func aTerminalSeesTheBarRedrawnForEveryFixture() throws {
        try dir.remove("fixtures/card.layout")
        for i in 1...12 { try dir.write(String(format: "fixtures/f%02d.layout", i), boxLayout(leading: i + 2)) }
        #expect(try dir.check().status == 1)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(CLI.binary.path) check --jobs 3", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "TERM"].contains($0.key) }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let redraw = "\r\u{1B}[K"
        let frames = output.components(separatedBy: redraw).dropFirst()
        let counters = frames.compactMap { frame -> Int? in
            guard let match = frame.firstMatch(of: /^[█░]{30} (\d+)\/12 f\d\d$/) else { return nil }
            return Int(match.output.1)
        }
        #expect(counters == Array(1...12), "bar frames: \(frames.map { $0.prefix(60) })")
        #expect(frames.first?.hasPrefix(String(repeating: "█", count: 2) + String(repeating: "░", count: 28) + " 1/12 ") == true)
        #expect(frames.contains { $0.hasPrefix(String(repeating: "█", count: 30) + " 12/12 ") })
        // After the last frame the line is cleared and the table follows.
        let last = try #require(frames.last)
        #expect(last.hasPrefix("fixture  result "))
        #expect(last.contains("12 fixtures: 12 same ("))
        #expect(!output.contains("[ 1/12]") && !output.contains("] same "))
    }
}
