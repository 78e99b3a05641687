internal import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) through FriBidi: the embedding level of every
/// character of a paragraph (rules P2–P3 for its direction, then W, N and I rules).
enum Bidi {
    /// Levels of `scalars` (one paragraph, no newline) and whether the paragraph is
    /// right-to-left. Its direction is that of its first strong character; `rightToLeftDefault`
    /// decides when it has none.
    static func levels(_ scalars: [UInt32], rightToLeftDefault: Bool) -> (levels: [UInt8], rightToLeft: Bool) {
        let n = scalars.count
        // Text without any right-to-left or explicit-embedding character is one left-to-right
        // run when its direction is left-to-right: no call needed.
        if !rightToLeftDefault || scalars.contains(where: isStrongLeftToRight) {
            if !scalars.contains(where: mayBeRightToLeft) { return ([UInt8](repeating: 0, count: n), false) }
        }
        guard n > 0 else { return ([], rightToLeftDefault) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var direction = rightToLeftDefault ? cfribidi_par_wrtl : cfribidi_par_wltr
        let ok = scalars.withUnsafeBufferPointer { s -> Bool in
            fribidi_get_bidi_types(s.baseAddress, Int32(n), &types)
            fribidi_get_bracket_types(s.baseAddress, Int32(n), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, Int32(n), &direction, &levels) != 0
        }
        guard ok else {
            // FriBidi only fails on allocation; lay the paragraph out in its default direction.
            let l: UInt8 = rightToLeftDefault ? 1 : 0
            return ([UInt8](repeating: l, count: n), rightToLeftDefault)
        }
        return (levels.map { UInt8(bitPattern: $0) }, direction == cfribidi_par_rtl)
    }

    /// Characters that can give a right-to-left level: Hebrew, Arabic, Syriac, Thaana, NKo,
    /// Samaritan, Mandaic and their presentation forms, the RTL explicit formatting characters,
    /// and the RTL planes of the SMP.
    private static func mayBeRightToLeft(_ c: UInt32) -> Bool {
        (0x0590...0x08FF).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
            || c == 0x200F || c == 0x202B || c == 0x202E || c == 0x2067 || c == 0x061C
            || (0x10800...0x10FFF).contains(c) || (0x1E800...0x1EFFF).contains(c)
    }

    /// Basic Latin and Latin-1 letters: enough to know a paragraph starts left-to-right.
    private static func isStrongLeftToRight(_ c: UInt32) -> Bool {
        (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0xC0...0x24F).contains(c) && c != 0xD7 && c != 0xF7
    }
}
