@_spi(Benchmarks) import Cassowary
import BenchTiming
#if canImport(Glibc)
import Glibc
#endif

// solver-bench: builds the systems of Benchmarks/SYSTEMS.md (siblings, chain, grid, their
// edit phase) and the enaml-like form on our Solver, and prints one JSON line per case.
// Benchmarks/kiwi_peer.py prints the same lines for kiwisolver; run-solver-bench.sh runs both
// and prints the comparison table.
//
// usage: solver-bench [--quick] [--scalar] [--only SYSTEM[,SYSTEM...]]   (SYSTEM: siblings, chain, grid,
// enaml; or setconstant, ours only, run only when named)

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
// --scalar: row scaling one number at a time instead of SIMD8 lanes, to measure what SIMD buys.
if arguments.contains("--scalar") { Solver.usesSIMDKernels = false }
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { i in
    let next = arguments.index(after: i)
    return next < arguments.endIndex ? Set(arguments[next].split(separator: ",").map(String.init)) : nil
}

/// A case whose build takes longer than this skips the larger sizes of its system.
let sizeCapSeconds = 20.0
/// Repeated builds stop once they have used this much time (at least one run, at most `maxRuns`).
let runBudgetSeconds = quick ? 2.0 : 10.0
let maxRuns = quick ? 1 : 5
/// The edit phase: this many suggest+update steps, or fewer if they use up `editBudgetSeconds`.
let editSteps = quick ? 100 : 1_000
let editBudgetSeconds = quick ? 2.0 : 10.0

struct Case {
    let system: String
    let size: Int
    let label: String
    let make: () -> BenchSystem
}

let plan: [(system: String, cases: [Case], skipped: [(Int, String, String)])] = [
    ("siblings", (quick ? [1_000] : [1_000, 10_000, 100_000]).map { n in Case(system: "siblings", size: n, label: "\(n)") { siblings(n) } }, []),
    ("chain", (quick ? [100, 300] : [100, 300, 1_000, 3_000]).map { n in Case(system: "chain", size: n, label: "\(n)") { chain(n) } },
     quick ? [] : [(10_000, "10000", "the explicit tableau of a chain holds 3 N^2 cells (27 M at 3000): 3e8 cells, ~6 GB with the column index, at 10000")]),
    ("grid", (quick ? [1_024] : [1_024, 10_000, 99_856]).map { n in
        let side = roundedSquareRoot(n)
        return Case(system: "grid", size: side * side, label: "\(side)x\(side)") { grid(n) }
    }, []),
    ("enaml", [Case(system: "enaml", size: 1, label: "form") { enamlLike() }], []),
]

/// Prints one JSON object on one line (keys in the order given).
func emit(_ fields: [(String, Any)]) {
    let body = fields.map { key, value -> String in
        let v: String
        switch value {
        case let s as String: v = "\"" + s.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
        case let d as Double: v = d.isFinite ? String(d) : "null"
        case let i as Int: v = String(i)
        case let b as Bool: v = b ? "true" : "false"
        default: v = "null"
        }
        return "\"\(key)\": \(v)"
    }
    // Written at once (not through stdout's buffer), so a case that is killed later still
    // leaves the lines before it in a pipe.
    var line = "{" + body.joined(separator: ", ") + "}\n"
    #if canImport(Glibc)
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
    #else
    print(line, terminator: "")
    #endif
}

/// Adds every constraint and updates once; returns the solver and the seconds it took.
func build(_ system: BenchSystem) throws(CassowaryError) -> (Solver, Double) {
    let start = clock.now
    let solver = Solver()
    for v in system.preEdits { try solver.addEditVariable(v, strength: .strong) }
    for c in system.constraints { try solver.add(c) }
    solver.updateVariables()
    return (solver, seconds(clock.now - start))
}

func run(_ c: Case) throws(CassowaryError) -> Double {
    // Build: median of several fresh builds; constraint objects are made outside the clock.
    var times: [Double] = []
    var last: (Solver, BenchSystem)?
    var spent = 0.0
    // The enaml-like build takes ~0.1 ms: many runs for a stable median.
    let runs = c.system == "enaml" ? (quick ? 20 : 200) : maxRuns
    while times.count < runs && (times.isEmpty || spent < runBudgetSeconds) {
        let system = c.make()
        let (solver, t) = try build(system)
        times.append(t)
        spent += t
        last = (solver, system)
    }
    let (solver, system) = last!
    let buildCheck = system.checkBuild()
    // The fill after the build (outside the clock, nothing materialized).
    let fill = solver.heldFill

    // Edit: make the edit variables, then suggest + update many times.
    let addStart = clock.now
    for e in system.edits { try solver.addEditVariable(e.variable, strength: .strong) }
    let addEdit = seconds(clock.now - addStart)
    var steps = 0
    let editStart = clock.now
    var editSpent = 0.0
    while steps < editSteps && (steps == 0 || editSpent < editBudgetSeconds) {
        if system.editPairs.isEmpty {
            for e in system.edits { try solver.suggestValue(e.variable, e.base + editOffset(steps, scale: e.scale)) }
        } else {
            let (w, h) = system.editPairs[steps % system.editPairs.count]
            try solver.suggestValue(system.preEdits[0], w)
            try solver.suggestValue(system.preEdits[1], h)
        }
        solver.updateVariables()
        steps += 1
        if steps % 10 == 0 || steps < 10 { editSpent = seconds(clock.now - editStart) }
    }
    let editTotal = seconds(clock.now - editStart)
    let editCheck = system.checkEdit()

    let buildMedian = median(times)
    emit([
        ("impl", "blueprint"), ("system", c.system), ("size", c.size), ("label", c.label), ("simd", Solver.usesSIMDKernels),
        ("constraints", system.constraints.count), ("build_ms", buildMedian * 1e3), ("build_runs", times.count),
        ("edit_add_ms", addEdit * 1e3), ("edit_us", editTotal / Double(steps) * 1e6), ("edit_steps", steps),
        ("rows", fill.rows), ("cells", fill.cells), ("definitions", fill.definitions),
        ("definition_terms", fill.definitionTerms),
        ("check", buildCheck ?? editCheck ?? "ok"),
    ])
    return buildMedian
}

for (name, cases, skipped) in plan where only == nil || only!.contains(name) {
    var tooSlow: String?
    for c in cases {
        if let reason = tooSlow {
            emit([("impl", "blueprint"), ("system", c.system), ("size", c.size), ("label", c.label), ("skipped", reason)])
            continue
        }
        // Announced first: if the case dies (out of memory under the script's ulimit), the
        // table shows this line as a crash instead of silently missing the size.
        emit([("impl", "blueprint"), ("system", c.system), ("size", c.size), ("label", c.label), ("running", true)])
        do {
            let t = try run(c)
            if t > sizeCapSeconds { tooSlow = "previous size took over \(Int(sizeCapSeconds)) s" }
        } catch {
            emit([("impl", "blueprint"), ("system", c.system), ("size", c.size), ("label", c.label), ("error", "\(error)")])
        }
    }
    for (size, label, reason) in skipped {
        emit([("impl", "blueprint"), ("system", name), ("size", size), ("label", label), ("skipped", reason)])
    }
}

// Not part of the kiwi comparison: only when asked for by name (see SetConstant.swift).
if only?.contains("setconstant") == true {
    do { try runSetConstant() } catch {
        emit([("impl", "blueprint"), ("system", "setconstant"), ("error", "\(error)")])
    }
}
