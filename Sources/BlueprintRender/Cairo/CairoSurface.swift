import CCairo
import Raster

/// A `cairo_surface_t` owned by Swift: an image in memory (opaque `RGB24`), or an SVG or PDF
/// document streamed into a byte buffer.
final class CairoSurface {
    enum Kind { case image, svg, pdf }

    let pointer: OpaquePointer
    let kind: Kind
    /// Receives an SVG or PDF document while cairo writes it.
    private let sink: ByteSink?

    /// The largest image side cairo's pixman backend accepts.
    static let maximumImageSide = 32767

    /// The most pixels an image may have: what `PNG.read` and so `blueprint diff` and the golden
    /// checks accept (16,384²), so that every diagram drawn can be compared.
    static let maximumImagePixels = PNG.defaultMaximumPixelCount

    /// An opaque image of `width × height` pixels.
    init(imageWidth width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= Self.maximumImageSide, height <= Self.maximumImageSide,
              width * height <= Self.maximumImagePixels else {
            throw .canvasTooLarge(width: width, height: height, limit: Self.maximumImageSide)
        }
        pointer = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        kind = .image
        sink = nil
        try cairo_surface_status(pointer).check("cairo_image_surface_create(\(width)x\(height))")
    }

    /// A vector document of `width × height` points.
    init(vector kind: Kind, width: Double, height: Double) throws(RenderError) {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
            if let data { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
            return CAIRO_STATUS_SUCCESS
        }
        switch kind {
        case .svg:
            pointer = cairo_svg_surface_create_for_stream(write, closure, width, height)
        default:
            pointer = cairo_pdf_surface_create_for_stream(write, closure, width, height)
        }
        self.kind = kind
        self.sink = sink
        try cairo_surface_status(pointer).check("create the \(kind) surface")
        if kind == .svg {
            cairo_svg_surface_restrict_to_version(pointer, CAIRO_SVG_VERSION_1_1)
            cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PT)
        } else if kind == .pdf {
            // A fixed date: the same diagram gives the same bytes on every run.
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(pointer, CAIRO_PDF_METADATA_CREATOR, "Blueprint")
        }
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Flushes drawing into the pixels (images) or completes the document (SVG, PDF).
    func finish() throws(RenderError) {
        cairo_surface_flush(pointer)
        if kind != .image { cairo_surface_finish(pointer) }
        try cairo_surface_status(pointer).check("finish the \(kind) surface")
    }

    /// The document written so far (SVG and PDF surfaces, after ``finish()``).
    var documentBytes: [UInt8] { sink?.bytes ?? [] }

    /// Calls `body` with the pixels of an image surface: rows `stride` bytes apart, each pixel
    /// blue, green, red, unused.
    func withPixels<T, E: Error>(_ body: (UnsafeRawBufferPointer, _ width: Int, _ height: Int, _ stride: Int) throws(E) -> T) throws(E) -> T {
        let width = Int(cairo_image_surface_get_width(pointer))
        let height = Int(cairo_image_surface_get_height(pointer))
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer)
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height), width, height, stride)
    }
}

/// Where a vector surface's stream goes.
private final class ByteSink {
    var bytes: [UInt8] = []
}
