/// A rectangle of whole pixels, origin top-left.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: the left column.
    ///   - y: the top row.
    ///   - width: the number of columns.
    ///   - height: the number of rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `x,y widthxheight`, for example `10,20 30x40`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a size.
    ///
    /// - Parameters:
    ///   - width: the number of columns.
    ///   - height: the number of rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `widthxheight`, for example `640x480`.
    public var description: String { "\(width)x\(height)" }
}
