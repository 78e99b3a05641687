/// The two JSON pieces the CLI writes by hand (its objects are small and their key order is
/// part of the output format).
enum JSON {
    /// A number as JSON and the text output print it: the shortest form that reads back the
    /// same (`20`, `0.5`, `190.00048828125`), never `20.0`.
    static func number(_ x: Double) -> String {
        if x == 0 { return "0" }
        if Swift.abs(x) < 1e15, x == x.rounded() { return String(Int64(x)) }
        return "\(x)"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
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
}
