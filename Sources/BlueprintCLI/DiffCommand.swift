import ArgumentParser
import Raster

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
            Pixels count as different when their YIQ colour distance passes the threshold and \
            the change is not anti-aliasing. Images of different sizes are always different.

            Examples:
              blueprint diff goldens/login.png /tmp/login.png -o /tmp/login-diff.png
              blueprint diff a.png b.png --threshold 0 --max-diff-pixels 20 --format json

            Exit status: 0 same (within the tolerances), 1 different, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The expected image, for example the golden.", valueName: "expected.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The actual image, for example a fresh render.", valueName: "actual.png"))
    var actual: String

    @Option(name: [.short, .customLong("output")],
            help: ArgumentHelp("Write the diff image here when the images differ (nothing is written when they match).", valueName: "diff.png"))
    var output: String?

    @Option(name: .customLong("side-by-side"),
            help: ArgumentHelp("Also write expected | actual | diff side by side here when the images differ.", valueName: "composite.png"))
    var sideBySide: String?

    @Option(help: ArgumentHelp("Per-pixel colour tolerance from 0 (exact) to 1.", valueName: "T"))
    var threshold: Double = 0.1

    @Option(name: .customLong("max-diff-pixels"),
            help: ArgumentHelp("Still exit 0 with up to this many differing pixels.", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"),
            help: ArgumentHelp("Still exit 0 with up to this share (0 to 1) of differing pixels.", valueName: "R"))
    var maxDiffRatio: Double?

    @Flag(name: .customLong("include-antialiasing"), help: "Count anti-aliased pixels as differences too.")
    var includeAntialiasing = false

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "format"))
    var format: Format = .text

    func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be between 0 and 1, not \(threshold).")
        }
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw ValidationError("--max-diff-pixels must be 0 or more, not \(maxDiffPixels).")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw ValidationError("--max-diff-ratio must be between 0 and 1, not \(maxDiffRatio).")
        }
    }

    func run() throws {
        let options = DiffOptions(threshold: threshold, includeAntialiasing: includeAntialiasing,
                                  maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
        let result: DiffResult
        var written: [String] = []
        do {
            let expectedImage = try PNG.read(path: expected)
            let actualImage = try PNG.read(path: actual)
            result = PixelDiff.compare(expectedImage, actualImage, options: options)
            if !result.matches, output != nil || sideBySide != nil {
                let diff = PixelDiff.diffImage(expectedImage, actualImage, options: options)
                if let output {
                    try PNG.write(diff, to: output, compression: .fast)
                    written.append(output)
                }
                if let sideBySide {
                    let composite = PixelDiff.sideBySide(expected: expectedImage, actual: actualImage, diff: diff)
                    try PNG.write(composite, to: sideBySide, compression: .fast)
                    written.append(sideBySide)
                }
            }
        } catch let error as RasterError {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        switch format {
        case .text: print(DiffReport.text(result, written: written), terminator: "")
        case .json: print(DiffReport.json(result, written: written))
        }
        if !result.matches { throw ExitCode(1) }
    }
}
