import Foundation
import TestSupport
import BlueprintCheck
import Testing

/// `--shard i/n`: contiguous, balanced, every item in exactly one shard, whatever the sizes.
@Suite struct ShardTests {
    @Test func shardsCoverEveryItemOnceAndDifferByAtMostOne() throws {
        for total in 0...40 {
            for count in 1...9 {
                var covered: [Int] = []
                var sizes: [Int] = []
                for index in 1...count {
                    let range = Shard(index: index, count: count).range(of: total)
                    covered += Array(range)
                    sizes.append(range.count)
                }
                #expect(covered == Array(0..<total), "\(total) items in \(count) shards")
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(total) items in \(count) shards: \(sizes)")
            }
        }
        #expect(Shard(index: 2, count: 4).range(of: 19) == 4..<9)
        #expect(Shard(index: 4, count: 4).range(of: 19) == 14..<19)
    }

    @Test func parsing() throws {
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(try Shard(parsing: "1/1") == Shard(index: 1, count: 1))
        for bad in ["0/4", "5/4", "2/0", "2", "2/", "/4", "a/b", "-1/4", "2/4/6", " 2/4", "２/4", ""] {
            #expect(throws: Shard.Invalid(text: bad)) { try Shard(parsing: bad) }
        }
        #expect(Shard.Invalid(text: "5/4").description == "a shard is INDEX/TOTAL with 1 <= INDEX <= TOTAL (as in 2/4), not '5/4'")
    }
}

/// What the report would embed is counted from the files before the page is built: a run
/// past ``HTMLReport/embeddedLimit`` is refused (6,000 failures of 700 KB images aborted).
@Suite struct ReportSizeTests {
    @Test func theImagesAPageWouldEmbedAreCountedFromTheirFiles() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, size) in [("g.png", 1000), ("a.png", 300), ("d.png", 50)] {
            try Data(count: size).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        var different = CheckRun.Entry(name: "x", status: .different, golden: folder + "/g.png", frames: "", message: "")
        different.actual = folder + "/a.png"
        different.diff = folder + "/d.png"
        let missing = CheckRun.Entry(name: "y", status: .missing, golden: folder + "/none.png", frames: "", message: "")
        let same = CheckRun.Entry(name: "z", status: .identical, golden: folder + "/g.png", frames: "", message: "")
        let run = CheckRun(fixtures: folder, goldens: folder, mode: .never, tolerance: "exact", entries: [different, missing, same])
        // Expected, actual and diff, then expected and actual again in the slider; nothing for
        // a missing golden or a fixture that passed.
        #expect(HTMLReport.embeddedBytes(for: run) == 1000 + 300 + 50 + 1000 + 300)
        #expect(HTMLReport.embeddedLimit == 512 << 20)
    }
}
