#if canImport(Glibc)
import BlueprintSupport
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Blueprint
import BlueprintRender
import Dispatch
import Raster
import Synchronization

/// Which test checks a golden (see ``GoldenCheck/owner``).
package struct SnapshotOwner: Sendable {
    /// The test's identity (suite and function).
    package var test: String
    /// Whether it is one case of a parameterized test (its cases share the identity).
    package var parameterized: Bool

    package init(test: String, parameterized: Bool) {
        self.test = test
        self.parameterized = parameterized
    }
}

/// One golden check: render a view tree, compare it with its golden, record when the mode
/// says so, and write the artifacts of a failure. Imports no test framework: XCTest, Swift
/// Testing and `blueprint check` all run this.
///
/// A render whose PNG bytes equal the golden's costs one render and one `memcmp`; the golden
/// is decoded and diffed only when the bytes differ.
public struct GoldenCheck: Sendable {
    /// The golden image, its frames and its artifacts' name.
    public var location: GoldenLocation
    /// How the layout is drawn (scale, theme, which constraints, legend): as the golden was.
    public var options: RenderOptions
    /// How different the render may be and still pass.
    public var tolerance: Tolerance
    /// The mode asked for; `BLUEPRINT_RECORD` in ``environment`` overrides it.
    public var record: RecordMode?
    /// Where failures' images go; nil: `BLUEPRINT_ARTIFACTS`, else `.build/blueprint-artifacts`
    /// in the package that holds the golden (the nearest folder above it with a `Package.swift`;
    /// without one, in the golden's own folder). Never a folder shared by every package.
    public var artifacts: String?
    /// The environment the mode and the artifacts folder are read from.
    public var environment: [String: String]
    /// How to record, with `{mode}` for the mode: `BLUEPRINT_RECORD={mode} swift test --filter LoginTests`.
    public var recordHint: String

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - location: the golden, its frames and its artifacts' name.
    ///   - options: how to draw (scale, theme, constraints, legend).
    ///   - tolerance: how different the render may be (default exact).
    ///   - record: the record mode asked for (nil: `missing`, or `never` on CI).
    ///   - artifacts: the artifacts folder (nil: see ``artifacts``).
    ///   - environment: where `BLUEPRINT_RECORD`, `BLUEPRINT_ARTIFACTS` and `CI` are read (nil:
    ///     the process's environment).
    ///   - recordHint: how to record, with `{mode}` for the mode.
    public init(location: GoldenLocation, options: RenderOptions = RenderOptions(), tolerance: Tolerance = .exact,
                record: RecordMode? = nil, artifacts: String? = nil, environment: [String: String]? = nil,
                recordHint: String = "BLUEPRINT_RECORD={mode}") {
        self.location = location
        self.options = options
        self.tolerance = tolerance
        self.record = record
        self.artifacts = artifacts
        self.environment = environment ?? FileSystem.environment
        self.recordHint = recordHint
    }

    /// The environment variable naming the artifacts folder.
    public static let artifactsVariable = "BLUEPRINT_ARTIFACTS"

    /// The artifacts folder in effect.
    public var artifactsFolder: String {
        Self.artifactsFolder(artifacts, environment: environment, fallback: location.defaultArtifactsFolder)
    }

    /// The folder asked for, else `BLUEPRINT_ARTIFACTS` when set and not empty, else `fallback`.
    package static func artifactsFolder(_ asked: String?, environment: [String: String], fallback: String) -> String {
        if let asked { return asked }
        if let value = environment[artifactsVariable], !value.isEmpty { return value }
        return fallback
    }

    /// An outcome of this check that failed before comparing anything (the tree could not be
    /// read, the settings are wrong): status `error` with `problem` as its reason.
    public func failure(_ problem: CheckProblem, mode: RecordMode = .never) -> SnapshotOutcome {
        var outcome = blankOutcome(mode: mode)
        outcome.problem = problem
        return outcome
    }

    /// An outcome of this check with nothing found yet.
    private func blankOutcome(mode: RecordMode) -> SnapshotOutcome {
        SnapshotOutcome(status: .error, location: location, mode: mode, tolerance: tolerance, scale: options.scale, recordHint: recordHint)
    }

    /// The test each golden was checked by in this process and with which picture, by path.
    private static let claims = Mutex<[String: (owner: SnapshotOwner, pixels: String)]>([:])

    /// Records that `golden` is checked by `owner` with the picture `pixels`; false when
    /// another snapshot already checked it with another picture in this process: another test,
    /// or another case of the same parameterized test. (The same picture again, a repeated
    /// test, is fine; so is one test checking one golden again after changing its tree.)
    static func claim(_ golden: String, pixels: String, owner: SnapshotOwner?) -> Bool {
        guard let owner else { return true }
        let key = FileSystem.absolute(golden)
        return claims.withLock { table in
            if let earlier = table[key] {
                // The first test to check a golden keeps it.
                if earlier.pixels == pixels { return true }
                if earlier.owner.test != owner.test || owner.parameterized { return false }
            }
            table[key] = (owner, pixels)
            return true
        }
    }

    /// The test that runs this check, when it is known (`assertLayoutSnapshot` in Swift
    /// Testing): two tests, or two cases of one, that check one golden with different pictures
    /// fail with ``CheckProblem/goldenSharedByAnotherSnapshot``.
    package var owner: SnapshotOwner?

    /// Checks `root` against the golden. Never throws: every problem is an outcome with
    /// status `error` and a message saying where and why.
    public func run(root: View) -> SnapshotOutcome {
        do {
            try tolerance.validate()
        } catch {
            return failure(.invalidTolerance(error))
        }
        let mode: RecordMode
        do {
            mode = try RecordMode.resolve(record, environment: environment)
        } catch {
            return failure(.invalidRecordMode(error))
        }
        var outcome = blankOutcome(mode: mode)
        let image: DiagramImage, report: LayoutReport
        do {
            let diagram = try Diagram(root: root, options: options)
            image = try diagram.image()
            report = diagram.layoutReport
        } catch {
            outcome.problem = .undrawable("\(error)")
            return outcome
        }
        if !report.isClean { outcome.layoutProblems = report.problemSummary }
        let golden: [UInt8]?
        do {
            golden = try Self.readIfPresent(location.image, signature: Self.pngSignature)
        } catch {
            outcome.problem = .unreadableGolden("\(error)")
            return outcome
        }
        let pixels = image.pixelDigest
        // Two snapshots of one golden with different pictures would record and fail each other
        // for ever (whichever ran last wins): the second is an error that says so.
        if !Self.claim(location.image, pixels: pixels, owner: owner) {
            outcome.problem = .goldenSharedByAnotherSnapshot
            return outcome
        }
        let frames = {
            var record = FrameRecord(root: root, report: report)
            record.pixels = pixels
            return record
        }

        // The fastest path: the frames beside the golden record these very pixels, and the
        // golden is the image they were recorded with. No PNG is encoded.
        if let golden, mode != .all, let stored = storedFrames(), stored.pixels == pixels,
           stored.image == FrameRecord.digest(of: golden) {
            removeArtifacts()
            outcome.status = .identical
            return outcome
        }
        let png: [UInt8]
        do {
            png = try image.png(compression: .fast)
        } catch {
            outcome.problem = .undrawable("\(error)")
            return outcome
        }

        // The fast path: the same bytes.
        if let golden, Self.same(golden, png) {
            // The image is right; its frames are written when missing (any mode that records)
            // or out of date (`all`, which compares them).
            if mode == .all {
                var current = frames()
                current.image = FrameRecord.digest(of: golden)
                if (try? Self.readIfPresent(location.frames)) != Array(current.json.utf8) {
                    return record(png: nil, frames: current, replacing: true, diff: nil, outcome: outcome)
                }
            } else if mode != .never, !FileSystem.exists(location.frames) {
                return record(png: nil, frames: frames(), replacing: true, diff: nil, outcome: outcome)
            }
            removeArtifacts()
            outcome.status = .identical
            return outcome
        }
        guard let golden else {
            if mode == .never {
                outcome.status = .missing
                writeArtifacts(actual: png, comparing: nil, into: &outcome)
                return outcome
            }
            return record(png: png, frames: frames(), replacing: false, diff: nil, outcome: outcome)
        }
        if mode == .all {
            // Rewriting regardless: the frames say what moved; decoding and diffing the old
            // golden would only add pixel counts to the message.
            let current = frames()
            readFrameChanges(current, golden: golden, into: &outcome)
            return record(png: png, frames: current, replacing: true, diff: nil, outcome: outcome)
        }
        let expected: Bitmap, actual: Bitmap
        do {
            expected = try PNG.decode(golden)
        } catch {
            if mode == .failed {
                outcome.framesNote = "the old golden could not be read (\(error))"
                return record(png: png, frames: frames(), replacing: true, diff: nil, outcome: outcome)
            }
            outcome.problem = .corruptGolden("\(error)", recordCommand: recordHint.replacingMode(with: .failed))
            return outcome
        }
        do {
            actual = try image.bitmap()
        } catch {
            outcome.problem = .unreadableRender("\(error)")
            return outcome
        }
        let diff = PixelDiff.compare(expected, actual, options: tolerance.diffOptions)
        outcome.diff = diff
        if diff.matches {
            removeArtifacts()
            outcome.status = .withinTolerance
            return outcome
        }
        let current = frames()
        readFrameChanges(current, golden: golden, into: &outcome)
        if mode == .failed {
            return record(png: png, frames: current, replacing: true, diff: diff, outcome: outcome)
        }
        outcome.status = .different
        writeArtifacts(actual: png, comparing: (expected, actual), into: &outcome)
        return outcome
    }

    // MARK: Steps

    /// Writes the frames, then the golden, each atomically (a reader, or a process killed
    /// half-way, sees the old file or the new one).
    /// `png` nil: the golden is already right and only its frames are written.
    /// A golden or frames file that is a symbolic link is never written through (the file it
    /// points to, a fixture, another golden, would be overwritten): nothing is written, and
    /// the problem names the link and its target.
    private func record(png: [UInt8]?, frames: FrameRecord, replacing: Bool, diff: DiffResult?, outcome: SnapshotOutcome) -> SnapshotOutcome {
        var outcome = outcome
        outcome.diff = diff
        var frames = frames
        for path in (png == nil ? [] : [location.image]) + [location.frames] {
            guard let target = FileSystem.symbolicLinkTarget(path) else { continue }
            outcome.status = .error
            outcome.problem = .recordingFailed(
                "\(location.display(path)) is a symbolic link to \(target): a golden is never written through a link "
                    + "(the file it points to would be overwritten); remove the link, or put the file in its place, and record again")
            return outcome
        }
        do {
            if frames.image == nil {
                // The frames name the image they belong to: the new one, or the golden kept.
                guard let image = try png ?? Self.readIfPresent(location.image, signature: Self.pngSignature) else {
                    throw FileError(path: location.image, operation: "read", reason: "the golden went away")
                }
                frames.image = FrameRecord.digest(of: image)
            }
            try FileSystem.createDirectories(FileSystem.directory(of: location.image))
            try FileSystem.createDirectories(FileSystem.directory(of: location.frames))
            try FileIO.writeAtomically(Array(frames.json.utf8), to: location.frames)
            if let png { try FileIO.writeAtomically(png, to: location.image) }
        } catch {
            outcome.status = .error
            outcome.problem = .recordingFailed("\(error)")
            return outcome
        }
        removeArtifacts()
        outcome.status = .recorded
        outcome.replacedGolden = replacing
        outcome.recordedFramesOnly = png == nil
        return outcome
    }

    /// The frames stored beside the golden, when there are readable ones.
    private func storedFrames() -> FrameRecord? {
        do {
            guard let bytes = try Self.readIfPresent(location.frames) else { return nil }
            return try FrameRecord(json: bytes)
        } catch {
            return nil   // an unreadable frames file only costs the fast path; the slow one says why
        }
    }

    /// Compares the current frames with those stored beside the golden, when they belong to it.
    private func readFrameChanges(_ current: FrameRecord, golden: [UInt8], into outcome: inout SnapshotOutcome) {
        let bytes: [UInt8]?
        do {
            bytes = try Self.readIfPresent(location.frames)
        } catch {
            outcome.framesNote = "\(location.display(location.frames)) could not be read (\(error))"
            return
        }
        guard let bytes else {
            outcome.framesNote = "none recorded beside the golden (\(location.display(location.frames)))"
            return
        }
        do {
            let stored = try FrameRecord(json: bytes)
            if let image = stored.image, image != FrameRecord.digest(of: golden) {
                outcome.framesNote = "\(location.display(location.frames)) belongs to another image than the golden "
                    + "(a record interrupted between its two writes?), so it is not compared; record again to refresh it"
                return
            }
            outcome.frameChanges = current.changes(from: stored)
        } catch {
            outcome.framesNote = "\(location.display(location.frames)) is not a frames file (\(error))"
        }
    }

    /// The artifact paths of this check.
    public var artifactPaths: (actual: String, diff: String, composite: String) {
        let base = FileSystem.join(artifactsFolder, location.artifactName)
        return (base + ".actual.png", base + ".diff.png", base + ".composite.png")
    }

    /// Writes the actual image and, for a pair, the diff image and the side-by-side composite.
    private func writeArtifacts(actual: [UInt8], comparing pair: (Bitmap, Bitmap)?, into outcome: inout SnapshotOutcome) {
        let paths = artifactPaths
        do {
            try FileSystem.createDirectories(FileSystem.directory(of: paths.actual))
            try FileIO.writeAtomically(actual, to: paths.actual)
            outcome.actualPath = paths.actual
            guard let (expected, actualImage) = pair else {
                FileSystem.remove(paths.diff)
                FileSystem.remove(paths.composite)
                return
            }
            // No composite when it would be too large to make (two 16384-pixel images side by
            // side): the diff alone.
            let composite = PixelDiff.sideBySideFits(expected, actualImage) ? paths.composite : nil
            if composite == nil { FileSystem.remove(paths.composite) }
            try Self.writeComparison(expected: expected, actual: actualImage, options: tolerance.diffOptions,
                                     diff: paths.diff, composite: composite)
            outcome.diffPath = paths.diff
            outcome.compositePath = composite
        } catch {
            outcome.problem = .artifactsNotWritten("\(error)")
        }
    }

    /// Writes the diff image and expected | actual | diff side by side, encoded on two threads
    /// (on a failure, encoding them is most of the work: the composite is three images wide).
    package static func writeComparison(expected: Bitmap, actual: Bitmap, options: DiffOptions, diff diffPath: String,
                                        composite compositePath: String?) throws {
        guard PixelDiff.diffImageFits(expected, actual) else {
            let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
            throw RasterError.encodingFailed(message: "the diff image would be \(w)x\(h) pixels, more than an image this tool writes or reads")
        }
        let diff = PixelDiff.diffImage(expected, actual, options: options)
        let errors = Mutex<[Int: any Error]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            do {
                if part == 0 {
                    try PNG.write(diff, to: diffPath, compression: .fast)
                } else if let compositePath {
                    let composite = PixelDiff.sideBySide(expected: expected, actual: actual, diff: diff)
                    try PNG.write(composite, to: compositePath, compression: .fast)
                }
            } catch {
                errors.withLock { $0[part] = error }
            }
        }
        if let error = errors.withLock({ $0[0] ?? $0[1] }) { throw error }
    }

    /// A passing check leaves no images of an earlier failure behind.
    private func removeArtifacts() {
        let paths = artifactPaths
        FileSystem.remove(paths.actual)
        FileSystem.remove(paths.diff)
        FileSystem.remove(paths.composite)
    }

    /// The eight bytes every PNG file starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The file's bytes, or nil when there is no file.
    /// - Parameter signature: the bytes the file must start with (a golden image's PNG
    ///   signature): a file that does not is read no further than its first bytes.
    static func readIfPresent(_ path: String, signature: [UInt8] = []) throws(FileError) -> [UInt8]? {
        do {
            return try FileIO.read(path, limit: 1 << 30, signature: signature, regularOnly: true)
        } catch where error.operation == "open" && FileSystem.isMissing(path) {
            return nil
        }
    }

    /// Byte equality with one `memcmp`.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 } }
    }
}
