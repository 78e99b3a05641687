import Foundation
import Testing

/// The DSL's anchor types make illegal pairs compile-time errors (NSLayoutAnchor's X / Y /
/// dimension split). These tests type-check small programs against the built module with
/// `swiftc -typecheck` and read the compiler's diagnostics.
@Suite("Type safety: illegal pairs do not compile")
struct TypeSafetyTests {
    /// The folder with `Blueprint.swiftmodule`, next to the test bundle.
    static let modules: URL? = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let m = url.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: m.appendingPathComponent("Blueprint.swiftmodule").path) { return m }
            url.deleteLastPathComponent()
        }
        return nil
    }()

    /// Type-checks `body` (inside a function with views `a`, `b` and a guide `g`); returns the
    /// line numbers (of `body`, from 1) that have errors, and the compiler's output.
    static func errors(in body: String) throws -> (lines: Set<Int>, output: String) {
        let modules = try #require(modules, "the built Blueprint module was not found")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bp-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let header = "import Blueprint\nfunc f(a: View, b: View, g: LayoutGuide) {\n"
        let file = dir.appendingPathComponent("snippet.swift")
        try (header + body + "\n}\n").write(to: file, atomically: false, encoding: .utf8)   // (atomic writes leave a TemporaryDirectory.* in /tmp on Linux)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The C modules Blueprint is built with, found as SwiftPM finds them: the module maps of
        // the system libraries and of the bundled-font target, and pkg-config's header folders.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let maps = [
            root.appendingPathComponent("Sources/CHarfBuzz/module.modulemap").path,
            root.appendingPathComponent("Sources/CFriBidi/module.modulemap").path,
            modules.deletingLastPathComponent().appendingPathComponent("CBlueprintFont.build/module.modulemap").path,
        ]
        let includes = ["/usr/include/harfbuzz", "/usr/include/fribidi", "/opt/homebrew/include/harfbuzz", "/opt/homebrew/include/fribidi"]
        p.arguments = ["swiftc", "-typecheck", "-I", modules.path]
            + maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
            + includes.flatMap { ["-Xcc", "-I\($0)"] }
            + [file.path]
        let pipe = Pipe()
        p.standardError = pipe
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        var lines: Set<Int> = []
        for line in output.split(separator: "\n") where line.contains(": error:") {
            let parts = line.split(separator: ":")
            if parts.count > 2, let n = Int(parts[1]) { lines.insert(n - 2) }
        }
        return (lines, output)
    }

    @Test func legalConstraintsCompile() throws {
        let r = try Self.errors(in: """
            _ = a.width == 0.5 * b.width - 4 ~ .defaultHigh
            _ = a[.leading] == b[.trailing] + 8
            _ = a.top == g.bottom
            _ = 20 <= a[.width]
            _ = a.edges == b.margins - 10
            """)
        #expect(r.lines.isEmpty, "\(r.output)")
    }

    @Test func mixingAxesKindsOrAPositionWithANumberDoesNotCompile() throws {
        let r = try Self.errors(in: """
            _ = a.top == b.width
            _ = a.top == b.left
            _ = a[.centerX] == b[.centerY]
            _ = a.left == 20
            _ = a.width == b.height + a.top
            _ = g.firstBaseline == a.top
            """)
        #expect(r.lines == [1, 2, 3, 4, 5, 6], "\(r.output)")
    }
}
