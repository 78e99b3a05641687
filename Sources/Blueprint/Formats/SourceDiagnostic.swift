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
        // The file's name as the line's characters are shown: a name with a newline or an
        // escape sequence in it cannot break the `file:line:column:` form or drive the terminal.
        let place = (file.map { String($0.map(Self.shown)) + ":" } ?? "") + "\(line):\(column)"
        let (shown, padding, underline) = excerpt()
        let caret = String(repeating: " ", count: padding) + "^"
            + String(repeating: "~", count: Swift.max(0, Swift.min(underline, 80) - 1))
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

    /// At most ~100 characters of the line around the caret, as a terminal can show them: tabs
    /// as spaces, and characters that would move the cursor, clear the screen or reorder the
    /// line (control characters, bidirectional controls) as visible stand-ins; then how many
    /// terminal columns come before the caret and how many it underlines (a wide character, as
    /// in Chinese or an emoji, takes two), so that the caret lines up.
    private func excerpt() -> (shown: String, padding: Int, underline: Int) {
        // A zero-width joiner or non-joiner after a letter joins its cluster (outside an emoji
        // sequence it shows as nothing): the cluster is split, so it is shown as `�` under the
        // caret, at the column the lexer counts it.
        let before = 50, after = 50
        // The characters are read up to one past the last that can be shown: the rest of a long
        // line only says that it goes on (a 255 MB line of NULs was made into 255 million
        // characters, 17 s, to show a hundred).
        let last = Swift.max(column - 1, 0) + after + Swift.min(length, 80)
        var chars: [Character] = []
        for c in sourceLine {
            if chars.count > last { break }
            if c.unicodeScalars.count > 1, !c.unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }),
               c.unicodeScalars.contains(where: { (0x200B...0x200D).contains($0.value) || $0.value == 0x2060 || $0.value == 0xFEFF }) {
                chars += c.unicodeScalars.map(Character.init)
            } else {
                chars.append(c)
            }
        }
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
        let body = chars[start..<Swift.max(start, end)].map(Self.shown)
        let caretIndex = Swift.min(Swift.max(column - 1 - start, 0), body.count)
        let padding = prefix.count + body[..<caretIndex].reduce(0) { $0 + Self.width($1) }
        let underlined = body[caretIndex..<Swift.min(caretIndex + Swift.min(length, 80), body.count)]
        let underline = Swift.max(1, underlined.reduce(0) { $0 + Self.width($1) })
        return (prefix + String(body) + suffix, padding, underline)
    }

    /// `text` as the excerpt shows a line (control characters as their pictures, separators and
    /// bidirectional controls as `�`): a file name printed to a terminal cannot break a line,
    /// colour it or reorder it.
    package static func terminalSafe(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? text : String(text.map(shown))
    }

    /// A character as the excerpt shows it: a tab as a space; a C0 control character or DEL as
    /// its Unicode control picture (`␀`, `␍`, `␛`); any other control character, a line or
    /// paragraph separator or a bidirectional control as `�`.
    static func shown(_ c: Character) -> Character {
        if c == "\t" { return " " }
        guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first else {
            // "\r\n" is one Character in Swift.
            return c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "\u{240D}" : c
        }
        switch scalar.value {
        case 0..<0x20: return Character(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        // (U+2028 and U+2029, the line and paragraph separators, break a line in some
        // terminals and editors: the caret would no longer line up.)
        // (Zero-width characters on their own, U+200B–U+200D, U+2060–U+2064, U+FEFF, show as
        // nothing: the caret would not line up, and the culprit would stay unseen.)
        case 0x80..<0xA0, 0x061C, 0x180E, 0x200B...0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            return "\u{FFFD}"
        default: return c
        }
    }

    /// How many columns a terminal gives a character: 2 for East Asian wide and full-width
    /// characters and emoji shown as pictures, 0 for a combining mark alone, else 1.
    static func width(_ c: Character) -> Int {
        guard let scalar = c.unicodeScalars.first else { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return scalar.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
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
