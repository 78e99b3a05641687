import BlueprintSupport
import Blueprint
import Raster

/// A solved view tree laid out as a picture: view boxes, constraint lines in their lanes,
/// every label in a free spot, the legend. Building it does all the layout work; drawing it
/// (``png(compression:)``, ``svg()``, ``pdf()``, ``write(to:format:)``) only paints.
///
/// ```swift
/// let diagram = try Diagram(root: root, options: RenderOptions(scale: 2, theme: .dark))
/// try diagram.write(to: "login.png")
/// ```
public struct Diagram {
    /// The options the diagram was built with: scale, theme, constraints shown, legend.
    public let options: RenderOptions
    /// The drawing's extent in points (root coordinates), legend included.
    public let bounds: Rect
    /// The image size in pixels at the options' scale.
    public var pixelSize: (width: Int, height: Int) {
        (Int((bounds.width * Double(options.scale)).rounded(.up)), Int((bounds.height * Double(options.scale)).rounded(.up)))
    }

    let boxes: [ViewBox]
    let annotations: [Annotation]
    let texts: [PlacedText]
    /// The boxes of label views' text.
    let viewTexts: [Rect]
    /// With `crop`: the part of the layout drawn (the legend goes below it).
    let crop: Rect?
    let safeArea: Rect?
    /// Custom layout guides, drawn dashed and named.
    let guides: [(name: String, frame: Rect)]
    let legend: LegendLayout
    /// The layout's frame (root coordinates), without lines and labels sticking out.
    let contentFrame: Rect
    /// The boxes (by index) that a view painted after them hides whole (see ``covered(_:)``): their
    /// outlines are drawn again, in 2-point dashes, over everything.
    let covered: [Int]
    /// The sides of the root's frame that some view reaches past (a scroll view's content, a
    /// view pushed off screen), as segments: the screen's edge is drawn again there over every
    /// view, else the views over it would hide where the screen ends. Empty when everything is
    /// inside the root.
    let screenEdge: [(Point, Point)]

    /// The labels and badges with metric names drawn without them (`h 40` for `h field 40`,
    /// where the full text had no room by its views), keyed by text and constraints; what a
    /// device sheet's panels share (``RenderOptions/bareNumbers``).
    package let bareNumbers: Set<String>

    /// How readable the picture came out: texts, markers, crossings (see ``Statistics``).
    public let statistics: Statistics
    /// The layout's conflicts and ambiguity, read while the diagram was built (what it shows
    /// in red, orange and with ambiguity notes).
    public let layoutReport: LayoutReport

    /// Lays out the diagram of a view tree: solves it (`layoutIfNeeded`), reads its report,
    /// turns constraints into lines and places every label.
    ///
    /// - Parameters:
    ///   - root: the root of the tree; every view and constraint of it is drawn.
    ///   - options: scale, theme, which constraints, legend.
    /// - Throws: ``RenderError/invalidScale(_:)``, ``RenderError/unknownView(_:)``.
    /// - Complexity: the layout, then O(n log n) for n views and constraints.
    public init(root: View, options: RenderOptions = RenderOptions()) throws(RenderError) {
        guard (1...3).contains(options.scale) else { throw .invalidScale(options.scale) }
        self.options = options
        let builder = try DiagramBuilder(root: root, options: options)
        try Self.checkExtent(builder)
        var annotations = builder.annotations
        let placer = Self.place(builder, annotations, root: root, bare: options.bareNumbers)
        // Lines never strike text: each is cut around the text boxes it would cross.
        var textIndex = SpatialIndex()
        for t in placer.placed { textIndex.insert(t.rect) }
        for r in placer.viewTexts { textIndex.insert(r) }
        var drawn: [(Point, Point)] = []
        for i in annotations.indices {
            let a = annotations[i]
            let hits = textIndex.indices(overlapping: Segments.bounds(a.start, a.end)).map { textIndex.rects[$0] }
            annotations[i].pieces = Segments.cut(a.start, a.end, around: hits)
            annotations[i].caps = a.capSegments.filter { c in
                !textIndex.indices(overlapping: Segments.bounds(c.0, c.1)).contains { Segments.crosses(c.0, c.1, textIndex.rects[$0]) }
            }
            drawn += annotations[i].pieces + annotations[i].caps
        }

        var box = root.absoluteFrame
        func include(_ r: Rect) {
            guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
            let x0 = min(box.minX, r.minX), y0 = min(box.minY, r.minY)
            box = Rect(x: x0, y: y0, width: max(box.maxX, r.maxX) - x0, height: max(box.maxY, r.maxY) - y0)
        }
        func include(_ p: Point, _ q: Point) {
            include(Rect(x: min(p.x, q.x) - Metrics.capHalf, y: min(p.y, q.y) - Metrics.capHalf,
                         width: abs(p.x - q.x) + 2 * Metrics.capHalf, height: abs(p.y - q.y) + 2 * Metrics.capHalf))
        }
        for b in builder.boxes { include(b.frame) }
        for g in builder.guides { include(g.frame) }
        for a in annotations {
            include(a.start, a.end)
            if let e = a.extensionLine { include(e.0, e.1) }
        }
        for t in placer.placed {
            include(t.rect)
            if let l = t.leader { include(l.0, l.1) }
        }
        contentFrame = root.absoluteFrame
        if options.crop, let focus = builder.focusFrame {
            // Cropped to the views in focus and what they relate to, with a margin.
            let m = 24.0
            box = Rect(x: focus.minX - m, y: focus.minY - m, width: focus.width + 2 * m, height: focus.height + 2 * m)
            // With every text about them: the names of the views in focus and the labels and
            // badges of what they relate, where those went beside the frames (a callout in the
            // column beside the layout is not cut in half); a numbered marker by where it points.
            let frames = builder.focusFrames
            for t in placer.placed {
                func holds(_ f: Rect, _ p: Point) -> Bool { f.minX <= p.x && p.x <= f.maxX && f.minY <= p.y && p.y <= f.maxY }
                let pointsIn = t.marker != nil && t.leader.map { l in frames.contains { holds($0, l.0) } } == true
                let about = t.isName ? !t.dimmed && t.home.map(frames.contains) == true
                    : t.home.map(frames.contains) == true || t.owners.contains(where: frames.contains) || pointsIn
                guard about else { continue }
                include(t.rect)
                if let l = t.leader { include(l.0, l.1) }
            }
            crop = box
        } else {
            crop = nil
        }

        covered = Self.covered(builder.boxes)
        screenEdge = builder.boxes.first.map { root in
            let r = root.frame
            let all = builder.boxes.dropFirst().filter { !$0.hidden }.reduce(r) { $0.union($1.extent) }
            var sides: [(Point, Point)] = []
            if all.minY < r.minY - 0.5 { sides.append((Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY))) }
            if all.maxY > r.maxY + 0.5 { sides.append((Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY))) }
            if all.minX < r.minX - 0.5 { sides.append((Point(x: r.minX, y: r.minY), Point(x: r.minX, y: r.maxY))) }
            if all.maxX > r.maxX + 0.5 { sides.append((Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY))) }
            return sides
        } ?? []
        var entries: [LegendEntry] = []
        if options.legend {
            let depths = Set(builder.boxes.map { $0.depth % options.theme.fills.count }).sorted()
            entries.append(LegendEntry(sample: .swatches(depths), text: "views by depth"))
            if builder.boxes.contains(where: { $0.margins != nil }) {
                entries.append(LegendEntry(sample: .dashed(options.theme.margins), text: "layout margins"))
            }
            if !builder.guides.isEmpty {
                entries.append(LegendEntry(sample: .dashed(options.theme.guide), text: "layout guide"))
            }
            if builder.safeArea != nil {
                entries.append(LegendEntry(sample: .dashed(options.theme.safeArea), text: "safe area"))
            }
            if annotations.contains(where: { $0.kind == .spacing }) { entries.append(LegendEntry(sample: .spacing, text: "spacing")) }
            if let stack = builder.boxes.first(where: { $0.stack != nil }) {
                // The arrow a horizontal stack's tag has in this picture.
                entries.append(LegendEntry(sample: .stackTag(rightToLeft: stack.rightToLeft), text: "stack: direction, spacing, distribution"))
            }
            if let (copy, leader) = builder.firstFold {
                // Said with the picture's own first fold (`as row0` on row1), not a made-up name
                // that may be another view of the picture.
                func cut(_ name: String) -> String { name.count <= 24 ? name : String(name.prefix(23)) + "…" }
                let leaderName = cut(leader), copyName = cut(copy)
                entries.append(LegendEntry(sample: .badge, text: "as \(leaderName): \(copyName) is constrained like \(leaderName) (not drawn again)"))
            }
            if !builder.badges.isEmpty {
                // The groups' key as the badges write it, with the picture's own first letters
                // (`=w A, =h C` where B is a second width group).
                let letters = builder.equalGroupLetters
                let key: String
                switch (letters[.width], letters[.height]) {
                case let (w?, h?): key = "size (=w \(w), =h \(h): widths, heights equal within a group)"
                case let (nil, h?): key = "size (=h \(h): heights equal within group \(h))"
                case let (w?, nil): key = "size (=w \(w): widths equal within group \(w))"
                case (nil, nil): key = "size"
                }
                entries.append(LegendEntry(sample: .badge, text: key))
            }
            if annotations.contains(where: { $0.kind == .alignment }) { entries.append(LegendEntry(sample: .alignment, text: "alignment")) }
            if annotations.contains(where: { $0.dashed }) { entries.append(LegendEntry(sample: .lowPriority, text: "priority < 1000")) }
            for (role, text) in [(StrokeRole.conflict, "in a conflict"), (.broken, "broken")]
            where annotations.contains(where: { $0.role == role }) || builder.badges.contains(where: { $0.role == role }) {
                entries.append(LegendEntry(sample: .role(role), text: text))
            }
            if builder.boxes.contains(where: { !$0.ambiguous.isEmpty }) { entries.append(LegendEntry(sample: .ambiguous, text: "ambiguous")) }
            if builder.boxes.contains(where: { $0.hidden }) { entries.append(LegendEntry(sample: .hidden, text: "hidden")) }
            if !covered.isEmpty { entries.append(LegendEntry(sample: .covered, text: "behind another view")) }
            if !screenEdge.isEmpty { entries.append(LegendEntry(sample: .screenEdge, text: "screen edge (views reach past it)")) }
            if placer.leftOut > 0 {
                let n = placer.leftOut
                entries.append(LegendEntry(sample: .note, text: "\(n) label\(n == 1 ? "" : "s") left out: too dense to draw (draw a part with --show VIEW --crop)"))
            }
        }
        let legendWidth = max(box.width, 360)
        var legend = LegendLayout(entries: entries, numbered: placer.legend, width: legendWidth,
                                  origin: Point(x: box.minX, y: box.maxY + Metrics.border))
        if legend.size.height == 0 {
            legend = LegendLayout(entries: [], numbered: [], width: 0, origin: .zero)
        } else {
            include(Rect(x: box.minX, y: box.maxY + Metrics.border, width: legend.size.width, height: legend.size.height))
        }
        let b = Metrics.border
        // Whole points, so that frame edges at whole points fall on whole pixels at any scale.
        let x0 = (box.minX - b).rounded(.down), y0 = (box.minY - b).rounded(.down)
        bounds = Rect(x: x0, y: y0, width: (box.maxX + b).rounded(.up) - x0, height: (box.maxY + b).rounded(.up) - y0)
        self.legend = legend
        self.boxes = builder.boxes
        self.annotations = annotations
        self.texts = placer.placed
        bareNumbers = placer.bare
        self.safeArea = builder.safeArea
        self.guides = builder.guides
        layoutReport = builder.report
        viewTexts = placer.viewTexts
        statistics = StatisticsCounter.count(views: builder.boxes.count, constraints: builder.constraintCount,
                                             texts: placer.placed, viewTexts: placer.viewTexts, lines: drawn,
                                             forcedMarkers: placer.forcedMarkers)
    }

    /// The largest layout a diagram draws, in points per side: at scale 1 the most pixels an
    /// image may have (``RenderError/canvasTooLarge(width:height:limit:)``), and far inside
    /// what cairo's fixed-point coordinates hold for SVG and PDF.
    static let largestLayout = 32767.0

    /// Refuses a layout whose views, guides, margins, safe area or constraint lines reach
    /// further than ``largestLayout`` points from the root's origin (or are not finite) before
    /// any label is placed: no picture of it could be written (every line is inside the
    /// picture). A negative width or height counts by both its edges.
    private static func checkExtent(_ builder: DiagramBuilder) throws(RenderError) {
        var frames = builder.boxes.map { ($0.name, $0.frame) } + builder.guides.map { ($0.name, $0.frame) }
        frames += builder.boxes.compactMap { box in box.margins.map { (box.name + " (its margins)", $0) } }
        if let safeArea = builder.safeArea { frames.append(("root (its safe area)", safeArea)) }
        var low = (x: 0.0, y: 0.0), high = (x: 0.0, y: 0.0)
        for (name, f) in frames {
            // A frame that is not finite is said first, whichever frame reached furthest.
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else {
                throw .layoutTooLarge(view: name, frame: f, limit: Int(largestLayout))
            }
        }
        for (name, f) in frames {
            let xs = [f.minX, f.maxX], ys = [f.minY, f.maxY]
            low = (min(low.x, xs.min()!), min(low.y, ys.min()!))
            high = (max(high.x, xs.max()!), max(high.y, ys.max()!))
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite,
                  high.x - low.x <= largestLayout, high.y - low.y <= largestLayout else {
                throw .layoutTooLarge(view: name, frame: f, limit: Int(largestLayout))
            }
        }
        // A line ends on its anchors, on the frames or their margins (an alignment line a few
        // points past them), except where a view's margins inset past its frame: then no margins
        // are drawn, but a line to them is. Lines may take the picture to twice the limit (no
        // PNG holds that, an SVG or a PDF does), no further.
        let lineLimit = 2 * largestLayout
        for a in builder.annotations {
            for p in [a.start, a.end] {
                low = (min(low.x, p.x), min(low.y, p.y))
                high = (max(high.x, p.x), max(high.y, p.y))
            }
            guard a.start.x.isFinite, a.start.y.isFinite, a.end.x.isFinite, a.end.y.isFinite,
                  high.x - low.x <= lineLimit, high.y - low.y <= lineLimit else {
                let constraint = a.source.split(separator: "\n").first.map(String.init) ?? a.formula
                throw .lineTooLong(constraint: constraint, from: a.start, to: a.end, limit: Int(lineLimit))
            }
        }
    }

    /// The boxes that a view painted after them, and not inside them, hides whole: its frame
    /// holds the box's frame, outline and all (a selection circle declared before the grid over
    /// it, a view under an overlay). Views are painted in tree order, each over the ones before
    /// it, so without this such a view would not be seen at all. A view only partly covered (a
    /// badge over an icon's corner) keeps most of its outline and is left as it is; hidden views
    /// neither count nor cover.
    /// - Complexity: O(n · d) for n boxes nested d deep (the views over a point, through a
    ///   spatial index).
    static func covered(_ boxes: [ViewBox]) -> [Int] {
        // Where each box's subtree ends: boxes are in tree order, a subtree the run of deeper
        // boxes after it.
        var end = [Int](repeating: boxes.count, count: boxes.count)
        var open: [Int] = []
        for (i, b) in boxes.enumerated() {
            while let last = open.last, boxes[last].depth >= b.depth { end[last] = i; open.removeLast() }
            open.append(i)
        }
        var index = SpatialIndex(cellSize: 64)
        for (i, b) in boxes.enumerated() where !b.hidden && b.frame.width > 0 && b.frame.height > 0 {
            index.insert(b.frame, owner: i)
        }
        var out: [Int] = []
        for (i, b) in boxes.enumerated() where !b.hidden && b.frame.width > 0 && b.frame.height > 0 {
            let f = b.frame
            let centre = Rect(x: f.midX - 0.01, y: f.midY - 0.01, width: 0.02, height: 0.02)
            let hides = index.owners(overlapping: centre, kinds: .text).contains { j in
                guard j >= end[i] else { return false }
                let o = boxes[j].frame
                // (A view with the same frame draws the same outline: nothing is lost.)
                return o != f && o.holds(f)
            }
            if hides { out.append(i) }
        }
        return out
    }

    /// Places every text: tight constraint labels, names, guide names, badges, notes, the
    /// other labels, then markers.
    private static func place(_ builder: DiagramBuilder, _ annotations: [Annotation], root: View, bare: Set<String>) -> LabelPlacer {
        var placer = LabelPlacer(boxes: builder.boxes, layout: root.absoluteFrame)
        placer.bare = bare
        placer.addLines(annotations)
        placer.placeLabels(annotations, tight: true)
        placer.placeNames(builder.boxes)
        placer.placeGuideNames(builder.guides)
        placer.placeBadges(builder.badges)
        placer.placeAmbiguity(builder.boxes)
        placer.placeLabels(annotations, tight: false)
        placer.placeMarkers()
        return placer
    }

    // MARK: Output

    /// Paints the diagram into pixels once; the result encodes to PNG or converts to a
    /// ``Bitmap`` without painting again.
    ///
    /// - Throws: ``RenderError`` for cairo failures or a canvas over 32767 pixels a side.
    public func image() throws(RenderError) -> DiagramImage {
        DiagramImage(surface: try paintImage())
    }

    /// The diagram as an image.
    ///
    /// - Throws: ``RenderError`` for cairo failures or a canvas over 32767 pixels a side.
    public func bitmap() throws(RenderError) -> Bitmap { try image().bitmap() }

    /// The diagram as PNG bytes, written through Raster's libpng encoder straight from cairo's
    /// pixels.
    ///
    /// - Parameter compression: `.fast` (the default) or `.compact`.
    public func png(compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        try image().png(compression: compression)
    }

    /// The diagram as an SVG document for the web, in points: the drawing (text as glyph outlines,
    /// exactly as in the PNG) under a layer of selectable text, a tooltip on every view and
    /// constraint, and hover highlighting of a view and its constraints (see `SVGOverlay`).
    public func svg() throws(RenderError) -> [UInt8] {
        SVGOverlay.adding(to: Self.renumberSurfaces(try paintVector(.svg)), diagram: self)
    }

    /// cairo names SVG groups after a process-wide surface counter (`surface1`, then `surface6`
    /// for the next document…); renumbering them in order of appearance makes a document's
    /// bytes depend on the diagram alone.
    static func renumberSurfaces(_ svg: [UInt8]) -> [UInt8] {
        let marker = Array("surface".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        var i = 0
        while i < svg.count {
            if svg[i] == marker[0], i + marker.count < svg.count, svg[i..<(i + marker.count)].elementsEqual(marker) {
                var j = i + marker.count
                while j < svg.count, svg[j] >= 0x30, svg[j] <= 0x39 { j += 1 }
                if j > i + marker.count {
                    let digits = svg[(i + marker.count)..<j]
                    let n = numbers[digits] ?? (numbers.count + 1)
                    numbers[digits] = n
                    out.append(contentsOf: marker)
                    out.append(contentsOf: Array(String(n).utf8))
                    i = j
                    continue
                }
            }
            out.append(svg[i])
            i += 1
        }
        return out
    }

    /// The diagram as a one-page PDF document (with a fixed creation date, so the same
    /// diagram gives the same bytes).
    public func pdf() throws(RenderError) -> [UInt8] { try paintVector(.pdf) }

    /// The diagram in `format`.
    public func data(format: OutputFormat, compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        switch format {
        case .png: try png(compression: compression)
        case .svg: try svg()
        case .pdf: try pdf()
        }
    }

    /// Writes the diagram atomically (a temporary file in the same folder, renamed into place),
    /// in the format the path's extension names unless `format` says otherwise.
    ///
    /// A path without an extension (or with one Blueprint does not know) gets PNG; a path whose
    /// extension names another image format (`x.jpeg`) is refused unless `format` is given.
    ///
    /// - Throws: ``RenderError``; ``RenderError/output(_:)`` names the file when writing fails
    ///   or when its extension names a format that is not written.
    public func write(to path: String, format: OutputFormat? = nil, compression: PNGCompression = .fast) throws(RenderError) {
        if format == nil, let ext = OutputFormat.unwrittenExtension(of: path) {
            throw .output(.io(path: path, operation: "write", reason: OutputFormat.unwrittenReason(ext)))
        }
        let format = format ?? OutputFormat(path: path) ?? .png
        let bytes = try data(format: format, compression: compression)
        do {
            try FileIO.writeAtomically(bytes, to: path)
        } catch {
            throw .output(RasterError(error))
        }
    }

    /// `onlyWhatShows`: see ``Painter/paintsOnlyWhatShows`` (tests turn it off to compare).
    func paintImage(onlyWhatShows: Bool = true) throws(RenderError) -> CairoSurface {
        let size = pixelSize
        let surface = try CairoSurface(imageWidth: size.width, height: size.height)
        var painter = try Painter(diagram: self, surface: surface)
        painter.paintsOnlyWhatShows = onlyWhatShows
        try painter.paint()
        try surface.finish()
        return surface
    }

    /// Vector documents are in points whatever the scale (the scale is for raster images).
    private func paintVector(_ kind: CairoSurface.Kind) throws(RenderError) -> [UInt8] {
        let surface = try CairoSurface(vector: kind, width: bounds.width, height: bounds.height)
        try Painter(diagram: self, surface: surface, scale: 1).paint()
        try surface.finish()
        return surface.documentBytes
    }
}

/// A painted diagram: cairo's pixels, ready to be encoded or compared.
public final class DiagramImage {
    private let surface: CairoSurface

    init(surface: CairoSurface) { self.surface = surface }

    /// The width in pixels.
    public var width: Int { surface.withPixels { _, w, _, _ in w } }
    /// The height in pixels.
    public var height: Int { surface.withPixels { _, _, h, _ in h } }

    /// The pixels as a ``Bitmap`` (opaque RGBA).
    public func bitmap() throws(RenderError) -> Bitmap {
        try withRaster { pixels, width, height, stride in
            try Bitmap(width: width, height: height, stride: stride, opaqueBGRX: pixels)
        }
    }

    /// A digest of the pixels, `838x630 px, mix64 0123456789abcdef`: equal for two images with
    /// the same pixels (the unused fourth byte of each pixel ignored), so a golden check whose
    /// golden has the same digest knows the render matches without encoding it. Eight bytes at a
    /// time with a multiply–xor–shift mix (not cryptographic; collisions are for adversaries, not
    /// for layouts). About a tenth of the time of a PNG encode.
    public var pixelDigest: String {
        surface.withPixels { raw, width, height, stride in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(width) &* 0x100_0000_01B3 ^ UInt64(height)
            let rowBytes = width * 4
            for y in 0..<height {
                let row = raw.baseAddress! + y * stride
                var x = 0
                while x + 8 <= rowBytes {
                    let word = row.loadUnaligned(fromByteOffset: x, as: UInt64.self) & 0x00FF_FFFF_00FF_FFFF
                    hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                    hash ^= hash >> 29
                    x += 8
                }
                if x < rowBytes {
                    let word = UInt64(row.loadUnaligned(fromByteOffset: x, as: UInt32.self) & 0x00FF_FFFF)
                    hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                    hash ^= hash >> 29
                }
            }
            hash ^= hash >> 32
            let hex = String(hash, radix: 16)
            return "\(width)x\(height) px, mix64 " + String(repeating: "0", count: 16 - hex.count) + hex
        }
    }

    /// PNG bytes, encoded by libpng straight from cairo's memory (no conversion pass).
    public func png(compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
        try withRaster { pixels, width, height, stride in
            precondition(stride == width * 4, "cairo pads RGB24 rows only to 4 bytes")
            return try PNG.encodeOpaqueBGRX(pixels, width: width, height: height, compression: compression)
        }
    }

    /// Runs a Raster call on the pixels; its errors become ``RenderError/output(_:)``.
    private func withRaster<T>(_ body: (UnsafeRawBufferPointer, Int, Int, Int) throws -> T) throws(RenderError) -> T {
        do {
            return try surface.withPixels(body)
        } catch let error as RasterError {
            throw .output(error)
        } catch {
            throw .output(.encodingFailed(message: "\(error)"))
        }
    }
}
