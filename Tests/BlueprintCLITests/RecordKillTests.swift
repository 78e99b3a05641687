import Foundation
import Raster
import Testing

/// A record killed at any moment (SIGKILL: no handler runs) leaves the old golden or the new
/// one, never a torn file: goldens and frames are written to a temporary file, flushed, and
/// renamed into place.
@Suite struct RecordKillTests {
    /// A grid of `count` labelled cards, big enough that writing its golden takes a while;
    /// `shift` moves every card, so two shifts give two different goldens.
    static func grid(count: Int, shift: Int) -> String {
        var text = "canvas 1200 x \(40 + (count / 10) * 60)\n"
        for i in 0..<count {
            text += "view c\(i) label \"Card \(i)\" font 11\n"
            text += "c\(i).left = \(10 + (i % 10) * 118 + shift)\nc\(i).top = \(10 + (i / 10) * 60)\n"
        }
        return text
    }

    @Test func aKilledRecordLeavesTheOldGoldenOrTheNewOne() throws {
        let folder = try CLI.temporaryFolder()
        let files = FileManager.default
        defer { try? files.removeItem(atPath: folder) }
        // The two goldens the record can leave, made by the same command in two folders.
        var golden: [String: (png: Data, json: Data)] = [:]
        for version in ["a", "b"] {
            let dir = "\(folder)/\(version)"
            try files.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
            try Data(Self.grid(count: 400, shift: version == "a" ? 0 : 4).utf8).write(to: URL(fileURLWithPath: dir + "/fixtures/grid.layout"))
            #expect(try runBlueprint(in: dir, ["check", "--record", "all"]).status == 1)
            golden[version] = (try Data(contentsOf: URL(fileURLWithPath: dir + "/goldens/grid.png")),
                               try Data(contentsOf: URL(fileURLWithPath: dir + "/goldens/grid.json")))
        }
        let a = try #require(golden["a"]), b = try #require(golden["b"])
        #expect(a.png != b.png && a.json != b.json)
        #expect(a.png.count > 200_000, "a golden big enough to be caught mid-write: \(a.png.count) bytes")

        // How long one record over an existing golden takes (it reads and diffs the old one
        // first), start to end, as this process sees it.
        let work = "\(folder)/work"
        try files.createDirectory(atPath: work + "/goldens", withIntermediateDirectories: true)
        try files.copyItem(atPath: "\(folder)/a/fixtures", toPath: work + "/fixtures")
        #expect(try runBlueprint(in: work, ["check", "--record", "all", "--jobs", "1"]).status == 1)
        try files.removeItem(atPath: work + "/fixtures/grid.layout")
        try files.copyItem(atPath: "\(folder)/b/fixtures/grid.layout", toPath: work + "/fixtures/grid.layout")
        let start = Date()
        #expect(try runBlueprint(in: work, ["check", "--record", "all", "--jobs", "1"]).status == 1)
        let duration = Date().timeIntervalSince(start)

        var current = b
        var keptOld = 0, gotNew = 0
        let kills = 20
        for i in 0..<kills {
            let next = current.png == a.png ? b : a
            try files.removeItem(atPath: work + "/fixtures/grid.layout")
            try files.copyItem(atPath: "\(folder)/\(next.png == a.png ? "a" : "b")/fixtures/grid.layout", toPath: work + "/fixtures/grid.layout")
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["check", "--record", "all", "--jobs", "1"]
            process.currentDirectoryURL = URL(fileURLWithPath: work)
            process.environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME"].contains($0.key) }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From at once to well after the end: the early kills land before the rename,
            // the late ones after it. The last waits for the end whatever the machine's load
            // (a record slowed past three times its measured length would otherwise leave no
            // kill after the rename).
            if i == kills - 1 {
                process.waitUntilExit()
            } else {
                Thread.sleep(forTimeInterval: duration * 3 * Double(i) / Double(kills - 1))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let png = try Data(contentsOf: URL(fileURLWithPath: work + "/goldens/grid.png"))
            let json = try Data(contentsOf: URL(fileURLWithPath: work + "/goldens/grid.json"))
            #expect(png == a.png || png == b.png, "kill \(i): the golden is neither the old one nor the new one (\(png.count) bytes)")
            #expect(json == a.json || json == b.json, "kill \(i): the frames are neither the old ones nor the new ones")
            _ = try PNG.decode(Array(png))
            if png == next.png { gotNew += 1 } else { keptOld += 1 }
            current = png == a.png ? a : b
        }
        #expect(keptOld > 0 && gotNew > 0, "kills before the rename: \(keptOld), after: \(gotNew)")
        // Temporary files a kill left behind never take the golden's name.
        let names = try files.contentsOfDirectory(atPath: work + "/goldens")
        #expect(names.filter { !$0.hasPrefix(".") }.sorted() == ["grid.json", "grid.png"])
    }
}
