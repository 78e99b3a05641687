import Blueprint
import BenchTiming
#if canImport(Glibc)
import Glibc
#endif

// layout-bench: the nested-cards layout (Cards.swift) from DSL to frames, and constant updates
// through the solver's fast path. One JSON line per case on stdout; run-layout-bench.sh runs
// the sizes in separate processes, runs layout_peer.py (kiwisolver, the same system) and prints
// the table (layout_table.py).
//
// usage:
//   layout-bench --size N [--runs R] [--report]      phases at about N views, median of R runs;
//                                                    --report also times root.layoutReport
//                                                    (conflicts + ambiguity) after each run
//   layout-bench --updates [--views N] [--quick]      1,000 constant updates on 1,000 (or N) views
//   layout-bench --text-updates [--views N] [--steps S]   S (default 100) new subtitle texts, each
//                                                    followed by a layout and a frame read, on N
//                                                    (default 10,000) views; the subtitles' first
//                                                    baselines hang from the titles' last ones
//   layout-bench --toggles [--views N] [--steps S]  S (default 100) times one card's title gap
//                                                    deactivated, laid out, activated, laid out,
//                                                    on N (default 10,000) views
//   layout-bench --export-metrics PATH                the labels' metrics, for layout_peer.py
//   layout-bench --file PATH                          a .layout file to frames in this process,
//                                                    once (file_bench.py runs it in fresh
//                                                    processes): read, parse, first layout,
//                                                    every frame read; no report, no output
// BENCH_TRACE=1 prints each round of --updates.

let arguments = Array(CommandLine.arguments.dropFirst())

func value(of flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

/// Prints one JSON object on one line (keys in the order given), written at once so that a
/// process killed later still leaves its earlier lines in the pipe.
func emit(_ fields: [(String, Any)]) {
    let body = fields.map { key, value -> String in
        "\"\(key)\": \(json(value))"
    }
    var line = "{" + body.joined(separator: ", ") + "}\n"
    #if canImport(Glibc)
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
    #else
    print(line, terminator: "")
    #endif
}

func json(_ value: Any) -> String {
    switch value {
    case let s as String:
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    case let d as Double: return d.isFinite ? String(d) : "null"
    case let i as Int: return String(i)
    case let b as Bool: return b ? "true" : "false"
    case let a as [Double]: return "[" + a.map { json($0) }.joined(separator: ", ") + "]"
    case let o as [(String, Any)]: return "{" + o.map { "\"\($0.0)\": \(json($0.1))" }.joined(separator: ", ") + "}"
    case let a as [Any]: return "[" + a.map { json($0) }.joined(separator: ", ") + "]"
    default: return "null"
    }
}

/// Keeps reads from being optimised away.
nonisolated(unsafe) var sink = 0.0

/// Absolute frames that layout_peer.py computes too: the root's height, then card, title,
/// subtitle and button of the first, middle and last cards (x, y, width, height each).
func spotValues(_ layout: CardsLayout) -> [Double] {
    var out = [layout.root.absoluteFrame.height]
    let n = layout.cards.count
    for k in [0, n / 2, n - 1] {
        let c = layout.cards[k]
        for v in [c.card, c.title, c.subtitle, c.button] as [View] {
            let f = v.absoluteFrame
            out += [f.minX, f.minY, f.width, f.height]
        }
    }
    return out
}

// MARK: Phases

func runSize(_ n: Int, runs: Int, report: Bool) throws {
    var dsl: [Double] = [], solve: [Double] = [], frames: [Double] = [], totals: [Double] = []
    var reports: [Double] = []
    var conflicts = -1, ambiguous = -1
    var check: String?
    var spot: [Double] = []
    var viewCount = 0, cardCount = 0, constraintCount = 0, solverConstraints = 0
    for run in 0..<runs {
        // (a) the tree and its constraints, (b) the first layout (the solver is built and
        // solved), (c) every view's frame read back.
        let (layout, a) = try time { try buildCards(views: n) }
        let (_, b) = time { layout.root.layoutIfNeeded() }
        let (_, c) = time {
            var s = 0.0
            layout.root.forEachInSubtree { v in
                let f = v.frame
                s += f.minX + f.minY + f.width + f.height
            }
            sink += s
        }
        dsl.append(a); solve.append(b); frames.append(c); totals.append(a + b + c)
        viewCount = layout.viewCount
        cardCount = layout.cards.count
        constraintCount = layout.constraintCount
        // The engine adds its own: the root's origin, and two per axis of every view with an
        // intrinsic size (headers, and four views per card).
        solverConstraints = constraintCount + 2 + 4 * (layout.sections.count + 4 * cardCount)

        // Outside the phases: the report (conflicts and ambiguity, measured on its own), the
        // hand-worked frames of every card, and the spot values for the kiwi comparison.
        if report {
            let (r, t) = time { layout.root.layoutReport }
            reports.append(t)
            conflicts = r.conflicts.count
            ambiguous = r.ambiguous.count
            if !r.isClean, check == nil {
                check = "report: " + String(r.description.prefix(400))
            }
        }
        if run == 0 {
            if let problem = checkFrames(layout) { check = check ?? problem }
            spot = spotValues(layout)
        }
    }
    var fields: [(String, Any)] = [
        ("impl", "blueprint"), ("case", report ? "report" : "cards"), ("target", n), ("views", viewCount), ("cards", cardCount),
        ("constraints", constraintCount), ("solver_constraints", solverConstraints), ("runs", runs),
        ("dsl_ms", median(dsl) * 1e3), ("solve_ms", median(solve) * 1e3), ("frames_ms", median(frames) * 1e3),
        ("total_ms", median(totals) * 1e3), ("first_total_ms", totals[0] * 1e3),
    ]
    if !reports.isEmpty {
        fields += [("report_ms", median(reports) * 1e3), ("report_runs", reports.count),
                   ("conflicts", conflicts), ("ambiguous", ambiguous)]
    }
    fields += [("check", check ?? "ok"), ("spot", spot)]
    emit(fields)
}

// MARK: Constant updates

/// The k-th update: a card's spacing above it (even k) or its title's gap after the image (odd k),
/// spread over the layout; the new constant always differs from the current one.
func update(_ k: Int, _ layout: CardsLayout) -> (LayoutConstraint, Double, View) {
    let n = layout.cards.count
    if k % 2 == 0 {
        let c = layout.cards[(k &* 37) % n]
        var v = 4 + Double((k &* 13) % 9)
        if v == c.spacing.constant { v += 1 }
        return (c.spacing, v, c.card)
    }
    let c = layout.cards[(k &* 53) % n]
    var v = 8 + Double((k &* 7) % 9)
    if v == c.titleGap.constant { v += 1 }
    return (c.titleGap, v, c.title)
}

func runUpdates(views n: Int, steps: Int, rounds: Int) throws {
    // Each round: a fresh tree, built and laid out outside the clock, takes `steps` updates,
    // each followed by a layout and a read of the frame it moves; a second fresh tree has its
    // first layout timed (one full solve: the solver built from scratch); a third takes the
    // same updates and then one layout. Ratios are taken within a round (the machine is
    // shared; neighbouring measurements see the same load), then their median.
    var full: [Double] = [], each: [Double] = [], batch: [Double] = []
    var eachRatios: [Double] = [], batchRatios: [Double] = []
    var check: String?
    var viewCount = 0, cardCount = 0, constraintCount = 0
    for _ in 0..<rounds {
        let layout = try buildCards(views: n)
        layout.root.layoutIfNeeded()
        let (_, e) = try time {
            for k in 0..<steps {
                let (c, v, view) = update(k, layout)
                try c.setConstant(v)
                layout.root.layoutIfNeeded()
                sink += view.frame.minX + view.frame.minY
            }
        }
        each.append(e)
        if check == nil, let p = checkFrames(layout) { check = "after updates with layouts: " + p }
        (viewCount, cardCount, constraintCount) = (layout.viewCount, layout.cards.count, layout.constraintCount)

        let fresh = try buildCards(views: n)
        let (_, f) = time { fresh.root.layoutIfNeeded() }
        full.append(f)

        let other = try buildCards(views: n)
        other.root.layoutIfNeeded()
        let (_, b) = try time {
            for k in 0..<steps {
                let (c, v, _) = update(k, other)
                try c.setConstant(v)
            }
            other.root.layoutIfNeeded()
            sink += other.cards.last!.card.frame.minY
        }
        batch.append(b)
        if check == nil, let p = checkFrames(other) { check = "after batched updates: " + p }
        eachRatios.append(e / f)
        batchRatios.append(b / f)
        if getenv("BENCH_TRACE") != nil { print("round: full \(f * 1e3) ms, each \(e * 1e3) ms, batch \(b * 1e3) ms") }
    }
    emit([
        ("impl", "blueprint"), ("case", "updates"), ("target", n), ("views", viewCount), ("cards", cardCount),
        ("constraints", constraintCount), ("steps", steps), ("rounds", rounds),
        ("full_solve_ms", median(full) * 1e3),
        ("each_total_ms", median(each) * 1e3), ("each_us", median(each) / Double(steps) * 1e6),
        ("each_ratio", median(eachRatios)), ("each_ratio_max", eachRatios.max()!),
        ("batch_total_ms", median(batch) * 1e3), ("batch_ratio", median(batchRatios)), ("batch_ratio_max", batchRatios.max()!),
        ("check", check ?? "ok"),
    ])
}

/// Removals: on a laid-out tree, `steps` times one card's title gap deactivated (a layout
/// and a frame read), then activated again (a layout and a read); against one full solve of
/// a fresh tree of the same size. The frames must come back as they were.
func runToggles(views n: Int, steps: Int) throws {
    let layout = try buildCards(views: n)
    layout.root.layoutIfNeeded()
    let before = layout.cards.map(\.title.frame)
    var off: [Double] = [], on: [Double] = []
    for k in 0..<steps {
        let card = layout.cards[(k &* 53) % layout.cards.count]
        let (_, a) = time {
            card.titleGap.isActive = false
            layout.root.layoutIfNeeded()
            sink += card.title.frame.minY
        }
        let (_, b) = time {
            card.titleGap.isActive = true
            layout.root.layoutIfNeeded()
            sink += card.title.frame.minY
        }
        off.append(a)
        on.append(b)
    }
    let after = layout.cards.map(\.title.frame)
    let fresh = try buildCards(views: n)
    let (_, f) = time { fresh.root.layoutIfNeeded() }
    emit([
        ("impl", "blueprint"), ("case", "toggles"), ("views", layout.viewCount), ("steps", steps),
        ("full_solve_ms", f * 1e3), ("first_off_ms", off[0] * 1e3), ("first_on_ms", on[0] * 1e3),
        ("off_us", median(off) * 1e6), ("on_us", median(on) * 1e6),
        ("check", before == after ? "ok: frames as before" : "frames differ after the toggles"),
    ])
}

// MARK: Metrics for the peer

func exportMetrics(to path: String) throws {
    func entries(_ texts: [String], _ size: Double) -> [Any] {
        texts.map { text -> Any in
            let label = Label(name: "m", text: text, fontSize: size)
            // As Cards.swift makes them: a text with a line break is a multi-line label.
            if text.unicodeScalars.contains("\n") { label.numberOfLines = 0 }
            let s = label.intrinsicContentSize, m = label.textMetrics
            let fields: [(String, Any)] = [
                ("text", text), ("width", s.width), ("height", s.height),
                // Baselines as offsets from the label's vertical centre (the engine's formula).
                ("first", m.ascent - m.height / 2), ("last", m.height / 2 - m.descent),
            ]
            return fields
        }
    }
    let doc: [(String, Any)] = [
        ("canvas_width", canvasWidth), ("cards_per_section", cardsPerSection),
        ("card_spacing", cardSpacing), ("title_gap", titleGap),
        ("titles", entries(titles, 17)), ("subtitles", entries(subtitles, 13)),
        ("buttons", entries(buttonTitles, 15)), ("headers", entries(headerTitles, 22)),
    ]
    let text = json(doc) + "\n"
    guard let f = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
    defer { fclose(f) }
    fputs(text, f)
}

/// New texts on labels with a constraint on their baseline (a card's subtitle hangs 18 pt
/// below its title's last baseline), each followed by a layout and a read of the frame below
/// it, against one full solve of a fresh tree; medians over the steps.
func runTextUpdates(views n: Int, steps: Int) throws {
    let layout = try buildCards(views: n)
    layout.root.layoutIfNeeded()
    var each: [Double] = []
    for k in 0..<steps {
        let card = layout.cards[(k * 7919) % layout.cards.count]
        let text = subtitleText(k) + " (\(k))"
        let (_, t) = time {
            card.subtitle.text = text
            layout.root.layoutIfNeeded()
            sink += card.subtitle.frame.maxY
        }
        each.append(t)
    }
    let fresh = try buildCards(views: n)
    let (_, f) = time { fresh.root.layoutIfNeeded() }
    emit([
        ("impl", "blueprint"), ("case", "text-updates"), ("target", n), ("views", layout.viewCount), ("steps", steps),
        ("full_solve_ms", f * 1e3), ("update_ms_median", median(each) * 1e3), ("update_ms_max", each.max()! * 1e3),
        ("ratio", median(each) / f),
    ])
}

// MARK: File to frames

/// A `.layout` file to frames, as a library user would: the phases `blueprint solve` goes
/// through before its report and its output, timed from inside one fresh process (its start,
/// the dynamic linking and the Swift runtime's set-up, and its exit are not in the figure).
func runFile(_ path: String) throws {
    let (bytes, tRead) = try time { try BenchFiles.read(path) }
    let (document, tParse) = try time { try LayoutDocument(bytes: bytes, file: path) }
    let (_, tLayout) = time { document.root.layoutIfNeeded() }
    var views = 0
    let (_, tFrames) = time {
        var s = 0.0
        document.root.forEachInSubtree { v in
            let f = v.frame
            s += f.minX + f.minY + f.width + f.height
            views += 1
        }
        sink += s
    }
    emit([
        ("impl", "blueprint"), ("case", "file-inprocess"), ("views", views),
        ("read_ms", tRead * 1e3), ("parse_ms", tParse * 1e3), ("layout_ms", tLayout * 1e3),
        ("frames_ms", tFrames * 1e3), ("total_ms", (tRead + tParse + tLayout + tFrames) * 1e3),
        ("root_height", document.root.frame.height),
    ])
    withExtendedLifetime(document) {}
    // Leave as `blueprint solve` does: the tree is reclaimed with the process.
    exit(0)
}

// MARK: Main

do {
    let quick = arguments.contains("--quick")
    if let path = value(of: "--file") {
        try runFile(path)
    } else if let path = value(of: "--export-metrics") {
        try exportMetrics(to: path)
    } else if arguments.contains("--updates") {
        let n = value(of: "--views").flatMap(Int.init) ?? 1_000
        try runUpdates(views: n, steps: quick ? 200 : 1_000, rounds: quick ? 3 : n > 1_000 ? 3 : 7)
    } else if arguments.contains("--toggles") {
        try runToggles(views: value(of: "--views").flatMap(Int.init) ?? 10_000,
                       steps: value(of: "--steps").flatMap(Int.init) ?? 100)
    } else if arguments.contains("--text-updates") {
        try runTextUpdates(views: value(of: "--views").flatMap(Int.init) ?? 10_000,
                           steps: value(of: "--steps").flatMap(Int.init) ?? 100)
    } else if let s = value(of: "--size"), let n = Int(s) {
        let runs = value(of: "--runs").flatMap(Int.init) ?? (n <= 1_000 ? 7 : n <= 10_000 ? 3 : 1)
        emit([("impl", "blueprint"), ("case", arguments.contains("--report") ? "report" : "cards"), ("target", n), ("running", true)])
        try runSize(n, runs: runs, report: arguments.contains("--report"))
    } else {
        print("usage: layout-bench --size N [--runs R] [--report] | --updates [--views N] [--quick] | --text-updates [--views N] [--steps S] | --toggles [--views N] [--steps S] | --export-metrics PATH | --file PATH")
        exit(2)
    }
} catch {
    emit([("impl", "blueprint"), ("error", "\(error)")])
    exit(1)
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
