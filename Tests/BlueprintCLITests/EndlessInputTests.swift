import BlueprintSupport
import Foundation
import Testing

/// A file that never ends (`/dev/zero`, `/dev/urandom`) or is far too large, given where an
/// image or a saved run is expected: an error at once, after the first bytes, never a read
/// that fills the memory (`blueprint diff /dev/zero a.png` took 8 GB in 10 s).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero") && FileManager.default.fileExists(atPath: "/dev/urandom")))
struct EndlessInputTests {
    @Test func anEndlessImageIsNotAPNG() throws {
        let expected = "fixtures/diff/pairs/noise/expected.png"
        let zero = try Golden.run(["diff", "/dev/zero", expected], environment: [:])
        #expect(zero.status == 2)
        #expect(zero.stderr == "error: /dev/zero: cannot read: it is not a regular file (a pipe, a socket or a device)\n")
        let random = try Golden.run(["diff", expected, "/dev/urandom", "--format", "json"], environment: [:])
        #expect(random.status == 2)
        #expect(random.stderr == "error: /dev/urandom: cannot read: it is not a regular file (a pipe, a socket or a device)\n")
        // Standard input that never ends is read no further than its first bytes.
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["diff", "-", expected]
        process.currentDirectoryURL = CLI.repository
        process.standardInput = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: stderr, as: UTF8.self) == "error: standard input: not a readable PNG: Not a PNG file\n")
    }

    @Test func aSavedRunThatNeverEndsIsSaidToBeTooLarge() throws {
        let dir = try Scratch()
        try FileSystem.createDirectories(dir.path + "/.blueprint")
        #expect(symlink("/dev/zero", dir.path + "/.blueprint/last-check.json") == 0)
        let run = try dir.blueprint(["report"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: ./.blueprint/last-check.json: cannot read: it is larger than 256 MB\n")
    }

    @Test func aReportWhoseImagesNeverEndIsWrittenWithoutThem() throws {
        let dir = try Scratch()
        try dir.write("fixtures/card.layout", cardLayout)
        #expect(try dir.check().status == 1)            // recorded
        try dir.write("fixtures/card.layout", changedCardLayout)
        #expect(try dir.check().status == 1)            // different
        // The saved run now names endless files for the golden and the actual image.
        var json = try dir.text(".blueprint/last-check.json")
        json = json.replacing(/"golden": "[^"]*"/, with: "\"golden\": \"/dev/urandom\"")
        json = json.replacing(/"actual": "[^"]*"/, with: "\"actual\": \"/dev/zero\"")
        try dir.write(".blueprint/last-check.json", json)
        let run = try dir.blueprint(["report", "-o", "page.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try dir.text("page.html")
        #expect(page.contains("image missing: /dev/urandom"))
        #expect(page.contains("image missing: /dev/zero"))
        #expect(try dir.bytes("page.html").count < 1 << 20)
    }

    @Test func aGoldenThatNeverEndsIsNotAPNG() throws {
        let dir = try Scratch()
        try dir.write("fixtures/card.layout", cardLayout)
        try FileSystem.createDirectories(dir.path + "/goldens")
        #expect(symlink("/dev/zero", dir.path + "/goldens/card.png") == 0)
        let run = try dir.check()
        #expect(run.status == 2)
        #expect(checkMessages(run.stdout)["card"] == "goldens/card.png could not be checked: goldens/card.png: cannot read: it is not a regular file (a pipe, a socket or a device).")
    }

    /// A named pipe among the fixtures or as a golden is refused, not opened: opening it waits
    /// for a writer, and `check` stopped there for ever.
    @Test func aNamedPipeIsRefusedNotOpened() throws {
        let dir = try Scratch()
        try dir.write("fixtures/card.layout", cardLayout)
        #expect(mkfifo(dir.path + "/fixtures/pipe.layout", 0o644) == 0)
        try FileSystem.createDirectories(dir.path + "/goldens")
        #expect(mkfifo(dir.path + "/goldens/card.png", 0o644) == 0)
        let start = Date()
        let run = try dir.check()
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(run.status == 2)
        let messages = checkMessages(run.stdout)
        #expect(messages["card"] == "goldens/card.png could not be checked: goldens/card.png: cannot read: it is not a regular file (a pipe, a socket or a device).")
        #expect(messages["pipe"]?.contains("fixtures/pipe.layout: cannot read: it is not a regular file (a pipe, a socket or a device)") == true, "\(run.stdout)")
    }
}

/// Blank lines and comments cost (almost) nothing: the parser kept a line of ~170 bytes, with a
/// lexer, for every line of the file, reserved up front, so 200 million newlines (under the
/// 256 MB limit) asked for 32 GB and aborted, and 20 MB of them took 3.8 GB. Six million blank
/// and comment lines are read under a 500 MB limit of memory (they asked for 1 GB), and every
/// line keeps its number.
@Suite struct BlankLinesCostNothingTests {
    @Test func millionsOfBlankAndCommentLinesAreReadInLittleMemory() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = Data("canvas 40 x 30\n".utf8)
        text.append(Data(repeating: 0x0A, count: 4_000_000))                 // lines 2…4000001
        text.append(Data("view a size 10 x 10\n".utf8))                      // 4000002
        text.append(Data(String(repeating: "#\n", count: 1_000_000).utf8))   // 4000003…5000002
        text.append(Data(String(repeating: "  \t\r\n", count: 1_000_000).utf8)) // 5000003…6000002
        text.append(Data("a.left = 0\na.top = 0\n".utf8))                    // 6000003, 6000004
        try text.write(to: URL(fileURLWithPath: folder + "/blank.layout"))
        text.append(Data("a.width == nope\n".utf8))                           // 6000005
        try text.write(to: URL(fileURLWithPath: folder + "/bad.layout"))
        func solve(_ file: String) throws -> CLI.Run {
            try Golden.run(["-c", "ulimit -v 500000 && exec \"$0\" \"$@\"", CLI.binary.path, "solve", folder + "/" + file],
                           environment: [:], executable: URL(fileURLWithPath: "/bin/sh"))
        }
        let run = try solve("blank.layout")
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == "view  x  y  width  height\nroot  0  0     40      30\na     0  0     10      10\n")
        let bad = try solve("bad.layout")
        #expect(bad.status == 2)
        #expect(bad.stderr == "\(folder)/bad.layout:6000005:12: error: unknown metric `nope`\n    a.width == nope\n               ^~~~\n")
    }
}

/// One error on a line of tens of megabytes is said at once, in little memory: the whole line
/// was made into characters (16 bytes each) to show a hundred of them, and 255 MB of NULs took
/// 17 s and 5 GB. (Under a limit of memory, the heap's pad for the tree to come is put back when
/// the heap cannot grow by it: every later block asked for it too, and the first one failed.)
@Suite struct OneErrorOnAHugeLineTests {
    @Test func aLineOfThirtyTwoMillionNULsIsOneErrorInLittleMemory() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(repeating: 0, count: 32_000_000).write(to: URL(fileURLWithPath: folder + "/nul.layout"))
        let run = try Golden.run(["-c", "ulimit -v 400000 && exec \"$0\" \"$@\"", CLI.binary.path, "solve", folder + "/nul.layout"],
                                 environment: [:], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "\(folder)/nul.layout:1:1: error: unexpected character U+0000 (a control character)\n    "
                + String(repeating: "\u{2400}", count: 51) + "…\n    ^\n")
    }
}

/// A `.layout` file given by name to `solve`, `explain` or `render` that is a named pipe or a
/// device is refused, not opened, as `diff`, `check` and `fontfile` refuse one: opening a pipe
/// with no writer waited for ever. Standard input stays `-`.
@Suite struct LayoutInputIsARegularFileTests {
    @Test func aNamedPipeOrADeviceIsRefusedNotOpened() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.layout", 0o644) == 0)
        var inputs = [folder + "/pipe.layout"]
        if FileManager.default.fileExists(atPath: "/dev/zero") { inputs.append("/dev/zero") }
        for input in inputs {
            for arguments in [["solve", input], ["explain", input], ["render", input, "-o", folder + "/x.png"],
                              ["render", input, "-o", folder + "/x.png", "--devices", "iPhone SE"]] {
                let run = try CLI.run(arguments)
                #expect(run.status == 2)
                #expect(run.stdout == "")
                #expect(run.stderr == "error: \(input): cannot read: it is not a regular file (a pipe, a socket or a device)\n", "\(arguments)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
        let piped = try Golden.run(["-c", "printf 'canvas 10 x 20\\n' | exec \"$0\" solve -", CLI.binary.path],
                                   environment: [:], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(piped.status == 0)
        #expect(piped.stdout == "view  x  y  width  height\nroot  0  0     10      20\n")
    }
}

/// Outputs that would be written over what the command reads are refused before anything runs:
/// `check --junit` over a fixture or a golden, `report -o` over the saved check it reads.
@Suite struct InputsAreNeverOverwrittenTests {
    @Test func junitAndReportRefuseTheirInputs() throws {
        let dir = try Scratch()
        try dir.write("fixtures/card.layout", "canvas 40 x 30\nview a size 10 x 10\na.left = 0\na.top = 0\n")
        let layout = try dir.text("fixtures/card.layout")
        let overLayout = try dir.check("--junit", "fixtures/card.layout")
        #expect(overLayout.status == 2)
        #expect(overLayout.stderr.hasPrefix("Error: --junit fixtures/card.layout: JUnit XML would be written over a layout name; name the file .xml\n"))
        #expect(try dir.text("fixtures/card.layout") == layout)
        let overGolden = try dir.check("--junit", "goldens/card.PNG")
        #expect(overGolden.status == 2)
        #expect(overGolden.stderr.hasPrefix("Error: --junit goldens/card.PNG: JUnit XML would be written over a PNG name; name the file .xml\n"))
        #expect(try dir.check().status == 1)   // recorded
        let saved = try dir.text(".blueprint/last-check.json")
        let report = try dir.blueprint(["report", "-o", ".blueprint/last-check.json"])
        #expect(report.status == 2)
        #expect(report.stderr.hasPrefix("Error: -o .blueprint/last-check.json would overwrite the saved check ./.blueprint/last-check.json; write somewhere else\n"))
        #expect(try dir.text(".blueprint/last-check.json") == saved)
        #expect(try dir.blueprint(["report", "-o", "page.html"]).status == 0)
    }
}
