import BlueprintSupport
import Raster

/// What a golden check found, with everything its message and a report need.
public struct SnapshotOutcome: Sendable {
    /// The verdict.
    public enum Status: String, Sendable, CaseIterable {
        /// The render's PNG bytes are the golden's.
        case identical
        /// The bytes differ but the pixels are within the tolerance.
        case withinTolerance = "within tolerance"
        /// The pixels differ beyond the tolerance.
        case different
        /// There is no golden and the mode does not record one.
        case missing
        /// The golden (and its frames) were written; the check fails until run again.
        case recorded
        /// The check could not be made (render failed, unreadable golden, bad settings).
        case error
    }

    /// The verdict.
    public var status: Status
    /// The golden checked.
    public var location: GoldenLocation
    /// The record mode in effect.
    public var mode: RecordMode
    /// The tolerance the pixels were held to.
    public var tolerance: Tolerance
    /// Points to pixels.
    public var scale: Int
    /// The pixel comparison, when pixels were compared.
    public var diff: DiffResult?
    /// What changed in the frames since the golden was recorded; nil when there was nothing
    /// to compare with (see ``framesNote``).
    public var frameChanges: [String]?
    /// Why frame changes are missing, or a warning about them.
    public var framesNote: String?
    /// The actual image, when written.
    public var actualPath: String?
    /// The diff image (red and blue where pixels differ, yellow for anti-aliasing), when written.
    public var diffPath: String?
    /// Expected, actual and diff side by side, when written.
    public var compositePath: String?
    /// Why the check failed to run (status `error`), or why writing artifacts failed.
    public var problem: CheckProblem?
    /// For `recorded`: whether a golden existed before.
    public var replacedGolden = false
    /// For `recorded`: the image was already the golden; only the frames beside it were written.
    public var recordedFramesOnly = false
    /// The command or setting that records, for the message's last line.
    public var recordHint: String
    /// What the expected image is called in the numbers: `golden`, or `reference` for
    /// swift-snapshot-testing's strategy (its word).
    package var expectedWord = "golden"
    /// What the rendered layout's report found wrong, counted (``LayoutReport/problemSummary``:
    /// `1 conflict and 2 ambiguous views`); nil when it is clean. A golden records the layout
    /// as it is, problems included, so a message that records or fails says so.
    public var layoutProblems: String?

    /// An outcome with nothing found yet (for runners that fail before the check, such as a
    /// fixture that does not parse: set ``problem``).
    public init(status: Status, location: GoldenLocation, mode: RecordMode, tolerance: Tolerance, scale: Int, recordHint: String) {
        self.status = status
        self.location = location
        self.mode = mode
        self.tolerance = tolerance
        self.scale = scale
        self.recordHint = recordHint
    }

    /// Whether the check passed.
    public var passed: Bool { status == .identical || status == .withinTolerance }

    /// The message for people: what differs, where, which frames changed, where the images are.
    public var message: String {
        let golden = location.display(location.image)
        var lines: [String] = []
        switch status {
        case .identical:
            lines.append("\(golden) matches the render byte for byte.")
        case .withinTolerance:
            lines.append("\(golden) matches the render within the tolerance (\(tolerance)): \(diff.map { Self.numbers($0, expected: expectedWord) } ?? "").")
        case .different:
            lines.append("\(golden) does not match the render: \(diff.map { Self.numbers($0, expected: expectedWord) } ?? "the images differ"); tolerance: \(tolerance).")
            if let d = diff, let b = d.bounds {
                let s = Double(scale)
                func pt(_ v: Int) -> String { JSON.number(Double(v) / s) }
                lines.append("Differences lie within \(b.x),\(b.y) \(b.width)x\(b.height) px (\(pt(b.x)),\(pt(b.y)) \(pt(b.width))x\(pt(b.height)) pt at scale \(scale)).")
            }
            lines.append(framesLine)
        case .missing:
            lines.append("There is no golden at \(golden) (record mode \(mode)).")
        case .recorded:
            if recordedFramesOnly {
                lines.append("Recorded the frames beside \(golden) in \(location.display(location.frames)) (record mode \(mode)); the image was already the golden.")
            } else if replacedGolden {
                var first = "Recorded \(golden) over the old golden (record mode \(mode))"
                if let d = diff { first += ": \(Self.numbers(d, expected: expectedWord))" }
                lines.append(first + ".")
                if frameChanges != nil || framesNote != nil { lines.append(framesLine) }
            } else {
                lines.append("Recorded a new golden \(golden) (record mode \(mode)).")
            }
            lines.append("Look at it, then run the check again: a check that records always fails.")
        case .error:
            lines.append("\(golden) could not be checked: \(Self.sentence(problem?.description ?? "unknown error"))")
        }
        for (title, path) in [("Actual:   ", actualPath), ("Diff:     ", diffPath), ("Composite:", compositePath)] {
            if let path { lines.append("\(title) \(path)") }
        }
        if status != .error, let problem { lines.append("Note: \(Self.sentence(problem.description))") }
        if status == .recorded || status == .different || status == .missing, let layoutProblems {
            lines.append("The layout has \(layoutProblems): print its root's `layoutReport` (or run `blueprint explain` on a .layout file) to see them.")
        }
        switch status {
        case .different: lines.append("If the new render is right, record it: \(recordHint.replacingMode(with: .failed)); then look at it before committing.")
        case .missing: lines.append("Record it: \(recordHint.replacingMode(with: .missing)); then look at it before committing.")
        default: break
        }
        return lines.joined(separator: "\n")
    }

    /// A problem ended as a sentence: a full stop, unless it is several lines (a diagnostic ending
    /// with its caret line) or already ends with one.
    static func sentence(_ text: String) -> String {
        text.contains("\n") || text.hasSuffix(".") ? text : text + "."
    }

    /// `Frames: card.width 320 → 304; title moved 8 pt down.`
    var framesLine: String {
        if let changes = frameChanges {
            if changes.isEmpty { return "Frames: unchanged (the difference is in the drawing, not the layout)." }
            let shown = changes.prefix(Self.changeLimit)
            var text = "Frames: " + shown.joined(separator: "; ")
            if changes.count > shown.count { text += "; and \(changes.count - shown.count) more" }
            return text + "."
        }
        return "Frames: \(framesNote ?? "none recorded beside the golden")."
    }

    /// Frame changes listed in a message; the rest are counted.
    static let changeLimit = 12

    /// `1234 of 750x1334 pixels differ (0.12%), 56 anti-aliased`, with the sizes first when they differ.
    static func numbers(_ d: DiffResult, expected: String = "golden") -> String {
        var text = ""
        if !d.sizesMatch {
            text += "sizes differ (\(expected) \(d.expectedSize), render \(d.actualSize)); "
        }
        text += "\(d.differentPixels) of \(d.width)x\(d.height) pixels differ (\(DiffResult.percent(d.differentRatio))), \(d.antialiasedPixels) anti-aliased"
        return text
    }
}

extension String {
    /// The record hint with `{mode}` filled in.
    func replacingMode(with mode: RecordMode) -> String {
        var out = ""
        var rest = Substring(self)
        while let range = rest.range(of: "{mode}") {
            out += rest[..<range.lowerBound] + mode.rawValue
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    /// The first range of `needle` (Foundation-free).
    func range(of needle: String) -> Range<Index>? {
        let n = needle.count
        guard n > 0, count >= n else { return nil }
        var i = startIndex
        while true {
            guard let end = index(i, offsetBy: n, limitedBy: endIndex) else { return nil }
            if self[i..<end].elementsEqual(needle) { return i..<end }
            if i == endIndex { return nil }
            i = index(after: i)
        }
    }
}
