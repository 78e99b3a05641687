internal import CBlueprintFont

/// The faces compiled into Blueprint (module CBlueprintFont, `fonts/`, each with its licence):
/// the system family Inter in five weights and their italics, Noto faces for the scripts Inter
/// lacks, DejaVu Sans for symbols none of those has, Droid Sans Fallback for Chinese and Japanese (it
/// has Hangul jamo but no Hangul syllables: Korean text is drawn as boxes and reported), and
/// Noto Color Emoji.
///
/// The cases are in the order of `faces[]` in `CBlueprintFont/font.c`.
package enum BundledFace: Int, CaseIterable, Sendable {
    case interRegular, interMedium, interSemibold, interBold, interExtraBold
    case interItalic, interMediumItalic, interSemiboldItalic, interBoldItalic, interExtraBoldItalic
    case arabicRegular, arabicBold, hebrewRegular, hebrewBold, devanagariRegular, devanagariBold
    case dejaVuSans, emoji, cjk

    /// The name reports and the SVG use.
    var faceName: String {
        switch self {
        case .interRegular: "Inter Regular"
        case .interMedium: "Inter Medium"
        case .interSemibold: "Inter SemiBold"
        case .interBold: "Inter Bold"
        case .interExtraBold: "Inter ExtraBold"
        case .interItalic: "Inter Italic"
        case .interMediumItalic: "Inter Medium Italic"
        case .interSemiboldItalic: "Inter SemiBold Italic"
        case .interBoldItalic: "Inter Bold Italic"
        case .interExtraBoldItalic: "Inter ExtraBold Italic"
        case .arabicRegular: "Noto Sans Arabic Regular"
        case .arabicBold: "Noto Sans Arabic Bold"
        case .hebrewRegular: "Noto Sans Hebrew Regular"
        case .hebrewBold: "Noto Sans Hebrew Bold"
        case .devanagariRegular: "Noto Sans Devanagari Regular"
        case .devanagariBold: "Noto Sans Devanagari Bold"
        case .dejaVuSans: "DejaVu Sans"
        case .emoji: "Noto Color Emoji"
        case .cjk: "Droid Sans Fallback"
        }
    }

    /// Every bundled face, loaded once per process (HarfBuzz reads the tables lazily).
    private static let loaded: [FontFace] = allCases.map { which in
        var size = 0
        let base = blueprint_font_face(Int32(which.rawValue), &size)
        do {
            return try FontFace(bytes: UnsafeRawBufferPointer(start: base, count: size), name: which.faceName,
                                owns: false, bundled: which)
        } catch {
            // The bytes are compiled in and checked by the tests: a failure is a broken build.
            preconditionFailure("bundled font \(which.faceName) does not load: \(error)")
        }
    }

    /// The loaded face.
    package var face: FontFace { Self.loaded[rawValue] }

    /// The system family's face for a weight and style: the nearest bundled weight by the CSS
    /// font-matching rule (at or below 500: the nearest at or below, else above; above 500: the
    /// nearest at or above, else below), so 100–400 → regular, 900 → extra bold.
    static func system(weight: Font.Weight, italic: Bool) -> FontFace {
        let upright: BundledFace = switch weight {
        case .ultraLight, .thin, .light, .regular: .interRegular
        case .medium: .interMedium
        case .semibold: .interSemibold
        case .bold: .interBold
        case .heavy, .black: .interExtraBold
        }
        return (italic ? BundledFace(rawValue: upright.rawValue + 5)! : upright).face
    }

    /// The fallback faces after a font's own, in order.
    static func fallbacks(bold: Bool) -> [FontFace] {
        bold ? boldFallbacks : regularFallbacks
    }
    private static let regularFallbacks = [BundledFace.arabicRegular, .hebrewRegular, .devanagariRegular, .dejaVuSans, .cjk, .emoji].map(\.face)
    private static let boldFallbacks = [BundledFace.arabicBold, .hebrewBold, .devanagariBold, .dejaVuSans, .cjk, .emoji].map(\.face)

    /// The face that draws the placeholder for characters no face has: the system font's
    /// missing-glyph box (a visible rectangle), documented as such.
    static var placeholder: FontFace { BundledFace.interRegular.face }
}
