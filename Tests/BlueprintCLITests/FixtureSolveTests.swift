import Foundation
import Testing

/// `blueprint solve` on every `fixtures/*.layout`, compared exactly with
/// `fixtures/expected/<name>.solve.txt` (record with `BLUEPRINT_RECORD=failed`).
@Suite struct FixtureSolveTests {
    /// The fixtures that are meant to have a layout problem: `solve` exits 1 for them.
    static let problems: Set<String> = ["conflict", "ambiguous", "tie"]

    /// Every fixture's name, without `.layout`, sorted.
    static let names: [String] = {
        let folder = CLI.repository.appendingPathComponent("fixtures").path
        let files = try! FileManager.default.contentsOfDirectory(atPath: folder)
        return files.filter { $0.hasSuffix(".layout") }.map { String($0.dropLast(".layout".count)) }.sorted()
    }()

    @Test(arguments: names)
    func solveMatchesExpected(name: String) throws {
        let run = try Golden.run(["solve", "fixtures/\(name).layout"], environment: [:])
        #expect(run.stderr == "")
        #expect(run.status == (Self.problems.contains(name) ? 1 : 0), "exit status of blueprint solve fixtures/\(name).layout")
        if let failure = Golden.verify(
            run.stdout, against: "fixtures/expected/\(name).solve.txt",
            what: "blueprint solve fixtures/\(name).layout", filter: "FixtureSolveTests")
        {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func thereAreEnoughFixtures() {
        #expect(Self.names.count >= 14)
        #expect(Self.problems.isSubset(of: Self.names))
    }

    /// An expected file whose fixture was renamed or removed would never be checked again.
    @Test func everyExpectedFileHasItsFixture() throws {
        let folder = CLI.repository.appendingPathComponent("fixtures/expected").path
        let expected = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".solve.txt") }
        let orphans = expected.map { String($0.dropLast(".solve.txt".count)) }.filter { !Self.names.contains($0) }
        #expect(orphans.isEmpty, "expected files without a fixtures/<name>.layout: \(orphans.sorted())")
    }
}
