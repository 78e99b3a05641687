// The render benchmark: a 1,000-view dashboard (a grid of cards, each with an icon, a title,
// a subtitle and a badge) with all its constraints, through every phase of `blueprint render`:
// build the tree and its constraints, solve, lay out the diagram (lanes, label placement),
// paint with cairo, encode the PNG. Prints one line per phase (median of the rounds) and the
// diagram's size and counts, which `run-render-bench.sh` hands to the raw-cairo peer.
//
//   render-bench [--views N] [--rounds R] [--scale S] [--out FILE.png]
import BenchTiming
import Blueprint
import BlueprintRender
import Raster

var views = 1000, rounds = 7, scale = 2
var out: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let a = arguments.next() {
    switch a {
    case "--views": views = Int(arguments.next()!)!
    case "--rounds": rounds = Int(arguments.next()!)!
    case "--scale": scale = Int(arguments.next()!)!
    case "--out": out = arguments.next()!
    default: fatalError("unknown argument \(a)")
    }
}

let columns = 10, cardWidth = 200.0, cardHeight = 120.0, gap = 12.0

/// The dashboard: `views / 5` cards in rows of `columns`.
func buildDashboard(cards: Int) throws -> View {
    let rows = (cards + columns - 1) / columns
    let width = Double(columns) * cardWidth + Double(columns + 1) * gap
    let height = Double(rows) * cardHeight + Double(rows + 1) * gap
    let root = View(name: "root", frame: Rect(x: 0, y: 0, width: width, height: height))
    var constraints: [LayoutConstraint] = []
    var previous: View?
    var above: [View?] = Array(repeating: nil, count: columns)
    for i in 0..<cards {
        let card = View(name: "card\(i)")
        let icon = View(name: "icon\(i)")
        let title = Label(name: "title\(i)", text: "Item \(i)", fontSize: 13)
        let subtitle = Label(name: "subtitle\(i)", text: "\(i % 7 + 1) tasks due", fontSize: 11)
        let badge = View(name: "badge\(i)")
        try root.addSubview(card)
        for v in [icon, title, subtitle, badge] { try card.addSubview(v) }
        let column = i % columns
        if column == 0 { previous = nil }
        constraints += [
            previous.map { card.left == $0.right + gap } ?? (card.left == root.left + gap),
            above[column].map { card.top == $0.bottom + gap } ?? (card.top == root.top + gap),
            card.width == cardWidth, card.height == cardHeight,
            icon.left == card.left + 8, icon.top == card.top + 8, icon.width == 20, icon.height == 20,
            title.leading == icon.trailing + 6, title.centerY == icon.centerY,
            subtitle.leading == card.leadingMargin, subtitle.top == icon.bottom + 16,
            subtitle.trailing <= card.trailingMargin,
            badge.trailing == card.trailing - 8, badge.bottom == card.bottom - 8,
            badge.width == 16, badge.height == 16,
        ]
        previous = card
        above[column] = card
    }
    try activate(constraints)
    return root
}

var phases: [String: [Double]] = [:]
var last: (Diagram, DiagramImage, [UInt8])?
for _ in 0..<rounds {
    let (root, build) = try time { try buildDashboard(cards: views / 5) }
    let (_, solve) = time { root.layoutIfNeeded() }
    let (diagram, layout) = try time { try Diagram(root: root, options: RenderOptions(scale: scale)) }
    let (image, paint) = try time { try diagram.image() }
    let (png, encode) = try time { try image.png() }
    for (k, v) in [("build", build), ("solve", solve), ("diagram", layout), ("paint", paint), ("png", encode),
                   ("total", solve + layout + paint + encode)] {
        phases[k, default: []].append(v)
    }
    last = (diagram, image, png)
}
let (diagram, image, png) = last!
if let out { try AtomicFile.write(png, to: out) }
let s = diagram.statistics
print("views \(s.views) constraints \(s.constraints) labels \(s.labels) markers \(s.markers) forced \(s.forcedMarkers)")
print("image \(image.width) \(image.height) png_bytes \(png.count)")
for k in ["build", "solve", "diagram", "paint", "png", "total"] {
    print("phase \(k) \((median(phases[k]!) * 100_000).rounded() / 100) ms")
}
