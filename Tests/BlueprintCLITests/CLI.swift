import Foundation
import Raster
import Testing

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

/// Runs `chromium --headless --screenshot` on `url` and decodes what it wrote. A Chromium that
/// is missing, runs past 90 s (killed) or fails is a recorded issue, never a silent pass.
func chromiumScreenshot(url: String, to path: String, profile: String, window: String) throws -> Bitmap {
    guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else {
        Issue.record("chromium is not installed; install it: apt-get install chromium (the README's first command does)")
        throw CocoaError(.fileNoSuchFile)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                         "--user-data-dir=\(profile)", "--window-size=\(window)", "--screenshot=\(path)", url]
    process.environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG", "TMPDIR"].contains($0.key) }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Issue.record("chromium did not finish its screenshot of \(url) in 90 s (killed)")
        throw CocoaError(.fileReadUnknown)
    }
    #expect(process.terminationStatus == 0, "chromium exit status")
    return try PNG.read(path: path)
}
