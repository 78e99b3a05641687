import Foundation
import Testing

/// `blueprint solve` on every `fixtures/invalid/<name>.layout`: exit status 2, nothing on
/// standard output, and exactly `fixtures/invalid/<name>.expected` on standard error (record
/// with `BLUEPRINT_RECORD=failed`). An `.expected` file without its `.layout` is for a path that
/// does not exist.
@Suite struct InvalidFixtureTests {
    static let folder = "fixtures/invalid"

    /// The names of every `.layout` and `.expected` file, without the extension, sorted.
    static let names: [String] = {
        let files = try! FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent(folder).path)
        var names: Set<String> = []
        for f in files {
            if f.hasSuffix(".layout") { names.insert(String(f.dropLast(".layout".count))) }
            if f.hasSuffix(".expected") { names.insert(String(f.dropLast(".expected".count))) }
        }
        return names.sorted()
    }()

    @Test(arguments: names)
    func diagnosticMatchesExpected(name: String) throws {
        let path = "\(Self.folder)/\(name).layout"
        let run = try Golden.run(["solve", path], environment: [:])
        #expect(run.status == 2, "exit status of blueprint solve \(path)")
        #expect(run.stdout == "")
        if let failure = Golden.verify(
            run.stderr, against: "\(Self.folder)/\(name).expected",
            what: "blueprint solve \(path)", filter: "InvalidFixtureTests")
        {
            Issue.record(Comment(rawValue: failure))
        }
    }

    /// `explain` reads files the same way: the same diagnostics, the same status.
    @Test(arguments: ["several-errors", "invalid-utf8", "missing-file"])
    func explainReportsTheSame(name: String) throws {
        let path = "\(Self.folder)/\(name).layout"
        let solve = try Golden.run(["solve", path], environment: [:])
        let explain = try Golden.run(["explain", path], environment: [:])
        #expect(explain.status == 2)
        #expect(explain.stdout == "")
        #expect(explain.stderr == solve.stderr)
    }

    @Test func thereAreEnoughInvalidFixtures() {
        #expect(Self.names.count >= 20)
    }

    /// The depth-limit fixture stays small enough to read (and to keep in git).
    @Test func generatedFixturesStaySmall() throws {
        for name in ["nesting-too-deep", "too-many-errors"] {
            let url = CLI.repository.appendingPathComponent("\(Self.folder)/\(name).layout")
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            #expect(size > 0 && size < 100_000, "\(name).layout is \(size) bytes")
        }
    }
}
