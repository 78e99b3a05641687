import Foundation
import Testing

/// The help of every command, compared exactly with `fixtures/cli/help-<command>.txt`
/// (record with `BLUEPRINT_RECORD=failed`). Help is wrapped at the terminal's width, so it is
/// asked for at 80 columns.
@Suite struct HelpGoldenTests {
    static let commands: [(name: String, arguments: [String])] = [
        ("blueprint", ["--help"]),
        ("render", ["render", "--help"]),
        ("solve", ["solve", "--help"]),
        ("explain", ["explain", "--help"]),
        ("import", ["import", "--help"]),
        ("diff", ["diff", "--help"]),
        ("check", ["check", "--help"]),
        ("report", ["report", "--help"]),
        ("docs", ["docs", "--help"]),
    ]

    @Test(arguments: commands.map(\.name))
    func helpMatchesGolden(command: String) throws {
        let arguments = Self.commands.first { $0.name == command }!.arguments
        let run = try Golden.run(arguments, environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        if let failure = Golden.verify(
            run.stdout, against: "fixtures/cli/help-\(command).txt",
            what: "COLUMNS=80 blueprint \(arguments.joined(separator: " "))", filter: "HelpGoldenTests")
        {
            Issue.record(Comment(rawValue: failure))
        }
    }

    /// `blueprint help solve` is the same text as `blueprint solve --help`.
    @Test(arguments: ["render", "solve", "explain", "diff", "check", "report"])
    func helpSubcommandIsTheSame(command: String) throws {
        let a = try Golden.run(["help", command], environment: ["COLUMNS": "80"])
        let b = try Golden.run([command, "--help"], environment: ["COLUMNS": "80"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
    }

    /// No line of help is wider than the 80 columns it was asked for (the usage line of a
    /// command with many options is ArgumentParser's to wrap, and it does not).
    @Test(arguments: ["solve", "explain", "report"])
    func helpFitsInEightyColumns(command: String) throws {
        let run = try Golden.run([command, "--help"], environment: ["COLUMNS": "80"])
        let wide = run.stdout.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
    }
}
