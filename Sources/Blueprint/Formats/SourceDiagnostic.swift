/// An error in a text input (an expression string or a `.layout` file): where, why, and the
/// line with a caret under the offending token.
///
/// ```
/// login.layout:7:14: error: a constant must come last
///     view1.left = 20 + superview.left
///                  ^~
/// ```
public struct SourceDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given, or nil for an expression string.
    public var file: String?
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in characters.
    public var column: Int
    /// How many characters the caret underlines (at least 1).
    public var length: Int
    /// Why the input was refused: `a constant must come last`.
    public var message: String
    /// The offending line, as written.
    public var sourceLine: String

    /// A diagnostic at `line`:`column` of `file`, underlining `length` characters (raised to 1)
    /// of `sourceLine`.
    public init(file: String?, line: Int, column: Int, length: Int = 1, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.length = Swift.max(1, length)
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the line and a caret. Very long lines are cut
    /// around the caret so the message stays readable.
    public var description: String {
        let place = (file.map { "\($0):" } ?? "") + "\(line):\(column)"
        let (shown, caretColumn) = excerpt()
        let caret = String(repeating: " ", count: caretColumn - 1) + "^"
            + String(repeating: "~", count: Swift.min(length, 80) - 1)
        return "\(place): error: \(Self.abbreviated(message))\n    \(shown)\n    \(caret)"
    }

    /// The message with every `quoted` part longer than 60 characters cut to its first 40 and
    /// last 10: a name from a hostile file can be megabytes long, the printed error should not.
    static func abbreviated(_ message: String) -> String {
        guard message.utf8.count > 60 else { return message }
        var parts = message.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        for i in parts.indices where i % 2 == 1 && i < parts.count - 1 && parts[i].count > 60 {
            parts[i] = parts[i].prefix(40) + "…" + parts[i].suffix(10)
        }
        return parts.joined(separator: "`")
    }

    /// At most ~100 characters of the line around the caret, with tabs shown as spaces so the
    /// caret lines up; the caret's column within the excerpt.
    private func excerpt() -> (String, Int) {
        let chars = Array(sourceLine)
        let before = 50, after = 50
        var start = 0, end = chars.count
        var prefix = "", suffix = ""
        if column - 1 > before {
            start = column - 1 - before
            prefix = "…"
        }
        if end - (column - 1) > after + Swift.min(length, 80) {
            end = column - 1 + after + Swift.min(length, 80)
            suffix = "…"
        }
        let body = String(chars[start..<Swift.max(start, end)].map { $0 == "\t" ? " " : $0 })
        return (prefix + body + suffix, column - start + prefix.count)
    }
}

/// Several diagnostics of one input, in order: a `.layout` file reports all its errors.
public struct SourceDiagnostics: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, in the order of the input.
    public var diagnostics: [SourceDiagnostic]
    /// True when more errors were found than are listed.
    public var truncated: Bool

    /// The diagnostics of one input; `truncated` when more were found than are listed.
    public init(_ diagnostics: [SourceDiagnostic], truncated: Bool = false) {
        self.diagnostics = diagnostics
        self.truncated = truncated
    }

    /// Each diagnostic's description, one after the other, and a last line when the list is
    /// truncated.
    public var description: String {
        var parts = diagnostics.map(\.description)
        if truncated { parts.append("error: too many errors; only the first \(diagnostics.count) are listed") }
        return parts.joined(separator: "\n")
    }
}
