/// Why a golden check could not be made, or what went wrong beside its verdict. Each case is
/// one kind of problem; its text (the underlying error's own message) says where and why.
/// ``description`` is the sentence messages, `blueprint check` and the report print.
public enum CheckProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tolerance has a number out of range (NaN, negative, above 1).
    case invalidTolerance(Tolerance.Invalid)
    /// `BLUEPRINT_RECORD` names no record mode.
    case invalidRecordMode(RecordMode.InvalidValue)
    /// The golden's place cannot be worked out (no snapshot name, no package above the test).
    case invalidLocation(GoldenLocation.Invalid)
    /// The layout could not be read or parsed; the text is its diagnostic.
    case unreadableLayout(String)
    /// The layout could not be drawn; the text is the renderer's error.
    case undrawable(String)
    /// The golden exists but could not be read.
    case unreadableGolden(String)
    /// The golden is not a readable PNG; `recordCommand` records it again.
    case corruptGolden(String, recordCommand: String)
    /// The fresh render could not be decoded for the pixel comparison.
    case unreadableRender(String)
    /// Writing the golden or its frames failed.
    case recordingFailed(String)
    /// The verdict stands, but the failure's images could not be written.
    case artifactsNotWritten(String)
    /// Another snapshot of this process checked the same golden with another picture (the
    /// cases of a parameterized test, a loop, two tests of one name in one file).
    case goldenSharedByAnotherSnapshot

    /// Whether the check could not be made at all (status ``SnapshotOutcome/Status/error``);
    /// only ``artifactsNotWritten`` leaves the verdict standing.
    public var preventsVerdict: Bool {
        if case .artifactsNotWritten = self { return false }
        return true
    }

    /// The problem for people: `recording failed: goldens/a.png: cannot rename into place: …`.
    public var description: String {
        switch self {
        case .invalidTolerance(let error): error.description
        case .invalidRecordMode(let error): error.description
        case .invalidLocation(let error): error.description
        case .unreadableLayout(let text): text
        case .undrawable(let text): "the layout could not be drawn: \(text)"
        case .unreadableGolden(let text): text
        case .corruptGolden(let text, let command): "the golden is not a readable PNG (\(text)); record it again with \(command)"
        case .unreadableRender(let text): "the render could not be read back: \(text)"
        case .recordingFailed(let text): "recording failed: \(text)"
        case .artifactsNotWritten(let text): "the artifacts could not be written: \(text)"
        case .goldenSharedByAnotherSnapshot:
            "another snapshot in this run already checked this golden with a different picture (the cases of a "
                + "parameterized test, a loop, or two tests of one name in one file share one golden): give each its own "
                + "name, as `named: \"feed-\\(width)\"`"
        }
    }
}
