import BlueprintSupport
import Foundation
import Raster
import Testing

/// `blueprint report` after a failing `blueprint check`: the page's content, and the page in a
/// real browser (Debian's headless Chromium), screenshot counted pixel by pixel.
@Suite final class ReportCLITests {
    let folder: String

    /// A folder whose last check failed on the card: width 320 → 304, title 8 pt down.
    init() throws {
        folder = try CLI.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
        try Data(cardLayout.utf8).write(to: URL(fileURLWithPath: folder + "/fixtures/card.layout"))
        _ = try runBlueprint(in: folder, ["check"])
        let changed = cardLayout.replacingOccurrences(of: "card.width = 320", with: "card.width = 304")
            .replacingOccurrences(of: "card.top + 12", with: "card.top + 20")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: folder + "/fixtures/card.layout"))
        let check = try runBlueprint(in: folder, ["check"])
        #expect(check.status == 1)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func report(_ arguments: String...) throws -> CLI.Run { try runBlueprint(in: folder, ["report"] + arguments) }

    @Test func thePageHoldsTheImagesNumbersAndFrameChanges() throws {
        let run = try report("-o", "page.html")
        #expect(run.status == 0)
        #expect(run.stdout == "wrote page.html: 1 failure of 1 fixture\n")
        let page = try String(contentsOfFile: folder + "/page.html", encoding: .utf8)
        // Expected, actual and diff side by side, then expected and actual again in the slider.
        #expect(page.components(separatedBy: "src=\"data:image/png;base64,").count - 1 == 5)
        #expect(page.contains("<dt>Differing pixels</dt><dd>22844 of 804×630 (4.51%)</dd>"))
        #expect(page.contains("<dt>Anti-aliased (not counted)</dt><dd>3807</dd>"))
        #expect(page.contains("<dt>Bounding box</dt><dd>x 61, y 29, 642×442 px</dd>"))
        #expect(page.contains("<ul class=\"frames\"><li>card.width 320 → 304</li><li>title moved 8 pt down</li></ul>"))
        #expect(page.contains("<input class=\"slider\" type=\"range\""))
        #expect(page.contains("class=\"mode blink-mode\">Blink</button>"))
        // Self-contained: nothing is fetched.
        for reference in ["src=\"http", "href=\"http", "url(http", "@import"] { #expect(!page.contains(reference)) }
        // The embedded golden is the golden.
        let golden = try Data(contentsOf: URL(fileURLWithPath: folder + "/goldens/card.png")).base64EncodedString()
        #expect(page.contains("data:image/png;base64,\(golden)\""))
    }

    @Test func theDefaultPageGoesUnderDotBlueprint() throws {
        let run = try report()
        #expect(run.status == 0)
        #expect(run.stdout == "wrote .blueprint/report.html: 1 failure of 1 fixture\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/.blueprint/report.html"))
    }

    /// `-o -` writes the page to standard output, as `render -o -` and `diff -o -` write
    /// theirs, the same page as a file gets; what was done goes to standard error.
    @Test func thePageGoesToStandardOutputForADash() throws {
        let run = try report("-o", "-")
        #expect(run.status == 0)
        #expect(run.stderr == "wrote the page to standard output: 1 failure of 1 fixture\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/-"))
        #expect(try report("-o", "page.html").status == 0)
        #expect(run.stdout == String(decoding: try FileIO.read(folder + "/page.html"), as: UTF8.self))
    }

    @Test func noSavedCheckOrABrokenOneIsAnError() throws {
        let empty = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try runBlueprint(in: empty, ["report"])
        #expect(none.status == 2)
        #expect(none.stderr == "error: no saved check in this folder (./.blueprint/last-check.json): run `blueprint check` first\n")
        try FileManager.default.createDirectory(atPath: empty + "/.blueprint", withIntermediateDirectories: true)
        try Data("{\"mode\": \"all\", \"entries\": [".utf8).write(to: URL(fileURLWithPath: empty + "/.blueprint/last-check.json"))
        let broken = try runBlueprint(in: empty, ["report"])
        #expect(broken.status == 2)
        #expect(broken.stderr == "error: ./.blueprint/last-check.json is not a saved check (not JSON: unexpected end of the file at byte 28); run `blueprint check` again\n")
        #expect(!FileManager.default.fileExists(atPath: empty + "/.blueprint/report.html"))
    }

    /// Headless Chromium opens the page; the screenshot shows the diff image (its red and blue
    /// pixels), the expected and actual diagrams (the card's fill) and the slider's magenta
    /// divider; with `#blink` the page starts in blink mode and the divider is gone.
    @Test func aRealBrowserShowsTheImagesAndTheSlider() throws {
        #expect(try report("-o", "page.html").status == 0)
        let slider = try screenshot(url: "file://\(folder)/page.html", to: folder + "/slider.png")
        let count = { (color: RGBA, image: Bitmap) -> Int in
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width where image[x, y] == color { n += 1 } }
            return n
        }
        let red = count(RGBA(255, 0, 0), slider), blue = count(RGBA(0, 102, 255), slider)
        let cardFill = count(RGBA(0xE3, 0xEC, 0xFA), slider), magenta = count(RGBA(255, 0, 255), slider)
        // The diff image at its natural size holds 26,703 differing pixels, red or blue.
        #expect(red + blue >= 20_000, "diff pixels on screen: \(red) red, \(blue) blue")
        // The card's fill: about 600 × 400 pixels in each of expected, actual and the slider.
        #expect(cardFill >= 3 * 200_000, "card fill pixels on screen: \(cardFill)")
        // The divider: 2 pixels wide, the stage's full height (630); the slider's track is
        // magenta too (its accent colour) up to its thumb.
        #expect(magenta >= 2 * 630 + 100, "magenta pixels on screen: \(magenta)")

        let blink = try screenshot(url: "file://\(folder)/page.html#blink", to: folder + "/blink.png")
        #expect(count(RGBA(255, 0, 255), blink) == 0, "the divider and the slider hide in blink mode")
        #expect(count(RGBA(0xE3, 0xEC, 0xFA), blink) >= 3 * 200_000)
    }

    /// Runs `chromium --headless --screenshot` and decodes what it wrote (at most 90 s).
    func screenshot(url: String, to path: String) throws -> Bitmap {
        try chromiumScreenshot(url: url, to: path, profile: "\(folder)/chromium-profile", window: "2700,2300")
    }
}
