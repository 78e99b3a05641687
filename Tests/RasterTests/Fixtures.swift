import Foundation
@testable import Raster

/// Paths into the repository's `fixtures/diff`, found from this file's location (never
/// through bundle resources, so the tests read the files the generator wrote).
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("fixtures/diff").path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func pair(_ name: String) throws -> (expected: Bitmap, actual: Bitmap) {
        (try PNG.read(path: path("pairs/\(name)/expected.png")), try PNG.read(path: path("pairs/\(name)/actual.png")))
    }

    static let pairNames: [String] = try! FileManager.default.contentsOfDirectory(atPath: path("pairs")).sorted()

    static let flavourNames: [String] = (try! FileManager.default.contentsOfDirectory(atPath: path("flavours")))
        .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()

    /// pixelmatch 7.2's counts, as `generate.py` wrote them: pair → threshold → (different,
    /// antialiased), over the checkerboard (`thresholds`, pixelmatch's default) and over white.
    struct Expected: Decodable {
        struct Count: Decodable { let different: Int; let antialiased: Int }
        let width: Int
        let height: Int
        let thresholds: [String: Count]
        let white: [String: Count]
    }

    /// pixelmatch's counts for every pair; a missing or broken file stops the tests loudly
    /// rather than leaving them with nothing to compare.
    static let expectedCounts: [String: Expected] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: path("expected-counts.json")))
        return try! JSONDecoder().decode([String: Expected].self, from: data)
    }()

    /// A fresh, empty temporary folder.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("raster-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The text-changed pair tiled 5 × 18 on 300 × 700, each row of tiles offset by 5 points, so
    /// that strokes and anti-aliased edges cross band and part boundaries.
    static func tiledTextPair() throws -> (expected: Bitmap, actual: Bitmap) {
        let (tileA, tileB) = try pair("text-changed")
        var expected = Bitmap(width: 300, height: 700, color: .white), actual = expected
        for row in 0..<18 {
            for column in 0..<5 {
                expected.draw(tileA, atX: column * 64 - row * 5, y: row * 39)
                actual.draw(tileB, atX: column * 64 - row * 5, y: row * 39)
            }
        }
        return (expected, actual)
    }
}
