import BlueprintSupport
import Foundation
import Raster
import Testing

@Suite struct DiffCommandTests {
    static let pairs = "fixtures/diff/pairs"

    @Test func identicalImagesExitZero() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/identical/expected.png", "\(Self.pairs)/identical/actual.png"])
        #expect(run.status == 0)
        #expect(run.stdout == "same: 0 of 32x32 pixels differ (0.00%), 0 anti-aliased\n")
        #expect(run.stderr == "")
    }

    @Test func differentImagesExitOneAndWriteTheDiffImage() throws {
        let folder = try CLI.temporaryFolder()
        let run = try CLI.run(["diff", "\(Self.pairs)/shifted-box/expected.png", "\(Self.pairs)/shifted-box/actual.png",
                               "-o", folder + "/diff.png", "--side-by-side", folder + "/composite.png"])
        #expect(run.status == 1)
        #expect(run.stdout == """
            different: 98 of 48x48 pixels differ (4.25%), 0 anti-aliased, bounds 5,10 35x33
            wrote \(folder)/diff.png
            wrote \(folder)/composite.png

            """)
        let expected = try PNG.read(path: CLI.fixture("pairs/shifted-box/expected.png"))
        let actual = try PNG.read(path: CLI.fixture("pairs/shifted-box/actual.png"))
        #expect(try PNG.read(path: folder + "/diff.png") == PixelDiff.diffImage(expected, actual))
        let composite = try PNG.read(path: folder + "/composite.png")
        #expect(composite.width == 48 * 3 + 16 && composite.height == 48)
        // -o alone streams the diff image; with --side-by-side it is drawn whole first: the
        // same bytes either way.
        let alone = try CLI.run(["diff", "\(Self.pairs)/shifted-box/expected.png", "\(Self.pairs)/shifted-box/actual.png",
                                 "-o", folder + "/alone.png"])
        #expect(alone.status == 1)
        #expect(FileManager.default.contents(atPath: folder + "/alone.png") == FileManager.default.contents(atPath: folder + "/diff.png"))
        try FileManager.default.removeItem(atPath: folder)
    }

    /// A side-by-side composite too large to make (three images of 400,000 pixels a row are
    /// wider than a PNG this tool writes) is refused from the images' headers, before they
    /// are decoded or compared: exit status 2, and neither image is written (`-o` was written
    /// and left behind by a run that failed).
    @Test func aCompositeTooLargeIsRefusedBeforeAnythingIsWritten() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var a = Bitmap(width: 400_000, height: 1, color: .white)
        let b = Bitmap(width: 400_000, height: 1, color: .white)
        a[10, 0] = RGBA(0, 0, 0)
        try PNG.write(a, to: folder + "/a.png", compression: .fast)
        try PNG.write(b, to: folder + "/b.png", compression: .fast)
        let message = "error: --side-by-side \(folder)/s.png not written: the three images side by side would be 1200016x1 pixels, more than an image this tool writes or reads (16384x16384 pixels, 1,000,000 a side); write the diff alone with -o\n"
        let run = try CLI.run(["diff", folder + "/a.png", folder + "/b.png", "-o", folder + "/d.png", "--side-by-side", folder + "/s.png"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.png", "b.png"])
        // Only the header is read first: a file whose pixel data is cut off is refused for its
        // size all the same.
        let bytes = try FileIO.read(folder + "/b.png")
        try FileIO.writeAtomically(Array(bytes.prefix(40)), to: folder + "/b.png")
        let cut = try CLI.run(["diff", folder + "/a.png", folder + "/b.png", "-o", folder + "/d.png", "--side-by-side", folder + "/s.png"])
        #expect(cut.status == 2)
        #expect(cut.stderr == message)
        // The same images from standard input are refused after decoding, with the same words.
        try FileIO.writeAtomically(bytes, to: folder + "/b.png")
        let piped = try Self.run(["diff", folder + "/a.png", "-", "-o", folder + "/d.png", "--side-by-side", folder + "/s.png"], input: folder + "/b.png")
        #expect(piped.status == 2)
        #expect(piped.stderr == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.png", "b.png"])
    }

    /// Runs `blueprint` with standard input from the file `input` (in the repository folder,
    /// or `folder`).
    static func run(_ arguments: [String], input: String, in folder: URL = CLI.repository) throws -> CLI.Run {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = try #require(FileHandle(forReadingAtPath: input))
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A header claiming 16384x16384 over a few bytes of data is refused before its gigabyte of
    /// pixels is allocated: under a 600 MB limit of memory the command says why, as it does
    /// without one (it aborted, having asked for 1 GB, and took 4.3 s without a limit).
    @Test func aHeaderClaimingMoreThanItsDataHoldsAllocatesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = try FileIO.read(CLI.fixture("invalid/good.png"))
        let zeros: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x18, 0x05, 0xA3, 0x60, 0x14, 0x0C, 0x77, 0x00, 0x00, 0x03, 0xE8, 0x00, 0x01]
        let bomb = Array(good[0..<8]) + pngChunk("IHDR", [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0]) + pngChunk("IDAT", zeros) + pngChunk("IEND", [])
        try FileIO.writeAtomically(bomb, to: folder + "/bomb.png")
        let message = "error: \(folder)/bomb.png: not a readable PNG: Not enough image data: a 16384x16384 8-bit RGBA image takes at least 1073741824 bytes, more than the 17 bytes of its IDAT chunks could hold (deflate inflates at most 1032 to 1)\n"
        for pair in [[folder + "/bomb.png", folder + "/bomb.png"], [CLI.fixture("invalid/good.png"), folder + "/bomb.png"]] {
            let run = try Golden.run(["-c", "ulimit -v 600000 && exec \"$0\" \"$@\"", CLI.binary.path, "diff"] + pair,
                                     environment: [:], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 2)
            #expect(run.stderr == message)
        }
    }

    /// An image 1 pixel wide and 268,435,456 tall (or the other way round) has no more pixels
    /// than 16384x16384, which is read: it is refused for its side, past libpng's million, and
    /// said so (it was "1x268435456 pixels is more than the limit of 268435456 pixels").
    @Test func aSidePastAMillionIsRefusedForItsSide() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = try FileIO.read(CLI.fixture("invalid/good.png"))
        let zeros: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x18, 0x05, 0xA3, 0x60, 0x14, 0x0C, 0x77, 0x00, 0x00, 0x03, 0xE8, 0x00, 0x01]
        for (name, width, height, message) in [
            ("tall", 1, 268435456, "1x268435456 pixels: its height, 268435456, is more than the limit of 1000000 pixels a side"),
            ("wide", 268435456, 1, "268435456x1 pixels: its width, 268435456, is more than the limit of 1000000 pixels a side"),
            ("large", 16385, 16384, "16385x16384 pixels is more than the limit of 268435456 pixels"),
        ] {
            let image = Array(good[0..<8]) + pngChunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
                + pngChunk("IDAT", zeros) + pngChunk("IEND", [])
            try FileIO.writeAtomically(image, to: folder + "/\(name).png")
            let run = try CLI.run(["diff", folder + "/\(name).png", folder + "/\(name).png"])
            #expect(run.status == 2)
            #expect(run.stderr == "error: \(folder)/\(name).png: \(message)\n")
        }
    }

    /// `-` reads an image from standard input (either one, not both); a named pipe or a device
    /// given by name is refused at once, not opened (opening a pipe waits for a writer for ever).
    @Test func standardInputIsReadAndPipesAreRefused() throws {
        let a = "\(Self.pairs)/shifted-box/expected.png", b = "\(Self.pairs)/shifted-box/actual.png"
        let expected = "different: 98 of 48x48 pixels differ (4.25%), 0 anti-aliased, bounds 5,10 35x33\n"
        let first = try Self.run(["diff", "-", b], input: CLI.repository.appendingPathComponent(a).path)
        #expect(first.status == 1)
        #expect(first.stdout == expected)
        let second = try Self.run(["diff", a, "-"], input: CLI.repository.appendingPathComponent(b).path)
        #expect(second.status == 1)
        #expect(second.stdout == expected)
        let notPNG = try Self.run(["diff", a, "-"], input: CLI.repository.appendingPathComponent("fixtures/login-form.layout").path)
        #expect(notPNG.status == 2)
        #expect(notPNG.stderr == "error: standard input: not a readable PNG: Not a PNG file\n")
        // A file named `-` in the current folder is not what `-` reads, nor whose size is
        // checked ahead (a 600000x1 image there would refuse the composite).
        let dashFolder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dashFolder) }
        try PNG.write(Bitmap(width: 600_000, height: 1, color: .white), to: dashFolder + "/-", compression: .fast)
        let dash = try Self.run(["diff", "-", CLI.repository.appendingPathComponent(b).path, "--side-by-side", dashFolder + "/s.png"],
                                input: CLI.repository.appendingPathComponent(a).path, in: URL(fileURLWithPath: dashFolder))
        #expect(dash.status == 1, "\(dash.stderr)")
        #expect(dash.stdout == expected + "wrote \(dashFolder)/s.png\n")
        let both = try CLI.run(["diff", "-", "-"])
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: the expected and the actual image cannot both be standard input (-); give one as a file\n"))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo.png", 0o644) == 0)
        let start = Date()
        let fifo = try CLI.run(["diff", a, folder + "/fifo.png"])
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(fifo.status == 2)
        #expect(fifo.stderr == "error: \(folder)/fifo.png: cannot read: it is not a regular file (a pipe, a socket or a device)\n")
    }

    /// Two images of other shapes whose diff image (the wider width by the taller height) would
    /// be past what the tool writes and reads: no image is written, and the error says why
    /// (a 1,000,000x268 against a 268x1,000,000 asked for 4 TB).
    @Test func aDiffImageTooLargeForItsShapesIsRefusedBeforeAnythingIsWritten() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PNG.write(Bitmap(width: 20_000, height: 1, color: .white), to: folder + "/row.png", compression: .fast)
        try PNG.write(Bitmap(width: 1, height: 20_000, color: .white), to: folder + "/column.png", compression: .fast)
        let run = try CLI.run(["diff", folder + "/row.png", folder + "/column.png", "-o", folder + "/d.png", "--side-by-side", folder + "/s.png"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: -o \(folder)/d.png not written: the diff of a 20000x1 and a 1x20000 image would be 20000x20000 pixels, more than an image this tool writes or reads (16384x16384 pixels, 1,000,000 a side); compare them without images\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.png") && !FileManager.default.fileExists(atPath: folder + "/s.png"))
        // Without images the comparison stands: the sizes differ.
        let plain = try CLI.run(["diff", folder + "/row.png", folder + "/column.png"])
        #expect(plain.status == 1)
    }

    @Test func noDiffImageWhenNothingDiffers() throws {
        let folder = try CLI.temporaryFolder()
        let run = try CLI.run(["diff", "\(Self.pairs)/identical/expected.png", "\(Self.pairs)/identical/actual.png", "-o", folder + "/diff.png"])
        #expect(run.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        try FileManager.default.removeItem(atPath: folder)
    }

    @Test func jsonFormat() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/text-changed/expected.png", "\(Self.pairs)/text-changed/actual.png", "--format", "json"])
        #expect(run.status == 1)
        #expect(run.stdout == #"{"width":64,"height":40,"differentPixels":10,"antialiasedPixels":32,"bounds":{"x":50,"y":12,"width":6,"height":14},"different":true,"differentRatio":0.00390625,"expected":{"width":64,"height":40},"actual":{"width":64,"height":40},"written":[]}"# + "\n")
    }

    @Test func jsonBoundsAreNullWhenSame() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/circle-aa/expected.png", "\(Self.pairs)/circle-aa/actual.png", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.stdout == #"{"width":50,"height":50,"differentPixels":0,"antialiasedPixels":61,"bounds":null,"different":false,"differentRatio":0.0,"expected":{"width":50,"height":50},"actual":{"width":50,"height":50},"written":[]}"# + "\n")
    }

    @Test func tolerancesDecideTheExitStatus() throws {
        let a = "\(Self.pairs)/shifted-box/expected.png", b = "\(Self.pairs)/shifted-box/actual.png"
        #expect(try CLI.run(["diff", a, b, "--max-diff-pixels", "98"]).status == 0)
        #expect(try CLI.run(["diff", a, b, "--max-diff-pixels", "97"]).status == 1)
        #expect(try CLI.run(["diff", a, b, "--max-diff-ratio", "0.05"]).status == 0)
        #expect(try CLI.run(["diff", a, b, "--threshold", "0.5"]).stdout.hasPrefix("different: 28 of 48x48"))
        let aa = try CLI.run(["diff", "\(Self.pairs)/circle-aa/expected.png", "\(Self.pairs)/circle-aa/actual.png", "--include-antialiasing"])
        #expect(aa.status == 1)
        #expect(aa.stdout.hasPrefix("different: 61 of 50x50"))
    }

    /// The issue's case: two images that differ in transparency alone.
    @Test func transparencyAloneDiffersOverTheCheckerboard() throws {
        let a = "\(Self.pairs)/transparency/expected.png", b = "\(Self.pairs)/transparency/actual.png"
        let checkerboard = try CLI.run(["diff", a, b])
        #expect(checkerboard.status == 1)
        #expect(checkerboard.stdout == "different: 480 of 40x24 pixels differ (50.00%), 0 anti-aliased, bounds 0,0 40x12\n")
        let white = try CLI.run(["diff", a, b, "--no-checkerboard"])
        #expect(white.status == 1)
        #expect(white.stdout == "different: 240 of 40x24 pixels differ (25.00%), 0 anti-aliased, bounds 20,0 20x12\n")
        #expect(try CLI.run(["diff", a, b, "--checkerboard", "--threshold", "0.5"]).stdout.hasPrefix("different: 122 of 40x24"))
    }

    /// Every drawing option at once reproduces pixelmatch 7.2's own diff image, and so does the mask.
    @Test(arguments: [
        ("text-subpixel", "pixelmatch-diff-styled", ["--threshold", "0.05", "--alpha", "0.5", "--aa-color", "0,200,0",
                                                     "--diff-color", "200, 0, 200", "--diff-color-alt", "#000080", "--no-checkerboard"]),
        ("alpha", "pixelmatch-diff-styled", ["--threshold", "0.05", "--alpha", "0.5", "--aa-color", "#00C800",
                                             "--diff-color", "200,0,200", "--diff-color-alt", "0,0,128", "--no-checkerboard"]),
        ("alpha-edges", "pixelmatch-diff-aa", ["--threshold", "0", "--include-antialiasing", "--alpha", "1", "--diff-color-alt", "255,0,0"]),
        ("text-changed", "pixelmatch-diff-mask", ["--diff-mask"]),
        ("transparency", "pixelmatch-diff", ["--diff-color-alt", "255,0,0"]),
    ])
    func diffImageOptionsMatchPixelmatch(pair: String, image: String, options: [String]) throws {
        let folder = try CLI.temporaryFolder()
        let run = try CLI.run(["diff", "\(Self.pairs)/\(pair)/expected.png", "\(Self.pairs)/\(pair)/actual.png", "-o", folder + "/diff.png"] + options)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let theirs = try PNG.read(path: CLI.fixture("pairs/\(pair)/\(image).png"))
        #expect(try PNG.read(path: folder + "/diff.png") == theirs)
        try FileManager.default.removeItem(atPath: folder)
    }

    @Test func differentSizesAreADifference() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/identical/expected.png", "\(Self.pairs)/thin/actual.png"])
        #expect(run.status == 1)
        #expect(run.stdout == "different: sizes differ (expected 32x32, actual 3x40): 1247 of 32x40 pixels differ (97.42%), 4 anti-aliased, bounds 0,0 32x40\n")
    }

    @Test func unreadableFilesExitTwo() throws {
        let good = "\(Self.pairs)/identical/actual.png"
        let cases: [(String, String)] = [
            ("fixtures/diff/invalid/missing.png", "error: fixtures/diff/invalid/missing.png: cannot open: No such file or directory\n"),
            ("fixtures/diff/invalid/empty.png", "error: fixtures/diff/invalid/empty.png: empty file, not a PNG\n"),
            ("fixtures/diff/invalid/truncated.png", "error: fixtures/diff/invalid/truncated.png: not a readable PNG: truncated PNG: the file ends inside its IDAT chunk (it claims 295 bytes, 135 follow)\n"),
            ("fixtures/diff/invalid/bad-crc.png", "error: fixtures/diff/invalid/bad-crc.png: not a readable PNG: IDAT: CRC error\n"),
            ("fixtures/diff/invalid/bomb.png", "error: fixtures/diff/invalid/bomb.png: 100000x100000 pixels is more than the limit of 268435456 pixels\n"),
        ]
        for (file, message) in cases {
            let run = try CLI.run(["diff", good, file])
            #expect(run.status == 2)
            #expect(run.stderr == message)
            #expect(run.stdout == "")
        }
    }

    /// Both files are decoded at once; when both are bad, the expected image's error is the one
    /// reported, as when they were read one after the other.
    @Test func twoUnreadableFilesReportTheFirst() throws {
        let run = try CLI.run(["diff", "fixtures/diff/invalid/empty.png", "fixtures/diff/invalid/truncated.png"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: fixtures/diff/invalid/empty.png: empty file, not a PNG\n")
        let swapped = try CLI.run(["diff", "fixtures/diff/invalid/truncated.png", "fixtures/diff/invalid/empty.png"])
        #expect(swapped.stderr == "error: fixtures/diff/invalid/truncated.png: not a readable PNG: truncated PNG: the file ends inside its IDAT chunk (it claims 295 bytes, 135 follow)\n")
    }

    @Test func unwritableDiffImageExitsTwo() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/shifted-box/expected.png", "\(Self.pairs)/shifted-box/actual.png", "-o", "/nonexistent-folder/diff.png"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: -o /nonexistent-folder/diff.png: there is no folder /nonexistent-folder\n"))
    }

    /// `-o -` writes the diff image to standard output and the report to standard error.
    @Test func aDiffImageToStandardOutput() throws {
        let run = try CLI.run(["diff", "\(Self.pairs)/shifted-box/expected.png", "\(Self.pairs)/shifted-box/actual.png", "-o", "-"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("PNG") && run.stdout.contains("IHDR"), "a PNG")
        #expect(run.stderr.hasPrefix("different: "))
        #expect(run.stderr.hasSuffix("wrote standard output\n"), "\(run.stderr)")
    }

    @Test(arguments: [
        (["diff", "a.png"], "Error: Missing expected argument '<actual.png>'"),
        (["diff", "--threshold", "2", "a", "b"], "Error: --threshold must be between 0 and 1, not 2.0."),
        (["diff", "--threshold", "abc", "a", "b"], "Error: The value 'abc' is invalid for '--threshold <T>'"),
        (["diff", "--max-diff-pixels=-1", "a", "b"], "Error: --max-diff-pixels must be 0 or more, not -1."),
        (["diff", "--format", "xml", "a", "b"], "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."),
        (["diff", "a", "b", "c"], "Error: Unexpected argument 'c'"),
        (["diff", "--alpha", "1.5", "a", "b"], "Error: --alpha must be between 0 and 1, not 1.5."),
        (["diff", "--alpha", "nan", "a", "b"], "Error: --alpha must be between 0 and 1, not nan."),
        (["diff", "--diff-color", "red", "a", "b"], "Error: --diff-color must be R,G,B (each 0 to 255) or #rrggbb, not 'red'."),
        (["diff", "--diff-color-alt", "256,0,0", "a", "b"], "Error: --diff-color-alt must be R,G,B (each 0 to 255) or #rrggbb, not '256,0,0'."),
        (["diff", "--aa-color", "1,2", "a", "b"], "Error: --aa-color must be R,G,B (each 0 to 255) or #rrggbb, not '1,2'."),
        (["diff", "--aa-color", "#12345g", "a", "b"], "Error: --aa-color must be R,G,B (each 0 to 255) or #rrggbb, not '#12345g'."),
        (["nope"], "Error: Unexpected argument 'nope'"),
    ])
    func usageErrorsExitTwo(arguments: [String], firstLine: String) throws {
        let run = try CLI.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.components(separatedBy: "\n").first == firstLine)
        #expect(run.stdout == "")
    }

    // `diff --help` is compared with fixtures/cli/help-diff.txt by HelpGoldenTests.

    @Test func rootListsDiff() throws {
        let run = try CLI.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("  diff                    Compare two PNG images with a perceptual,"))
    }
}

/// A PNG chunk: its length, type, data and CRC (for headers a test makes up).
private func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in Array(type.utf8) + data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return bigEndian(UInt32(data.count)) + Array(type.utf8) + data + bigEndian(~crc)
}

private func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
