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

    /// The DocC articles' pictures, kept in each catalog's Resources (linked by bare name, as
    /// DocC finds images; the dark variants are picked up by DocC itself).
    @Test(arguments: ["Sources/Blueprint/Blueprint.docc", "Sources/BlueprintTesting/BlueprintTesting.docc"])
    func doccPicturesAreCurrent(catalog: String) throws {
        let articles = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        let run = try CLI.run(["docs", "--check", "--dark", "--out", "\(catalog)/Resources"] + articles)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix(": all current\n"), "\(run.stdout)")
    }
}
