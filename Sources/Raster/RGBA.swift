/// One 8-bit RGBA colour with straight (not premultiplied) alpha.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8
    /// Alpha, 0 (transparent)...255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its four components.
    ///
    /// - Parameters:
    ///   - red: red, 0...255.
    ///   - green: green, 0...255.
    ///   - blue: blue, 0...255.
    ///   - alpha: alpha, default 255 (opaque).
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white.
    public static let white = RGBA(255, 255, 255)
    /// Opaque black.
    public static let black = RGBA(0, 0, 0)

    /// `#rrggbbaa`.
    public var description: String {
        "#" + [red, green, blue, alpha].map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The four bytes as one little-endian word, the way they sit in a bitmap's memory.
    var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }
}
