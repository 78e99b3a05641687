import Blueprint
import CCairo

/// The diagram's own font (names, constraint labels, the legend): DejaVu Sans, the bundled
/// face of that name, drawn through the same cairo face ``TextFaces`` makes for labels that
/// fall back to it.
///
/// Text is drawn unhinted (`FT_LOAD_NO_HINTING`), with hint metrics off and grey
/// antialiasing (see ``CairoContext``), so glyph positions are the font's own advances — the
/// same numbers `BundledFontMetrics` uses to size annotations — and no setting of the host
/// (fontconfig files, installed fonts) can change a pixel. cairo's toy font API is never used.
final class BundledFont: @unchecked Sendable {
    /// The process's font, created on first use (Swift runs the initialiser once, thread-safely).
    static let shared: Result<BundledFont, RenderError> = Result { () throws(RenderError) in try BundledFont() }

    /// The font face to `cairo_set_font_face` with.
    let face: OpaquePointer
    /// Font units per em.
    let unitsPerEm: Double
    private let fontFace: FontFace
    /// The advance of the missing-glyph box (glyph 0), drawn for characters the font lacks.
    private let notdefAdvance: Double

    private init() throws(RenderError) {
        fontFace = BundledFace.dejaVuSans.face
        face = try TextFaces.shared.cairoFace(for: fontFace)
        unitsPerEm = fontFace.unitsPerEm
        notdefAdvance = fontFace.advance(of: 0)
    }

    /// The glyph and advance (font units) of a character; glyph 0 when the font lacks it.
    func glyph(for scalar: Unicode.Scalar) -> (index: UInt32, advance: Double) {
        guard let g = fontFace.glyph(for: scalar.value) else { return (0, notdefAdvance) }
        return (g, fontFace.advance(of: g))
    }

    /// The font options every context draws text with: grey antialiasing, no hinting, no
    /// hint metrics. Owned here and never changed after creation.
    static let options = FontOptions()
}

/// A `cairo_font_options_t` owned by Swift.
final class FontOptions: @unchecked Sendable {
    let pointer: OpaquePointer

    init() {
        pointer = cairo_font_options_create()
        cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(pointer, CAIRO_SUBPIXEL_ORDER_DEFAULT)
    }

    deinit { cairo_font_options_destroy(pointer) }
}
