import Blueprint
import CCairo

/// Paints a laid-out ``Diagram`` on a cairo surface. All decisions were made when the diagram
/// was built; this only draws, in a fixed order, so the same diagram gives the same pixels.
///
/// Coordinates are converted to device units here (points × scale) and axis-aligned lines
/// are snapped to the pixel grid, so a 1-point line is crisp at every scale.
struct Painter {
    let diagram: Diagram
    let context: CairoContext
    private let scale: Double
    private let origin: Point
    private let theme: Theme

    /// A painter for `surface`, at the diagram's scale unless `scale` says otherwise (vector
    /// documents are drawn in points).
    init(diagram: Diagram, surface: CairoSurface, scale: Double? = nil) throws(RenderError) {
        self.diagram = diagram
        context = try CairoContext(surface)
        self.scale = scale ?? Double(diagram.options.scale)
        origin = Point(x: diagram.bounds.minX, y: diagram.bounds.minY)
        theme = diagram.options.theme
        raster = surface.kind == .image
    }

    func paint() throws(RenderError) {
        context.setColor(theme.background)
        context.paint()
        if let crop = diagram.crop {
            // Only the cropped part of the layout; the legend below it stays clear.
            context.save()
            fillRect(crop)
            context.clip()
        }
        paintViews()
        paintAnnotations()
        try paintLabelTexts()
        paintTexts()
        if diagram.crop != nil { context.restore() }
        paintLegend()
        try context.check("draw the diagram")
    }

    // MARK: Coordinates

    private func dx(_ x: Double) -> Double { (x - origin.x) * scale }
    private func dy(_ y: Double) -> Double { (y - origin.y) * scale }

    /// A device coordinate for the centre of a line `width` points wide: on a pixel centre
    /// when the line covers an odd number of pixels, on a pixel edge otherwise.
    private func snap(_ device: Double, width: Double) -> Double {
        let pixels = Int((width * scale).rounded())
        return pixels % 2 == 1 ? device.rounded(.down) + 0.5 : device.rounded()
    }

    private func lineWidth(_ points: Double) -> Double { max(1, (points * scale).rounded()) }

    /// A snapped axis-aligned segment.
    private func segment(_ p: Point, _ q: Point, width: Double) {
        let lw = lineWidth(width) / scale
        if p.x == q.x {
            let x = snap(dx(p.x), width: lw)
            context.move(x, dy(p.y).rounded())
            context.line(x, dy(q.y).rounded())
        } else if p.y == q.y {
            let y = snap(dy(p.y), width: lw)
            context.move(dx(p.x).rounded(), y)
            context.line(dx(q.x).rounded(), y)
        } else {
            context.move(dx(p.x), dy(p.y))
            context.line(dx(q.x), dy(q.y))
        }
    }

    private func strokeRect(_ r: Rect, width: Double) {
        let lw = lineWidth(width) / scale
        let x0 = snap(dx(r.minX), width: lw), y0 = snap(dy(r.minY), width: lw)
        let x1 = snap(dx(r.maxX), width: lw), y1 = snap(dy(r.maxY), width: lw)
        context.rectangle(x0, y0, x1 - x0, y1 - y0)
    }

    /// Strokes `r`'s outline `width` points wide with the current colour, line and dash. In an
    /// image, a large one is stroked in four bands of whole pixels along its sides
    /// (``outlineBands(_:_:_:_:lineWidth:)``), each under its own clip, to the same picture:
    /// cairo masks a dashed stroke whose dashes end inside pixels (a 1-pixel line on pixel
    /// centres) over the whole of its extent, the rectangle's area, and the margins of a thousand
    /// nested views, 10¹⁰ pixels, took ten seconds.
    private func strokeOutline(_ r: Rect, width: Double) {
        let lw = lineWidth(width) / scale
        let x0 = snap(dx(r.minX), width: lw), y0 = snap(dy(r.minY), width: lw)
        let x1 = snap(dx(r.maxX), width: lw), y1 = snap(dy(r.maxY), width: lw)
        guard raster, paintsOnlyWhatShows, let bands = Self.outlineBands(x0, y0, x1, y1, lineWidth: lineWidth(width)) else {
            strokeRect(r, width: width)
            context.stroke()
            return
        }
        for band in bands {
            context.save()
            context.rectangle(band.minX, band.minY, band.width, band.height)
            context.clip()
            strokeRect(r, width: width)
            context.stroke()
            context.restore()
        }
    }

    /// Bands of whole device pixels that hold every pixel a rectangle's outline stroke touches
    /// (its corners at `x0, y0` and `x1, y1`, its line `lineWidth` pixels wide, anti-aliasing
    /// included) and share none: the top and bottom across the whole width, the left and right
    /// between them. Nil for a rectangle whose inside is under ``largeOutline`` pixels a side
    /// (stroked whole).
    /// (Under a clip, cairo's anti-aliasing of a translucent stroke differs by a shade, below any
    /// golden's tolerance: a screen of the fixtures, an iPad's at scale 3 included, is drawn
    /// without one, to the same bytes as ever.)
    static let largeOutline = 4096.0

    static func outlineBands(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, lineWidth: Double) -> [Rect]? {
        let reach = lineWidth / 2 + 2
        let left = (min(x0, x1) - reach).rounded(.down), right = (max(x0, x1) + reach).rounded(.up)
        let top = (min(y0, y1) - reach).rounded(.down), bottom = (max(y0, y1) + reach).rounded(.up)
        let innerLeft = (min(x0, x1) + reach).rounded(.up), innerRight = (max(x0, x1) - reach).rounded(.down)
        let innerTop = (min(y0, y1) + reach).rounded(.up), innerBottom = (max(y0, y1) - reach).rounded(.down)
        guard innerRight - innerLeft >= largeOutline, innerBottom - innerTop >= largeOutline else { return nil }
        return [Rect(x: left, y: top, width: right - left, height: innerTop - top),
                Rect(x: left, y: innerBottom, width: right - left, height: bottom - innerBottom),
                Rect(x: left, y: innerTop, width: innerLeft - left, height: innerBottom - innerTop),
                Rect(x: innerRight, y: innerTop, width: right - innerRight, height: innerBottom - innerTop)]
    }

    /// Strokes a rectangle's outline, cut where it crosses any of `texts`: the text boxes whose
    /// inside one of its four edges (a line of no width) passes through.
    private func strokeRect(_ r: Rect, width: Double, cutAround texts: SpatialIndex) {
        let edges = [Rect(x: r.minX, y: r.minY, width: 0, height: r.height), Rect(x: r.maxX, y: r.minY, width: 0, height: r.height),
                     Rect(x: r.minX, y: r.minY, width: r.width, height: 0), Rect(x: r.minX, y: r.maxY, width: r.width, height: 0)]
        stroke(cutAround: texts, along: edges, whole: { strokeOutline(r, width: width) }) { strokeRect(r, width: width) }
    }

    /// Strokes the path `draw` makes, cut where the lines `along` (each a line of no width)
    /// pass through any of `texts`: clipped out of the text boxes they cross, when any. `whole`,
    /// when given, strokes it where it crosses none.
    private func stroke(cutAround texts: SpatialIndex, along lines: [Rect], whole: (() -> Void)? = nil, _ draw: () -> Void) {
        var crossed: [Rect] = []
        for line in lines {
            _ = texts.first(in: line) { t in
                if !crossed.contains(t) { crossed.append(t) }
                return false   // every one, not the first
            }
        }
        if crossed.isEmpty {
            if let whole { return whole() }
            draw()
            context.stroke()
            return
        }
        context.save()
        context.rectangle(-100_000, -100_000, 200_000, 200_000)   // the whole canvas, and more
        for t in crossed { fillRect(t) }
        context.clipEvenOdd()
        draw()
        context.stroke()
        context.restore()
    }

    /// The pixels `fillRect(outer)` fills but for those `fillRect(hole)` fills (`hole` inside
    /// it), as four rectangles of whole pixels (an even-odd path was masked over all of
    /// `outer`'s area, each one).
    private func fillRing(_ outer: Rect, around hole: Rect) {
        let o = Self.pixels(outer, scale: scale, origin: origin), h = Self.pixels(hole, scale: scale, origin: origin)
        for (x0, y0, x1, y1) in [(o.minX, o.minY, o.maxX, h.minY), (o.minX, h.maxY, o.maxX, o.maxY),
                                 (o.minX, h.minY, h.minX, h.maxY), (h.maxX, h.minY, o.maxX, h.maxY)]
        where x1 > x0 && y1 > y0 {
            context.rectangle(x0, y0, x1 - x0, y1 - y0)
        }
    }

    /// The device pixels `fillRect(r)` fills: its corners rounded to whole pixels, in order.
    static func pixels(_ r: Rect, scale: Double, origin: Point) -> Rect {
        let x0 = ((r.minX - origin.x) * scale).rounded(), x1 = ((r.maxX - origin.x) * scale).rounded()
        let y0 = ((r.minY - origin.y) * scale).rounded(), y1 = ((r.maxY - origin.y) * scale).rounded()
        return Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }

    private func fillRect(_ r: Rect) {
        let x0 = dx(r.minX).rounded(), y0 = dy(r.minY).rounded()
        context.rectangle(x0, y0, dx(r.maxX).rounded() - x0, dy(r.maxY).rounded() - y0)
    }

    // MARK: Views

    /// Whether the fills of views are painted only where no later opaque fill paints again, and
    /// large outlines in bands along their sides (``strokeOutline(_:width:)``), in an image (a
    /// vector document is drawn as it was): the same pixels. Off only for tests that compare.
    var paintsOnlyWhatShows = true
    /// Whether the surface is an image (whole pixels), not a vector document.
    private let raster: Bool

    /// How a box's fill and outline are painted (see ``fillPlan(_:theme:scale:origin:outline:)``).
    enum FillPlan: Equatable {
        /// Its fill and outline, whole.
        case whole
        /// Not at all: a later view's opaque fill paints over every pixel of both.
        case paintedOver
        /// Its fill but for the fill of box `hole`, a subview whose opaque fill, painted later,
        /// paints those pixels again; its outline whole.
        case around(hole: Int)
    }

    /// What each box (by index) paints of its fill, in an image. Fills are whole pixels,
    /// painted at full opacity over whatever was there, so a pixel that a later opaque fill
    /// covers shows nothing painted before it: a box whose fill and outline (with its
    /// anti-aliasing) lie inside such a fill is not painted, and a box is filled around its
    /// largest opaque subview that its fill holds (a ring, for a container filled by its
    /// content). A thousand views nested one inside the other (16,000 pixels a side for the
    /// outermost) filled 10¹¹ pixels, each square under the next, for a picture of 2.6·10⁸:
    /// a minute.
    /// - Complexity: O(n · d) for n boxes, d of them over a point (a spatial index of the fills
    ///   painted later, asked about each box's centre).
    static func fillPlan(_ boxes: [ViewBox], theme: Theme, scale: Double, origin: Point, outline: Double) -> [FillPlan] {
        var plan = [FillPlan](repeating: .whole, count: boxes.count)
        func opaque(_ b: ViewBox) -> Bool { !b.hidden && !b.dimmed && theme.fill(depth: b.depth).alpha == 1 }
        let fills = boxes.map { pixels($0.frame, scale: scale, origin: origin) }
        // Each box's largest opaque subview held by its fill (boxes are in tree order).
        var open: [Int] = []
        var largest = [Int](repeating: -1, count: boxes.count)
        for (j, b) in boxes.enumerated() {
            while let last = open.last, boxes[last].depth >= b.depth { open.removeLast() }
            if let parent = open.last, opaque(b), fills[j].width > 0, fills[j].height > 0, fills[parent].holds(fills[j]) {
                let k = largest[parent]
                if k < 0 || fills[j].width * fills[j].height > fills[k].width * fills[k].height { largest[parent] = j }
            }
            open.append(j)
        }
        var later = SpatialIndex(cellSize: 64)
        // Past the outline's width (its anti-aliasing, and its snapping to pixel centres).
        let pad = outline + 1
        for i in boxes.indices.reversed() {
            let f = fills[i]
            let painted = Rect(x: f.minX - pad, y: f.minY - pad, width: f.width + 2 * pad, height: f.height + 2 * pad)
            let centre = Rect(x: painted.midX - 0.01, y: painted.midY - 0.01, width: 0.02, height: 0.02)
            if later.first(in: centre, { $0.holds(painted) }) != nil {
                plan[i] = .paintedOver
            } else if largest[i] >= 0 {
                plan[i] = .around(hole: largest[i])
            }
            if opaque(boxes[i]), f.width > 0, f.height > 0 { later.insert(f) }
        }
        return plan
    }

    private func paintViews() {
        let plan = raster && paintsOnlyWhatShows
            ? Self.fillPlan(diagram.boxes, theme: theme, scale: scale, origin: origin, outline: lineWidth(Metrics.outline))
            : [FillPlan](repeating: .whole, count: diagram.boxes.count)
        for (i, b) in diagram.boxes.enumerated() where plan[i] != .paintedOver {
            let alpha = b.hidden || b.dimmed ? 0.35 : 1
            context.setColor(theme.fill(depth: b.depth), alpha: alpha)
            if case .around(let hole) = plan[i] {
                fillRing(b.frame, around: diagram.boxes[hole].frame)
            } else {
                fillRect(b.frame)
            }
            context.fill()
            context.setColor(theme.outline(depth: b.depth), alpha: alpha)
            context.setLine(width: lineWidth(Metrics.outline))
            strokeRect(b.frame, width: Metrics.outline)
            context.stroke()
        }
        // Margins, guides and the safe area over all fills, so a child never hides its
        // parent's; a line that crosses a label's text (its box inset by a point, so a margin
        // along a label's edge stays whole) is cut there: a dashed line through a line of text
        // reads as struck out. (Only such a line is drawn under a clip: cairo's strokes under
        // one differ by a shade of anti-aliasing.)
        var texts = SpatialIndex()
        for b in diagram.boxes {
            guard let t = b.textBox, t.width > 2, t.height > 2 else { continue }
            texts.insert(t.inset(by: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)))
        }
        context.setColor(theme.margins, alpha: 0.9)
        context.setLine(width: lineWidth(0.5), dash: [3 * scale, 2 * scale])
        for b in diagram.boxes {
            guard let m = b.margins else { continue }
            strokeRect(m, width: 0.5, cutAround: texts)
        }
        // Custom layout guides: dashed, in their own colour (their names are placed texts).
        context.setColor(theme.guide)
        context.setLine(width: lineWidth(1), dash: [2 * scale, 2 * scale])
        for g in diagram.guides {
            strokeRect(g.frame, width: 1, cutAround: texts)
        }
        if let safe = diagram.safeArea {
            context.setColor(theme.safeArea)
            context.setLine(width: lineWidth(1), dash: [6 * scale, 3 * scale])
            strokeRect(safe, width: 1, cutAround: texts)
        }
        // Views a later view hides whole: their outlines again, in 2-point dashes, over every fill.
        for i in diagram.covered {
            let b = diagram.boxes[i]
            context.setColor(theme.outline(depth: b.depth), alpha: b.dimmed ? 0.35 : 1)
            context.setLine(width: lineWidth(1), dash: [2 * scale, 2 * scale])
            strokeOutline(b.frame, width: 1)
        }
        // Where the screen ends, over the views that reach past it.
        if !diagram.screenEdge.isEmpty {
            context.setColor(theme.outline(depth: 0))
            context.setLine(width: lineWidth(1.5), dash: [8 * scale, 3 * scale])
            // Cut around the labels' texts it crosses, as margins are.
            let sides = diagram.screenEdge.map { p, q in Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y)) }
            stroke(cutAround: texts, along: sides) {
                for (p, q) in diagram.screenEdge { segment(p, q, width: 1.5) }
            }
        }
        for b in diagram.boxes where !b.ambiguous.isEmpty {
            context.setColor(theme.ambiguous)
            context.setLine(width: lineWidth(1.5), dash: [4 * scale, 2 * scale])
            strokeOutline(b.frame, width: 1.5)
        }
        context.setLine(width: 1)
    }

    /// The text of labels, over the constraint lines so that it stays readable: the glyph runs
    /// the label was measured with, clipped to its frame, and above and below it as far as
    /// the faces of the first and last lines reach past the lines' own height (the lines are
    /// as tall as the primary face; a fallback face's marks below them, such as the dots of
    /// an Arabic final yeh, are part of the letter).
    private func paintLabelTexts() throws(RenderError) {
        context.setLine(width: 1)
        for b in diagram.boxes {
            guard let (layout, origin) = b.textLayout else { continue }
            context.save()
            let reach = layout.faceOverflow
            fillRect(Rect(x: b.frame.minX, y: b.frame.minY - reach.above,
                          width: b.frame.width, height: b.frame.height + reach.above + reach.below))
            context.clip()
            context.setColor(theme.text, alpha: b.hidden || b.dimmed ? 0.35 : 1)
            try context.draw(layout, x: dx(origin.x), y: dy(origin.y), scale: scale)
            context.restore()
        }
    }

    // MARK: Constraints

    private func color(_ role: StrokeRole) -> Color {
        switch role {
        case .normal: theme.constraint
        case .conflict: theme.conflict
        case .broken: theme.broken
        }
    }

    private func paintAnnotations() {
        // Broken and conflicting constraints last, on top.
        let ordered = diagram.annotations.sorted { ($0.role, $0.order) < ($1.role, $1.order) }
        context.setLineCap(CAIRO_LINE_CAP_BUTT)
        for a in ordered {
            let c = color(a.role)
            context.setColor(c)
            let width = a.kind == .alignment ? (a.role == .normal ? Metrics.alignmentLine : 1) : (a.role == .broken ? 1.5 : Metrics.constraintLine)
            // The line cut around the texts it would cross, then the caps of an I-bar.
            context.setLine(width: lineWidth(width), dash: a.dashed ? [4 * scale, 2 * scale] : [])
            for p in a.pieces { segment(p.0, p.1, width: width) }
            context.stroke()
            context.setLine(width: lineWidth(width))
            for c in a.caps { segment(c.0, c.1, width: width) }
            context.stroke()
            // The far item's edge carried over to the bar's end: thin and dashed, as drafting's
            // extension lines.
            if let e = a.extensionLine {
                context.setLine(width: lineWidth(0.75), dash: [2 * scale, 2 * scale])
                segment(e.0, e.1, width: 0.75)
                context.stroke()
            }
        }
        // Leaders of labels placed away from their lines.
        context.setLine(width: lineWidth(0.5), dash: [])
        for t in diagram.texts {
            guard let leader = t.leader else { continue }
            context.setColor(textColor(t.style))
            context.move(dx(leader.0.x), dy(leader.0.y))
            context.line(dx(leader.1.x), dy(leader.1.y))
            context.stroke()
        }
    }

    // MARK: Texts

    private func textColor(_ style: PlacedText.Style) -> Color {
        switch style {
        case .constraint(let role): color(role)
        case .name: theme.secondaryText
        case .badge(let role): role == .normal ? theme.badge : color(role)
        case .ambiguity: theme.ambiguous
        }
    }

    private func paintTexts() {
        let metrics = BundledFontMetrics()
        for t in diagram.texts {
            let size = t.fontSize, padY = t.padY
            let r = t.rect
            if t.marker != nil {
                marker(t.text, center: Point(x: r.midX, y: r.midY), diameter: r.width, fill: textColor(t.style))
                continue
            }
            if t.backdrop {
                context.setColor(theme.labelBackground)
                context.roundedRectangle(dx(r.minX), dy(r.minY), r.width * scale, r.height * scale, radius: 2 * scale)
                context.fill()
            }
            if case .badge = t.style {
                // A badge is outlined, so it reads as a tag on its view rather than a gap.
                context.setColor(textColor(t.style), alpha: 0.6)
                context.setLine(width: lineWidth(0.5), dash: [])
                let inset = 0.25
                context.roundedRectangle(dx(r.minX + inset), dy(r.minY + inset), (r.width - 2 * inset) * scale,
                                         (r.height - 2 * inset) * scale, radius: 2 * scale)
                context.stroke()
            }
            let m = metrics.measure(t.text, fontSize: size)
            context.setColor(textColor(t.style), alpha: t.dimmed ? 0.35 : 1)
            context.text(t.text, x: dx(r.minX + Metrics.padX), y: dy(r.minY + padY + m.ascent), size: size * scale)
        }
    }

    /// A numbered marker: a filled disc with its number knocked out in the background colour.
    private func marker(_ number: String, center: Point, diameter: Double, fill: Color) {
        context.setColor(fill)
        context.circle(dx(center.x), dy(center.y), radius: diameter / 2 * scale)
        context.fill()
        let m = BundledFontMetrics().measure(number, fontSize: Metrics.labelFontSize)
        context.setColor(theme.background)
        context.text(number, x: dx(center.x - m.width / 2), y: dy(center.y + (m.ascent - m.descent) / 2 - 0.5),
                     size: Metrics.labelFontSize * scale)
    }

    // MARK: Legend

    private func paintLegend() {
        let metrics = BundledFontMetrics()
        let m = metrics.measure("M", fontSize: Metrics.legendFontSize)
        for (entry, o) in diagram.legend.items {
            let midY = o.y + LegendLayout.rowHeight / 2
            let x0 = o.x, x1 = o.x + LegendLayout.sampleWidth
            switch entry.sample {
            case .swatches(let depths):
                let w = LegendLayout.sampleWidth / Double(max(depths.count, 1))
                for (i, d) in depths.enumerated() {
                    let r = Rect(x: x0 + Double(i) * w, y: midY - 5, width: w, height: 10)
                    context.setColor(theme.fill(depth: d))
                    fillRect(r)
                    context.fill()
                }
                context.setColor(theme.outline(depth: 0))
                context.setLine(width: lineWidth(0.5))
                strokeRect(Rect(x: x0, y: midY - 5, width: LegendLayout.sampleWidth, height: 10), width: 0.5)
                context.stroke()
            case .dashed(let c):
                context.setColor(c)
                context.setLine(width: lineWidth(1), dash: [3 * scale, 2 * scale])
                segment(Point(x: x0, y: midY), Point(x: x1, y: midY), width: 1)
                context.stroke()
            case .badge:
                let r = Rect(x: x0, y: midY - 6, width: LegendLayout.sampleWidth, height: 12)
                context.setColor(theme.labelBackground)
                context.roundedRectangle(dx(r.minX), dy(r.minY), r.width * scale, r.height * scale, radius: 2 * scale)
                context.fill()
                context.setColor(theme.badge)
                context.setLine(width: lineWidth(0.5))
                context.roundedRectangle(dx(r.minX), dy(r.minY), r.width * scale, r.height * scale, radius: 2 * scale)
                context.stroke()
                context.text("w", x: dx(x0 + 7), y: dy(midY + 3), size: Metrics.labelFontSize * scale)
            case .spacing, .alignment, .lowPriority, .role:
                var a = Annotation(kind: .spacing, start: Point(x: x0 + 1, y: midY), end: Point(x: x1 - 1, y: midY),
                                   dashed: false, role: .normal, label: nil, formula: "", order: 0)
                switch entry.sample {
                case .alignment: a.kind = .alignment
                case .lowPriority: a.dashed = true
                case .role(let r): a.role = r
                default: break
                }
                sample(a)
            case .ambiguous:
                context.setColor(theme.ambiguous)
                context.setLine(width: lineWidth(1.5), dash: [4 * scale, 2 * scale])
                strokeRect(Rect(x: x0, y: midY - 5, width: LegendLayout.sampleWidth, height: 10), width: 1.5)
                context.stroke()
            case .hidden:
                context.setColor(theme.fill(depth: 1), alpha: 0.35)
                fillRect(Rect(x: x0, y: midY - 5, width: LegendLayout.sampleWidth, height: 10))
                context.fill()
                context.setColor(theme.outline(depth: 1), alpha: 0.35)
                context.setLine(width: lineWidth(1))
                strokeRect(Rect(x: x0, y: midY - 5, width: LegendLayout.sampleWidth, height: 10), width: 1)
                context.stroke()
            case .covered:
                context.setColor(theme.outline(depth: 1))
                context.setLine(width: lineWidth(1), dash: [2 * scale, 2 * scale])
                strokeRect(Rect(x: x0, y: midY - 5, width: LegendLayout.sampleWidth, height: 10), width: 1)
                context.stroke()
            case .marker(let n, let style):
                let size = LabelPlacer.markerDiameter(String(n))
                marker(String(n), center: Point(x: x0 + size / 2, y: midY), diameter: size, fill: textColor(style))
            case .stackTag(let rightToLeft):
                // As a stack's name carries it.
                let tag = rightToLeft ? "← 8" : "→ 8"
                let n = metrics.measure(tag, fontSize: Metrics.nameFontSize)
                context.setColor(theme.secondaryText)
                context.text(tag, x: dx(x0 + 4), y: dy(midY + (n.ascent - n.descent) / 2), size: Metrics.nameFontSize * scale)
            case .note:
                break
            case .screenEdge:
                context.setColor(theme.outline(depth: 0))
                context.setLine(width: lineWidth(1.5), dash: [8 * scale, 3 * scale])
                segment(Point(x: x0, y: midY), Point(x: x1, y: midY), width: 1.5)
                context.stroke()
            }
            context.setLine(width: 1)
            context.setColor(theme.text)
            context.text(entry.text, x: dx(x1 + 5), y: dy(midY + (m.ascent - m.descent) / 2), size: Metrics.legendFontSize * scale)
        }
    }

    /// A short sample of a line style for the legend.
    private func sample(_ a: Annotation) {
        let c = color(a.role)
        context.setColor(c)
        let width = a.kind == .alignment ? Metrics.alignmentLine : Metrics.constraintLine
        context.setLine(width: lineWidth(width), dash: a.dashed ? [4 * scale, 2 * scale] : [])
        segment(a.start, a.end, width: width)
        context.stroke()
        context.setLine(width: lineWidth(width))
        if a.kind == .spacing {
            for p in [a.start, a.end] {
                segment(Point(x: p.x, y: p.y - Metrics.capHalf), Point(x: p.x, y: p.y + Metrics.capHalf), width: width)
            }
            context.stroke()
        }
    }
}
