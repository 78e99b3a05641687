import BlueprintSupport
import ArgumentParser
import BlueprintCheck
import Raster

/// `blueprint report`: the last check's failures as one self-contained HTML page.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML page of the last check's failures.",
        discussion: """
            Reads the run that `blueprint check` saved in .blueprint/last-check.json (in the \
            current folder) and writes one self-contained page: for each failure, expected, \
            actual and diff side by side, a slider and a blink toggle to compare expected with \
            actual in place, the differing pixels and their share, the bounding box and the \
            frames that changed. Images are embedded, so the page can be opened anywhere.

            With --merge, joins the runs that `blueprint check --shard` saved on several machines: \
            each DIR is a shard's .blueprint folder (or the folder that holds it), copied here; \
            images are looked for where the shard wrote them, then in DIR/artifacts. Fixtures \
            come out in name order, as one run.

            Examples:
              blueprint check; blueprint report
              blueprint report -o check-report.html
              blueprint report --merge shard-1/.blueprint shard-2/.blueprint -o report.html

            Exit status: 0 written, 2 no saved check, runs that cannot be merged, or the page \
            could not be written.
            """
    )

    /// The page's place when none is given, in the folder of the saved run (made when it is
    /// not there: `--merge` reads runs from other folders).
    static let defaultOutput = ".blueprint/report.html"

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page (- for standard output).", valueName: "file.html"))
    var output = ReportCommand.defaultOutput

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Join the saved runs of these folders (shards of one check).", valueName: "dir"))
    var merge: [String] = []

    func validate() throws {
        // The saved runs it reads (and their neighbours) are not written over.
        let inputs = (merge.isEmpty ? [CheckRun.path(in: ".")]
                      : merge.flatMap { [FileSystem.join($0, "last-check.json"), CheckRun.path(in: $0)] })
        if let input = inputs.first(where: { FileSystem.sameFile($0, output) }) {
            throw ValidationError("-o \(output) would overwrite the saved check \(input); write somewhere else")
        }
        // A folder given is checked as render and diff check theirs: it must be there.
        if output != Self.defaultOutput { try OutputPaths.check([("-o", output)], inputs: []) }
    }

    func run() throws {
        let run: CheckRun
        // Each saved run read, with the folder it was read from (its `.blueprint` folder).
        var runs: [(run: CheckRun, folder: String)] = []
        if merge.isEmpty {
            let path = CheckRun.path(in: ".")
            run = try Self.load(path, missing: "no saved check in this folder")
            runs = [(run, FileSystem.directory(of: path))]
        } else {
            for folder in merge {
                // A shard's `.blueprint` folder, or the folder that holds one.
                let direct = FileSystem.join(folder, "last-check.json")
                let path = FileSystem.exists(direct) ? direct : CheckRun.path(in: folder)
                runs.append((try Self.load(path, missing: "no saved check in \(folder)"), FileSystem.directory(of: path)))
            }
            do {
                run = try CheckRun.merging(runs)
            } catch {
                Entry.printError("error: cannot merge: \(error)")
                throw ExitCode(2)
            }
        }
        // Nor a golden, its frames or an image of the run (a golden overwritten by the page
        // failed the next check as unreadable), where the check wrote them or, in a copy of
        // its folder, here.
        // (A merged run's images are also where the merge found them.)
        let files = runs.flatMap { $0.run.files(readFrom: $0.folder) } + (merge.isEmpty ? [] : run.files(readFrom: "."))
        for (name, what, path) in files where FileSystem.sameFile(path, output) {
            Entry.printError("error: -o \(output) would overwrite \(what) of \(name) (\(path)); write somewhere else")
            throw ExitCode(2)
        }
        let embedded = HTMLReport.embeddedBytes(for: run)
        if embedded > HTMLReport.embeddedLimit {
            let failures = run.entries.filter(\.failed).count
            Entry.printError("error: the report would embed \(embedded >> 20) MB of images (\(failures) failure\(failures == 1 ? "" : "s")), more than "
                + "\(HTMLReport.embeddedLimit >> 20) MB, which a browser does not open: check fewer fixtures at a time "
                + "(`blueprint check --shard 1/4`), or fix the failures the check lists first; nothing was written")
            throw ExitCode(2)
        }
        let page = HTMLReport.page(for: run)
        let failures = run.entries.filter(\.failed).count
        if output == "-" {
            // The page on standard output (`report -o - | gzip`), as `render -o -` and `diff -o -`
            // write theirs; what was done goes to standard error.
            StandardStream.output.write(page)
            if !merge.isEmpty { Entry.printError("merged \(merge.count) run\(merge.count == 1 ? "" : "s")") }
            Entry.printError("wrote the page to standard output: \(failures) failure\(failures == 1 ? "" : "s") of \(run.entries.count) fixture\(run.entries.count == 1 ? "" : "s")")
            return
        }
        do {
            if output == Self.defaultOutput { try FileSystem.createDirectories(FileSystem.directory(of: output)) }
            try FileIO.writeAtomically(Array(page.utf8), to: output)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        if !merge.isEmpty { print("merged \(merge.count) run\(merge.count == 1 ? "" : "s")") }
        print("wrote \(output): \(failures) failure\(failures == 1 ? "" : "s") of \(run.entries.count) fixture\(run.entries.count == 1 ? "" : "s")")
    }

    /// Reads a saved run; exits 2 saying why when there is none or it is not one.
    static func load(_ path: String, missing: String) throws -> CheckRun {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: 256 << 20)
        } catch {
            // There but unreadable (a folder, too large) is said as such, not as missing.
            Entry.printError(FileSystem.exists(path) ? "error: \(error)" : "error: \(missing) (\(path)): run `blueprint check` first")
            throw ExitCode(2)
        }
        do {
            return try CheckRun(json: bytes)
        } catch {
            Entry.printError("error: \(path) is not a saved check (\(error)); run `blueprint check` again")
            throw ExitCode(2)
        }
    }
}
