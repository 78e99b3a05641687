// What the strategy's parameters are made of (`Tolerance`, `RenderOptions`, `Theme`, `View`)
// comes with `import BlueprintSnapshotTesting`: a test needs no other import of this package.
@_exported import Blueprint
@_exported import BlueprintCheck
@_exported import BlueprintRender
import BlueprintSupport
import Foundation
import Raster
import SnapshotTesting
import Testing

extension Snapshotting where Value == Blueprint.View, Format == Data {
    /// The diagram of a view tree as a PNG reference, compared pixel by pixel with pixelmatch's
    /// rules (the same check as `assertLayoutSnapshot`):
    ///
    /// ```swift
    /// assertSnapshot(of: try loginScreen(), as: .blueprint)
    /// ```
    ///
    /// The reference carries the solved frames in a PNG text chunk, so a failure says what moved
    /// (`Frames: card.width 320 → 304`), how many pixels differ and where, and writes the diff
    /// image and expected | actual | diff side by side to the artifacts folder
    /// (`BLUEPRINT_ARTIFACTS`, else `.build/blueprint-artifacts` of the package being tested).
    public static var blueprint: Snapshotting { .blueprint() }

    /// The diagram of a view tree as a PNG reference, drawn with these options.
    ///
    /// - Parameters:
    ///   - scale: pixels per point, 1 to 3 (default 2).
    ///   - theme: colours (default light).
    ///   - constraints: which constraints to draw (default all).
    ///   - legend: whether to draw the legend (default true).
    ///   - tolerance: how different the render may be (default exact).
    /// - Returns: a strategy for `assertSnapshot(of:as:)`.
    public static func blueprint(scale: Int = 2, theme: Theme = .light, constraints: RenderOptions.Constraints = .all,
                                 legend: Bool = true, tolerance: Tolerance = .exact) -> Snapshotting {
        let options = RenderOptions(scale: scale, theme: theme, constraints: constraints, legend: legend)
        return Snapshotting(pathExtension: "png", diffing: .blueprintDiagram(tolerance: tolerance, scale: scale)) { root in
            BlueprintReference.png(of: root, options: options)
        }
    }
}

extension Diffing where Value == Data {
    /// PNG references compared as `assertLayoutSnapshot` compares them: equal bytes match; else
    /// the pixels are compared within `tolerance`, and a mismatch is described with the numbers,
    /// the frames that moved and the paths of the diff and composite images.
    public static func blueprintDiagram(tolerance: Tolerance = .exact, scale: Int = 2) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, render in
            BlueprintReference.compare(reference: [UInt8](reference), render: [UInt8](render), tolerance: tolerance, scale: scale)
        }
    }
}

/// Drawing a reference and comparing two of them.
enum BlueprintReference {
    /// The `tEXt` keyword under which a reference keeps its frames.
    static let framesKeyword = "blueprint:frames"

    /// The PNG of a tree, with its frames inside. A tree that cannot be drawn gives an empty
    /// reference, which the comparison reports with the reason.
    static func png(of root: Blueprint.View, options: RenderOptions) -> Data {
        do {
            let diagram = try Diagram(root: root, options: options)
            let png = try diagram.image().png(compression: .compact)
            let frames = FrameRecord(root: root, report: diagram.layoutReport)
            return Data(PNGTextChunk.inserting(keyword: framesKeyword, text: frames.json, into: png))
        } catch {
            return Data("blueprint: the layout could not be drawn: \(error)".utf8)
        }
    }

    /// nil when the render matches the reference; else the message and the diff images.
    static func compare(reference: [UInt8], render: [UInt8], tolerance: Tolerance,
                        scale: Int) -> (String, [DiffAttachment])? {
        if reference == render { return nil }
        if let problem = Self.problem(render) { return (problem, []) }
        do {
            try tolerance.validate()
        } catch {
            return (error.description, [])
        }
        let expected: Bitmap, actual: Bitmap
        do {
            expected = try PNG.decode(reference)
            actual = try PNG.decode(render)
        } catch {
            return ("the reference is not a readable PNG (\(error)); record it again", [])
        }
        let diff = PixelDiff.compare(expected, actual, options: tolerance.diffOptions)
        if diff.matches { return nil }

        var outcome = SnapshotOutcome(status: .different, location: GoldenLocation(image: "the reference"), mode: .never,
                                      tolerance: tolerance, scale: scale, recordHint: "SNAPSHOT_TESTING_RECORD={mode}")
        outcome.diff = diff
        outcome.expectedWord = "reference"
        if let old = frames(in: reference), let new = frames(in: render) {
            outcome.frameChanges = new.changes(from: old)
        } else {
            outcome.framesNote = "none inside the reference (it was recorded without them)"
        }
        // Named after the Swift Testing test that failed (`LoginTests.login()` →
        // `LoginTests.login-<digest>`) when there is one; the render's digest tells a test's
        // snapshots apart (the strategy is not told the reference's name).
        let base = FileSystem.join(artifactsFolder(), (currentTestName().map { $0 + "-" } ?? "snapshot-")
                                   + FrameRecord.digest(of: render).suffix(16))
        var attachments: [DiffAttachment] = []
        do {
            try FileSystem.createDirectories(FileSystem.directory(of: base))
            // No composite when it would be too large to make: the diff alone.
            let composite = PixelDiff.sideBySideFits(expected, actual) ? base + ".composite.png" : nil
            try GoldenCheck.writeComparison(expected: expected, actual: actual, options: tolerance.diffOptions,
                                            diff: base + ".diff.png", composite: composite)
            outcome.diffPath = base + ".diff.png"
            outcome.compositePath = composite
            for (path, name) in [(base + ".diff.png", "diff")] + (composite.map { [($0, "composite")] } ?? []) {
                attachments.append(.data(Data(try FileIO.read(path)), name: name))
            }
        } catch {
            outcome.problem = .artifactsNotWritten("\(error)")
        }
        return (outcome.message, attachments)
    }

    /// The running Swift Testing test as a file name (`LoginTests.login`), or nil (XCTest, or
    /// outside a test).
    static func currentTestName() -> String? {
        guard let test = Test.current else { return nil }
        let file = FileSystem.fileName(of: test.sourceLocation.fileName)
        let stem = file.hasSuffix(".swift") ? String(file.dropLast(6)) : file
        let function = test.name.prefix { $0 != "(" }
        let name = stem + "." + function
        return String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    /// Why a render is not an image (the tree could not be drawn), if it is not.
    static func problem(_ render: [UInt8]) -> String? {
        render.starts(with: PNGTextChunk.signature) ? nil : String(decoding: render, as: UTF8.self)
    }

    /// The frames inside a reference.
    static func frames(in png: [UInt8]) -> FrameRecord? {
        guard let text = PNGTextChunk.text(keyword: framesKeyword, in: png) else { return nil }
        do { return try FrameRecord(json: Array(text.utf8)) } catch { return nil }
    }

    /// `BLUEPRINT_ARTIFACTS`, else `.build/blueprint-artifacts` of the package the tests run in
    /// (`swift test` runs in the package's folder), else of the current folder.
    static func artifactsFolder() -> String {
        let environment = FileSystem.environment
        if let asked = environment[GoldenCheck.artifactsVariable], !asked.isEmpty { return asked }
        let here = FileSystem.currentDirectory
        return FileSystem.join(FileSystem.packageRoot(above: here) ?? here, ".build/blueprint-artifacts")
    }
}
