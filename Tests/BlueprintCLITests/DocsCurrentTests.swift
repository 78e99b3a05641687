import Foundation
import Testing

/// The repository's own documentation pictures are made by `blueprint docs` and must be current:
/// editing a ```layout block of the README or of docs/ without running
/// `swift run blueprint docs README.md docs/*.md --out docs/images` fails here, by file:line.
@Suite struct DocsCurrentTests {
    @Test func readmeAndDocsPicturesAreCurrent() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("docs").path)
        let documents = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        #expect(documents.count >= 5)
        let run = try CLI.run(["docs", "--check", "--out", "docs/images"] + documents)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix(": all current\n"), "\(run.stdout)")
    }
}
