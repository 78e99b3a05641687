import BlueprintSupport
import Foundation
import Raster
import Testing

/// Runs `blueprint` in `folder` with exactly the environment given (plus PATH and HOME): the
/// developer's BLUEPRINT_RECORD, BLUEPRINT_ARTIFACTS or CI never leak in.
func runBlueprint(in folder: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let inherited = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "TMPDIR", "LANG"].contains($0.key) }
    process.environment = inherited.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let errData = Golden.ErrorReader(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = errData.wait()
    process.waitUntilExit()
    return CLI.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
}

/// The card of the check tests: a change of two constants moves it in a known way.
let cardLayout = """
    canvas 375 x 260
    view card
    view title in card label "Golden" font 17
    card.leading = 16
    card.top = 20
    card.width = 320
    card.height = 200
    title.leading == card.leading + 12
    title.top == card.top + 12

    """

/// `blueprint check` in a folder of its own: output, exit statuses, record modes, tolerances,
/// bad input.
@Suite final class CheckCLITests {
    let folder: String

    init() throws {
        folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
        try write("fixtures/card.layout", cardLayout)
        try FileManager.default.copyItem(atPath: CLI.repository.appendingPathComponent("fixtures/login-form.layout").path,
                                         toPath: folder + "/fixtures/login-form.layout")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
    }

    func check(_ arguments: String..., environment: [String: String] = [:]) throws -> CLI.Run {
        try runBlueprint(in: folder, ["check"] + arguments, environment: environment)
    }

    /// The output without the totals line's time: `(0.12 s, 2 jobs)` → `(…)`.
    func stable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.contains(" s, "), let open = line.lastIndex(of: "(") else { return String(line) }
            return line[..<open] + "(…)"
        }.joined(separator: "\n")
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder + "/" + path) }

    @Test func recordsMissingGoldensThenPasses() throws {
        let first = try check()
        #expect(first.status == 1)
        #expect(first.stderr == "")
        #expect(stable(first.stdout) == """
            [1/2] recorded (new)    card
            [2/2] recorded (new)    login-form
            fixture     result              pixels    share
            card        recorded (new)           -        -
            login-form  recorded (new)           -        -
            2 fixtures: 2 recorded (…)

            card:
              Recorded a new golden goldens/card.png (record mode missing).
              Look at it, then run the check again: a check that records always fails.

            login-form:
              Recorded a new golden goldens/login-form.png (record mode missing).
              Look at it, then run the check again: a check that records always fails.

            """)
        // The golden is what `render` draws, byte for byte, and its frames are beside it.
        #expect(try FileIO.read(folder + "/goldens/login-form.png")
                == FileIO.read(CLI.repository.appendingPathComponent("goldens/login-form.png").path))
        #expect(try FileIO.read(folder + "/goldens/login-form.json")
                == FileIO.read(CLI.repository.appendingPathComponent("goldens/login-form.json").path))
        let second = try check()
        #expect(second.status == 0)
        #expect(stable(second.stdout) == """
            [1/2] same              card
            [2/2] same              login-form
            fixture     result              pixels    share
            card        same                     0    0.00%
            login-form  same                     0    0.00%
            2 fixtures: 2 same (…)

            """)
    }

    /// The evidence the issue asks for, from the command line.
    @Test func aChangedConstantFailsWithNumbersAndFramesThenRecordFailedPasses() throws {
        #expect(try check().status == 1)
        try write("fixtures/card.layout", cardLayout.replacingOccurrences(of: "card.width = 320", with: "card.width = 304")
            .replacingOccurrences(of: "card.top + 12", with: "card.top + 20"))
        let failed = try check()
        #expect(failed.status == 1)
        #expect(stable(failed.stdout) == """
            [1/2] DIFFERENT         card
            [2/2] same              login-form
            fixture     result              pixels    share
            card        DIFFERENT            22844    4.51%
            login-form  same                     0    0.00%
            2 fixtures: 1 same, 1 DIFFERENT (…)

            card:
              goldens/card.png does not match the render: 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased; tolerance: exact.
              Differences lie within 61,29 642x442 px (30.5,14.5 321x221 pt at scale 2).
              Frames: card.width 320 → 304; title moved 8 pt down.
              Actual:    .blueprint/artifacts/card.actual.png
              Diff:      .blueprint/artifacts/card.diff.png
              Composite: .blueprint/artifacts/card.composite.png
              If the new render is right, record it: blueprint check --record failed; then look at it before committing.

            See them side by side: blueprint report

            """)
        let actual = try PNG.read(path: folder + "/.blueprint/artifacts/card.actual.png")
        let diff = try PNG.read(path: folder + "/.blueprint/artifacts/card.diff.png")
        let composite = try PNG.read(path: folder + "/.blueprint/artifacts/card.composite.png")
        #expect((actual.width, actual.height, diff.width, composite.width) == (804, 630, 804, 3 * 804 + 16))
        #expect(exists(".blueprint/last-check.json"))

        let recorded = try check("--record", "failed")
        #expect(recorded.status == 1)
        #expect(recorded.stdout.contains("\ncard        recorded (over)      22844    4.51%\n"))
        #expect(recorded.stdout.contains("  Recorded goldens/card.png over the old golden (record mode failed): 22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased.\n  Frames: card.width 320 → 304; title moved 8 pt down.\n"))
        #expect(try check().status == 0)
        #expect(!exists(".blueprint/artifacts/card.actual.png"), "a pass clears the failure's images")
    }

    @Test func neverLeavesAMissingGoldenMissing() throws {
        let run = try check("--record", "never", "--artifacts", "out")
        #expect(run.status == 1)
        #expect(run.stdout.contains("\ncard        MISSING                  -        -\n"))
        #expect(run.stdout.contains("  There is no golden at goldens/card.png (record mode never).\n  Actual:    out/card.actual.png\n  Record it: blueprint check --record missing; then look at it before committing.\n"))
        #expect(!exists("goldens/card.png"))
        #expect(try PNG.read(path: folder + "/out/card.actual.png").width == 804)
    }

    @Test func theEnvironmentDecidesTheMode() throws {
        #expect(try check("--record", "all", environment: ["BLUEPRINT_RECORD": "never"]).stdout.contains("MISSING"))
        #expect(try check(environment: ["CI": "true"]).stdout.contains("2 fixtures: 2 MISSING"))
        let bogus = try check(environment: ["BLUEPRINT_RECORD": "bogus"])
        #expect(bogus.status == 2)
        #expect(bogus.stdout == "")
        #expect(bogus.stderr == "error: BLUEPRINT_RECORD=bogus is not a record mode; use one of: never, missing, failed, all\n")
        #expect(!exists("goldens"))
    }

    @Test func tolerancesFromTheCommandLine() throws {
        #expect(try check().status == 1)
        try write("fixtures/card.layout", cardLayout.replacingOccurrences(of: "card.width = 320", with: "card.width = 304")
            .replacingOccurrences(of: "card.top + 12", with: "card.top + 20"))
        let within = try check("--max-diff-pixels", "22844")
        #expect(within.status == 0)
        #expect(within.stdout.contains("\ncard        within tolerance     22844    4.51%\n"))
        #expect(try check("--max-diff-pixels", "22843").status == 1)
        #expect(try check("--max-diff-ratio", "0.0451").status == 0)
        #expect(try check("--max-diff-ratio", "0.0450").status == 1)
        for (option, value, message) in [
            ("--threshold", "2", "--threshold must be between 0 and 1, not 2.0"),
            ("--threshold", "nan", "--threshold must be between 0 and 1, not nan"),
            ("--max-diff-pixels", "-1", "--max-diff-pixels must be 0 or more, not -1"),
            ("--jobs", "0", "--jobs must be 1 or more, not 0"),
            ("--record", "sometimes", "unknown record mode 'sometimes': expected never, missing, failed or all"),
        ] {
            let run = try check(option + "=" + value)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: \(message)\n"), "\(option) \(value): \(run.stderr)")
        }
    }

    @Test func badInputIsAnErrorThatSaysWhereAndWhy() throws {
        #expect(try check().status == 1)
        try write("fixtures/broken.layout", "canvas 100 x 100\nview a\na.width == \n")
        let run = try check()
        #expect(run.status == 2)
        #expect(run.stdout.contains("\nbroken      ERROR                    -        -\n"))
        #expect(run.stdout.contains("  goldens/broken.png could not be checked: fixtures/broken.layout:3:"))
        #expect(!exists("goldens/broken.png"))

        // A truncated golden: an error in the default mode, recorded again with `failed`.
        try FileManager.default.removeItem(atPath: folder + "/fixtures/broken.layout")
        let png = try FileIO.read(folder + "/goldens/card.png")
        try FileIO.writeAtomically(Array(png.prefix(500)), to: folder + "/goldens/card.png")
        let corrupt = try check()
        #expect(corrupt.status == 2)
        #expect(corrupt.stdout.contains("  goldens/card.png could not be checked: the golden is not a readable PNG ("))
        #expect(try check("--record", "failed").status == 1)
        #expect(try check().status == 0)
        #expect(try FileIO.read(folder + "/goldens/card.png") == png)

        let missing = try check("--fixtures", "nowhere")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: the fixtures folder nowhere does not exist\n")
        try FileIO.writeAtomically(Array("view a\n".utf8), to: folder + "/one.layout")
        let file = try check("--fixtures", "one.layout")
        #expect(file.status == 2)
        #expect(file.stderr == "error: --fixtures names a folder of .layout files; one.layout is a file (`blueprint render` draws one file)\n")
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        let empty = try check("--fixtures", "empty")
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: no .layout files in empty\n")
    }

    @Test func jobsDoNotChangeTheOutput() throws {
        #expect(try check().status == 1)
        let one = try check("--jobs", "1"), four = try check("--jobs", "4")
        #expect(one.status == 0 && four.status == 0)
        #expect(stable(one.stdout) == stable(four.stdout))
        #expect(one.stdout.contains("(1 job)") || one.stdout.contains(", 1 job)"))
        #expect(four.stdout.contains(", 2 jobs)"), "never more workers than fixtures")
    }

    /// On a terminal the bar is redrawn in place; the per-fixture lines are for logs.
    @Test func aTerminalGetsAProgressBar() throws {
        #expect(try check().status == 1)
        let command = "\(CLI.binary.path) check"
        let run = try runBlueprintScript(command)
        #expect(run.contains("\r\u{1B}[K"))
        #expect(run.contains(" 2/2 "))
        #expect(!run.contains("[1/2]"))
        #expect(run.contains("2 fixtures: 2 same"))
    }

    /// Runs a command under `script`, which gives it a pseudo-terminal.
    func runBlueprintScript(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "TERM"].contains($0.key) }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

extension CheckCLITests {
    /// Record modes are read without regard to case, on the command line as in the environment.
    @Test func recordModesIgnoreCase() throws {
        let run = try check("--record", "NEVER")
        #expect(run.status == 1)
        #expect(run.stdout.contains("2 fixtures: 2 MISSING"))
    }

    /// An ERROR has no render: the report says so instead of naming the golden as the actual image.
    @Test func theReportOfAnErrorSaysThereIsNoRender() throws {
        try write("fixtures/broken.layout", "canvas 100 x 100\nview a\na.width == \n")
        #expect(try check().status == 2)
        #expect(try runBlueprint(in: folder, ["report", "-o", "page.html"]).status == 0)
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        #expect(page.contains("<figcaption>Actual</figcaption><div class=\"missing\">no render: the check could not run (see the message)</div>"))
        #expect(page.contains("<figcaption>Expected</figcaption><div class=\"missing\">no golden at \(folder)/goldens/broken.png</div>"))
        #expect(!page.contains("image missing"))
    }
}
