/// Where a line may break (a simplified UAX #14, enough for UI text): after white space, after
/// a hyphen or dash between letters, after a slash before a letter, after a zero-width space, and around CJK ideographs and
/// kana (except before closing punctuation). Only at grapheme-cluster boundaries.
enum LineBreaks {
    /// `result[i]`: a line may break before character `i` (index 0 and `count` are never used).
    static func opportunities(_ s: [UInt32], boundary: [Bool]) -> [Bool] {
        var result = [Bool](repeating: false, count: s.count + 1)
        guard s.count > 1 else { return result }
        for i in 1..<s.count where boundary[i] {
            let before = s[i - 1], here = s[i]
            if isSpace(here) || isClosing(here) { continue }
            if isSpace(before) || before == 0x200B {
                result[i] = true
            } else if isHyphen(before), i >= 2, !isSpace(s[i - 2]), isWordLike(here) {
                result[i] = true
            } else if before == 0x2F, i >= 2, !isSpace(s[i - 2]), isWordLike(here), !isDigit(here) {
                // After a solidus between words (UAX #14's SY: a path or a URL breaks after
                // its slashes, `example.com/a/` | `very/long`), not before a digit (`1/2`).
                result[i] = true
            } else if isIdeographic(here) || isIdeographic(before) {
                result[i] = true
            }
        }
        return result
    }

    static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x3000 || c == 0x1680 || (0x2000...0x200A).contains(c) || c == 0x205F
    }

    private static func isHyphen(_ c: UInt32) -> Bool { c == 0x2D || c == 0x2010 || c == 0x2013 || c == 0x2014 }

    private static func isDigit(_ c: UInt32) -> Bool {
        guard let s = Unicode.Scalar(c) else { return false }
        return s.properties.numericType == .decimal
    }

    private static func isWordLike(_ c: UInt32) -> Bool {
        guard let s = Unicode.Scalar(c) else { return false }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    /// CJK ideographs, kana, Hangul syllables: each may stand at a line's start.
    private static func isIdeographic(_ c: UInt32) -> Bool {
        (0x3040...0x30FF).contains(c) || (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c)
            || (0xF900...0xFAFF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0x20000...0x3FFFF).contains(c)
    }

    /// Closing punctuation and full stops that must not begin a line.
    private static func isClosing(_ c: UInt32) -> Bool {
        [0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1F, 0xFF01,
         0x300D, 0x300F, 0x3011, 0xFF09, 0x2026].contains(c)
    }
}
