import ArgumentParser
import BlueprintSupport
import Dispatch
import Raster
import BlueprintRender
import Blueprint

/// `blueprint diff A.png B.png`: compares two PNG files the way golden tests do.
struct DiffCommand: ParsableCommand {
    /// The two output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images with a perceptual, pixelmatch-compatible diff.",
        usage: "blueprint diff <expected.png> <actual.png> [-o <diff.png>] [options]",
        discussion: """
            pixelmatch 7.2's algorithm, same counts and diff image: pixels count as different \
            when their YIQ colour distance passes the threshold and the change is not \
            anti-aliasing; semi-transparent pixels are blended over pixelmatch 7's checkerboard \
            (over white with --no-checkerboard, as pixelmatch 5 and 6 did). Images of different \
            sizes are always different. Colours are R,G,B (each 0 to 255) or #rrggbb.

            Examples:
              blueprint diff goldens/login.png /tmp/login.png -o /tmp/login-diff.png
              blueprint diff a.png b.png --threshold 0 --max-diff-pixels 20 --format json
              blueprint diff a.png b.png -o mask.png --diff-mask --diff-color '#ff00ff'

            Exit status: 0 same (within the tolerances), 1 different, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The expected image, for example the golden (- reads standard input).", valueName: "expected.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual image, for example a fresh render (- reads standard input).", valueName: "actual.png"))
    var actual: String

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("Write the diff image here when the images differ (nothing is written when they match; `-` for standard output, the report then on standard error).", valueName: "diff.png"))
    var output: String?

    @Option(name: .customLong("side-by-side"),
            help: ArgumentHelp("Also write expected | actual | diff side by side here when the images differ (`-` for standard output).", valueName: "composite.png"))
    var sideBySide: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Per-pixel colour tolerance from 0 (exact) to 1.", valueName: "T"))
    var threshold: Double = 0.1

    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional,
            help: ArgumentHelp("Still exit 0 with up to this many differing pixels.", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), parsing: .unconditional,
            help: ArgumentHelp("Still exit 0 with up to this share (0 to 1) of differing pixels.", valueName: "R"))
    var maxDiffRatio: Double?

    @Flag(name: .customLong("include-antialiasing"), help: "Count anti-aliased pixels as differences too.")
    var includeAntialiasing = false

    @Flag(inversion: .prefixedNo,
          help: "Blend semi-transparent pixels over pixelmatch 7's checkerboard, or over white with --no-checkerboard.")
    var checkerboard = true

    @Option(parsing: .unconditional, help: ArgumentHelp("Opacity of the expected image in the diff image's grey background, 0 to 1.", valueName: "A"))
    var alpha: Double = 0.1

    @Option(name: .customLong("diff-color"),
            help: ArgumentHelp("Colour of differences in the diff image (where the actual image is lighter).", valueName: "color"))
    var diffColor: String = "255,0,0"

    @Option(name: .customLong("diff-color-alt"),
            help: ArgumentHelp("Colour of differences where the actual image is darker (pixelmatch: same as --diff-color).", valueName: "color"))
    var diffColorAlt: String = "0,102,255"

    @Option(name: .customLong("aa-color"), help: ArgumentHelp("Colour of anti-aliased pixels in the diff image.", valueName: "color"))
    var aaColor: String = "255,255,0"

    @Flag(name: .customLong("diff-mask"), help: "Draw only the differences, over a transparent background.")
    var diffMask = false

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    func validate() throws {
        if expected == "-" && actual == "-" {
            throw ValidationError("the expected and the actual image cannot both be standard input (-); give one as a file")
        }
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be between 0 and 1, not \(threshold).")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must be 0 or more, not \(maxDiffPixels).")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw ValidationError("--max-diff-ratio must be between 0 and 1, not \(maxDiffRatio).")
        }
        guard alpha.isFinite, (0...1).contains(alpha) else {
            throw ValidationError("--alpha must be between 0 and 1, not \(alpha).")
        }
        _ = try style()
        // The diff images are PNG: a name that promises another format is refused.
        for (option, path) in [("-o", output), ("--side-by-side", sideBySide)] {
            guard let path, let ext = OutputFormat.fileExtension(of: path) else { continue }
            if OutputFormat.unwrittenExtension(of: path) != nil || (OutputFormat(path: path) ?? .png) != .png {
                throw ValidationError("\(option) \(SourceDiagnostic.terminalSafe(path)): the diff image is a PNG, and .\(ext) names another format; name the file .png")
            }
        }
        try OutputPaths.check((output.map { [("-o", $0)] } ?? []) + (sideBySide.map { [("--side-by-side", $0)] } ?? []),
                              inputs: [expected, actual].map { $0 == "-" ? "/dev/stdin" : $0 })
    }

    /// The diff image's style from the colour options.
    func style() throws -> DiffImageStyle {
        func color(_ text: String, _ option: String) throws -> RGBA {
            guard let color = RGBA(argument: text) else {
                throw ValidationError("--\(option) must be R,G,B (each 0 to 255) or #rrggbb, not '\(text)'.")
            }
            return color
        }
        return DiffImageStyle(alpha: alpha, differentColor: try color(diffColor, "diff-color"),
                              darkerColor: try color(diffColorAlt, "diff-color-alt"),
                              antialiasedColor: try color(aaColor, "aa-color"), mask: diffMask)
    }

    func run() throws {
        let options = DiffOptions(threshold: threshold, includeAntialiasing: includeAntialiasing,
                                  maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, checkerboard: checkerboard)
        let style = try style()
        let result: DiffResult
        var written: [String] = []
        do {
            // The sizes are checked from the files' headers before anything is decoded (two
            // 9000x10000 images took 6.6 s to be refused), and again from the images (standard
            // input has no header to read ahead).
            var overlap: PixelSize?
            if expected != "-", actual != "-", let e = PNG.headerSize(path: expected), let a = PNG.headerSize(path: actual),
               [e, a].allSatisfy({ (1...PNG.maximumSide).contains($0.width) && (1...PNG.maximumSide).contains($0.height) && $0.width * $0.height <= PNG.defaultMaximumPixelCount }) {
                try checkSizes(expected: e, actual: a)
                // Images of other sizes, no image asked for: only the part they share is
                // compared, and only that part of each is kept as it is decoded (every row is
                // still read and checked). A 16384x16384 file of zeros against a small golden
                // took 2 GB.
                if e != a, output == nil, sideBySide == nil {
                    overlap = PixelSize(width: min(e.width, a.width), height: min(e.height, a.height))
                }
            }
            if let overlap {
                let parts = try Self.read([expected, actual], keep: overlap)
                // The sizes the decoded headers gave (the same as read ahead, or the file
                // changed in between: then compared whole).
                if parts.allSatisfy({ $0.image.width == overlap.width && $0.image.height == overlap.height }) {
                    result = PixelDiff.compare(overlapOf: parts[0].image, parts[1].image, expectedSize: parts[0].size,
                                               actualSize: parts[1].size, options: options)
                    return try finish(result, written: [])
                }
            }
            let images = try Self.read([expected, actual]).map(\.image)
            let (expectedImage, actualImage) = (images[0], images[1])
            try checkSizes(expected: (expectedImage.width, expectedImage.height), actual: (actualImage.width, actualImage.height))
            if let output, sideBySide == nil {
                // Counted while it is drawn, band by band into the encoder on every core: the
                // diff image is never whole in memory, and the pixels are classified once.
                let (compared, bytes) = try PixelDiff.compareWithDiffPNG(expectedImage, actualImage, options: options,
                                                                         style: style, compression: .fast)
                result = compared
                if let bytes {
                    try Self.emit(bytes, to: output)
                    written.append(output == "-" ? "standard output" : output)
                }
            } else {
                result = PixelDiff.compare(expectedImage, actualImage, options: options)
            }
            if !result.matches, let sideBySide {
                let diff = PixelDiff.diffImage(expectedImage, actualImage, options: options, style: style)
                // The writer `-o` alone uses, so the diff image's bytes do not depend on the flags.
                // Both images are written all or none: a file is renamed into place only when
                // the other (a file, a device, standard output, written last) is written too.
                var images: [(bytes: [UInt8], path: String)] = []
                if let output { images.append((try PNGPartsWriter.encode(diff, compression: .fast), output)) }
                let both = PixelDiff.sideBySide(expected: expectedImage, actual: actualImage, diff: diff)
                images.append((try PNGPartsWriter.encode(both, compression: .fast), sideBySide))
                do {
                    try FileIO.writeAtomically(images, dashIsStandardOutput: true)
                } catch {
                    throw RasterError(error)
                }
                written += images.map { $0.path == "-" ? "standard output" : $0.path }
            }
        } catch let error as RasterError {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        try finish(result, written: written)
    }

    /// Prints the report and ends with the verdict's exit status.
    private func finish(_ result: DiffResult, written: [String]) throws {
        // With an image on standard output (`-o -`), the report goes to standard error.
        let imageOnStandardOutput = output == "-" || sideBySide == "-"
        var report: String
        switch format {
        case .text: report = DiffReport.text(result, written: written)
        case .json: report = DiffReport.json(result, written: written) + "\n"
        }
        if imageOnStandardOutput {
            if report.hasSuffix("\n") { report.removeLast() }
            Entry.printError(report)
        } else {
            print(report, terminator: "")
        }
        if !result.matches { throw ExitCode(1) }
    }

    /// Refuses (exit status 2, before anything is written) outputs too large to make: the
    /// diff image covers both images (the wider width, the taller height), so two images of
    /// other shapes may make one this tool could neither hold nor read back (a 1,000,000x268
    /// against a 268x1,000,000 asked for 4 TB); the composite is three images wide.
    func checkSizes(expected e: (width: Int, height: Int), actual a: (width: Int, height: Int)) throws {
        let w = max(e.width, a.width), h = max(e.height, a.height)
        if output != nil || sideBySide != nil, !PixelDiff.diffImageFits(expected: e, actual: a) {
            Entry.printError("error: \(output.map { "-o \($0)" } ?? "--side-by-side \(sideBySide!)") not written: the diff of a \(e.width)x\(e.height) and a "
                + "\(a.width)x\(a.height) image would be \(w)x\(h) pixels, more than an image this tool writes or reads "
                + "(16384x16384 pixels, 1,000,000 a side); compare them without images")
            throw ExitCode(2)
        }
        // A run that exits 2 leaves no output behind: the composite is refused before `-o`
        // is written, not after.
        if let sideBySide, !PixelDiff.sideBySideFits(expected: e, actual: a) {
            let (w, h) = PixelDiff.sideBySideSize(expected: e, actual: a)
            Entry.printError("error: --side-by-side \(sideBySide) not written: the three images side by side would be \(w)x\(h) pixels, more than an image this tool writes or reads (16384x16384 pixels, 1,000,000 a side); write the diff alone with -o")
            throw ExitCode(2)
        }
    }

    /// Writes an image atomically, or to standard output for `-`.
    static func emit(_ bytes: [UInt8], to path: String) throws {
        do {
            try FileIO.writeAtomically([(bytes, path)], dashIsStandardOutput: true)
        } catch {
            throw RasterError(error)
        }
    }
}

extension DiffCommand {
    /// Reads and decodes the files on as many threads as there are files (each decode is one
    /// thread's work in libpng, and two 4096 × 4096 decodes are most of a diff's time). When
    /// several fail, the error of the first in `paths` is thrown, as a one-by-one read would.
    /// With `keep`, only that top-left part of each image is kept, and `size` is the whole
    /// image's (the plain reader gives it from the header it checked).
    static func read(_ paths: [String], keep: PixelSize? = nil) throws -> [(image: Bitmap, size: PixelSize)] {
        // Every slot is overwritten by its thread; the placeholder is never returned.
        var results = [Result<(image: Bitmap, size: PixelSize), any Error>](repeating: .failure(CancellationError()), count: paths.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                // A named pipe or a device is refused, not opened (opening a pipe waits for a
                // writer for ever); `-` is standard input.
                slots[index] = Result {
                    paths[index] == "-" ? try PNG.readWithSize(path: "standard input", regularOnly: false, standardInput: true, keep: keep)
                        : try PNG.readWithSize(path: paths[index], regularOnly: true, keep: keep)
                }
            }
        }
        return try results.map { try $0.get() }
    }
}

extension RGBA {
    /// Parses a colour option: `R,G,B` with each 0...255 (spaces allowed), or `#rrggbb`. Opaque.
    init?(argument text: String) {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            self.init(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { UInt8($0.trimmingCharacters(in: " ")) }
        guard parts.count == 3, let r = parts[0], let g = parts[1], let b = parts[2] else { return nil }
        self.init(r, g, b)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var text = self
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return text
    }
}
