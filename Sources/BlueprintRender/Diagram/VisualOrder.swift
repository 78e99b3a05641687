/// A minimal bidirectional reordering, so that Hebrew and Arabic label text reads correctly
/// when cairo draws glyphs left to right: runs of right-to-left letters are reversed; in a
/// right-to-left paragraph (the root's layout direction), the order of the runs is reversed
/// too, while runs of Latin letters and digits keep their inner order.
///
/// It is not the Unicode Bidirectional Algorithm (no explicit embeddings, no mirrored
/// brackets) and Arabic letters are drawn in their isolated forms (cairo does no shaping).
enum VisualOrder {
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    static func isLeftToRightStrong(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic && !isRightToLeft(s) || ("0"..."9").contains(s)
    }

    /// The text in the order its characters appear from left to right.
    static func visual(_ text: String, rightToLeftParagraph: Bool) -> String {
        let characters = Array(text)
        guard rightToLeftParagraph || characters.contains(where: { $0.unicodeScalars.contains(where: isRightToLeft) }) else {
            return text
        }
        // Runs: true = left-to-right (Latin, digits); neutrals join the paragraph's direction,
        // except between two left-to-right characters.
        func strongLTR(_ c: Character) -> Bool? {
            guard let s = c.unicodeScalars.first else { return nil }
            if isRightToLeft(s) { return false }
            if isLeftToRightStrong(s) { return true }
            return nil
        }
        var runs: [(ltr: Bool, chars: [Character])] = []
        var i = 0
        while i < characters.count {
            let c = characters[i]
            var direction = strongLTR(c)
            if direction == nil {
                // A neutral takes the direction of the strong characters on both sides when
                // they agree, else the paragraph's.
                let before = runs.last?.ltr
                var j = i + 1
                while j < characters.count, strongLTR(characters[j]) == nil { j += 1 }
                let after = j < characters.count ? strongLTR(characters[j]) : nil
                direction = (before != nil && before == after) ? before : !rightToLeftParagraph
            }
            if let last = runs.last, last.ltr == direction! {
                runs[runs.count - 1].chars.append(c)
            } else {
                runs.append((direction!, [c]))
            }
            i += 1
        }
        var pieces = runs.map { $0.ltr ? String($0.chars) : String($0.chars.reversed()) }
        if rightToLeftParagraph { pieces.reverse() }
        return pieces.joined()
    }
}
