import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// Runs the CLI with Blueprint's exit statuses: 0 success, 1 a difference or layout problem,
/// 2 bad input or usage.
///
/// ArgumentParser's own `main()` exits 64 (EX_USAGE) on a usage error and 1 on any other
/// thrown error, which would read as "different"; here every usage error and every thrown
/// error exits 2, and only an explicit `ExitCode` chooses another status.
enum Entry {
    static func run(_ arguments: [String]) -> Never {
        do {
            var command = try BlueprintCommand.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let status = BlueprintCommand.exitCode(for: error)
            let message = BlueprintCommand.fullMessage(for: error)
            if status.isSuccess {
                // --help, --version and the like.
                print(message)
                exit(0)
            }
            printError(message)
            exit(2)
        }
    }

    /// Writes one line to standard error.
    static func printError(_ message: String) {
        let text = message.hasSuffix("\n") ? message : message + "\n"
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if count <= 0 { return }
            offset += count
        }
    }
}
