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

            Examples:
              blueprint check; blueprint report
              blueprint report -o check-report.html

            Exit status: 0 written, 2 no saved check, or the page could not be written.
            """
    )

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the page.", valueName: "file.html"))
    var output = ".blueprint/report.html"

    func run() throws {
        let path = CheckRun.path(in: ".")
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            Entry.printError("error: no saved check in this folder (\(path)): run `blueprint check` first")
            throw ExitCode(2)
        }
        let run: CheckRun
        do {
            run = try CheckRun(json: bytes)
        } catch {
            Entry.printError("error: \(path) is not a saved check (\(error)); run `blueprint check` again")
            throw ExitCode(2)
        }
        let page = HTMLReport.page(for: run)
        do {
            try FileSystem.createDirectories(FileSystem.directory(of: output))
            try FileIO.writeAtomically(Array(page.utf8), to: output)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        let failures = run.entries.filter(\.failed).count
        print("wrote \(output): \(failures) failure\(failures == 1 ? "" : "s") of \(run.entries.count) fixture\(run.entries.count == 1 ? "" : "s")")
    }
}
