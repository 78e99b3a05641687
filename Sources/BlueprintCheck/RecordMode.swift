/// When a golden check writes the golden instead of only comparing with it.
///
/// Whatever the mode, a check that writes a golden fails and says what it wrote, so that no
/// golden is committed without somebody looking at it; run the check again to see it pass.
public enum RecordMode: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Never write: a missing golden is a failure (the mode for CI).
    case never
    /// Write goldens that do not exist yet; compare the others (the default off CI).
    case missing
    /// Also overwrite goldens the render no longer matches.
    case failed
    /// Write every golden whose bytes differ from the render, and every missing one.
    case all

    public var description: String { rawValue }

    /// The environment variable that overrides the mode a test or command asks for.
    public static let environmentVariable = "BLUEPRINT_RECORD"

    /// Why an environment does not name a record mode.
    public struct InvalidValue: Error, Equatable, CustomStringConvertible {
        /// The value `BLUEPRINT_RECORD` held.
        public let value: String
        public var description: String {
            "\(RecordMode.environmentVariable)=\(value) is not a record mode; use one of: "
                + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The mode in effect: `BLUEPRINT_RECORD` when set (it overrides the caller), else
    /// `requested`, else `never` on CI (`CI` set to anything but `false` or `0`) and
    /// `missing` elsewhere.
    ///
    /// - Throws: ``InvalidValue`` when `BLUEPRINT_RECORD` holds something else.
    public static func resolve(_ requested: RecordMode?, environment: [String: String]) throws(InvalidValue) -> RecordMode {
        if let value = environment[environmentVariable], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else { throw InvalidValue(value: value) }
            return mode
        }
        if let requested { return requested }
        let ci = environment["CI"] ?? ""
        return ci.isEmpty || ci == "false" || ci == "0" ? .missing : .never
    }
}
