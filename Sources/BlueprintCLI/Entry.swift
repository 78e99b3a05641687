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
        tuneAllocatorForOneShotRun()
        TemporaryFiles.removeOnSignals()
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

    /// Ends the process with `status`, once what was printed is written: output that could
    /// not be written (a full disk) is an error, status 2, whatever the command found.
    private static func exit(_ status: Int32) -> Never {
        do {
            try StandardStream.flushPrinted()
        } catch {
            printError("error: \(error)")
            exitProcess(2)
        }
        exitProcess(status)
    }

    /// Writes one line to standard error.
    static func printError(_ message: String) {
        StandardStream.error.write(message.hasSuffix("\n") ? message : message + "\n")
    }
}
