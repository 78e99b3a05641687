import BlueprintSupport
import ArgumentParser
import Blueprint
import BlueprintCheck
import BlueprintRender
import Dispatch
import Raster
import Synchronization

/// `blueprint check`: renders every fixture and compares it with its golden, in parallel.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render every fixture and compare it with its golden.",
        discussion: """
            For each FIXTURES/NAME.layout (with --recursive, also in subfolders: \
            FIXTURES/screens/inbox.layout against GOLDENS/screens/inbox.png), draws the layout (as `blueprint render` does) and \
            compares it with GOLDENS/NAME.png: byte for byte first, then, when the bytes differ, \
            pixel by pixel with pixelmatch's algorithm (anti-aliased pixels never count). \
            Beside each golden, NAME.json keeps the solved frames, so a failure can say what \
            moved ("card.width 320 → 304; title moved 8 pt down").

            For a failure, the actual image, the diff and expected | actual | diff side by side \
            are written to the artifacts folder, and the run is saved in \
            .blueprint/last-check.json for `blueprint report`.

            Record modes: never (a missing golden fails), missing (write goldens that do not \
            exist), failed (also overwrite goldens that no longer match), all (rewrite every \
            golden whose bytes differ). Default: missing, or never when CI is set; \
            BLUEPRINT_RECORD overrides --record. A check that records fails: look at the new \
            goldens, then run it again.

            On a terminal a progress bar shows while fixtures run; otherwise one line per fixture.

            In CI, --shard 2/4 checks the second quarter of the fixtures (in name order, the same \
            fixtures every time); `blueprint report --merge` joins the shards' saved runs into one \
            page. --junit writes one JUnit test case per fixture, with its message on failure.

            Examples:
              blueprint check
              blueprint check --record failed --jobs 4
              blueprint check --fixtures layouts --goldens layouts/goldens --threshold 0.1
              blueprint check --shard 2/4 --junit results.xml

            Exit status: 0 every fixture matches its golden, 1 a difference, a missing golden \
            or a recorded golden, 2 bad input or usage (an unreadable fixture or golden).
            """
    )

    @Option(help: ArgumentHelp("The folder of .layout files.", valueName: "dir"))
    var fixtures = "fixtures"

    @Option(help: ArgumentHelp("The folder of golden images (NAME.png and NAME.json).", valueName: "dir"))
    var goldens = "goldens"

    @Option(help: ArgumentHelp("never, missing, failed or all (default: missing; never when CI is set).", valueName: "mode"))
    var record: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fixtures checked at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Where failures' images go (default: BLUEPRINT_ARTIFACTS, else .blueprint/artifacts).", valueName: "dir"))
    var artifacts: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Per-pixel colour tolerance from 0 (exact) to 1.", valueName: "T"))
    var threshold: Double = 0

    @Option(name: .customLong("max-diff-pixels"), parsing: .unconditional, help: ArgumentHelp("Pass with up to this many differing pixels.", valueName: "N"))
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), parsing: .unconditional, help: ArgumentHelp("Pass with up to this share (0 to 1) of differing pixels.", valueName: "R"))
    var maxDiffRatio: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1, 2 or 3 (the goldens' scale).", valueName: "n"))
    var scale: Int = 2

    @Option(help: ArgumentHelp("Colours: light, dark or blueprint.", valueName: "name"))
    var theme: String = "light"

    @Option(help: ArgumentHelp("Check only this part of the fixtures: INDEX/TOTAL, as 2/4.", valueName: "i/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Also write the results as JUnit XML, one test case per fixture.", valueName: "file.xml"))
    var junit: String?

    @Flag(help: "Also check the .layout files in subfolders; their goldens go in the same subfolders of the goldens folder.")
    var recursive = false

    @Flag(inversion: .prefixedNo,
          help: "Blend semi-transparent pixels over pixelmatch 7's checkerboard, or over white with --no-checkerboard.")
    var checkerboard = true

    var tolerance: Tolerance {
        Tolerance(threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, checkerboard: checkerboard)
    }

    func validate() throws {
        if let record, RecordMode(rawValue: record.lowercased()) == nil {
            throw ValidationError("unknown record mode '\(record)': expected never, missing, failed or all")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs)") }
        do {
            try tolerance.validate()
        } catch {
            throw ValidationError("\(Self.flag(for: error.field)) must be \(error.requirement), not \(error.value)")
        }
        guard (1...3).contains(scale) else { throw ValidationError("invalid scale \(scale): expected 1, 2 or 3") }
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError("--shard: \(error)") }
        }
        guard Theme(named: theme) != nil else {
            throw ValidationError("unknown theme '\(theme)': expected \(Theme.builtIn.map(\.name).joined(separator: ", "))")
        }
        if let junit {
            // A fixture or a golden is never written over with XML.
            let lower = junit.lowercased()
            if lower.hasSuffix(".layout") || lower.hasSuffix(".png") {
                throw ValidationError("--junit \(junit): JUnit XML would be written over a \(lower.hasSuffix(".png") ? "PNG" : "layout") name; name the file .xml")
            }
            // Its folder must be there, as for every output of render and diff.
            try OutputPaths.check([("--junit", junit)], inputs: [])
        }
    }

    func run() throws {
        let environment = FileSystem.environment
        let mode: RecordMode
        do {
            mode = try RecordMode.resolve(record.flatMap { RecordMode(rawValue: $0.lowercased()) }, environment: environment)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        guard FileSystem.isDirectory(fixtures) else {
            if FileSystem.exists(fixtures) {
                Entry.printError("error: --fixtures names a folder of .layout files; \(fixtures) is a file (`blueprint render` draws one file)")
            } else {
                Entry.printError("error: the fixtures folder \(fixtures) does not exist")
            }
            throw ExitCode(2)
        }
        let artifactsFolder = GoldenCheck.artifactsFolder(artifacts, environment: environment, fallback: ".blueprint/artifacts")
        let found = Self.fixtureNames(in: fixtures, recursive: recursive, skipping: [goldens, artifactsFolder])
        let all = found.names
        // Fixtures in subfolders are never skipped without a word.
        let unchecked = found.inSubfolders == 1 ? "1 .layout file" : "\(found.inSubfolders) .layout files"
        guard !all.isEmpty else {
            Entry.printError("error: no .layout files in \(fixtures)"
                + (found.inSubfolders > 0 ? " (\(unchecked) in its subfolders: --recursive checks them)" : ""))
            throw ExitCode(2)
        }
        if found.inSubfolders > 0 {
            Entry.printError("note: \(unchecked) in subfolders of \(fixtures) \(found.inSubfolders == 1 ? "is" : "are") not checked (--recursive checks them)")
        }
        let part = try shard.map { text in try Shard(parsing: text) }
        let names = part.map { Array(all[$0.range(of: all.count)]) } ?? all
        guard !names.isEmpty else {
            // More shards than fixtures: this one has nothing to do, which is not a failure.
            print("shard \(part!) of \(all.count) fixture\(all.count == 1 ? "" : "s"): nothing to check")
            if let problem = save(CheckRun(folder: FileSystem.currentDirectory, fixtures: FileSystem.absolute(fixtures),
                                           goldens: FileSystem.absolute(goldens), mode: mode,
                                           tolerance: tolerance.description, shard: part, entries: [])) {
                Entry.printError("warning: \(problem)")
            }
            try writeJUnit(names: [], outcomes: [], seconds: 0)
            return
        }
        // Written at once, before the progress lines (which bypass print's buffer).
        if let part { StandardStream.output.write("shard \(part): \(names.count) of \(all.count) fixtures\n") }
        // Failures' images among the goldens (or the fixtures) would overwrite some of them
        // (`a.actual.png` is the golden of a fixture `a.actual`) and be taken for goldens.
        for (folder, what) in [(goldens, "the goldens folder"), (fixtures, "the fixtures folder")]
        where FileSystem.isDirectory(artifactsFolder) && FileSystem.sameFile(artifactsFolder, folder) {
            Entry.printError("error: the artifacts folder \(artifactsFolder) is \(what): failures' images would be written among its files; give another (--artifacts DIR)")
            throw ExitCode(2)
        }
        let options = RenderOptions(scale: scale, theme: Theme(named: theme)!)
        let workers = max(min(jobs ?? processorCount, names.count), 1)
        let started = monotonicNanoseconds()

        let checks = names.map { name in
            // A fixture in a subfolder (`screens/inbox`) has its golden and its artifacts in
            // the same subfolder.
            GoldenCheck(location: GoldenLocation(image: FileSystem.join(goldens, name + ".png"), artifactName: name), options: options,
                        tolerance: tolerance, record: mode, artifacts: artifactsFolder, environment: [:],
                        recordHint: "blueprint check --record {mode}" + (recursive ? " --recursive" : ""))
        }
        let fixtures = self.fixtures
        let outcomes = CheckProgress(names: names).run(workers: workers) { index in
            Self.check(fixture: FileSystem.join(fixtures, names[index] + ".layout"), with: checks[index])
        }
        let seconds = Double(monotonicNanoseconds() - started) / 1e9

        let run = CheckRun(folder: FileSystem.currentDirectory, fixtures: FileSystem.absolute(fixtures),
                           goldens: FileSystem.absolute(goldens), mode: mode, tolerance: tolerance.description, shard: part,
                           entries: zip(names, outcomes).map { CheckRun.Entry(name: $0, outcome: $1) })
        let saveProblem = save(run)
        // `report` needs the saved run and the failures' images: no hint to it without them.
        let reportable = saveProblem == nil && !outcomes.contains { o in
            if case .artifactsNotWritten = o.problem { return true }
            return false
        }
        print(Self.summary(names: names, outcomes: outcomes, seconds: seconds, workers: workers, reportHint: reportable), terminator: "")
        if let saveProblem { Entry.printError("warning: \(saveProblem)") }
        try writeJUnit(names: names, outcomes: outcomes, seconds: seconds)
        if outcomes.contains(where: { $0.status == .error }) { throw ExitCode(2) }
        if outcomes.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }

    /// The fixtures' names (paths below `folder` without `.layout`, `screens/inbox` in a
    /// subfolder), sorted; hidden files and folders are left out, and so are symbolic links to
    /// folders (a walk could loop) and the folders in `skipping` (goldens, artifacts). Without
    /// `recursive`, the top folder's only, and how many more the subfolders hold.
    static func fixtureNames(in folder: String, recursive: Bool, skipping: [String]) -> (names: [String], inSubfolders: Int) {
        var names: [String] = [], inSubfolders = 0
        func walk(_ path: String, _ prefix: String) {
            for entry in FileSystem.contents(of: path) where !entry.hasPrefix(".") {
                let full = FileSystem.join(path, entry)
                if FileSystem.isRealDirectory(full) {
                    if skipping.contains(where: { FileSystem.isDirectory($0) && FileSystem.sameFile($0, full) }) { continue }
                    walk(full, prefix + entry + "/")
                } else if entry.hasSuffix(".layout") {
                    if prefix.isEmpty || recursive {
                        names.append(prefix + String(entry.dropLast(".layout".count)))
                    } else {
                        inSubfolders += 1
                    }
                }
            }
        }
        walk(folder, "")
        return (names.sorted(), inSubfolders)
    }

    /// Saves the run for `blueprint report`; returns why it could not be saved.
    private func save(_ run: CheckRun) -> String? {
        do {
            let path = CheckRun.path(in: ".")
            try FileSystem.createDirectories(FileSystem.directory(of: path))
            try FileIO.writeAtomically(Array(run.json.utf8), to: path)
            return nil
        } catch {
            return "the run could not be saved for `blueprint report`: \(error)"
        }
    }

    /// Writes `--junit` when asked; a file that cannot be written is bad output (exit 2).
    private func writeJUnit(names: [String], outcomes: [SnapshotOutcome], seconds: Double) throws {
        guard let junit else { return }
        let xml = JUnitReport.xml(names: names, outcomes: outcomes, seconds: seconds, suite: "blueprint check" + (shard.map { " \($0)" } ?? ""))
        do {
            try FileIO.writeAtomically(Array(xml.utf8), to: junit)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
    }

    /// Reads, parses and checks one fixture; every problem is an outcome, never a throw.
    static func check(fixture path: String, with check: GoldenCheck) -> SnapshotOutcome {
        let document: LayoutDocument
        do {
            document = try LayoutDocument(bytes: try LayoutInput.readFile(path, regularOnly: true), file: path)
        } catch {
            return failed(check, "\(error)")
        }
        if LayoutInput.isEmpty(document) { return failed(check, "\(path): \(LayoutInput.nothingToLayOut())") }
        return check.run(root: document.root)
    }

    private static func failed(_ check: GoldenCheck, _ problem: String) -> SnapshotOutcome {
        check.failure(.unreadableLayout(problem.hasSuffix("\n") ? String(problem.dropLast()) : problem), mode: check.record ?? .never)
    }

    /// The table, the totals and each failure's message.
    static func summary(names: [String], outcomes: [SnapshotOutcome], seconds: Double, workers: Int, reportHint: Bool = true) -> String {
        // Names and messages as a terminal can show them (a file name may hold a newline or an
        // escape sequence).
        let names = names.map(SourceDiagnostic.terminalSafe)
        let width = max(names.map(\.count).max() ?? 0, "fixture".count)
        func pad(_ s: String, _ n: Int) -> String { s.padding(n) }
        func right(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(n - s.count, 0)) + s }
        var out = pad("fixture", width) + "  " + pad("result", 17) + right("pixels", 9) + right("share", 9) + "\n"
        for (name, o) in zip(names, outcomes) {
            let pixels = o.diff.map { String($0.differentPixels) } ?? (o.status == .identical ? "0" : "-")
            let share = o.diff.map { DiffResult.percent($0.differentRatio) } ?? (o.status == .identical ? "0.00%" : "-")
            out += pad(name, width) + "  " + pad(label(o), 17) + right(pixels, 9) + right(share, 9) + "\n"
        }
        var counts: [(String, Int)] = []
        for status in SnapshotOutcome.Status.allCases {
            let n = outcomes.filter { $0.status == status }.count
            if n > 0 { counts.append((label(status), n)) }
        }
        let time = JSON.number((seconds * 100).rounded() / 100)
        out += "\(names.count) fixture\(names.count == 1 ? "" : "s"): " + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
            + " (\(time) s, \(workers) job\(workers == 1 ? "" : "s"))\n"
        for (name, o) in zip(names, outcomes) where !o.passed {
            out += "\n\(name):\n" + o.message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + SourceDiagnostic.terminalSafe(String($0)) }.joined(separator: "\n") + "\n"
        }
        if reportHint, outcomes.contains(where: { $0.status == .different || $0.status == .missing }) {
            out += "\nSee them side by side: blueprint report\n"
        }
        return out
    }

    /// The option that sets a tolerance field.
    static func flag(for field: Tolerance.Invalid.Field) -> String {
        switch field {
        case .threshold: "--threshold"
        case .maxDiffPixels: "--max-diff-pixels"
        case .maxDiffRatio: "--max-diff-ratio"
        }
    }

    static func label(_ o: SnapshotOutcome) -> String {
        if o.status == .recorded { return o.recordedFramesOnly ? "recorded frames" : o.replacedGolden ? "recorded (over)" : "recorded (new)" }
        return label(o.status)
    }

    static func label(_ status: SnapshotOutcome.Status) -> String {
        switch status {
        case .identical: "same"
        case .withinTolerance: "within tolerance"
        case .different: "DIFFERENT"
        case .missing: "MISSING"
        case .recorded: "recorded"
        case .error: "ERROR"
        }
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: Swift.max(width - count, 0)) }

}

/// Runs checks on worker threads and shows their progress: a bar redrawn in place on a
/// terminal, one line per fixture (in fixture order) otherwise.
final class CheckProgress: Sendable {
    let names: [String]
    let terminal: Bool

    init(names: [String]) {
        self.names = names
        terminal = StandardStream.output.isTerminal
    }

    private struct State {
        var next = 0
        var results: [SnapshotOutcome?]
    }

    /// Runs `work` for every index on `workers` threads; returns the outcomes in index order.
    func run(workers: Int, _ work: @escaping @Sendable (Int) -> SnapshotOutcome) -> [SnapshotOutcome] {
        let count = names.count
        let state = Mutex(State(results: Array(repeating: nil, count: count)))
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            DispatchQueue.global().async {
                while true {
                    let index: Int? = state.withLock { s in
                        guard s.next < count else { return nil }
                        defer { s.next += 1 }
                        return s.next
                    }
                    guard let index else { return }
                    let outcome = work(index)
                    state.withLock { $0.results[index] = outcome }
                    finished.signal()
                }
            }
        }
        var done = 0, printed = 0
        while done < count {
            finished.wait()
            done += 1
            let snapshot = state.withLock { $0.results }
            if terminal {
                let latest = snapshot.lastIndex { $0 != nil }.map { names[$0] } ?? ""
                draw(done: done, of: count, current: latest)
            } else {
                while printed < count, let outcome = snapshot[printed] {
                    let counter = String(printed + 1)
                    let padded = String(repeating: " ", count: String(count).count - counter.count) + counter
                    write("[\(padded)/\(count)] \(CheckCommand.label(outcome).padding(17)) \(SourceDiagnostic.terminalSafe(names[printed]))\n")
                    printed += 1
                }
            }
        }
        if terminal { write("\r\u{1B}[K") }
        return state.withLock { $0.results.map { $0! } }
    }

    private func draw(done: Int, of count: Int, current: String) {
        let width = 30
        let filled = width * done / max(count, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let safe = SourceDiagnostic.terminalSafe(current)
        let name = safe.count > 32 ? String(safe.prefix(31)) + "…" : safe
        write("\r\u{1B}[K\(bar) \(done)/\(count) \(name)")
    }

    private func write(_ text: String) { StandardStream.output.write(text) }
}
