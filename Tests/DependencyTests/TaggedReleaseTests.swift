import Foundation
import Testing

/// Blueprint as a user's package sees it: a clone of this repository, tagged, added to a brand
/// new package with `.package(url:from:)`, whose own test draws a layout and checks it with
/// `assertLayoutSnapshot`. SwiftPM refuses unsafe flags and anything else a version-based
/// dependency may not use, so this is the test that the package can be depended on at all.
///
/// It builds the whole library in a fresh package (a minute or two on two cores).
@Suite(.serialized) struct TaggedReleaseTests {
    static let version = "0.1.0"

    @Test func aFreshPackageDependsOnATaggedCloneAndRunsASnapshotTest() throws {
        let work = try Scratch()
        defer { work.remove() }
        let release = try work.taggedCopyOfThisRepository(version: Self.version)
        let app = try work.writeApp(dependingOn: release, from: Self.version)

        // First run: no golden yet; the snapshot records it and the test fails, saying so.
        let first = try run(["swift", "test"], in: app, environment: ["BLUEPRINT_RECORD": "missing"])
        #expect(first.status != 0, "a check that records must fail")
        #expect(first.output.contains("Recorded a new golden goldens/CardTests/card.card.png (record mode missing)."),
                "\(first.output.suffix(3000))")
        let golden = app.appendingPathComponent("goldens/CardTests/card.card.png").path
        #expect(FileManager.default.fileExists(atPath: golden))
        #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent("goldens/CardTests/card.card.json").path))
        let header = try Data(contentsOf: URL(fileURLWithPath: golden)).prefix(8)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        // Second run, as CI runs it: the golden is there and matches.
        let second = try run(["swift", "test"], in: app, environment: ["CI": "true"])
        #expect(second.status == 0, "\(second.output.suffix(3000))")
        #expect(second.output.contains("Test card() passed"), "\(second.output.suffix(3000))")

        // A changed layout fails on CI, with its numbers, and leaves its images in the app's own
        // .build folder, not in a folder shared by every package on the machine.
        try work.write("let cardWidth = 300.0\n", to: app.appendingPathComponent("Sources/App/Width.swift"))
        let third = try run(["swift", "test"], in: app, environment: ["CI": "true"])
        #expect(third.status != 0)
        #expect(third.output.contains("goldens/CardTests/card.card.png does not match the render:"), "\(third.output.suffix(3000))")
        #expect(third.output.contains("Frames: card.width 320 → 300"), "\(third.output.suffix(3000))")
        let artifacts = app.appendingPathComponent(".build/blueprint-artifacts/CardTests/card.card.diff.png").path
        #expect(FileManager.default.fileExists(atPath: artifacts), "\(third.output.suffix(3000))")
    }

    // MARK: Steps

    struct Result {
        let status: Int32
        let output: String
    }

    /// Runs a command with a clean environment (only what SwiftPM and git need, plus `extra`),
    /// so that the outer test run's settings (`CI`, `BLUEPRINT_*`) do not leak in.
    func run(_ arguments: [String], in folder: URL, environment extra: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment: [String: String] = [:]
        for key in ["PATH", "HOME", "TMPDIR", "LANG", "USER"] {
            if let value = ProcessInfo.processInfo.environment[key] { environment[key] = value }
        }
        process.environment = environment.merging(extra) { $1 }
        let log = folder.appendingPathComponent("..").appendingPathComponent("log-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        return Result(status: process.terminationStatus, output: output)
    }
}

/// A temporary folder holding the tagged release and the app.
struct Scratch {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-release-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() {
        do { try FileManager.default.removeItem(at: root) } catch { /* a leftover temporary folder is harmless */ }
    }

    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The repository's files as they are now (tracked, and new files git does not ignore),
    /// committed into a new repository and tagged: what a user gets from a release tag.
    func taggedCopyOfThisRepository(version: String) throws -> URL {
        let copy = root.appendingPathComponent("Blueprint")
        let listing = try git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: Self.repository)
        let files = listing.split(separator: "\0").map(String.init)
        #expect(files.contains("Package.swift"))
        for file in files {
            let source = Self.repository.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }   // deleted, not yet committed
            let target = copy.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        _ = try git(["init", "-q"], in: copy)
        _ = try git(["add", "-A"], in: copy)
        _ = try git(["-c", "user.name=Release", "-c", "user.email=release@example.invalid", "commit", "-q", "-m", "Release \(version)"], in: copy)
        _ = try git(["tag", version], in: copy)
        return copy
    }

    /// A new package with a library that lays out a card and a test that snapshots it.
    func writeApp(dependingOn release: URL, from version: String) throws -> URL {
        let app = root.appendingPathComponent("App")
        try write("""
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: "\(release.absoluteString)", from: "\(version)"),
                ],
                targets: [
                    .target(name: "App", dependencies: [.product(name: "Blueprint", package: "Blueprint")]),
                    .testTarget(name: "AppTests", dependencies: [
                        "App", .product(name: "BlueprintTesting", package: "Blueprint"),
                    ]),
                ]
            )

            """, to: app.appendingPathComponent("Package.swift"))
        try write("let cardWidth = 320.0\n", to: app.appendingPathComponent("Sources/App/Width.swift"))
        try write("""
            import Blueprint

            /// A card with a title and a button, as a user of the package writes it.
            public func cardScreen() throws -> View {
                let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 240))
                let card = View(name: "card")
                let title = Label(name: "title", text: "Hello", fontSize: 22)
                let button = Label(name: "button", text: "Continue", fontSize: 15)
                root.addSubview(card)
                card.addSubview(title)
                card.addSubview(button)
                try activate([
                    card.top == root.top + 24,
                    card.centerX == root.centerX,
                    card.width == cardWidth,
                    title.top == card.topMargin,
                    title.leading == card.leadingMargin,
                    button.top == title.bottom + 12,
                    button.trailing == card.trailingMargin,
                    card.bottom == button.bottom + 8,
                ])
                return root
            }

            """, to: app.appendingPathComponent("Sources/App/Card.swift"))
        try write("""
            import App
            import BlueprintTesting
            import Testing

            @Test func card() throws {
                assertLayoutSnapshot(of: try cardScreen(), named: "card")
            }

            // What the assertions take comes with `import BlueprintTesting` alone.
            @Test func itsTypesComeWithTheImport() throws {
                let root: View = try cardScreen()
                let options = RenderOptions(scale: 1, theme: .dark)
                let tolerance = Tolerance(maxDiffPixels: 0)
                #expect(root.name == "root" && options.scale == 1 && tolerance.maxDiffPixels == 0)
            }

            """, to: app.appendingPathComponent("Tests/AppTests/CardTests.swift"))
        return app
    }

    func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
