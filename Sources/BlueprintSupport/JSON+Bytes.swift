/// Writing JSON straight into a byte buffer: `blueprint solve --format json` writes one frame per
/// view of layouts with thousands of them, so the pieces are appended in place instead of being
/// made as strings and joined. The text is byte for byte what ``JSON/text``, ``JSON/number(_:)``,
/// ``JSON/quoted(_:)`` and ``JSON/frame(x:y:width:height:)`` give.
extension JSON {
    /// Appends ``number(_:)``'s text for `x`: the shortest that reads back, `null` when not finite.
    package static func appendNumber(_ x: Double, to out: inout [UInt8]) {
        if x.isFinite {
            BlueprintSupport.appendNumber(x, to: &out)
        } else {
            appendText("null", to: &out)
        }
    }

    /// Appends a fixed text (one copy of its bytes, no string made).
    @inline(__always)
    package static func appendText(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends ``frame(x:y:width:height:)``'s text: `{"x": …, "y": …, "width": …, "height": …}`.
    package static func appendFrame(x: Double, y: Double, width: Double, height: Double, to out: inout [UInt8]) {
        appendText(#"{"x": "#, to: &out)
        appendNumber(x, to: &out)
        appendText(#", "y": "#, to: &out)
        appendNumber(y, to: &out)
        appendText(#", "width": "#, to: &out)
        appendNumber(width, to: &out)
        appendText(#", "height": "#, to: &out)
        appendNumber(height, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends ``quoted(_:)``'s text: the string in quotes, escaped where JSON needs it.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Most names need no escape: one scan of the bytes, then one copy.
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: bytes)
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: quoted(String(decoding: bytes, as: UTF8.self)).utf8)
            }
        }
    }

    /// Appends a list of strings as a JSON array on one line: `["a", "b"]` (`[]` when empty).
    package static func appendQuotedList(_ items: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
            if i > 0 { appendText(", ", to: &out) }
            appendQuoted(item, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
