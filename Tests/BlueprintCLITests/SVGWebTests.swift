import Foundation
import Raster
import Testing

/// The SVG is a page for the web: in points, real selectable text, a tooltip on every view and
/// constraint, and a view with every constraint that relates it highlighted under the pointer
/// (or when the address names it, `#view-NAME`, which the same style rule serves and which a
/// headless browser can be sent to).
@Suite struct SVGWebTests {
    @Test func textTooltipsAndPoints() throws {
        let dir = try Scratch()
        let run = try dir.blueprint(["render", CLI.repository.appendingPathComponent("fixtures/login-form.layout").path, "-o", "l.svg", "--scale", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try dir.text("l.svg")
        let png = try dir.blueprint(["render", CLI.repository.appendingPathComponent("fixtures/login-form.layout").path, "-o", "l.png", "--scale", "1"])
        #expect(png.status == 0)
        let image = try dir.image("l.png")
        #expect(svg.contains("width=\"\(image.width)pt\" height=\"\(image.height)pt\""), "points, whatever the scale")
        #expect(svg.contains(">Sign in</text>"))
        #expect(svg.contains("<g id=\"view-title\" class=\"bp-view\"><title>title (143, 60, 89 × 34)</title>"))
        #expect(svg.contains("<g class=\"bp-constraint bp-rel-title bp-rel-root\"><title>title.top == root.safeAreaLayoutGuide.top + 40 (login-form.layout:21)</title>"))
        #expect(svg.contains("svg:has(#view-title:hover) .bp-rel-title > path, svg:has(#view-title:target) .bp-rel-title > path { stroke-opacity: 1; }"))
        #expect(!svg.contains("<script"), "no script, nothing fetched")
    }

    @Test func naming_a_view_highlights_it_and_its_constraints_in_chromium() throws {
        let dir = try Scratch()
        let path = dir.path + "/l.svg"
        let run = try dir.blueprint(["render", CLI.repository.appendingPathComponent("fixtures/login-form.layout").path, "-o", path])
        #expect(run.status == 0)
        let plain = try chromiumScreenshot(url: "file://\(path)", to: dir.path + "/plain.png", profile: dir.path + "/profile", window: "600,1100")
        let focused = try chromiumScreenshot(url: "file://\(path)#view-title", to: dir.path + "/title.png", profile: dir.path + "/profile", window: "600,1100")
        // The highlight colour (#d6288c at full strength on lines, a tint inside the view).
        func highlighted(_ p: RGBA) -> Bool { p.red > 180 && p.green < 90 && p.blue > 100 && p.blue < 180 }
        var before = 0, after = 0
        var box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                if highlighted(plain[x, y]) { before += 1 }
                if highlighted(focused[x, y]) {
                    after += 1
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
        }
        #expect(before == 0, "nothing is highlighted until a view is named or hovered")
        #expect(after > 200, "the title's outline and its constraints' lines")
        // The title sits at 154.5, 72 (96 × 33) in the SVG's points; its constraints run from the
        // safe area's top down to it and across to the root's centre: all within the layout's
        // top third.
        #expect(box.maxY < 420, "\(box)")
        #expect(box.minY >= 25 && box.minX >= 0, "\(box)")
    }
}
