import Blueprint
import BlueprintSupport

/// What makes a diagram's SVG a page for the web rather than a picture: over cairo's drawing
/// (glyph outlines, exact as the PNG), a layer of
/// - real `<text>` at every text's place, transparent, so the words can be selected, copied and
///   found with the browser's search;
/// - one `<g id="view-NAME" class="bp-view">` per view, with a `<title>` (its name and frame)
///   shown as the browser's tooltip;
/// - one `<g class="bp-constraint bp-rel-A bp-rel-B">` per drawn constraint, with a `<title>`
///   (its formula and where it was made);
/// - a `<style>` (no script, no network) that highlights a view and every constraint relating it
///   while the pointer is over the view — or while the page's address names it
///   (`diagram.svg#view-card`), so a link can point at one view.
enum SVGOverlay {
    /// `svg` (cairo's document) with the overlay inserted before its closing tag.
    static func adding(to svg: [UInt8], diagram: Diagram) -> [UInt8] {
        let close = Array("</svg>".utf8)
        guard svg.count >= close.count,
              let end = (0...(svg.count - close.count)).reversed().first(where: { svg[$0..<($0 + close.count)].elementsEqual(close) })
        else { return svg }
        let layer = Array(overlay(diagram).utf8)
        return Array(svg[..<end]) + layer + Array(svg[end...])
    }

    /// The overlay's markup.
    static func overlay(_ diagram: Diagram) -> String {
        let origin = Point(x: diagram.bounds.minX, y: diagram.bounds.minY)
        func x(_ v: Double) -> String { number(v - origin.x) }
        func y(_ v: Double) -> String { number(v - origin.y) }
        var ids: [String: String] = [:]
        var used: Set<String> = []
        for box in diagram.boxes where ids[box.name] == nil {
            var id = "view-" + sanitized(box.name)
            var n = 2
            while used.contains(id) { id = "view-" + sanitized(box.name) + "-\(n)"; n += 1 }
            used.insert(id)
            ids[box.name] = id
        }
        var css = """
            #bp-overlay .bp-view > rect { fill: transparent; stroke: none; }
            #bp-overlay .bp-view:hover > rect, #bp-overlay .bp-view:target > rect { fill: rgba(214, 40, 140, 0.10); stroke: #d6288c; stroke-width: 1.5; }
            #bp-overlay .bp-constraint > path { fill: none; stroke: #d6288c; stroke-width: 2.5; stroke-linecap: round; stroke-opacity: 0; }
            #bp-overlay .bp-constraint:hover > path { stroke-opacity: 1; }
            #bp-overlay text { fill: transparent; font-family: 'DejaVu Sans', sans-serif; white-space: pre; }

            """
        // One rule per view id (a search of the rules so far made 10,000 views quadratic).
        var ruled: Set<String> = []
        for box in diagram.boxes {
            guard let id = ids[box.name], ruled.insert(id).inserted else { continue }
            let rel = "bp-rel-" + id.dropFirst("view-".count)
            css += "svg:has(#\(id):hover) .\(rel) > path, svg:has(#\(id):target) .\(rel) > path { stroke-opacity: 1; }\n"
        }
        var out = "<g id=\"bp-overlay\">\n<style>\n\(css)</style>\n"
        for box in diagram.boxes {
            guard let id = ids[box.name] else { continue }
            let f = box.frame
            out += "<g id=\"\(id)\" class=\"bp-view\"><title>\(escape(box.name)) (\(number(f.minX)), \(number(f.minY)), \(number(f.width)) × \(number(f.height)))</title>"
                + "<rect x=\"\(x(f.minX))\" y=\"\(y(f.minY))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\"/></g>\n"
        }
        for a in diagram.annotations {
            let classes = ["bp-constraint"] + a.related.compactMap { ids[$0].map { "bp-rel-" + $0.dropFirst("view-".count) } }
            out += "<g class=\"\(classes.joined(separator: " "))\"><title>\(escape(a.source))</title>"
                + "<path d=\"M \(x(a.start.x)) \(y(a.start.y)) L \(x(a.end.x)) \(y(a.end.y))\"/></g>\n"
        }
        let metrics = BundledFontMetrics()
        for box in diagram.boxes {
            guard let (layout, origin) = box.textLayout else { continue }
            // One transparent <text> per drawn line, so the line can be selected and searched.
            for line in layout.lines {
                out += "<text x=\"\(x(origin.x + line.x))\" y=\"\(y(origin.y + line.baseline))\" font-size=\"\(number(layout.fontSize))\">\(escape(line.text))</text>\n"
            }
        }
        for t in diagram.texts where t.marker == nil {
            let size = t.fontSize, padY = t.padY
            let ascent = metrics.measure(t.text, fontSize: size).ascent
            out += "<text x=\"\(x(t.rect.minX + Metrics.padX))\" y=\"\(y(t.rect.minY + padY + ascent))\" font-size=\"\(number(size))\">\(escape(t.text))</text>\n"
        }
        return out + "</g>\n"
    }

    /// A number as SVG writes it: at most three decimals, no trailing zeros.
    static func number(_ v: Double) -> String { formatNumber((v * 1000).rounded() / 1000) }

    /// Letters, digits, `-` and `_` kept; anything else `_` (ids and class names).
    static func sanitized(_ name: String) -> String {
        String(name.unicodeScalars.map { s in
            (s.isASCII && (Character(s).isLetter || Character(s).isNumber)) || s == "-" || s == "_" ? Character(s) : "_"
        })
    }

    /// Text for XML content and attributes.
    static func escape(_ text: String) -> String { markupEscaped(text) }
}
