import BlueprintSupport
import Foundation
import Raster
import Testing

/// `blueprint render --stats`: the diagram's own account, and the repository's screens checked
/// against their goldens.
@Suite struct RenderStatsTests {
    /// A row with an icon and a title, its icon a fixed 29 × 29: every count is known.
    /// Names: root, row (inside their frames), icon (a tab on its top edge) and title (shortened,
    /// above its text) are 4 labels; the badges `29 × 29` and `h 44` are 2; the constraint labels
    /// 16, 12 (inside the icon, its 12-point gap being too narrow) and 20 are 3. None is away
    /// from its views: `29 × 29`, wider than the icon, with the title beside it, hangs from the
    /// icon's bottom edge over the row's.
    @Test func statsAreWrittenAsJSON() throws {
        let folder = try CLI.temporaryFolder()
        let layout = """
            canvas 300 x 100
            view row
            view rowIcon in row
            view rowTitle in row label "Wi-Fi"
            row.top == superview.top + 20
            row.leading == superview.leading
            row.trailing == superview.trailing
            row.height == 44
            rowIcon.leading == superview.leading + 16
            rowIcon.centerY == superview.centerY
            rowIcon.width == 29
            rowIcon.height == 29
            rowTitle.leading == rowIcon.trailing + 12
            rowTitle.centerY == superview.centerY

            """
        try Data(layout.utf8).write(to: URL(fileURLWithPath: "\(folder)/row.layout"))
        let result = try Golden.run(["render", "\(folder)/row.layout", "-o", "\(folder)/row.png", "--stats", "\(folder)/row.json"],
                                    environment: [:])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let json = String(decoding: try FileIO.read("\(folder)/row.json"), as: UTF8.self)
        #expect(json == """
            {
              "views": 4,
              "constraints": 10,
              "labels": 9,
              "markers": 0,
              "nameMarkers": 0,
              "leaderCrossings": 0,
              "leadersOverText": 0,
              "linesThroughText": 0,
              "labelsOutsideOwner": 0
            }

            """)
    }

    @Test func aStatsFileInAMissingFolderIsAnError() throws {
        let folder = try CLI.temporaryFolder()
        let result = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--stats", "\(folder)/missing/s.json"],
                                    environment: [:])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --stats \(folder)/missing/s.json: there is no folder \(folder)/missing\n"))
        // Checked before anything is drawn: the picture is not written either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// `--stats -` writes the account to standard output; with `-o -` as well it is refused.
    @Test func statsGoToStandardOutputWithADash() throws {
        let folder = try CLI.temporaryFolder()
        let result = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--stats", "-"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\n  \"views\": 11,\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["x.png"])
        let both = try Golden.run(["render", "fixtures/login-form.layout", "-o", "-", "--stats", "-"], environment: [:])
        #expect(both.status == 2)
        #expect(both.stdout == "")
        #expect(both.stderr.hasPrefix("Error: -o and --stats both write to standard output (-); send one to a file\n"))
    }

    /// The realistic screens match their goldens, and on every one no label became a marker, no
    /// leader crosses another leader or a text, no line strikes a text, and no label is away
    /// from the views its constraints relate.
    @Test func screensMatchTheirGoldens() throws {
        let result = try Golden.run(["check", "--fixtures", "fixtures/screens", "--goldens", "goldens/screens", "--record", "never", "--jobs", "2"],
                                    environment: [:])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let folder = try CLI.temporaryFolder()
        let names = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("fixtures/screens").path)
            .filter { $0.hasSuffix(".layout") }.sorted()
        #expect(names.count >= 8)
        for name in names {
            let run = try Golden.run(["render", "fixtures/screens/\(name)", "-o", "\(folder)/s.png", "--stats", "\(folder)/s.json"],
                                     environment: [:])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(FileIO.read("\(folder)/s.json"))) as? [String: Int])
            #expect(stats["nameMarkers"] == 0, "\(name)")
            #expect(stats["linesThroughText"] == 0, "\(name)")
            // Every label found a place: none became a numbered marker, no leader crosses
            // another or a text.
            #expect(stats["markers"] == 0, "\(name)")
            #expect(stats["leaderCrossings"] == 0, "\(name)")
            #expect(stats["leadersOverText"] == 0, "\(name)")
            // The calendar's week rows are covered by their day cells: four fold tags go beside
            // the grid on leaders (on a day cell they read as that day's).
            #expect(stats["labelsOutsideOwner"] == (name == "calendar.layout" ? 4 : 0), "\(name)")
            #expect((25...80).contains(stats["views"] ?? 0), "\(name) has \(stats["views"] ?? 0) views")
        }
    }

    /// The text screens (a news feed, an Arabic settings screen, a chat of mixed directions,
    /// wrapped and truncated labels in Inter) match their goldens, and every count is 0 on
    /// each: no marker, no label away from its views, no crossing, no line through a text.
    @Test func textScreensMatchTheirGoldensAndAreClean() throws {
        let result = try Golden.run(["check", "--fixtures", "fixtures/text", "--goldens", "goldens/text", "--record", "never", "--jobs", "2"],
                                    environment: [:])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let folder = try CLI.temporaryFolder()
        let names = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("fixtures/text").path)
            .filter { $0.hasSuffix(".layout") }.sorted()
        #expect(names == ["arabic-settings.layout", "mixed-chat.layout", "news-feed.layout"])
        for name in names {
            let run = try Golden.run(["render", "fixtures/text/\(name)", "-o", "\(folder)/s.png", "--stats", "\(folder)/s.json"],
                                     environment: [:])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(FileIO.read("\(folder)/s.json"))) as? [String: Int])
            for key in ["markers", "nameMarkers", "leaderCrossings", "leadersOverText", "linesThroughText", "labelsOutsideOwner"] {
                #expect(stats[key] == 0, "\(name): \(key)")
            }
        }
    }

    /// `--show` with several views (repeated or comma-separated) and `--crop`; bad combinations
    /// are usage errors that say why.
    @Test func severalViewsAndCrop() throws {
        let folder = try CLI.temporaryFolder()
        let commas = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/a.png", "--show", "email,password", "--crop"],
                                    environment: [:])
        #expect(commas.status == 0 && commas.stderr == "")
        let repeated = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/b.png", "--show", "email", "--show", "password", "--crop"],
                                      environment: [:])
        #expect(repeated.status == 0)
        #expect(try FileIO.read("\(folder)/a.png") == FileIO.read("\(folder)/b.png"))
        // Cropped to the two fields and what they relate to (the root's sides, the subtitle, the
        // forgot link), widened to the labels of their 24-point insets beside them, with the
        // legend below: 946 × 720 where the whole screen is 810 × 1508.
        let cropped = try PNG.read(path: "\(folder)/a.png")
        #expect((cropped.width, cropped.height) == (946, 720))
        for (arguments, message) in [
            (["--crop"], "--crop needs --show with one or more view names"),
            (["--show", "all,email"], "--show all and --show none cannot be combined with view names"),
            (["--show", ",email"], "an empty view name in --show"),
        ] {
            let run = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/c.png"] + arguments, environment: [:])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("Error: \(message)\n"), "\(arguments)")
        }
        let unknown = try Golden.run(["render", "fixtures/login-form.layout", "-o", "\(folder)/c.png", "--show", "nope,email"], environment: [:])
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "error: no view named 'nope' in the layout\n")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/c.png"))
    }
}
