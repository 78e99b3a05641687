import CBlueprintFont
import CCairo

/// The diagram's own font (names, constraint labels, the legend), DejaVu Sans, loaded once per
/// process from the bytes compiled into the binary, through FreeType, into a cairo font face.
/// Labels' text uses the faces of ``TextFaces``.
///
/// Text is drawn unhinted (`FT_LOAD_NO_HINTING`), with hint metrics off and grey
/// antialiasing (see ``CairoContext``), so glyph positions are the font's own advances — the
/// same numbers `BundledFontMetrics` uses to size labels — and no setting of the host
/// (fontconfig files, installed fonts) can change a pixel. cairo's toy font API is never used.
///
/// One `FT_Library` serves the process. cairo serialises its own use of the `FT_Face`, so
/// renders on several threads share this face safely; nothing else touches it after `init`.
final class BundledFont: @unchecked Sendable {
    /// The process's font, created on first use (Swift runs the initialiser once, thread-safely).
    static let shared: Result<BundledFont, RenderError> = Result { () throws(RenderError) in try BundledFont() }

    /// The font face to `cairo_set_font_face` with.
    let face: OpaquePointer
    /// Each character's glyph and unhinted advance (font units), read once from the font's
    /// cmap and hmtx tables, so text is drawn with `cairo_show_glyphs` and no per-call lookup.
    private let glyphs: [UInt32: (index: UInt32, advance: Double)]
    /// The advance of the missing-glyph box (glyph 0), drawn for characters the font lacks.
    private let notdefAdvance: Double
    /// Font units per em.
    let unitsPerEm: Double
    private let library: FT_Library
    private let ftFace: FT_Face

    private init() throws(RenderError) {
        var library: FT_Library?
        var status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .font(operation: "FT_Init_FreeType", code: status) }
        var ftFace: FT_Face?
        status = FT_New_Memory_Face(library, blueprint_font_dejavu_sans(), FT_Long(blueprint_font_dejavu_sans_size()), 0, &ftFace)
        guard status == 0, let ftFace else {
            FT_Done_FreeType(library)
            throw .font(operation: "FT_New_Memory_Face(DejaVuSans.ttf)", code: status)
        }
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, ccairo_unhinted_load_flags) else {
            FT_Done_Face(ftFace)
            FT_Done_FreeType(library)
            throw .cairo(operation: "cairo_ft_font_face_create_for_ft_face", message: "no face")
        }
        do {
            try cairo_font_face_status(face).check("cairo_ft_font_face_create_for_ft_face")
        } catch {
            cairo_font_face_destroy(face)
            FT_Done_Face(ftFace)
            FT_Done_FreeType(library)
            throw error
        }
        self.library = library
        self.ftFace = ftFace
        self.face = face
        unitsPerEm = Double(ftFace.pointee.units_per_EM)
        var table: [UInt32: (index: UInt32, advance: Double)] = [:]
        func advance(_ glyph: UInt32) -> Double {
            var value: FT_Fixed = 0
            return FT_Get_Advance(ftFace, glyph, FT_Int32(FT_LOAD_NO_SCALE), &value) == 0 ? Double(value) : 0
        }
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(ftFace, &glyph)
        while glyph != 0 {
            table[UInt32(code)] = (UInt32(glyph), advance(UInt32(glyph)))
            code = FT_Get_Next_Char(ftFace, code, &glyph)
        }
        glyphs = table
        notdefAdvance = advance(0)
    }

    /// The glyph and advance (font units) of a character; glyph 0 when the font lacks it.
    func glyph(for scalar: Unicode.Scalar) -> (index: UInt32, advance: Double) {
        glyphs[scalar.value] ?? (0, notdefAdvance)
    }

    deinit {
        // cairo may keep the face in its caches after our reference goes; the FT_Face must
        // outlive it, so it is only released with the library at process end (never, for `shared`).
        cairo_font_face_destroy(face)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(library)
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
