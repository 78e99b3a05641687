import Foundation
import Raster
import Testing

/// `blueprint report` beyond ``ReportCLITests``: saved runs that are not runs, a clean run,
/// every kind of failure on one page (each image embedded is the file it stands for, names
/// escaped, nothing fetched), and the page in headless Chromium with every image found pixel
/// for pixel in the screenshot at its natural size.
@Suite struct ReportCommandTests {
    let dir: Scratch

    init() throws {
        dir = try Scratch()
        try dir.write("fixtures/card.layout", cardLayout)
    }

    func report(_ arguments: String...) throws -> CLI.Run { try dir.blueprint(["report"] + arguments) }

    /// The card fails (width 320 → 304, title 8 pt down): one DIFFERENT fixture.
    func failTheCard() throws {
        #expect(try dir.check().status == 1)
        try dir.write("fixtures/card.layout", changedCardLayout)
        #expect(try dir.check().status == 1)
    }

    /// The base64 payloads of the `data:` images in `html`, decoded, in page order.
    func embeddedImages(_ html: Substring) -> [[UInt8]] {
        html.matches(of: /src="data:image\/png;base64,([A-Za-z0-9+\/=]*)"/).map {
            Array(Data(base64Encoded: String($0.output.1)) ?? Data())
        }
    }

    @Test func noSavedCheckOrOneThatIsNotARunIsAnError() throws {
        let none = try report()
        #expect(none.status == 2)
        #expect(none.stdout == "")
        #expect(none.stderr == "error: no saved check in this folder (./.blueprint/last-check.json): run `blueprint check` first\n")
        for (json, reason) in [
            ("{}", "\"mode\" must be one of never, missing, failed, all"),
            ("{\"mode\": \"never\", \"entries\": [{\"name\": \"x\", \"status\": \"weird\"}]}", "entry 1: unknown status"),
            ("{\"mode\": \"never\", \"entries\": {}}", "\"entries\" must be a list"),
            ("[1, 2", "not JSON: unexpected end of the file at byte 5"),
        ] {
            try dir.write(".blueprint/last-check.json", json)
            let run = try report()
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == "error: ./.blueprint/last-check.json is not a saved check (\(reason)); run `blueprint check` again\n", "\(json)")
        }
        #expect(!dir.exists(".blueprint/report.html"))
    }

    /// An output's folder is checked as render's and diff's are: it must be there (the folders
    /// on the way were made), and a folder is no page.
    @Test func aPageThatCannotBeWrittenIsAnError() throws {
        try failTheCard()
        try dir.write("afile", "")
        let usage = "Usage: blueprint report [--output <file.html>] [--merge <dir> ...]\n  See 'blueprint report --help' for more information.\n"
        let blocked = try report("-o", "afile/page.html")
        #expect(blocked.status == 2)
        #expect(blocked.stderr == "Error: -o afile/page.html: afile is a file, not a folder\n" + usage)
        try FileManager.default.createDirectory(atPath: dir.path + "/adir", withIntermediateDirectories: false)
        let folder = try report("-o", "adir")
        #expect(folder.status == 2)
        #expect(folder.stderr == "Error: -o adir: a folder is there; give a file name\n" + usage)
        let nested = try report("-o", "a/b/c/page.html")
        #expect(nested.status == 2)
        #expect(nested.stderr == "Error: -o a/b/c/page.html: there is no folder a/b/c\n" + usage)
        #expect(!dir.exists("a"))
        try FileManager.default.createDirectory(atPath: dir.path + "/a/b/c", withIntermediateDirectories: true)
        let there = try report("-o", "a/b/c/page.html")
        #expect(there.status == 0)
        #expect(there.stdout == "wrote a/b/c/page.html: 1 failure of 1 fixture\n")
    }

    @Test func aCleanRunGivesAPageThatSaysSo() throws {
        #expect(try dir.check().status == 1)
        #expect(try dir.check().status == 0)
        let run = try report()
        #expect(run.status == 0)
        #expect(run.stdout == "wrote .blueprint/report.html: 0 failures of 1 fixture\n")
        let page = try dir.text(".blueprint/report.html")
        #expect(page.contains("<title>Blueprint check: 0 failures</title>"))
        #expect(page.contains("<p class=\"summary\">1 fixture: 1 identical</p>"))
        #expect(page.contains("<p class=\"clean\">Every fixture matches its golden.</p>"))
        #expect(!page.contains("<section") && !page.contains("data:image") && !page.contains("<nav>"))
    }

    /// A different, a missing and an unreadable fixture beside a passing one: a section each in
    /// fixture order; the different one has three images side by side (the golden, the actual
    /// artifact and the diff artifact, byte for byte) and two in the slider; the missing one
    /// only its actual image; names and messages escaped; nothing fetched from anywhere.
    @Test func everyKindOfFailureOnOnePage() throws {
        try dir.write("fixtures/fish&chips.layout", boxLayout(leading: 3))
        try dir.write("fixtures/same.layout", boxLayout(leading: 9))
        #expect(try dir.check().status == 1)
        try dir.write("fixtures/card.layout", changedCardLayout)
        try dir.remove("goldens/fish&chips.png")
        try dir.write("fixtures/broken.layout", "canvas 100 x 100\nview a\na.width == <b>\n")
        #expect(try dir.check("--record", "never").status == 2)

        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: false)
        let run = try report("-o", "out/page.html")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == "wrote out/page.html: 3 failures of 4 fixtures\n")
        let page = try dir.text("out/page.html")
        #expect(page.contains("<title>Blueprint check: 3 failures</title>"))
        #expect(page.contains("<p class=\"summary\">4 fixtures: 1 identical, 1 different, 1 missing, 1 error</p>"))
        #expect(page.contains("<p class=\"meta\">fixtures <code>\(dir.path)/fixtures</code> · goldens <code>\(dir.path)/goldens</code> · record mode never · tolerance exact</p>"))
        #expect(page.contains("<nav><ul><li><a href=\"#failure-1\">broken</a> <span class=\"status error\">error</span></li><li><a href=\"#failure-2\">card</a> <span class=\"status different\">different</span></li><li><a href=\"#failure-3\">fish&amp;chips</a> <span class=\"status missing\">missing</span></li></ul></nav>"))
        #expect(!page.contains("fish&chips") && !page.contains("<b>"), "names and messages are escaped")
        for reference in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "url(", "@import", "<link", "<script src", "<iframe"] {
            #expect(!page.contains(reference), "the page fetches nothing: \(reference)")
        }

        let sections = page.components(separatedBy: "<section class=\"failure\" id=\"failure-").dropFirst()
        try #require(sections.count == 3)
        let (broken, card, fish) = (Substring(sections[sections.startIndex]), Substring(sections[sections.startIndex + 1]),
                                    Substring(sections[sections.startIndex + 2]))

        // The different one.
        #expect(card.hasPrefix("2\">\n<h2>card <span class=\"status different\">different</span></h2>\n"))
        #expect(card.contains("<dl class=\"numbers\"><dt>Differing pixels</dt><dd>22844 of 804×630 (4.51%)</dd><dt>Anti-aliased (not counted)</dt><dd>3807</dd><dt>Bounding box</dt><dd>x 61, y 29, 642×442 px</dd><dt>Sizes</dt><dd>804×630 px</dd></dl>"))
        #expect(card.contains("<h3>Frame changes</h3>\n<ul class=\"frames\"><li>card.width 320 → 304</li><li>title moved 8 pt down</li></ul>"))
        let triptych = try #require(card.firstMatch(of: /<div class="triptych">.*?<\/div>\n/)).output
        #expect(triptych.matches(of: /<figcaption>(\w+)<\/figcaption><img src="data:image\/png;base64,/).map { String($0.output.1) }
                == ["Expected", "Actual", "Diff"])
        let shown = embeddedImages(triptych)
        #expect(shown.count == 3)
        let golden = try dir.bytes("goldens/card.png"), actual = try dir.bytes(".blueprint/artifacts/card.actual.png")
        let diff = try dir.bytes(".blueprint/artifacts/card.diff.png")
        #expect(shown == [golden, actual, diff], "the images embedded are the golden and the artifacts, byte for byte")
        let compare = try #require(card.firstMatch(of: /<div class="compare" data-mode="slider">.*?\n<\/div>\n/.dotMatchesNewlines())).output
        #expect(embeddedImages(compare) == [golden, actual], "the slider puts actual over expected")
        #expect(compare.contains("<div class=\"stage\"><img class=\"under\" src=\"data:image/png;base64,"))
        #expect(compare.contains("<div class=\"divider\"></div></div>"))
        #expect(compare.contains("<input class=\"slider\" type=\"range\" min=\"0\" max=\"100\" value=\"50\""))
        #expect(compare.contains("<button type=\"button\" class=\"mode slider-mode on\">Slider</button><button type=\"button\" class=\"mode blink-mode\">Blink</button>"))
        #expect(embeddedImages(card).count == 5, "three side by side, two in the slider")

        // The missing one: only the actual image, no slider.
        #expect(fish.hasPrefix("3\">\n<h2>fish&amp;chips <span class=\"status missing\">missing</span></h2>\n"))
        #expect(fish.contains("<figure><figcaption>Expected</figcaption><div class=\"missing\">no golden at \(dir.path)/goldens/fish&amp;chips.png</div></figure>"))
        #expect(embeddedImages(fish) == [try dir.bytes(".blueprint/artifacts/fish&chips.actual.png")])
        #expect(fish.contains("<figure><figcaption>Diff</figcaption><div class=\"missing\">no diff (nothing to compare with)</div></figure>"))
        #expect(!fish.contains("class=\"compare\"") && !fish.contains("<dl class=\"numbers\">"))
        #expect(fish.contains("<pre>There is no golden at goldens/fish&amp;chips.png (record mode never).\nActual:    .blueprint/artifacts/fish&amp;chips.actual.png\n"))

        // The unreadable one: its message, escaped, and no image.
        #expect(broken.hasPrefix("1\">\n<h2>broken <span class=\"status error\">error</span></h2>\n"))
        #expect(embeddedImages(broken).isEmpty)
        #expect(broken.contains("<pre>goldens/broken.png could not be checked: fixtures/broken.layout:3:12: error: `&lt;` is not a relation: write `&lt;=`\n    a.width == &lt;b&gt;\n               ^"))
    }

    /// The page holds the images, not links to them: the artifacts can go once it is written;
    /// images gone before it is written are named instead of shown.
    @Test func thePageOutlivesTheArtifactsAndNamesTheOnesAlreadyGone() throws {
        try failTheCard()
        #expect(try report("-o", "before.html").status == 0)
        try dir.remove(".blueprint/artifacts")
        let before = try dir.text("before.html")
        #expect(embeddedImages(Substring(before)).count == 5)
        let after = try report("-o", "after.html")
        #expect(after.status == 0)
        let page = try dir.text("after.html")
        #expect(embeddedImages(Substring(page)).count == 1, "only the golden is left")
        #expect(page.contains("<figure><figcaption>Actual</figcaption><div class=\"missing\">image missing: \(dir.path)/.blueprint/artifacts/card.actual.png</div></figure>"))
        #expect(page.contains("<figure><figcaption>Diff</figcaption><div class=\"missing\">image missing: \(dir.path)/.blueprint/artifacts/card.diff.png</div></figure>"))
        #expect(!page.contains("class=\"compare\""), "no slider without both images")
    }

    // MARK: A real browser

    /// Headless Chromium at 2700 × 1900 CSS pixels (device scale 1): the triptych's columns are
    /// wider than the 804-pixel images, so each is shown at its natural size and must appear in
    /// the screenshot pixel for pixel. The slider's stage shows the golden left of its magenta
    /// divider (2 px, the stage's full height, at 50 %) and the actual image right of it.
    @Test func aRealBrowserShowsEveryImageAtItsNaturalSize() throws {
        try failTheCard()
        #expect(try report("-o", "page.html").status == 0)
        dir.keep = true
        let shotPath = dir.path + "/page.png"
        let shot = try chromiumScreenshot(page: dir.path + "/page.html", to: shotPath, width: 2700, height: 1900)
        let evidence = "screenshot: \(shotPath)"
        #expect((shot.width, shot.height) == (2700, 1900), "\(evidence)")

        let golden = try dir.image("goldens/card.png"), actual = try dir.image(".blueprint/artifacts/card.actual.png")
        let diff = try dir.image(".blueprint/artifacts/card.diff.png")
        var ok = true
        func check(_ condition: Bool, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(condition, "\(what); \(evidence)", sourceLocation: sourceLocation)
            ok = ok && condition
        }

        // The diff: its red (different) and blue (darker) pixels, every one of them.
        let red = shot.count(RGBA(255, 0, 0)), blue = shot.count(RGBA(0, 102, 255))
        check(red == diff.count(RGBA(255, 0, 0)) && blue == diff.count(RGBA(0, 102, 255)) && red + blue == 22844,
              "the diff's 22844 pixels on screen: \(red) red, \(blue) blue")
        // The diagrams' fills: the card (#e3ecfa) and the title (#e3f2e8), expected and actual
        // side by side and again in the stage.
        for fill in [RGBA(0xE3, 0xEC, 0xFA), RGBA(0xE3, 0xF2, 0xE8)] {
            let minimum = golden.count(fill) + actual.count(fill)
            check(minimum > 1000 && shot.count(fill) > minimum, "\(fill) pixels on screen: \(shot.count(fill)), at least \(minimum)")
        }

        // Side by side, each image once, whole, in one row, left to right, without overlapping.
        let expectedAt = shot.occurrences(of: golden), actualAt = shot.occurrences(of: actual), diffAt = shot.occurrences(of: diff)
        check(expectedAt.count == 1 && actualAt.count == 1 && diffAt.count == 1,
              "each image found once: expected \(expectedAt), actual \(actualAt), diff \(diffAt)")
        guard let e = expectedAt.first, let a = actualAt.first, let d = diffAt.first else {
            Issue.record("the triptych is not on screen at natural size; \(evidence)")
            return
        }
        check(e.y == a.y && a.y == d.y && a.x >= e.x + 804 && d.x >= a.x + 804, "one row: \(e), \(a), \(d)")

        // The stage, below: golden columns 0..<401, the divider over 401 and 402, actual from 403.
        let left = try golden.columns(0, 401), right = try actual.columns(403, 401)
        let lefts = shot.occurrences(of: left).filter { $0 != e }, rights = shot.occurrences(of: right).filter { $0 != (a.x + 403, a.y) }
        check(lefts.count == 1 && rights.count == 1, "the stage's halves: \(lefts), \(rights)")
        guard let s = lefts.first, let r = rights.first else { return }
        check(s.y > e.y + 630 && r == (s.x + 403, s.y), "the stage below the row, actual right of the golden: \(s), \(r)")
        let divider = try shot.columns(s.x + 401, 2)
        let magentaRows = (s.y ..< s.y + 630).filter { y in divider[0, y] == RGBA(255, 0, 255) && divider[1, y] == RGBA(255, 0, 255) }
        check(magentaRows.count == 630, "the divider is 2 px of magenta over all 630 rows: \(magentaRows.count)")
        check(shot.count(RGBA(255, 0, 255)) >= 2 * 630, "magenta on screen: \(shot.count(RGBA(255, 0, 255)))")
        dir.keep = !ok
    }

    /// `chromium --headless --screenshot` of a local page (see `chromiumScreenshot(url:to:profile:window:)`).
    func chromiumScreenshot(page: String, to path: String, width: Int, height: Int) throws -> Bitmap {
        try BlueprintCLITests.chromiumScreenshot(url: "file://\(page)", to: path, profile: "\(dir.path)/chromium-profile",
                                                 window: "\(width),\(height)")
    }
}
