#if canImport(Glibc)
import Glibc
#endif
import Raster

/// cairo's own PNG writer (`cairo_surface_write_to_png_stream`), loaded with dlopen so the
/// benchmark needs only the runtime library (libcairo2), not its headers. nil when absent.
final class CairoWriter {
    private typealias CreateForData = @convention(c) (UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32) -> OpaquePointer?
    private typealias WriteFunc = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32
    private typealias WriteStream = @convention(c) (OpaquePointer?, WriteFunc?, UnsafeMutableRawPointer?) -> Int32
    private typealias Destroy = @convention(c) (OpaquePointer?) -> Void

    private let create: CreateForData
    private let write: WriteStream
    private let destroy: Destroy

    init?() {
        guard let handle = dlopen("libcairo.so.2", RTLD_NOW),
              let create = dlsym(handle, "cairo_image_surface_create_for_data"),
              let write = dlsym(handle, "cairo_surface_write_to_png_stream"),
              let destroy = dlsym(handle, "cairo_surface_destroy") else { return nil }
        self.create = unsafeBitCast(create, to: CreateForData.self)
        self.write = unsafeBitCast(write, to: WriteStream.self)
        self.destroy = unsafeBitCast(destroy, to: Destroy.self)
    }

    /// An opaque bitmap as cairo's ARGB32 (premultiplied, native-endian: B G R A in memory).
    static func argb32(_ bitmap: Bitmap) -> [UInt8] {
        var out = bitmap.bytes
        for i in stride(from: 0, to: out.count, by: 4) { out.swapAt(i, i + 2) }
        return out
    }

    /// Encodes ARGB32 pixels to PNG in memory; returns the byte count.
    func encode(argb32 pixels: inout [UInt8], width: Int, height: Int) -> Int {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        sink.bytes.reserveCapacity(width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = create(buffer.baseAddress, 0 /* CAIRO_FORMAT_ARGB32 */, Int32(width), Int32(height), Int32(width * 4))
            let callback: WriteFunc = { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return 0
            }
            _ = write(surface, callback, Unmanaged.passUnretained(sink).toOpaque())
            destroy(surface)
        }
        return sink.bytes.count
    }
}
