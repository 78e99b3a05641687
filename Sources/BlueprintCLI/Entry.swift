import BlueprintSupport
import ArgumentParser

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
            exitProcess(0)
        } catch let code as ExitCode {
            exitProcess(code.rawValue)
        } catch {
            let status = BlueprintCommand.exitCode(for: error)
            let message = BlueprintCommand.fullMessage(for: error)
            if status.isSuccess {
                // --help, --version and the like.
                print(message)
                exitProcess(0)
            }
            printError(message)
            exitProcess(2)
        }
    }

    /// Writes one line to standard error.
    static func printError(_ message: String) {
        StandardStream.error.write(message.hasSuffix("\n") ? message : message + "\n")
    }
}
