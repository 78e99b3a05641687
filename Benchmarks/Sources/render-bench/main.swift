// The render benchmark: a 1,000-view dashboard (a grid of cards, each with an icon, a title,
// a subtitle and a badge) with all its constraints, through every phase of `blueprint render`:
// build the tree and its constraints, solve, lay out the diagram (badges, folds, placement),
// paint with cairo, encode the PNG. Prints one line per phase (median of the rounds) and the
// diagram's size and counts, which `run-render-bench.sh` hands to the raw-cairo peer.
//
//   render-bench [--views N] [--rounds R] [--scale S] [--out FILE.png]
import BenchDashboard
import BenchTiming
import Blueprint
import BlueprintRender
import Raster

var views = 1000, rounds = 7, scale = 2
var out: String?
var arguments = BenchArguments(usage: "usage: render-bench [--views N] [--rounds R] [--scale 1|2|3] [--out FILE.png]")
while let a = arguments.next() {
    switch a {
    case "--views": views = arguments.int(after: a)
    case "--rounds": rounds = arguments.int(after: a)
    case "--scale": scale = arguments.int(after: a)
    case "--out": out = arguments.value(after: a)
    default: arguments.fail("unknown argument \(a)")
    }
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
if let out { try BenchFiles.write(png, to: out) }
let s = diagram.statistics
print("views \(s.views) constraints \(s.constraints) labels \(s.labels) markers \(s.markers) forced \(s.forcedMarkers)")
print("image \(image.width) \(image.height) png_bytes \(png.count)")
for k in ["build", "solve", "diagram", "paint", "png", "total"] {
    print("phase \(k) \((median(phases[k]!) * 100_000).rounded() / 100) ms")
}
