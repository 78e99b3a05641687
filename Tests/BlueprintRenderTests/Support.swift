import BlueprintSupport
import Blueprint
@testable import BlueprintRender
import Foundation
import Raster

/// Paths and helpers shared by the render tests.
enum Support {
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// Every `fixtures/*.layout`, without the extension, sorted.
    static let fixtureNames: [String] = {
        let folder = repository.appendingPathComponent("fixtures").path
        let files = try! FileManager.default.contentsOfDirectory(atPath: folder)
        return files.filter { $0.hasSuffix(".layout") }.map { String($0.dropLast(".layout".count)) }.sorted()
    }()

    /// Every `fixtures/screens/*.layout`, as `screens/<name>`, sorted.
    static let screenNames: [String] = {
        let folder = repository.appendingPathComponent("fixtures/screens").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".layout") }.map { "screens/" + String($0.dropLast(".layout".count)) }.sorted()
    }()

    /// Parses `fixtures/<name>.layout` into a fresh tree (each call its own: trees are not shared
    /// across threads).
    static func fixture(_ name: String) throws -> LayoutDocument {
        let path = "fixtures/\(name).layout"
        let bytes = try FileIO.read(repository.appendingPathComponent(path).path)
        return try LayoutDocument(bytes: bytes, file: path)
    }

    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}

extension Diagram {
    /// The diagram of a fixture with the golden settings (scale 2, light, everything shown).
    static func fixture(_ name: String, options: RenderOptions = RenderOptions()) throws -> Diagram {
        try Diagram(root: Support.fixture(name).root, options: options)
    }
}
