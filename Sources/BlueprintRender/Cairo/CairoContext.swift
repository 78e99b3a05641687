import CCairo

/// A `cairo_t` owned by Swift, with the few drawing operations the painter needs. Every
/// coordinate is in device units (pixels for images, points for documents).
final class CairoContext {
    let pointer: OpaquePointer
    private let surface: CairoSurface
    private let font: BundledFont
    private var fontSize = -1.0
    private var glyphBuffer: [cairo_glyph_t] = []

    init(_ surface: CairoSurface) throws(RenderError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        try cairo_status(pointer).check("cairo_create")
        font = try BundledFont.shared.get()
        cairo_set_font_face(pointer, font.face)
        cairo_set_font_options(pointer, BundledFont.options.pointer)
        cairo_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        try cairo_status(pointer).check("set up the font")
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the context's first error, if any (cairo errors are sticky: once set, every
    /// later call is a no-op, so one check after drawing catches them all).
    func check(_ operation: String) throws(RenderError) {
        try cairo_status(pointer).check(operation)
    }

    func setColor(_ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(pointer, c.red, c.green, c.blue, c.alpha * alpha)
    }

    func setLine(width: Double, dash: [Double] = []) {
        cairo_set_line_width(pointer, width)
        if dash.isEmpty {
            cairo_set_dash(pointer, nil, 0, 0)
        } else {
            dash.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), 0) }
        }
    }

    func setLineCap(_ cap: cairo_line_cap_t) { cairo_set_line_cap(pointer, cap) }

    func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
        cairo_rectangle(pointer, x, y, w, h)
    }

    func roundedRectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) {
        let r = min(r, w / 2, h / 2)
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(pointer, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(pointer, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(pointer, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(pointer)
    }

    func circle(_ x: Double, _ y: Double, radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x, y, radius, 0, 2 * .pi)
    }

    func move(_ x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    func line(_ x: Double, _ y: Double) { cairo_line_to(pointer, x, y) }
    func closePath() { cairo_close_path(pointer) }
    func fill() { cairo_fill(pointer) }
    func fillPreserve() { cairo_fill_preserve(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func paint() { cairo_paint(pointer) }

    /// Draws one line of text with its baseline starting at (x, y): each character's glyph
    /// at the pen, the pen moving by the glyph's unhinted advance (no kerning — the same
    /// positions `BundledFontMetrics` measures).
    func text(_ string: String, x: Double, y: Double, size: Double) {
        if size != fontSize {
            cairo_set_font_size(pointer, size)
            fontSize = size
        }
        let scale = size / font.unitsPerEm
        glyphBuffer.removeAll(keepingCapacity: true)
        var pen = x
        for scalar in string.unicodeScalars {
            let g = font.glyph(for: scalar)
            glyphBuffer.append(cairo_glyph_t(index: UInt(g.index), x: pen, y: y))
            pen += g.advance * scale
        }
        glyphBuffer.withUnsafeBufferPointer { cairo_show_glyphs(pointer, $0.baseAddress, Int32($0.count)) }
    }
}

extension CairoContext {
    /// Back to the diagram's own font after text in other faces.
    func resetFont() {
        cairo_set_font_face(pointer, font.face)
        fontSize = -1
    }

    func save() { cairo_save(pointer) }
    func restore() {
        cairo_restore(pointer)
        fontSize = -1   // the restored state has the font size of the save
    }
    func clip() { cairo_clip(pointer) }
    /// Clips to the area inside the current path's outer rectangle and outside the ones within
    /// it (even-odd), then goes back to the nonzero rule.
    func clipEvenOdd() {
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(pointer)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
    }
    func newPath() { cairo_new_path(pointer) }
}
