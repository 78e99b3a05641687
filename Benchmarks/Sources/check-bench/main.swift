// The golden-check benchmark. For the 1,000-view dashboard and for all 19 fixtures together:
//
// - render: what any check must do at least (diagram layout, paint, PNG bytes);
// - check, identical: `GoldenCheck.run` against a golden with the same bytes (read + memcmp);
// - check, different: against a golden with one constant changed (decode, compare, diff image,
//   side-by-side composite, three artifacts written);
// - compare: `PixelDiff.compare` alone on that decoded pair, which run-check-bench.sh times
//   pixelmatch (pybind11-pixelmatch, PyPI) on in the same run: the pair is written as raw RGBA.
//
// Prints `NAME MS` lines (medians over the rounds) and the pairs' sizes and differing pixels.
//
//   check-bench FOLDER [--views N] [--rounds R]
import BenchDashboard
import BenchTiming
import Blueprint
import BlueprintCheck
import BlueprintRender
import Raster

var views = 1000, rounds = 7
var arguments = BenchArguments(usage: "usage: check-bench FOLDER [--views N] [--rounds R]")
guard let folder = arguments.next(), !folder.hasPrefix("-") else { arguments.fail("name a scratch folder first") }
while let a = arguments.next() {
    switch a {
    case "--views": views = arguments.int(after: a)
    case "--rounds": rounds = arguments.int(after: a)
    default: arguments.fail("unknown argument \(a)")
    }
}

/// One workload: trees to check, and for each a variant with one constant changed.
struct Workload {
    let name: String
    let trees: [View]
    let changed: [View]
}

func fixtureTrees(changed: Bool) throws -> [View] {
    let dir = "../fixtures"
    // The fixtures with a constraint `… + N` to change.
    return try BenchFiles.contents(of: dir).filter { $0.hasSuffix(".layout") }.compactMap { file -> View? in
        var lines = String(decoding: try BenchFiles.read(dir + "/" + file), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first constant added in a constraint, 4 pt more: the layout moves a little.
        func parts(_ line: String) -> (String, Int, Substring)? {
            guard line.contains("=="), !line.hasPrefix("#") else { return nil }
            let plus = line.split(separator: " + ", maxSplits: 1, omittingEmptySubsequences: false)
            guard plus.count == 2 else { return nil }
            let digits = plus[1].prefix { $0.isNumber }
            guard let value = Int(digits) else { return nil }
            return (String(plus[0]), value, plus[1].dropFirst(digits.count))
        }
        guard let i = lines.firstIndex(where: { parts($0) != nil }) else { return nil }
        if changed, let (head, value, tail) = parts(lines[i]) {
            lines[i] = head + " + " + String(value + 4) + tail
        }
        let text = lines.joined(separator: "\n")
        return try LayoutDocument(parsing: text, file: file).root
    }
}

func dashboard(views: Int, changed: Bool) throws -> View {
    let root = try buildDashboard(cards: views / 5)
    if changed, let card = root.view(named: "card0") {
        try activate([card.height == cardHeight - 8 ~ 1000])
        for c in root.constraints where c.firstItem === card && c.firstAttribute == .height && c.constant == cardHeight { c.deactivate() }
    }
    return root
}

let workloads = [
    Workload(name: "dashboard", trees: [try dashboard(views: views, changed: false)], changed: [try dashboard(views: views, changed: true)]),
    Workload(name: "fixtures", trees: try fixtureTrees(changed: false), changed: try fixtureTrees(changed: true)),
]

for var w in workloads {
    // Only pairs of the same size: pixelmatch compares nothing else.
    let keep = try w.trees.indices.filter { i in
        let a = try Diagram(root: w.trees[i]).pixelSize, b = try Diagram(root: w.changed[i]).pixelSize
        return a == b
    }
    w = Workload(name: w.name, trees: keep.map { w.trees[$0] }, changed: keep.map { w.changed[$0] })
    let same = w.trees.indices.map { GoldenLocation(image: "\(folder)/\(w.name)-\($0)-same.png") }
    let other = w.trees.indices.map { GoldenLocation(image: "\(folder)/\(w.name)-\($0)-other.png") }
    // The same goldens without frames beside them: the check falls back to encoding the render
    // and comparing bytes (what every passing check cost before goldens recorded their pixels).
    let bare = w.trees.indices.map { GoldenLocation(image: "\(folder)/\(w.name)-\($0)-bare.png") }
    // The goldens: the trees themselves, recorded as a check records them (the image and its
    // frames, which name its pixels), and the changed trees (so the trees differ from them).
    for (i, tree) in w.trees.enumerated() {
        let recorded = GoldenCheck(location: same[i], record: .missing, artifacts: "\(folder)/artifacts", environment: [:]).run(root: tree)
        precondition(recorded.status == .recorded, "\(recorded.message)")
        try Diagram(root: w.changed[i]).write(to: other[i].image)
        try Diagram(root: tree).write(to: bare[i].image)
    }
    let check = { (location: GoldenLocation) in
        GoldenCheck(location: location, record: .never, artifacts: "\(folder)/artifacts", environment: [:])
    }
    var samples: [String: [Double]] = [:]
    var different = 0, pixels = 0
    for _ in 0..<rounds {
        let (_, render) = try time { for tree in w.trees { _ = try Diagram(root: tree).image().png() } }
        let (identical, fast) = time { w.trees.indices.map { check(same[$0]).run(root: w.trees[$0]) } }
        precondition(identical.allSatisfy { $0.status == .identical })
        let (bytewise, byBytes) = time { w.trees.indices.map { check(bare[$0]).run(root: w.trees[$0]) } }
        precondition(bytewise.allSatisfy { $0.status == .identical })
        let (outcomes, slow) = time { w.trees.indices.map { check(other[$0]).run(root: w.trees[$0]) } }
        precondition(outcomes.allSatisfy { $0.status == .different }, "\(outcomes.map(\.status))")
        let pairs = try w.trees.indices.map { (try PNG.read(path: other[$0].image), try PNG.read(path: outcomes[$0].actualPath!)) }
        let (counts, compare) = time { pairs.map { PixelDiff.compare($0.0, $0.1, options: DiffOptions(threshold: 0)).differentPixels } }
        different = counts.reduce(0, +)
        pixels = pairs.reduce(0) { $0 + $1.0.pixelCount }
        for (k, v) in [("render", render), ("check_identical", fast), ("check_identical_bytes", byBytes),
                       ("check_different", slow), ("compare", compare)] {
            samples[k, default: []].append(v * 1000)
        }
        if samples["render"]!.count == 1 {
            // The pairs for the peer, as raw RGBA with a one-line header per pair.
            var index = ""
            for (i, pair) in pairs.enumerated() {
                for (suffix, image) in [("expected", pair.0), ("actual", pair.1)] {
                    let path = "\(folder)/\(w.name)-\(i)-\(suffix).rgba"
                    try BenchFiles.write(image.bytes, to: path)
                }
                index += "\(w.name)-\(i) \(pair.0.width) \(pair.0.height) \(counts[i])\n"
            }
            try BenchFiles.write(Array(index.utf8), to: "\(folder)/\(w.name).pairs")
        }
    }
    print("workload \(w.name) trees \(w.trees.count) pixels \(pixels) different \(different)")
    for k in ["render", "check_identical", "check_identical_bytes", "check_different", "compare"] {
        print("\(w.name) \(k) \((median(samples[k]!) * 100).rounded() / 100) ms")
    }
}
