import Foundation
import Testing

/// The executables in `Examples/` run as a user runs them (`swift run layout-demo`), and print
/// exactly what `fixtures/cli/<name>.txt` holds (record with `BLUEPRINT_RECORD=failed`).
@Suite struct ExampleTests {
    @Test(arguments: ["layout-demo", "solver-demo"])
    func exampleRunsAndPrintsItsExpectedOutput(name: String) throws {
        let run = try Golden.run([], environment: [:], executable: CLI.productsFolder.appendingPathComponent(name))
        #expect(run.status == 0, "\(name) exited \(run.status): \(run.stderr)")
        #expect(run.stderr == "")
        if let failure = Golden.verify(run.stdout, against: "fixtures/cli/\(name).txt", what: "swift run \(name)",
                                       filter: "ExampleTests") {
            Issue.record(Comment(rawValue: failure))
        }
    }
}
