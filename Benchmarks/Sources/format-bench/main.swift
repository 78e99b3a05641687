import Blueprint
import BenchTiming
#if canImport(Glibc)
import Glibc
#endif

// format-bench: the `.layout` format against the solver. Generates the siblings and grid
// systems of Benchmarks/SYSTEMS.md as `.layout` files (Systems.swift), writes them to a
// temporary folder, and times each phase of what `blueprint solve` does with one:
//
//   read     the file's bytes
//   parse    LayoutDocument(bytes:file:): UTF-8 check, lines, tokens, views, constraints
//            (activated: each installed on its views' nearest common ancestor)
//   layout   the first root.layoutIfNeeded(): the engine builds the solver and solves
//   frames   every view's frame read back
//
// and prints the parser's throughput and each phase's share of the total. Medians of R runs,
// each in a fresh document.
//
// usage: format-bench [--runs R] [--quick] [--only TEXT] [--json]
//   --quick  fewer and smaller cases (a smoke test)
//   --only   the cases whose name contains TEXT (for a profiler)
//   --json   one JSON object per case instead of the table

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
let runs = arguments.firstIndex(of: "--runs").flatMap { i in i + 1 < arguments.count ? Int(arguments[i + 1]) : nil } ?? (quick ? 1 : 5)

/// Keeps reads from being optimised away.
nonisolated(unsafe) var sink = 0.0

func fail(_ message: String) -> Never {
    var line = "format-bench: \(message)\n"
    line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    exit(2)
}

// MARK: Files

func temporaryDirectory() -> String {
    var template = Array("/tmp/format-bench.XXXXXX".utf8CString)
    guard let p = mkdtemp(&template) else { fail("cannot make a temporary folder") }
    return String(cString: p)
}

func write(_ text: String, to path: String) {
    guard let f = fopen(path, "wb") else { fail("cannot write \(path)") }
    var text = text
    text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

func readBytes(_ path: String) -> [UInt8] {
    do { return try BenchFiles.read(path) } catch { fail("cannot read \(path): \(error)") }
}

// MARK: Cases

struct Phases {
    var read = 0.0, parse = 0.0, layout = 0.0, frames = 0.0
    var total: Double { read + parse + layout + frames }
}

struct Case {
    let name: String
    let text: () -> String
    /// Parse only: the layout would take too long to repeat.
    let parseOnly: Bool
    /// A frame to check after the layout: view name and expected frame.
    let check: (String, Rect)?
}

let only = arguments.firstIndex(of: "--only").flatMap { i in i + 1 < arguments.count ? arguments[i + 1] : nil }
let cases: [Case] = (quick
    ? [
        Case(name: "siblings 1,000", text: { Systems.siblings(1_000) }, parseOnly: false,
             check: ("v999", Rect(x: 8, y: 28 * 999 + 8, width: 784, height: 20))),
        Case(name: "grid 10x10", text: { Systems.grid(rows: 10, columns: 10) }, parseOnly: false,
             check: ("g9_9", Rect(x: 260, y: 260, width: 20, height: 20))),
    ]
    : [
        Case(name: "siblings 10,000", text: { Systems.siblings(10_000) }, parseOnly: false,
             check: ("v9999", Rect(x: 8, y: 28 * 9_999 + 8, width: 784, height: 20))),
        Case(name: "grid 100x100", text: { Systems.grid(rows: 100, columns: 100) }, parseOnly: false,
             check: ("g99_99", Rect(x: 2780, y: 2780, width: 20, height: 20))),
        Case(name: "siblings 100,000 (parse only)", text: { Systems.siblings(100_000) }, parseOnly: true, check: nil),
    ]).filter { only == nil || $0.name.contains(only!) }

let folder = temporaryDirectory()

struct Result {
    let name: String
    let bytes: Int
    let views: Int
    let constraints: Int
    let phases: Phases
    var megabytesPerSecond: Double { Double(bytes) / 1e6 / phases.parse }
}

var results: [Result] = []
for c in cases {
    let path = folder + "/" + c.name.filter { $0.isLetter || $0.isNumber } + ".layout"
    write(c.text(), to: path)
    var all: [Phases] = []
    var size = 0, views = 0, constraints = 0
    for _ in 0..<runs {
        var p = Phases()
        let (bytes, tRead) = time { readBytes(path) }
        p.read = tRead
        size = bytes.count
        let (document, tParse) = time { () -> LayoutDocument in
            do { return try LayoutDocument(bytes: bytes, file: path) } catch { fail("\(c.name) does not parse:\n\(error)") }
        }
        p.parse = tParse
        views = document.views.count
        constraints = document.constraints.count
        if !c.parseOnly {
            let root = document.root
            (_, p.layout) = time { root.layoutIfNeeded() }
            (_, p.frames) = time {
                var sum = 0.0
                for v in document.views {
                    let f = v.frame
                    sum += f.minX + f.minY + f.width + f.height
                }
                sink += sum
            }
            if let (name, expected) = c.check {
                let got = document.view(named: name)?.frame
                if got != expected { fail("\(c.name): \(name) is at \(got.map { "\($0)" } ?? "nowhere"), expected \(expected)") }
            }
            // Break the document's reference cycles so that runs do not pile up in memory.
            for constraint in document.constraints { constraint.deactivate() }
            View(name: "holder").addSubview(root)
        }
        all.append(p)
    }
    let phases = Phases(
        read: median(all.map(\.read)), parse: median(all.map(\.parse)),
        layout: median(all.map(\.layout)), frames: median(all.map(\.frames)))
    results.append(Result(name: c.name, bytes: size, views: views, constraints: constraints, phases: phases))
}
for c in cases { unlink(folder + "/" + c.name.filter { $0.isLetter || $0.isNumber } + ".layout") }
rmdir(folder)

// MARK: Report

func ms(_ s: Double) -> String {
    let v = s * 1000
    return v >= 100 ? String(Int(v.rounded())) : v >= 10 ? String((v * 10).rounded() / 10) : String((v * 100).rounded() / 100)
}

func percent(_ part: Double, _ whole: Double) -> String {
    whole > 0 ? String((part / whole * 1000).rounded() / 10) + "%" : "–"
}

func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: Swift.max(0, n - s.count))
    return left ? s + fill : fill + s
}

if asJSON {
    for r in results {
        let p = r.phases
        print("{\"case\": \"\(r.name)\", \"bytes\": \(r.bytes), \"views\": \(r.views), \"constraints\": \(r.constraints), "
            + "\"read_s\": \(p.read), \"parse_s\": \(p.parse), \"layout_s\": \(p.layout), \"frames_s\": \(p.frames), "
            + "\"parse_mb_per_s\": \(r.megabytesPerSecond), \"runs\": \(runs)}")
    }
} else {
    print("format-bench: medians of \(runs) run\(runs == 1 ? "" : "s"); times in ms, share of read + parse + layout + frames")
    let header = [pad("case", 30, left: true), pad("MB", 6), pad("views", 7), pad("constraints", 11), pad("parse MB/s", 10),
                  pad("read", 14), pad("parse", 15), pad("layout", 16), pad("frames", 13)]
    print(header.joined(separator: " "))
    for r in results {
        let p = r.phases, t = p.total
        func cell(_ x: Double, _ n: Int) -> String { pad("\(ms(x)) \(pad(percent(x, t), 6))", n) }
        let row = [pad(r.name, 30, left: true), pad(String((Double(r.bytes) / 1e5).rounded() / 10), 6),
                   pad(String(r.views - 1), 7), pad(String(r.constraints), 11),
                   pad(String((r.megabytesPerSecond * 10).rounded() / 10), 10),
                   cell(p.read, 14), cell(p.parse, 15), r.views > 0 && p.layout > 0 ? cell(p.layout, 16) : pad("–", 16),
                   p.layout > 0 ? cell(p.frames, 13) : pad("–", 13)]
        print(row.joined(separator: " "))
    }
}
