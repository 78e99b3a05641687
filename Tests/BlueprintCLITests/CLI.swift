import Foundation

/// Runs the `blueprint` executable that SwiftPM built next to the test bundle.
enum CLI {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The folder of build products: the test bundle sits in it.
    static let productsFolder: URL = {
        let first = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: first.appendingPathComponent("blueprint").path) { return first }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }()

    static let binary = productsFolder.appendingPathComponent("blueprint")

    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static func fixture(_ relative: String) -> String {
        repository.appendingPathComponent("fixtures/diff/" + relative).path
    }

    /// Runs `blueprint` with `arguments` in the repository folder, so fixture paths can be
    /// relative (standard error is read on its own thread, so a long message cannot block it).
    static func run(_ arguments: [String]) throws -> Run {
        try Golden.run(arguments, environment: [:])
    }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
