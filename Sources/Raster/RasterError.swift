import BlueprintSupport

/// Everything that can go wrong reading, writing or building an image.
///
/// Each case carries the file (when there is one) and, for libpng failures, libpng's own
/// message. `description` is the text the CLI prints.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file could not be opened, read, written or renamed; `reason` is the system's message.
    case io(path: String, operation: String, reason: String)
    /// The file exists but holds no bytes.
    case emptyFile(path: String?)
    /// libpng could not read the data; `message` is libpng's message.
    case unreadablePNG(path: String?, message: String)
    /// The PNG header claims more pixels than the decoder's limit allows; nothing was allocated.
    case imageTooLarge(path: String?, width: Int, height: Int, limit: Int)
    /// The PNG header claims a side longer than libpng reads (``PNG/maximumSide``), though no
    /// more pixels than the limit (a 1x268435456 image); nothing was allocated.
    case sideTooLong(path: String?, width: Int, height: Int, limit: Int)
    /// The bitmap could not be encoded; `message` is libpng's or zlib's message, or says
    /// why the image cannot be a PNG.
    case encodingFailed(message: String)
    /// The bitmap has no pixels, and PNG cannot store an empty image.
    case emptyImage(width: Int, height: Int)
    /// A pixel buffer whose length does not match `width * height * 4`.
    case invalidPixelBuffer(width: Int, height: Int, byteCount: Int)

    /// A one-line, human-readable explanation.
    public var description: String {
        switch self {
        case let .io(path, operation, reason):
            return "\(path): cannot \(operation): \(reason)"
        case let .emptyFile(path):
            return "\(path ?? "PNG data"): empty file, not a PNG"
        case let .unreadablePNG(path, message):
            return "\(path ?? "PNG data"): not a readable PNG: \(message)"
        case let .imageTooLarge(path, width, height, limit):
            return "\(path ?? "PNG data"): \(width)x\(height) pixels is more than the limit of \(limit) pixels"
        case let .sideTooLong(path, width, height, limit):
            let (side, length) = width > limit ? ("width", width) : ("height", height)
            return "\(path ?? "PNG data"): \(width)x\(height) pixels: its \(side), \(length), is more than the limit of \(limit) pixels a side"
        case let .encodingFailed(message):
            return "cannot encode PNG: \(message)"
        case let .emptyImage(width, height):
            return "cannot encode a \(width)x\(height) image as PNG: it has no pixels"
        case let .invalidPixelBuffer(width, height, byteCount):
            return "\(byteCount) bytes cannot hold a \(width)x\(height) RGBA image (needs \(max(width, 0) * max(height, 0) * 4))"
        }
    }
}

extension RasterError {
    /// A file error of the package's own file layer, as the `io` case.
    package init(_ error: FileError) {
        self = .io(path: error.path, operation: error.operation, reason: error.reason)
    }
}
