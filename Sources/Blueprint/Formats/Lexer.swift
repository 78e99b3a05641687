/// A token of the text formats.
struct Token: Equatable {
    enum Kind: Equatable {
        case identifier
        case number(Double)
        case string(String)
        case dot
        case equal            // `=` or `==`
        case lessOrEqual      // `<=`
        case greaterOrEqual   // `>=`
        case plus, minus, star, slash
        case tilde            // `~`
        case arrowTilde       // `<~`
        case leftParen, rightParen
        case invalid(String)  // a character no rule accepts, or a malformed number / string
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
    let bytes: [UInt8]
    let comments: Bool
    private(set) var position = 0

    init(_ line: Substring, comments: Bool) {
        // One copy of contiguous bytes (the generic sequence copy walks them one at a time).
        self.bytes = line.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(line.utf8)
        self.comments = comments
    }

    /// The text of a token.
    func text(_ t: Token) -> String {
        String(decoding: bytes[t.start..<t.end], as: UTF8.self)
    }

    mutating func next() -> Token {
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
            return pair(UInt8(ascii: "="), .lessOrEqual, else: .invalid("`<` is not a relation: write `<=`"))
        case UInt8(ascii: ">"):
            return pair(UInt8(ascii: "="), .greaterOrEqual, else: .invalid("`>` is not a relation: write `>=`"))
        case UInt8(ascii: "+"): return single(.plus)
        case UInt8(ascii: "-"): return single(.minus)
        case UInt8(ascii: "*"): return single(.star)
        case UInt8(ascii: "/"): return single(.slash)
        case UInt8(ascii: "~"): return single(.tilde)
        case UInt8(ascii: "("): return single(.leftParen)
        case UInt8(ascii: ")"): return single(.rightParen)
        case UInt8(ascii: "\""): return string()
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
        while true {
            let t = next()
            out.append(t)
            if t.kind == .end { return out }
            if case .invalid = t.kind {
                out.append(Token(kind: .end, start: t.end, end: t.end))
                return out
            }
        }
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
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if malformed { return Token(kind: .invalid("`\(text)` is not a number"), start: start, end: position) }
        guard let value = Double(text), value.isFinite, value <= 1e15 else {
            return Token(kind: .invalid("number too large: the limit is 1e15"), start: start, end: position)
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
            guard digits.allSatisfy(isDigit), let d = Double(String(decoding: digits, as: UTF8.self)), d <= 1e15 else {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                return Token(kind: .invalid("`\(text)` is not a ratio: write two whole numbers, `16:9`"), start: start, end: position)
            }
            guard d != 0 else { return Token(kind: .invalid("a ratio cannot have 0 after the colon"), start: start, end: position) }
            return Token(kind: .number(value / d), start: start, end: position)
        }
        return Token(kind: .number(value), start: start, end: position)
    }

    /// A double-quoted string with `\"`, `\\` and `\n` escapes, on one line.
    private mutating func string() -> Token {
        let start = position
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return Token(kind: .string(String(decoding: out, as: UTF8.self)), start: start, end: position)
            }
            if b == UInt8(ascii: "\\"), position + 1 < bytes.count {
                let e = bytes[position + 1]
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
                default:
                    position += 2
                    return Token(kind: .invalid("unknown escape `\\\(Character(Unicode.Scalar(e)))` in a string: use \\\", \\\\ or \\n"), start: position - 2, end: position)
                }
                position += 2
                continue
            }
            out.append(b)
            position += 1
        }
        return Token(kind: .invalid("the string is not closed: add `\"` at its end"), start: start, end: position)
    }

    /// One whole (UTF-8) character that no rule accepts.
    private mutating func invalidCharacter() -> Token {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if bytes[start] >= 0x80, text.unicodeScalars.first?.properties.isAlphabetic == true {
            return Token(
                kind: .invalid("unexpected character `\(text)`: names are ASCII letters, digits and `_` (any text can go in a label's quotes)"),
                start: start, end: position)
        }
        return Token(kind: .invalid("unexpected character `\(text)`"), start: start, end: position)
    }
}
