import Foundation

/// Text goldens under `fixtures/`: a command's output compared with a file, exactly.
///
/// The record modes are the image goldens' (`BLUEPRINT_RECORD=missing|failed|all`, see
/// BlueprintCheck's `RecordMode`): `missing` writes expected files that do not exist, `failed`
/// and `all` also those that differ (atomically: a temporary file renamed into place). A test
/// that records fails and says so; without recording a missing or different file fails, with
/// the actual output and the command that records it.
enum Golden {
    /// Whether the environment asks to write an expected file that exists (`differs`) or not.
    static func recording(differs: Bool) -> Bool {
        let mode = ProcessInfo.processInfo.environment["BLUEPRINT_RECORD"]?.lowercased() ?? ""
        return differs ? ["failed", "all"].contains(mode) : ["missing", "failed", "all"].contains(mode)
    }

    /// Compares `actual` with the file at `path` (relative to the repository).
    /// - Parameters:
    ///   - what: how the actual text was made, for the message (`blueprint solve fixtures/x.layout`).
    ///   - filter: the `swift test --filter` argument that runs this test again.
    /// - Returns: nil when they match; otherwise a message (also when the file was just recorded).
    static func verify(_ actual: String, against path: String, what: String, filter: String) -> String? {
        let url = CLI.repository.appendingPathComponent(path)
        let expected = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
        if expected == actual { return nil }
        let record = "BLUEPRINT_RECORD=failed swift test --filter '\(filter)'"
        if recording(differs: expected != nil) {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
                return "recorded \(path); look at it, then run the test again (a test that records fails)"
            } catch {
                return "could not record \(path): \(error)"
            }
        }
        guard let expected else {
            return """
                \(path) does not exist. The output of `\(what)` was:
                \(fenced(actual))
                If it is right, record it with: \(record)
                """
        }
        return """
            `\(what)` differs from \(path) \(firstDifference(expected, actual)).
            Actual:
            \(fenced(actual))
            Expected:
            \(fenced(expected))
            If the actual output is right, record it with: \(record)
            """
    }

    /// "at line 3: expected `…`, got `…`".
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let x = i < e.count ? "`\(e[i])`" : "nothing", y = i < a.count ? "`\(a[i])`" : "nothing"
            if x != y { return "at line \(i + 1): expected \(x), got \(y)" }
        }
        return "(only in invisible characters)"
    }

    /// The text between two rules, so leading and trailing blank lines show.
    static func fenced(_ text: String) -> String {
        "-----\n" + text + (text.hasSuffix("\n") || text.isEmpty ? "" : "⏎ (no newline at the end)\n") + "-----"
    }

    /// Runs `blueprint` like ``CLI/run(_:)`` with extra environment variables (help text is
    /// wrapped at `COLUMNS`, so goldens of it fix the width).
    /// `input`: what the command reads on standard input (from a file, so a large input cannot
    /// fill a pipe); nil leaves the test's own.
    static func run(_ arguments: [String], environment: [String: String], executable: URL = CLI.binary, input: String? = nil) throws -> CLI.Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = CLI.repository
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        var inputFolder: String?
        defer { if let inputFolder { try? FileManager.default.removeItem(atPath: inputFolder) } }
        if let input {
            let folder = try CLI.temporaryFolder()
            inputFolder = folder
            try Data(input.utf8).write(to: URL(fileURLWithPath: folder + "/stdin"))
            guard let handle = FileHandle(forReadingAtPath: folder + "/stdin") else { throw CocoaError(.fileReadNoSuchFile) }
            process.standardInput = handle
        }
        try process.run()
        // Read standard error on another thread: a full pipe would block the child otherwise.
        let errData = ErrorReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errData.wait()
        process.waitUntilExit()
        return CLI.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Reads a pipe to its end on a background thread.
    final class ErrorReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
