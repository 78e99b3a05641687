import Blueprint
import CCairo
import Synchronization

/// cairo font faces for the faces labels are laid out with: each made once per process, through
/// FreeType, from the very bytes HarfBuzz shaped with, so glyph indices and advances agree.
///
/// Outline faces load unhinted with no embedded bitmaps (as the diagram's font); the colour
/// emoji face loads its colour bitmaps (`FT_LOAD_COLOR`), which cairo scales to the size.
/// A face is kept for the rest of the process, with the `FontFace` whose bytes it reads.
final class TextFaces: @unchecked Sendable {
    static let shared = TextFaces()

    private struct Entry: @unchecked Sendable {
        let face: FontFace
        let cairo: OpaquePointer
    }
    private let table = Mutex<[ObjectIdentifier: Result<Entry, RenderError>]>([:])
    private let library: FT_Library?

    private init() {
        var library: FT_Library?
        library = FT_Init_FreeType(&library) == 0 ? library : nil
        self.library = library
    }

    /// The cairo face for `face`.
    func cairoFace(for face: FontFace) throws(RenderError) -> OpaquePointer {
        let key = ObjectIdentifier(face)
        return try table.withLock { table throws(RenderError) -> OpaquePointer in
            if let r = table[key] { return try r.get().cairo }
            let r = Result { () throws(RenderError) in try make(face) }
            table[key] = r
            return try r.get().cairo
        }
    }

    private func make(_ face: FontFace) throws(RenderError) -> Entry {
        guard let library else { throw .font(operation: "FT_Init_FreeType", code: -1) }
        var ftFace: FT_Face?
        let status = FT_New_Memory_Face(library, face.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(face.bytes.count), 0, &ftFace)
        guard status == 0, let ftFace else { throw .font(operation: "FT_New_Memory_Face(\(face.name))", code: status) }
        let flags = face.hasColorBitmaps ? ccairo_color_load_flags : ccairo_unhinted_load_flags
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, flags) else {
            FT_Done_Face(ftFace)
            throw .cairo(operation: "cairo_ft_font_face_create_for_ft_face(\(face.name))", message: "no face")
        }
        do {
            try cairo_font_face_status(cairoFace).check("cairo_ft_font_face_create_for_ft_face(\(face.name))")
        } catch {
            cairo_font_face_destroy(cairoFace)
            FT_Done_Face(ftFace)
            throw error
        }
        return Entry(face: face, cairo: cairoFace)
    }
}

extension CairoContext {
    /// Draws a laid-out text block whose top-left corner is at (`x`, `y`) in device units,
    /// `scale` device units to the point: every glyph run with its face, at its position.
    func draw(_ layout: TextLayout, x: Double, y: Double, scale: Double) throws(RenderError) {
        var buffer: [cairo_glyph_t] = []
        for line in layout.lines {
            for run in line.runs where !run.glyphs.isEmpty {
                cairo_set_font_face(pointer, try TextFaces.shared.cairoFace(for: run.face))
                cairo_set_font_size(pointer, run.size * scale)
                buffer.removeAll(keepingCapacity: true)
                for (g, p) in zip(run.glyphs, run.positions) {
                    buffer.append(cairo_glyph_t(index: UInt(g), x: x + p.x * scale, y: y + p.y * scale))
                }
                buffer.withUnsafeBufferPointer { cairo_show_glyphs(pointer, $0.baseAddress, Int32($0.count)) }
            }
        }
        resetFont()
    }
}
