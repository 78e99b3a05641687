/// Text made safe for XML, SVG and HTML content and attribute values: the five special
/// characters as entities, and the control characters XML 1.0 cannot hold (all below U+0020
/// but tab, newline and return, and U+FFFE/U+FFFF) as `?`.
package func markupEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "?"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
