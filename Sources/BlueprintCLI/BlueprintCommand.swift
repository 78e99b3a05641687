import ArgumentParser

/// The root command, `blueprint`. Each subcommand is one line in `subcommands`.
struct BlueprintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blueprint",
        abstract: "Auto Layout for Linux: solve, draw and compare layouts.",
        discussion: "Exit status: 0 success, 1 a difference or a layout problem was found, 2 bad input or usage.",
        subcommands: [
            RenderCommand.self,
            SolveCommand.self,
            ExplainCommand.self,
            ImportCommand.self,
            DiffCommand.self,
            CheckCommand.self,
            DocsCommand.self,
            ReportCommand.self,
        ]
    )
}
