import BlueprintSupport
import Blueprint
import BlueprintCheck
import Foundation
import Raster

/// Paths and trees shared by the BlueprintCheck and BlueprintTesting tests (a target of its
/// own, so that both test targets use one copy; no product includes it).
package enum Support {
    package static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Every `fixtures/*.layout`, without the extension, sorted.
    package static let fixtureNames: [String] = {
        FileSystem.contents(of: repository + "/fixtures").filter { $0.hasSuffix(".layout") }.map { String($0.dropLast(7)) }
    }()

    /// A fresh tree of `fixtures/<name>.layout`.
    package static func fixture(_ name: String) throws -> LayoutDocument {
        let path = "fixtures/\(name).layout"
        return try LayoutDocument(bytes: try FileIO.read(repository + "/" + path), file: path)
    }

    package static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("blueprint-testing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// An environment without BLUEPRINT_RECORD, BLUEPRINT_ARTIFACTS or CI, so that a developer's
    /// settings cannot change what these tests see.
    package static let cleanEnvironment: [String: String] = ["TMPDIR": "/tmp"]
}

/// A card with a title, and handles on the two constants the tests change.
package struct CardTree {
    package let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 260))
    package let card = View(name: "card")
    package let title = Label(name: "title", text: "Golden", fontSize: 17)
    package let width: LayoutConstraint
    package let titleTop: LayoutConstraint

    package init(width cardWidth: Double = 320, titleTop titleOffset: Double = 12) throws {
        try root.addSubview(card)
        try card.addSubview(title)
        width = card.width == cardWidth
        titleTop = title.top == card.top + titleOffset
        let leading: LayoutConstraint = card.leading == root.leading + 16
        let top: LayoutConstraint = card.top == root.top + 20
        let height: LayoutConstraint = card.height == 200
        let titleLeading: LayoutConstraint = title.leading == card.leading + 12
        try LayoutConstraint.activateConstraints([leading, top, width, height, titleLeading, self.titleTop])
    }
}

/// The golden's identity as the frames file names it, computed here independently: size and
/// 64-bit FNV-1a (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
package func fnv1a64Identity(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 14_695_981_039_346_656_037
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
    let hex = String(hash, radix: 16)
    return "\(bytes.count) bytes, fnv1a64 " + String(repeating: "0", count: 16 - hex.count) + hex
}
