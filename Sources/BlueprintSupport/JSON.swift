/// The small JSON the package reads and writes: the frames stored beside a golden, the
/// record of the last `blueprint check`, `blueprint solve --format json`. Objects keep their keys in order, so what is written
/// reads back the same and files diff well in review.
package enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case double(Double)
    case string(String)
    case array([JSON])
    /// Keys in file order.
    case object([(String, JSON)])

    package static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value under `key` when this is an object.
    package subscript(key: String) -> JSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var numberValue: Double? { if case .double(let n) = self { n } else { nil } }
    package var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
    package var objectValue: [(String, JSON)]? { if case .object(let o) = self { o } else { nil } }
    package var intValue: Int? {
        guard let n = numberValue, n == n.rounded(), abs(n) < 1e15 else { return nil }
        return Int(n)
    }

    // MARK: Writing

    /// A number the shortest way that reads back the same (`20`, `0.5`, `190.00048828125`).
    /// Not-finite numbers have no JSON form and are written as `null`.
    package static func number(_ x: Double) -> String {
        x.isFinite ? formatNumber(x) : "null"
    }

    /// A frame as one JSON object on one line, keys in the fixed order
    /// `{"x": …, "y": …, "width": …, "height": …}`: `blueprint solve --format json` and the frames
    /// stored beside goldens write it the same way.
    package static func frame(x: Double, y: Double, width: Double, height: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        appendFrame(x: x, y: y, width: width, height: height, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal.
    package static func quoted(_ text: String) -> String {
        // Most names need no escape: one scan of the bytes, then one concatenation.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The value on one line.
    package var text: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .double(let n): Self.number(n)
        case .string(let s): Self.quoted(s)
        case .array(let a): "[" + a.map(\.text).joined(separator: ", ") + "]"
        case .object(let o): "{" + o.map { Self.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    // MARK: Reading

    /// Why a text is not the JSON expected, with the byte offset where reading stopped.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package let offset: Int
        package let reason: String
        package var description: String { "\(reason) at byte \(offset)" }
    }

    /// Nesting deeper than this is refused (a hostile file must not exhaust the stack).
    static let depthLimit = 64

    /// Parses one JSON value (RFC 8259), surrounded by nothing but white space.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        func error(_ reason: String) -> ParseError { ParseError(offset: at, reason: reason) }

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func expect(_ literal: String, _ value: JSON) throws(ParseError) -> JSON {
            let utf8 = Array(literal.utf8)
            guard at + utf8.count <= bytes.count, Array(bytes[at..<(at + utf8.count)]) == utf8 else {
                throw error("expected \(literal)")
            }
            at += utf8.count
            return value
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < JSON.depthLimit else { throw error("nested deeper than \(JSON.depthLimit) levels") }
            guard at < bytes.count else { throw error("unexpected end of the file") }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                at += 1
                var pairs: [(String, JSON)] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
                while true {
                    skipSpace()
                    guard at < bytes.count else { throw error("unexpected end of the file") }
                    guard bytes[at] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                    let key = try string()
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':'") }
                    at += 1
                    skipSpace()
                    pairs.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard at < bytes.count else { throw error("unexpected end of the file") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(pairs) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                at += 1
                var items: [JSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard at < bytes.count else { throw error("unexpected end of the file") }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .double(try number())
            default: throw error("unexpected character")
            }
        }

        mutating func number() throws(ParseError) -> Double {
            let start = at
            func digits() -> Int {
                let from = at
                while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
                return at - from
            }
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            if at < bytes.count, bytes[at] == UInt8(ascii: "0") {
                at += 1  // no leading zeros: `01` is a 0 followed by junk
            } else {
                guard digits() > 0 else { throw error("expected a digit") }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { throw error("expected a digit after '.'") }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { throw error("expected a digit in the exponent") }
            }
            guard let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)), value.isFinite else {
                at = start
                throw error("number out of range")
            }
            return value
        }

        mutating func string() throws(ParseError) -> String {
            at += 1
            var scalars = String.UnicodeScalarView()
            var run = at
            func flush(_ end: Int) {
                if end > run { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            }
            while true {
                guard at < bytes.count else { throw error("unterminated string") }
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    flush(at)
                    at += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("control character in a string") }
                if byte != UInt8(ascii: "\\") { at += 1; continue }
                flush(at)
                at += 1
                guard at < bytes.count else { throw error("unterminated string") }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                            throw error("lone surrogate in a string")
                        }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("lone surrogate in a string") }
                    scalars.append(scalar)
                default:
                    at -= 1
                    throw error("unknown escape")
                }
                run = at
            }
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard at + 4 <= bytes.count else { throw error("expected four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[at]
                let digit: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw error("expected four hex digits")
                }
                value = value << 4 | digit
                at += 1
            }
            return value
        }
    }
}
