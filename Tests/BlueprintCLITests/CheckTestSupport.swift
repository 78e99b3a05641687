import BlueprintSupport
import Foundation
import Raster
import Testing

/// A temporary folder for one test of `blueprint check` or `blueprint report`, removed when the
/// test's suite instance goes away. Commands run in it with exactly the environment the test
/// gives (plus PATH, HOME, TMPDIR and LANG, see ``runBlueprint(in:_:environment:)``): the
/// developer's BLUEPRINT_RECORD, BLUEPRINT_ARTIFACTS or CI never reach the child.
final class Scratch {
    let path: String
    /// Leave the folder for a person to look at (a test sets it while evidence may be needed).
    var keep = false

    init() throws {
        path = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: path + "/fixtures", withIntermediateDirectories: true)
    }

    deinit { if !keep { try? FileManager.default.removeItem(atPath: path) } }

    func url(_ relative: String) -> URL { URL(fileURLWithPath: path + "/" + relative) }

    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(relative))
    }

    func bytes(_ relative: String) throws -> [UInt8] { try FileIO.read(path + "/" + relative) }

    func text(_ relative: String) throws -> String { String(decoding: try bytes(relative), as: UTF8.self) }

    func image(_ relative: String) throws -> Bitmap { try PNG.read(path: path + "/" + relative) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    func remove(_ relative: String) throws { try FileManager.default.removeItem(atPath: path + "/" + relative) }

    /// `blueprint ARGUMENTS` in this folder.
    func blueprint(_ arguments: [String], environment: [String: String] = [:]) throws -> CLI.Run {
        try runBlueprint(in: path, arguments, environment: environment)
    }

    /// `blueprint check ARGUMENTS` in this folder.
    func check(_ arguments: String..., environment: [String: String] = [:]) throws -> CLI.Run {
        try blueprint(["check"] + arguments, environment: environment)
    }

    /// `blueprint render FIXTURE -o OUT ARGUMENTS`: exit 0 and nothing on standard error, then
    /// the bytes it wrote.
    func render(_ fixture: String, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let out = ".rendered-\(UUID().uuidString).png"
        let run = try blueprint(["render", fixture, "-o", out] + arguments)
        #expect(run.status == 0, "blueprint render \(fixture): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr == "", sourceLocation: sourceLocation)
        defer { try? remove(out) }
        return try bytes(out)
    }
}

/// The card layout of the check tests changed in two constants: 16 pt narrower, title 8 pt
/// lower (`22844 of 804x630 pixels differ (4.51%), 3807 anti-aliased`).
let changedCardLayout = cardLayout.replacingOccurrences(of: "card.width = 320", with: "card.width = 304")
    .replacingOccurrences(of: "card.top + 12", with: "card.top + 20")

/// A tiny layout: one 24 × 20 box at `leading`, 656 × 254 pixels drawn.
func boxLayout(leading: Int, width: Int = 24) -> String {
    "canvas 60 x 40\nview box\nbox.leading = \(leading)\nbox.top = 6\nbox.width = \(width)\nbox.height = 20\n"
}

/// The totals line of `blueprint check` (`2 fixtures: 2 same (0.12 s, 2 jobs)`): everything but
/// the time is compared, so the line is rewritten with `…` for the seconds; a test fails when
/// the line is not there or not of that shape.
func stableCheckOutput(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let totals = /^\d+ fixtures?: .+ \((\d+(\.\d+)?) s, \d+ jobs?\)$/
    var found = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard let match = line.wholeMatch(of: totals) else { return String(line) }
        found += 1
        return String(line[..<match.output.1.startIndex]) + "…" + String(line[match.output.1.endIndex...])
    }
    #expect(found == 1, "one totals line with a time in:\n\(text)", sourceLocation: sourceLocation)
    return lines.joined(separator: "\n")
}

/// Each failure's message from `blueprint check`'s output, by fixture name, without the two
/// spaces of indentation.
func checkMessages(_ text: String) -> [String: String] {
    var messages: [String: String] = [:]
    let blocks = text.components(separatedBy: "\n\n").dropFirst()
    for block in blocks {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasSuffix(":"), !first.hasPrefix(" ") else { continue }
        messages[String(first.dropLast())] = lines.dropFirst().map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
            .joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
    return messages
}

// MARK: Pixels

extension Bitmap {
    /// The pixels as 32-bit words (RGBA bytes in memory order), row by row.
    var words: [UInt32] {
        bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    /// How many pixels have exactly `color`.
    func count(_ color: RGBA) -> Int {
        let word = Bitmap(width: 1, height: 1, color: color).words[0]
        return words.reduce(0) { $0 + ($1 == word ? 1 : 0) }
    }

    /// The columns `x ..< x + width` of every row.
    func columns(_ x: Int, _ width: Int) throws -> Bitmap {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 4)
        for y in 0..<height { out += bytes[(y * self.width + x) * 4 ..< (y * self.width + x + width) * 4] }
        return try Bitmap(width: width, height: height, bytes: out)
    }

    /// Whether `small` appears pixel for pixel with its top-left corner at (x, y).
    func contains(_ small: Bitmap, atX x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x + small.width <= width, y + small.height <= height else { return false }
        let big = words, part = small.words
        return big.withUnsafeBufferPointer { b in
            part.withUnsafeBufferPointer { s in
                (0..<small.height).allSatisfy { row in
                    memcmp(b.baseAddress! + (y + row) * width + x, s.baseAddress! + row * small.width, small.width * 4) == 0
                }
            }
        }
    }

    /// Every place where `small` appears pixel for pixel, top to bottom, left to right.
    func occurrences(of small: Bitmap) -> [(x: Int, y: Int)] {
        guard small.width > 0, small.height > 0, small.width <= width, small.height <= height else { return [] }
        let big = words, part = small.words
        // Look for the small image's most varied row, then compare every row.
        let anchor = (0..<small.height).max { a, b in
            Set(part[a * small.width ..< (a + 1) * small.width]).count < Set(part[b * small.width ..< (b + 1) * small.width]).count
        }!
        var found: [(x: Int, y: Int)] = []
        big.withUnsafeBufferPointer { b in
            part.withUnsafeBufferPointer { s in
                let rowBytes = small.width * 4
                let first = s[anchor * small.width]
                for y in anchor ..< height - small.height + anchor + 1 {
                    let line = b.baseAddress! + y * width
                    for x in 0 ... width - small.width where line[x] == first {
                        guard memcmp(line + x, s.baseAddress! + anchor * small.width, rowBytes) == 0 else { continue }
                        let top = y - anchor
                        let all = (0..<small.height).allSatisfy { row in
                            memcmp(b.baseAddress! + (top + row) * width + x, s.baseAddress! + row * small.width, rowBytes) == 0
                        }
                        if all { found.append((x, top)) }
                    }
                }
            }
        }
        return found
    }
}
