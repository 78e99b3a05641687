import BlueprintSupport
import Foundation
import Testing

/// Where the CLI writes: through symbolic links, into pipes and devices (never replacing them
/// with a regular file), keeping a file's permissions, never over its own input, never half
/// its outputs; and output that cannot be written is exit status 2.
@Suite struct OutputPathTests {
    func run(_ arguments: String...) throws -> CLI.Run {
        try Golden.run(arguments, environment: [:])
    }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func aPipeIsWrittenIntoNotReplaced() throws {
        let folder = try CLI.temporaryFolder()
        let fifo = folder + "/diagram.png"
        #expect(mkfifo(fifo, 0o644) == 0)
        final class Reader: @unchecked Sendable {
            var bytes = Data()
            let done = DispatchSemaphore(value: 0)
        }
        let reader = Reader()
        Thread.detachNewThread {
            if let handle = FileHandle(forReadingAtPath: fifo) { reader.bytes = handle.readDataToEndOfFile() }
            reader.done.signal()
        }
        let result = try run("render", "fixtures/login-form.layout", "-o", fifo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(reader.done.wait(timeout: .now() + 60) == .success)
        #expect(Array(reader.bytes.prefix(8)) == pngSignature)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["diagram.png"])
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/stdout")))
    func devStdoutIsStandardOutput() throws {
        // /dev/stdout → /proc/self/fd/1 → the pipe the test reads.
        let result = try run("render", "fixtures/login-form.layout", "-o", "/dev/stdout", "--format", "svg")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
        #expect(result.stdout.hasSuffix("</svg>\n"))
    }

    /// An output's folder is never made: `check --junit`, `report -o` and the folder above
    /// `docs --out` must be there, as for render's and diff's outputs, and are said in their
    /// words before anything is done (they made every folder missing on the way).
    @Test func noCommandMakesTheFolderAnOutputGoesIn() throws {
        let dir = try Scratch()
        try dir.write("fixtures/a.layout", "canvas 40 x 40\nview v\nv.edges == superview.edges - 8\n")
        try dir.write("doc.md", "Intro\n\n```layout\ncanvas 40 x 40\n```\n")
        try dir.write("afile", "")
        func usage(_ command: String) -> String {
            let line = ["check": "blueprint check <options>", "report": "blueprint report [--output <file.html>] [--merge <dir> ...]",
                        "docs": "blueprint docs <file.md> ... [--out <dir>] [--check] [--dark]"][command]!
            return "Usage: \(line)\n  See 'blueprint \(command) --help' for more information.\n"
        }
        #expect(try dir.check().status == 1)   // a golden recorded, and a saved run to report
        for (arguments, message) in [
            (["check", "--junit", "nodir/j.xml"], "Error: --junit nodir/j.xml: there is no folder nodir\n"),
            (["check", "--junit", "afile/j.xml"], "Error: --junit afile/j.xml: afile is a file, not a folder\n"),
            (["report", "-o", "nodir/r.html"], "Error: -o nodir/r.html: there is no folder nodir\n"),
            (["report", "-o", "afile/r.html"], "Error: -o afile/r.html: afile is a file, not a folder\n"),
            (["docs", "doc.md", "--out", "nodir/x"], "Error: --out nodir/x: there is no folder nodir\n"),
            (["docs", "doc.md", "--out", "afile"], "Error: --out afile: a file is there, not a folder; give a folder\n"),
        ] {
            let run = try dir.blueprint(arguments)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == message + usage(arguments[0]), "\(arguments)")
        }
        #expect(!dir.exists("nodir"))
        #expect(try dir.text("doc.md") == "Intro\n\n```layout\ncanvas 40 x 40\n```\n")
        // A folder that is there is written into; `docs --out` makes its own folder (only that).
        #expect(try dir.check("--junit", "fixtures/j.xml").status == 0)
        #expect(dir.exists("fixtures/j.xml"))
        #expect(try dir.blueprint(["report", "-o", "fixtures/r.html"]).status == 0)
        #expect(try dir.blueprint(["docs", "doc.md", "--out", "images"]).status == 0)
        #expect(FileSystem.isDirectory(dir.path + "/images"))
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        #expect(symlink(folder + "/real/diagram.svg", folder + "/link.svg") == 0)
        let result = try run("render", "fixtures/login-form.layout", "-o", folder + "/link.svg")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(folder + "/link.svg") == S_IFLNK)
        #expect(fileType(folder + "/real/diagram.svg") == S_IFREG)
        #expect(try String(decoding: FileIO.read(folder + "/link.svg").prefix(5), as: UTF8.self) == "<?xml")
        // Where it points to changes only through the link: nothing else in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["link.svg", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/real") == ["diagram.svg"])
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try CLI.temporaryFolder()
        let out = folder + "/diagram.png"
        try FileIO.writeAtomically(Array("old".utf8), to: out)
        #expect(chmod(out, 0o600) == 0)
        let result = try run("render", "fixtures/login-form.layout", "-o", out)
        #expect(result.status == 0)
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try Array(FileIO.read(out).prefix(8)) == pngSignature)
    }

    @Test func aFolderIsAnErrorBeforeAnythingIsWritten() throws {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/stats.json", withIntermediateDirectories: true)
        let result = try run("render", "fixtures/login-form.layout", "-o", folder + "/d.png", "--stats", folder + "/stats.json")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --stats \(folder)/stats.json: a folder is there; give a file name\nUsage: blueprint render "), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.png"))
        let diff = try run("diff", "fixtures/diff/pairs/noise/expected.png", "fixtures/diff/pairs/noise/actual.png", "-o", folder + "/x.png", "--side-by-side", folder)
        #expect(diff.status == 2)
        #expect(diff.stderr.hasPrefix("Error: --side-by-side \(folder): a folder is there; give a file name\nUsage: blueprint diff "), "\(diff.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stats.json"])
    }

    /// A destination whose folder is there but takes no file (`/proc/self` on Linux, as a
    /// read-only folder is to another user): the command fails with status 2 and writes none of
    /// its outputs, not the picture before the statistics.
    @Test func outputsAreWrittenAllOrNone() throws {
        #if os(Linux)
        let folder = try CLI.temporaryFolder()
        let render = try run("render", "fixtures/login-form.layout", "-o", folder + "/d.png", "--stats", "/proc/self/stats.json")
        #expect(render.status == 2)
        #expect(render.stderr == "error: /proc/self/stats.json: cannot create a temporary file: No such file or directory\n")
        let diff = try run("diff", "fixtures/diff/pairs/noise/expected.png", "fixtures/diff/pairs/noise/actual.png",
                           "-o", folder + "/x.png", "--side-by-side", "/proc/self/s.png")
        #expect(diff.status == 2)
        #expect(diff.stderr == "error: /proc/self/s.png: cannot create a temporary file: No such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        #endif
    }

    /// A rename that fails after an earlier one succeeded puts the earlier file back: the
    /// statistics file is immutable (`chattr +i`, where the file system has it), so the picture
    /// renamed before it is restored to what it was.
    @Test func aFailedRenamePutsTheEarlierOutputsBack() throws {
        #if os(Linux)
        let folder = try CLI.temporaryFolder()
        try FileIO.writeAtomically(Array("old picture".utf8), to: folder + "/pic.png")
        try FileIO.writeAtomically(Array("old stats".utf8), to: folder + "/s.json")
        func chattr(_ flag: String) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            process.arguments = [flag, folder + "/s.json"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        // Only where the file system has immutable files and this user may set them (root on
        // ext4 or xfs): elsewhere the rename cannot be made to fail, and `outputsAreWrittenAllOrNone`
        // covers the writes.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), try chattr("+i") == 0 else { return }
        defer { _ = try? chattr("-i") }
        let render = try run("render", "fixtures/login-form.layout", "-o", folder + "/pic.png", "--stats", folder + "/s.json")
        #expect(render.status == 2)
        #expect(render.stderr.hasSuffix("s.json: cannot rename into place: Operation not permitted\n"), "\(render.stderr)")
        #expect(try FileIO.read(folder + "/pic.png") == Array("old picture".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["pic.png", "s.json"])
        #endif
    }

    /// Two outputs on one file through a link to a file not there yet are refused too.
    @Test func twoOutputsThroughADanglingLinkAreOneFile() throws {
        let folder = try CLI.temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "real.png")
        let render = try run("render", "fixtures/login-form.layout", "-o", folder + "/link.png", "--stats", folder + "/real.png")
        #expect(render.status == 2)
        #expect(render.stderr.hasPrefix("Error: -o and --stats name the same file, \(folder)/real.png; give each its own\n"), "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["link.png"])
    }

    /// A command stopped by SIGTERM while it writes (a CI's `timeout`) removes its temporary
    /// files: it is signalled as soon as one appears, and none is left. (It left one nearly
    /// every time.)
    @Test func aSignalLeavesNoTemporaryFile() throws {
        let folder = try CLI.temporaryFolder()
        var caught = 0
        for _ in 0..<10 where caught < 3 {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["render", "fixtures/screens/split-view.layout", "-o", folder + "/big.png", "--scale", "3", "--stats", folder + "/big.json"]
            process.currentDirectoryURL = CLI.repository
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline {
                if (try FileManager.default.contentsOfDirectory(atPath: folder)).contains(where: { $0.hasSuffix(".tmp") }) {
                    kill(process.processIdentifier, SIGTERM)
                    caught += 1
                    break
                }
            }
            process.waitUntilExit()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") } == [])
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        }
        #expect(caught > 0, "the picture was written before any signal could be sent")
    }

    @Test func anOutputNeverReplacesAnInput() throws {
        let folder = try CLI.temporaryFolder()
        let layout = folder + "/a.layout"
        let text = Array("canvas 100 x 100\nview a size 10 x 10\na.left = 0\na.top = 0\n".utf8)
        try FileIO.writeAtomically(text, to: layout)
        let render = try run("render", layout, "-o", layout)
        #expect(render.status == 2)
        #expect(render.stderr.hasPrefix("Error: -o \(layout) would overwrite the input \(layout); write somewhere else\nUsage: blueprint render "), "\(render.stderr)")
        // Another spelling of the same file is the same file.
        let dotted = folder + "/./a.layout"
        #expect(try run("render", layout, "-o", dotted, "--format", "svg").status == 2)
        #expect(try FileIO.read(layout) == text)
        let both = try run("render", layout, "-o", folder + "/d.png", "--stats", folder + "/d.png")
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: -o and --stats name the same file, \(folder)/d.png; give each its own\nUsage: blueprint render "), "\(both.stderr)")
        // diff: the diff image over the actual image it compares.
        let actual = folder + "/b.png"
        let png = try FileIO.read(CLI.fixture("pairs/noise/actual.png"))
        try FileIO.writeAtomically(png, to: actual)
        let diff = try run("diff", CLI.fixture("pairs/noise/expected.png"), actual, "-o", actual)
        #expect(diff.status == 2)
        #expect(diff.stderr.hasPrefix("Error: -o \(actual) would overwrite the input \(actual); write somewhere else\nUsage: blueprint diff "), "\(diff.stderr)")
        #expect(try FileIO.read(actual) == png)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.layout", "b.png"])
    }

    @Test func rtlWithoutDevicesIsAUsageError() throws {
        let folder = try CLI.temporaryFolder()
        let result = try run("render", "fixtures/login-form.layout", "-o", folder + "/d.png", "--rtl")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --rtl needs --devices: it adds a right-to-left row to the device sheet\nUsage: blueprint render "), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aLayoutTooLargeToDrawIsRefusedAtOnce() throws {
        let folder = try CLI.temporaryFolder()
        let layout = folder + "/big.layout"
        try FileIO.writeAtomically(Array("canvas 100 x 100\nview a size 999999999999999 x 10\na.left = 0\na.top = 0\n".utf8), to: layout)
        let start = Date()
        let result = try run("render", layout, "-o", folder + "/big.svg")
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status == 2)
        #expect(result.stderr == "error: \(layout): the layout is too large to draw: `a` at (0, 0), 999999999999999 x 10 points, takes it past 32767 points per side; `blueprint solve` lists every frame\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["big.layout"])
        // solve prints its frames.
        let solve = try run("solve", layout)
        #expect(solve.status == 0)
        #expect(solve.stdout.contains("999999999999999"))
    }

    /// A frame that is not finite is said so, in `blueprint solve`'s words, not called too
    /// large ("`n0` at (nan, 0), nan x 0 points"); a negative size is not called large either.
    @Test func framesThatAreNotFiniteOrNegativeAreSaidSo() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = folder + "/nan.layout"
        // 23 views each 10¹⁵ times as wide as the next: the first is past the largest number.
        var text = "canvas 100 x 100\n"
        for i in 0..<23 { text += "view v\(i)\nv\(i).top = 0\nv\(i).height == 1\n" }
        for i in 0..<22 { text += "v\(i).width == v\(i + 1).width * 999999999999999\nv\(i + 1).left == v\(i).right\n" }
        text += "v22.width == 10\nv0.left = 0\n"
        try FileIO.writeAtomically(Array(text.utf8), to: layout)
        let solve = try run("solve", layout)
        let notFinite = solve.stdout.split(separator: "\n").filter { $0.hasPrefix("not finite: ") }
        let render = try run("render", layout, "-o", folder + "/x.png")
        #expect(render.status == 2)
        #expect(notFinite.first == "not finite: v0: width is inf: its constraints multiply it past the largest number")
        #expect(render.stderr == "error: \(layout): the layout cannot be drawn: not finite: v0: width is inf: its constraints multiply it past the largest number; `blueprint solve` lists every frame\n")
        // A guide inside out by 10¹⁵ points: negative, not large.
        let negative = folder + "/negative.layout"
        try FileIO.writeAtomically(Array("canvas 100 x 100\nsafearea 999999999999999\nview a size 10 x 10\na.left = 0\na.top = 0\n".utf8), to: negative)
        let inside = try run("render", negative, "-o", folder + "/y.png")
        #expect(inside.status == 2)
        #expect(inside.stderr == "error: \(negative): the layout cannot be drawn: negative size: root (its safe area): width is negative (−1999999999999898) and height is negative (−1999999999999898), at (999999999999999, 999999999999999), its edges more than 32767 points apart; `blueprint solve` lists every frame\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["nan.layout", "negative.layout"])
    }

    /// A command that exits 2 leaves none of its outputs: when one output cannot be written
    /// (a full device, written last) the files already renamed into place are put back as they
    /// were, a new one removed, a replaced one restored.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceAmongTheOutputsLeavesNoneBehind() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = "error: /dev/full: cannot write: No space left on device\n"
        let statsFull = try run("render", "fixtures/login-form.layout", "-o", folder + "/x.png", "--stats", "/dev/full")
        #expect(statsFull.status == 2)
        #expect(statsFull.stderr == full)
        let pictureFull = try run("render", "fixtures/login-form.layout", "-o", "/dev/full", "--stats", folder + "/s.json")
        #expect(pictureFull.status == 2)
        #expect(pictureFull.stderr == full)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A file that was there keeps its bytes.
        try FileIO.writeAtomically(Array("old".utf8), to: folder + "/x.png")
        #expect(try run("render", "fixtures/login-form.layout", "-o", folder + "/x.png", "--stats", "/dev/full").status == 2)
        #expect(try FileIO.read(folder + "/x.png") == Array("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["x.png"])
        try FileManager.default.removeItem(atPath: folder + "/x.png")
        // Standard output that cannot be written is the same: no statistics file is left.
        let (status, stderr) = try runIntoAFullDisk(["render", "fixtures/login-form.layout", "-o", "-", "--stats", folder + "/s.json"])
        #expect(status == 2)
        #expect(stderr == "error: standard output: cannot write: No space left on device\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // diff's two images, either one on the full device.
        let a = "fixtures/diff/pairs/shifted-box/expected.png", b = "fixtures/diff/pairs/shifted-box/actual.png"
        let diffFull = try run("diff", a, b, "-o", "/dev/full", "--side-by-side", folder + "/s.png")
        #expect(diffFull.status == 2)
        #expect(diffFull.stderr == full)
        let compositeFull = try run("diff", a, b, "-o", folder + "/d.png", "--side-by-side", "/dev/full")
        #expect(compositeFull.status == 2)
        #expect(compositeFull.stderr == full)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// Runs the binary with standard output on /dev/full (every write fails: no space).
    func runIntoAFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLI.repository
        process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func outputThatCannotBeWrittenIsStatusTwo() throws {
        let message = "error: standard output: cannot write: No space left on device\n"
        for arguments in [["explain", "fixtures/login-form.layout"], ["explain", "fixtures/conflict.layout"],
                          ["diff", "fixtures/diff/pairs/noise/expected.png", "fixtures/diff/pairs/noise/actual.png", "--format", "json"]] {
            let (status, stderr) = try runIntoAFullDisk(arguments)
            #expect(status == 2, "\(arguments)")
            #expect(stderr.hasSuffix(message), "\(arguments): \(stderr)")
        }
    }
}
