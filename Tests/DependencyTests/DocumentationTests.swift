import Foundation
import Testing

/// The DocC catalogs build with swift-docc-plugin, without a single warning, and the archives
/// hold the pictures `blueprint docs` drew for the articles.
@Suite struct DocumentationTests {
    @Test func catalogsBuildWithoutWarningsAndHoldTheirPictures() throws {
        let repository = Scratch.repository
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Its own scratch folder: the build of the running tests is not disturbed.
        process.arguments = ["swift", "package", "--scratch-path", ".build-docc", "generate-documentation",
                             "--target", "Blueprint", "--target", "BlueprintTesting", "--warnings-as-errors"]
        process.currentDirectoryURL = repository
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("docc-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? FileManager.default.removeItem(at: log) }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(output.suffix(4000))")
        #expect(!output.contains("warning:"), "\(output.suffix(4000))")

        for (catalog, target) in [("Sources/Blueprint/Blueprint.docc", "Blueprint"), ("Sources/BlueprintTesting/BlueprintTesting.docc", "BlueprintTesting")] {
            let resources = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(catalog + "/Resources").path)
                .filter { $0.hasPrefix("layout-") }
            #expect(!resources.isEmpty, "\(catalog) has pictures")
            let images = repository.appendingPathComponent(".build-docc/plugins/Swift-DocC/outputs/\(target).doccarchive/images/\(target)")
            let archived = try FileManager.default.contentsOfDirectory(atPath: images.path)
            for name in resources { #expect(archived.contains(name), "\(name) is in the \(target) archive") }
        }
    }
}
