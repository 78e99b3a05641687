/// A token of the text formats.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier
        case number(Double)
        /// A quoted text; ``Lexer/string(_:)`` gives its value.
        case string
        case dot
        case equal            // `=` or `==`
        case lessOrEqual      // `<=`
        case greaterOrEqual   // `>=`
        case plus, minus, star, slash
        case tilde            // `~`
        case arrowTilde       // `<~`
        case leftParen, rightParen
        /// A character no rule accepts, or a malformed number or string; ``Lexer/reason(_:)``
        /// says what is wrong. (No payload: a token is plain bits, copied and dropped for free.)
        case invalid
        case end
    }

    var kind: Kind
    /// Byte offsets of the token in its line.
    var start: Int
    var end: Int
}

/// Splits one line into tokens. Works on UTF-8 bytes (linear, so 10 MB lines are fine);
/// `#` starts a comment when `comments` is true (`.layout` files, not expression strings).
struct Lexer {
    let bytes: LineBytes
    let comments: Bool
    private(set) var position = 0
    /// Where the message of an invalid token goes while ``reason(_:)`` reads it again; nil
    /// otherwise (a nil reference: a lexer stays cheap to copy, one per line of a file).
    private var diagnosis: Diagnosis?
    private final class Diagnosis { var message: String? }
    private var diagnosing: Bool { diagnosis != nil }

    init(_ line: Substring, comments: Bool) {
        // One copy of contiguous bytes (the generic sequence copy walks them one at a time).
        let own = line.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(line.utf8)
        self.bytes = LineBytes(own, 0..<own.count)
        self.comments = comments
    }

    /// A lexer of `range` of a file's bytes: every line of a file shares them (no copy).
    init(file: [UInt8], line range: Range<Int>, comments: Bool) {
        self.bytes = LineBytes(file, range)
        self.comments = comments
    }

    /// The text of a token.
    func text(_ t: Token) -> String {
        String(decoding: bytes[t.start..<t.end], as: UTF8.self)
    }

    /// Whether a token's text is `word` (ASCII), without making a string.
    func text(_ t: Token, is word: StaticString) -> Bool {
        guard t.end - t.start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            for k in 0..<w.count where bytes[t.start + k] != w[k] { return false }
            return true
        }
    }

    /// The value of a `.string` token: its text between the quotes, escapes resolved.
    func string(_ t: Token) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(t.end - t.start)
        var k = t.start + 1
        while k < t.end - 1 {
            let b = bytes[k]
            if b == UInt8(ascii: "\\"), k + 1 < t.end - 1 {
                out.append(bytes[k + 1] == UInt8(ascii: "n") ? 0x0A : bytes[k + 1])
                k += 2
            } else {
                out.append(b)
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What is wrong with an `.invalid` token (the token is read again, with its message).
    /// Read from the start of the line: an escape's token starts inside its string.
    func reason(_ t: Token) -> String {
        var again = self
        again.position = 0
        let diagnosis = Diagnosis()
        again.diagnosis = diagnosis
        while true {
            diagnosis.message = nil
            let u = again.next()
            if u.kind == .invalid && u.start == t.start && u.end == t.end { break }
            if u.kind == .end || u.start > t.start { return "unexpected character `\(text(t))`" }
        }
        return diagnosis.message ?? "unexpected character `\(text(t))`"
    }

    /// An invalid token from `start` to the current position, with its message when one is
    /// being asked for.
    /// (Callers build a message with interpolation only when `diagnosing`.)
    private mutating func invalid(_ start: Int, _ message: String) -> Token {
        diagnosis?.message = message
        return Token(kind: .invalid, start: start, end: position)
    }

    mutating func next() -> Token {
        // The common tokens (names, operators, the end), read through a raw view of the bytes;
        // numbers, strings and mistakes take the general path below.
        let n = bytes.count
        let start = position
        let fast: Token? = bytes.withUnsafeBufferPointer { b -> Token? in
            var p = start
            while p < n, b[p] == 0x20 || b[p] == 0x09 || b[p] == 0x0D { p += 1 }
            guard p < n else { return Token(kind: .end, start: p, end: p) }
            let c = b[p]
            switch c {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                var q = p + 1
                while q < n {
                    let x = b[q]
                    guard (x >= 0x61 && x <= 0x7A) || (x >= 0x41 && x <= 0x5A) || (x >= 0x30 && x <= 0x39) || x == 0x5F else { break }
                    q += 1
                }
                return Token(kind: .identifier, start: p, end: q)
            case UInt8(ascii: "="):
                return Token(kind: .equal, start: p, end: p + 1 < n && b[p + 1] == UInt8(ascii: "=") ? p + 2 : p + 1)
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                guard p + 1 < n, b[p + 1] == UInt8(ascii: "=") || (c == UInt8(ascii: "<") && b[p + 1] == UInt8(ascii: "~")) else { return nil }
                let kind: Token.Kind = b[p + 1] == UInt8(ascii: "~") ? .arrowTilde : c == UInt8(ascii: "<") ? .lessOrEqual : .greaterOrEqual
                return Token(kind: kind, start: p, end: p + 2)
            case UInt8(ascii: "."):
                if p + 1 < n, b[p + 1] >= 0x30, b[p + 1] <= 0x39 { return nil }
                return Token(kind: .dot, start: p, end: p + 1)
            case UInt8(ascii: "+"): return Token(kind: .plus, start: p, end: p + 1)
            case UInt8(ascii: "-"): return Token(kind: .minus, start: p, end: p + 1)
            case UInt8(ascii: "*"): return Token(kind: .star, start: p, end: p + 1)
            case UInt8(ascii: "/"):
                if p + 1 < n, b[p + 1] == UInt8(ascii: "/") { return nil }
                return Token(kind: .slash, start: p, end: p + 1)
            case UInt8(ascii: "~"): return Token(kind: .tilde, start: p, end: p + 1)
            case UInt8(ascii: "("): return Token(kind: .leftParen, start: p, end: p + 1)
            case UInt8(ascii: ")"): return Token(kind: .rightParen, start: p, end: p + 1)
            default: return nil
            }
        }
        if let fast {
            position = fast.end
            return fast
        }
        return general()
    }

    /// Every token, the way `next()` reads those it does not take itself.
    private mutating func general() -> Token {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
            position += 1
        }
        let start = position
        guard position < bytes.count else { return Token(kind: .end, start: start, end: start) }
        let b = bytes[position]
        if comments && b == UInt8(ascii: "#") {
            position = bytes.count
            return Token(kind: .end, start: start, end: start)
        }
        func single(_ k: Token.Kind) -> Token {
            position += 1
            return Token(kind: k, start: start, end: position)
        }
        func pair(_ second: UInt8, _ both: Token.Kind, else one: Token.Kind?) -> Token {
            if position + 1 < bytes.count, bytes[position + 1] == second {
                position += 2
                return Token(kind: both, start: start, end: position)
            }
            if let one { return single(one) }
            return invalidCharacter()
        }
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
            return Token(kind: .identifier, start: start, end: position)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        case UInt8(ascii: "."):
            if position + 1 < bytes.count, isDigit(bytes[position + 1]) { return number() }
            return single(.dot)
        case UInt8(ascii: "="): return pair(UInt8(ascii: "="), .equal, else: .equal)
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "~") {
                position += 2
                return Token(kind: .arrowTilde, start: start, end: position)
            }
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "=") { return pair(UInt8(ascii: "="), .lessOrEqual, else: nil) }
            position += 1
            return invalid(start, "`<` is not a relation: write `<=`")
        case UInt8(ascii: ">"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "=") { return pair(UInt8(ascii: "="), .greaterOrEqual, else: nil) }
            position += 1
            return invalid(start, "`>` is not a relation: write `>=`")
        case UInt8(ascii: "+"): return single(.plus)
        case UInt8(ascii: "-"): return single(.minus)
        case UInt8(ascii: "*"): return single(.star)
        case UInt8(ascii: "/"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return invalid(start, "`//` is not a comment here: a comment starts with `#`")
            }
            return single(.slash)
        case UInt8(ascii: "~"): return single(.tilde)
        case UInt8(ascii: "("): return single(.leftParen)
        case UInt8(ascii: ")"): return single(.rightParen)
        case UInt8(ascii: "\""): return quoted()
        default:
            return invalidCharacter()
        }
    }

    /// All tokens up to the end of the line (the `.end` token last), or up to the first
    /// `.invalid` one (then `.end` right after it). No parser accepts an invalid token, so
    /// nothing after it is ever read; stopping there keeps a 10 MB line of garbage from
    /// becoming 10 million tokens, each with its own message.
    mutating func all() -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(16)   // a constraint line has about 8 tokens: no regrowth
        all(into: &out)
        return out
    }

    /// ``all()`` into `out`, which is emptied first (its room kept: a parser reads line after
    /// line into one array).
    mutating func all(into out: inout [Token]) {
        out.removeAll(keepingCapacity: true)
        while true {
            let t = next()
            out.append(t)
            if t.kind == .end { return }
            if t.kind == .invalid {
                out.append(Token(kind: .end, start: t.end, end: t.end))
                return
            }
        }
    }

    /// The number written in `bytes[range]` (digits with at most one `.`), exactly as
    /// `Double(String)` reads it. Up to 15 digits and 22 after the point, the digits as an
    /// integer and the power of ten are both exact doubles, so one division is correctly
    /// rounded (Clinger's fast path); anything longer goes through `Double(String)`.
    static func value(of bytes: [UInt8], _ range: Range<Int>) -> Double? {
        value(of: LineBytes(bytes, 0..<bytes.count), range)
    }

    static func value(of bytes: LineBytes, _ range: Range<Int>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, afterPoint = false
        for k in range {
            let b = bytes[k]
            if b == UInt8(ascii: ".") { afterPoint = true; continue }
            guard b >= 0x30, b <= 0x39 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(b &- 0x30)
            digits += 1
            if afterPoint { fraction += 1 }
        }
        guard digits > 0, digits <= 15, fraction <= 22 else {
            return Double(String(decoding: bytes[range], as: UTF8.self))
        }
        return Double(mantissa) / powersOfTen[fraction]
    }

    private static let powersOfTen: [Double] = (0...22).map { e in
        var p = 1.0
        for _ in 0..<e { p *= 10 }   // exact: 10^e = 2^e · 5^e, and 5^22 < 2^53
        return p
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private func isIdentifierByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    /// `[0-9]+(.[0-9]+)?` or `.[0-9]+`, or a ratio of two (`16:9`). No exponents: layouts are
    /// written in points.
    private mutating func number() -> Token {
        let start = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "."),
            position + 1 < bytes.count, isDigit(bytes[position + 1])
        {
            position += 1
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        // `12abc`, `1.2.3`: one malformed token rather than a number and garbage.
        var malformed = false
        while position < bytes.count, isIdentifierByte(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            if bytes[position] == UInt8(ascii: "."), position + 1 < bytes.count, !isDigit(bytes[position + 1]) { break }
            malformed = true
            position += 1
        }
        if malformed {
            return invalid(start, diagnosing ? "`\(String(decoding: bytes[start..<position], as: UTF8.self))` is not a number" : "")
        }
        guard let value = Lexer.value(of: bytes, start..<position), value.isFinite, value <= 1e15 else {
            return invalid(start, "number too large: the limit is 1e15")
        }
        // A ratio, `16:9`: one number, the quotient.
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: ":"), isDigit(bytes[position + 1]) {
            // The second number is plain digits (no fraction, no second colon): read here,
            // not by recursion, so `1:1:1:…` cannot nest.
            position += 1
            let second = position
            while position < bytes.count, isIdentifierByte(bytes[position]) || bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ":") {
                position += 1
            }
            let digits = bytes[second..<position]
            guard digits.allSatisfy(isDigit), let d = Lexer.value(of: bytes, second..<position) else {
                return invalid(start, diagnosing ? "`\(String(decoding: bytes[start..<position], as: UTF8.self))` is not a ratio: write two whole numbers, `16:9`" : "")
            }
            guard d <= 1e15 else { return invalid(start, "number too large after the colon: the limit is 1e15") }
            guard d != 0 else { return invalid(start, "a ratio cannot have 0 after the colon") }
            return Token(kind: .number(value / d), start: start, end: position)
        }
        return Token(kind: .number(value), start: start, end: position)
    }

    /// A double-quoted string with `\"`, `\\` and `\n` escapes, on one line. Only checked here;
    /// ``string(_:)`` makes its value when a reader wants it.
    private mutating func quoted() -> Token {
        let start = position
        position += 1
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return Token(kind: .string, start: start, end: position)
            }
            if b == UInt8(ascii: "\\"), position + 1 < bytes.count {
                let e = bytes[position + 1]
                switch e {
                case UInt8(ascii: "n"), UInt8(ascii: "\""), UInt8(ascii: "\\"): break
                default:
                    position += 2
                    return invalid(position - 2, !diagnosing ? "" : "unknown escape `\\\(Character(Unicode.Scalar(e)))` in a string: use \\\", \\\\ or \\n")
                }
                position += 2
                continue
            }
            position += 1
        }
        return invalid(start, "the string is not closed: add `\"` at its end")
    }

    /// Look-alikes of the ASCII operators, from a word processor or a full-width keyboard, and
    /// the ASCII to write instead.
    static let asciiLookAlikes: [String: String] = [
        "\u{2212}": "-", "\u{2013}": "-", "\u{2014}": "-", "\u{00D7}": "*", "\u{00F7}": "/",
        "\u{2264}": "<=", "\u{2265}": ">=", "\u{2260}": "==", "\u{FF1D}": "=", "\u{FF0B}": "+",
        "\u{FF0D}": "-", "\u{FF0A}": "*", "\u{FF0F}": "/", "\u{FF1C}": "<", "\u{FF1E}": ">",
        "\u{FF0E}": ".", "\u{FF1A}": ":", "\u{FF08}": "(", "\u{FF09}": ")", "\u{FF5E}": "~",
    ]

    /// One whole (UTF-8) character that no rule accepts.
    private mutating func invalidCharacter() -> Token {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        guard diagnosing else { return invalid(start, "") }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if bytes[start] >= 0x80, text.unicodeScalars.first?.properties.isAlphabetic == true {
            return invalid(start, "unexpected character `\(text)`: names are ASCII letters, digits and `_` (any text can go in a label's quotes)")
        }
        if text == "'" {
            return invalid(start, "unexpected character `'`: a text goes in double quotes (`label \"Sign in\"`)")
        }
        if ["\u{201C}", "\u{201D}", "\u{201E}", "\u{00AB}", "\u{00BB}", "\u{2018}", "\u{2019}"].contains(text) {
            return invalid(start, "unexpected character `\(text)`: a text goes in straight double quotes (`label \"Sign in\"`), not typographic ones")
        }
        if let plain = Self.asciiLookAlikes[text] {
            return invalid(start, "unexpected character `\(text)`: write the ASCII `\(plain)`")
        }
        // `@750` after something on the line: a priority as visual formats write it.
        if text == "@", bytes[..<start].contains(where: { $0 != 0x20 && $0 != 0x09 }) {
            return invalid(start, "unexpected character `@`: a priority goes after `~` (`a.width == 44 ~ 750`); `@` is for visual format predicates")
        }
        if let scalar = text.unicodeScalars.first, let invisible = Self.invisible(scalar) {
            return invalid(start, "unexpected character \(invisible)")
        }
        return invalid(start, "unexpected character `\(text)`")
    }

    /// A character a terminal would not show, by its code point: `U+0000 (a control
    /// character)`, `U+FEFF (a byte-order mark: save the file as UTF-8 without one)`; nil for
    /// a visible character.
    static func invisible(_ scalar: Unicode.Scalar) -> String? {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar == "\u{FEFF}" { return code + " (a byte-order mark: save the file as UTF-8 without one)" }
        switch scalar.properties.generalCategory {
        case .control: return code + " (a control character)"
        case .format: return code + " (an invisible formatting character)"
        case .spaceSeparator: return code + " (a space other than U+0020; use a plain space or a tab)"
        case .lineSeparator, .paragraphSeparator: return code + " (a line or paragraph separator: lines end with LF or CRLF)"
        case .privateUse, .unassigned, .surrogate: return code + " (no visible character)"
        default: return nil
        }
    }
}

/// The bytes of one line, numbered from 0: a range of an array that the lines of a file share.
struct LineBytes: RandomAccessCollection {
    private let storage: [UInt8]
    private let base: Int
    let count: Int

    init(_ storage: [UInt8], _ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count)
        self.storage = storage
        self.base = range.lowerBound
        self.count = range.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// (The lexer reads below `count` only; the array's own check keeps any read in bounds.)
    subscript(i: Int) -> UInt8 { storage[base &+ i] }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[base..<(base + count)])) }
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }
}
