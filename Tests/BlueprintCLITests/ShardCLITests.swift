import Foundation
import Testing

/// `blueprint check --shard i/n --junit FILE` on two "machines" (folders), then
/// `blueprint report --merge` of their saved runs after one machine's folder was copied over and
/// the machine itself is gone: Playwright's sharding and merge-reports.
@Suite struct ShardCLITests {
    /// Five fixtures in name order: `a&b`, `c`, `d`, `e`, `f`; shard 1/2 is the first two.
    static let names = ["a&b", "c", "d", "e", "f"]

    func machine() throws -> Scratch {
        let scratch = try Scratch()
        for (i, name) in Self.names.enumerated() { try scratch.write("fixtures/\(name).layout", boxLayout(leading: 4 + 2 * i)) }
        let record = try scratch.check("--record", "missing")
        #expect(record.status == 1, "recording fails: \(record.stdout)")
        #expect(try scratch.check("--record", "never").status == 0)
        return scratch
    }

    @Test func shardsCheckTheirPartAndMergeIntoOneReport() throws {
        let one = try machine(), two = try machine()
        // Machine two checks a layout that moved: fixture `e` is in its half.
        try two.write("fixtures/e.layout", boxLayout(leading: 20))

        try FileManager.default.createDirectory(atPath: one.path + "/results", withIntermediateDirectories: false)
        let first = try one.check("--shard", "1/2", "--junit", "results/junit.xml", environment: ["CI": "true"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.hasPrefix("shard 1/2: 2 of 5 fixtures\n[1/2] same              a&b\n[2/2] same              c\n"))
        #expect(try one.text("results/junit.xml") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="blueprint check 1/2" tests="2" failures="0" errors="0" time="\(junitTime(try one.text("results/junit.xml")))">
              <testsuite name="blueprint check 1/2" tests="2" failures="0" errors="0" skipped="0" time="\(junitTime(try one.text("results/junit.xml")))">
                <testcase classname="blueprint.check" name="a&amp;b"/>
                <testcase classname="blueprint.check" name="c"/>
              </testsuite>
            </testsuites>

            """)

        let second = try two.check("--shard", "2/2", "--junit", "junit.xml", environment: ["CI": "true"])
        #expect(second.status == 1)
        #expect(second.stdout.hasPrefix("shard 2/2: 3 of 5 fixtures\n[1/3] same              d\n[2/3] DIFFERENT         e\n[3/3] same              f\n"))
        let xml = try two.text("junit.xml")
        #expect(xml.contains("<testsuite name=\"blueprint check 2/2\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"0\""))
        #expect(xml.contains("<testcase classname=\"blueprint.check\" name=\"d\"/>"))
        #expect(xml.contains("<testcase classname=\"blueprint.check\" name=\"e\">\n      <failure message=\"goldens/e.png does not match the render: "))
        #expect(xml.contains("type=\"different\">goldens/e.png does not match the render: "))
        #expect(xml.contains("\nFrames: box moved 10 pt right.\nActual:    .blueprint/artifacts/e.actual.png\n"))

        // The second machine's .blueprint folder is copied to the first, then the machine goes away.
        try FileManager.default.copyItem(atPath: two.path + "/.blueprint", toPath: one.path + "/shard-2")
        try FileManager.default.removeItem(atPath: two.path + "/.blueprint")
        let merged = try one.blueprint(["report", "--merge", ".blueprint", "shard-2", "-o", "merged.html"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "merged 2 runs\nwrote merged.html: 1 failure of 5 fixtures\n")
        let page = try one.text("merged.html")
        #expect(page.contains("<p class=\"summary\">5 fixtures: 4 identical, 1 different</p>"), "\(page.prefix(2000))")
        // Expected, actual and diff of `e`, all embedded: the two images found in shard-2/artifacts.
        #expect(page.components(separatedBy: "data:image/png;base64,").count - 1 >= 3)
        #expect(!page.contains("no render"))

        let twice = try one.blueprint(["report", "--merge", ".blueprint", ".blueprint"])
        #expect(twice.status == 2)
        #expect(twice.stderr == "error: cannot merge: fixture a&b is in run 1 and in run 2: merge each shard once\n")
        let missing = try one.blueprint(["report", "--merge", "nowhere"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no saved check in nowhere (nowhere/.blueprint/last-check.json): run `blueprint check` first\n")
    }

    @Test func moreShardsThanFixturesLeavesSomeEmpty() throws {
        let scratch = try Scratch()
        try scratch.write("fixtures/only.layout", boxLayout(leading: 4))
        let run = try scratch.check("--shard", "2/3", "--junit", "j.xml", environment: ["CI": "true"])
        #expect(run.status == 0)
        #expect(run.stdout == "shard 2/3 of 1 fixture: nothing to check\n")
        #expect(try scratch.text("j.xml").contains("<testsuite name=\"blueprint check 2/3\" tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0\">"))
        let bad = try scratch.check("--shard", "3/2")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("Error: --shard: a shard is INDEX/TOTAL with 1 <= INDEX <= TOTAL (as in 2/4), not '3/2'\n"))
    }

    /// The `time="…"` of a JUnit file (the only value that changes between runs).
    func junitTime(_ xml: String) -> String {
        guard let start = xml.range(of: "time=\"") else { return "?" }
        return String(xml[start.upperBound...].prefix { $0 != "\"" })
    }
}
