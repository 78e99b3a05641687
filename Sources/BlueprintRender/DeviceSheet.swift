import Blueprint
import CCairo
import Raster

/// A screen a layout is tried on: its size in points (portrait) and its safe-area insets.
public struct Device: Hashable, Sendable {
    /// The name it is asked for by (`iPhone 15 Pro Max`).
    public var name: String
    /// The screen in points.
    public var size: Size
    /// The safe area's insets in portrait (status bar or Dynamic Island, home indicator).
    public var safeArea: EdgeInsets

    /// Creates a device.
    public init(name: String, size: Size, safeArea: EdgeInsets) {
        self.name = name
        self.size = size
        self.safeArea = safeArea
    }

    /// Screens people lay out for, with the sizes and portrait safe areas UIKit reports on them.
    public static let catalog: [Device] = [
        Device(name: "iPhone SE", size: Size(375, 667), safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        Device(name: "iPhone 13 mini", size: Size(375, 812), safeArea: EdgeInsets(top: 50, left: 0, bottom: 34, right: 0)),
        Device(name: "iPhone 15", size: Size(393, 852), safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        Device(name: "iPhone 15 Plus", size: Size(430, 932), safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        Device(name: "iPhone 15 Pro", size: Size(393, 852), safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        Device(name: "iPhone 15 Pro Max", size: Size(430, 932), safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        Device(name: "iPad mini", size: Size(744, 1133), safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        Device(name: "iPad", size: Size(820, 1180), safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        Device(name: "iPad Pro 13", size: Size(1032, 1376), safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
    ]

    /// The device of the catalog with this name, ignoring case and surrounding spaces.
    public static func named(_ name: String) -> Device? {
        let wanted = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
        return catalog.first { $0.name.lowercased() == wanted }
    }
}

/// Several diagrams side by side, each under a caption: one picture that answers "does it work
/// on every screen?". Panels sit in rows (one row per list given), top-aligned, in order.
public struct DeviceSheet {
    /// One diagram and what it shows.
    public struct Panel {
        /// The text above the diagram (`iPhone 15 · 393 × 852`).
        public var caption: String
        /// The diagram.
        public var diagram: Diagram

        /// Creates a panel.
        public init(caption: String, diagram: Diagram) {
            self.caption = caption
            self.diagram = diagram
        }
    }

    /// The rows of panels.
    public var rows: [[Panel]]
    /// The colours of the sheet's background and captions (the diagrams keep their own theme).
    public var theme: Theme
    /// Pixels per point.
    public var scale: Int

    /// Creates a sheet.
    public init(rows: [[Panel]], theme: Theme, scale: Int) {
        self.rows = rows
        self.theme = theme
        self.scale = scale
    }

    /// The diagrams of one file on `count` screens, `make(i, options)` drawing the i-th, that
    /// write every metric name alike: a label or badge that one panel draws without its metric
    /// names for lack of room (`h 40` beside a narrow field) is drawn so on every panel, where
    /// a wider screen wrote `h field 40` and the sheet read as two constraints. Panels are drawn
    /// again, all with the names any dropped, until none drops another (at most four rounds).
    public static func diagrams<E: Error>(count: Int, options: RenderOptions,
                                          _ make: (Int, RenderOptions) throws(E) -> Diagram) throws(E) -> [Diagram] {
        var options = options
        var diagrams: [Diagram] = []
        for _ in 0..<4 {
            diagrams = []
            for i in 0..<count { diagrams.append(try make(i, options)) }
            let dropped = diagrams.reduce(options.bareNumbers) { $0.union($1.bareNumbers) }
            if diagrams.allSatisfy({ $0.bareNumbers == dropped }) { break }
            options.bareNumbers = dropped
        }
        return diagrams
    }

    static let gap = 24.0, captionHeight = 28.0, captionSize = 15.0, border = 12.0

    /// The sheet as PNG bytes (panels are raster images, so the sheet is PNG only).
    ///
    /// - Throws: ``RenderError`` when a diagram cannot be drawn or the sheet is too large.
    public func png(compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        let s = Double(scale)
        var images: [[(caption: String, surface: CairoSurface, width: Int, height: Int)]] = []
        for row in rows {
            var drawn: [(caption: String, surface: CairoSurface, width: Int, height: Int)] = []
            for panel in row {
                let surface = try panel.diagram.paintImage()
                let size = panel.diagram.pixelSize
                drawn.append((panel.caption, surface, size.width, size.height))
            }
            images.append(drawn)
        }
        let gap = Int(Self.gap * s), caption = Int(Self.captionHeight * s), border = Int(Self.border * s)
        let rowWidths = images.map { $0.reduce(0) { $0 + $1.width } + gap * max($0.count - 1, 0) }
        let rowHeights = images.map { caption + ($0.map(\.height).max() ?? 0) }
        let width = 2 * border + (rowWidths.max() ?? 0)
        let height = 2 * border + rowHeights.reduce(0, +) + gap * max(images.count - 1, 0)
        let limit = 32767
        guard width <= limit, height <= limit else { throw .canvasTooLarge(width: width, height: height, limit: limit) }
        let sheet = try CairoSurface(imageWidth: max(width, 1), height: max(height, 1))
        let context = try CairoContext(sheet)
        context.setColor(theme.background)
        context.paint()
        var y = border
        for (r, row) in images.enumerated() {
            var x = border
            for panel in row {
                context.setColor(theme.text)
                context.text(panel.caption, x: Double(x), y: Double(y) + (Self.captionHeight - 9) * s, size: Self.captionSize * s)
                cairo_set_source_surface(context.pointer, panel.surface.pointer, Double(x), Double(y + caption))
                cairo_paint(context.pointer)
                x += panel.width + gap
            }
            y += rowHeights[r] + gap
        }
        try context.check("draw the device sheet")
        try sheet.finish()
        return try sheet.withPixels { (raw, w, h, stride) throws(RenderError) -> [UInt8] in
            do {
                return try PNG.encodeOpaqueBGRX(raw, width: w, height: h, compression: compression)
            } catch {
                throw .output(error as? RasterError ?? .encodingFailed(message: "\(error)"))
            }
        }
    }
}
