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
        root.addSubview(card)
        card.addSubview(title)
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
/// The pixel digest the frames file names, computed here independently from a decoded image:
/// each pixel laid out as cairo keeps it (blue, green, red, an unused byte taken as 0), eight
/// bytes at a time through multiply, xor and shift, rows padded by nothing.
package func pixelDigestIdentity(_ image: Bitmap) -> String {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(image.width) &* 0x100_0000_01B3 ^ UInt64(image.height)
    func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
    }
    for y in 0..<image.height {
        var x = 0
        while x < image.width {
            var word: UInt64 = 0
            for k in 0..<min(2, image.width - x) {
                let p = image[x + k, y]
                let bgrx = UInt64(p.blue) | UInt64(p.green) << 8 | UInt64(p.red) << 16
                word |= bgrx << (32 * UInt64(k))
            }
            mix(word)
            x += 2
        }
    }
    hash ^= hash >> 32
    let hex = String(hash, radix: 16)
    return "\(image.width)x\(image.height) px, mix64 " + String(repeating: "0", count: 16 - hex.count) + hex
}

package func fnv1a64Identity(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 14_695_981_039_346_656_037
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
    let hex = String(hash, radix: 16)
    return "\(bytes.count) bytes, fnv1a64 " + String(repeating: "0", count: 16 - hex.count) + hex
}

/// SplitMix64: the tests' small seeded generator, so generated inputs are the same on every run
/// (no system randomness).
package struct SplitMix {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
