import Foundation
import Testing

/// `blueprint import` and UIKit logs given to `explain`, `solve` and `render`, end to end.
@Suite struct ImportCommandTests {
    func run(_ arguments: String...) throws -> CLI.Run {
        try Golden.run(arguments, environment: [:])
    }

    /// `explain` on a log tells the conflict at the log's lines and compares with UIKit's
    /// choice; a log of several conflicts says which it reads.
    @Test func explainTellsALogsConflictAndUIKitsChoice() throws {
        let r = try run("explain", "fixtures/uikit-logs/feed.log")
        #expect(r.status == 1)
        #expect(r.stdout.hasSuffix("""
            Will attempt to recover by breaking constraint
            view1.height >= 330 (feed.log:7)

            UIKit broke the same constraint (fixtures/uikit-logs/feed.log:7).

            Names:
                tableViewCellContentView  UITableViewCellContentView:0x1555ed190
                view2                     UIView:0x1555f2f40
                view1                     UIView:0x1555f3420
                trendingNowLabel          UILabel:0x1555f30f0'Trending now'
                pageControl               UIPageControl:0x1555f35d0

            """))
        #expect(!r.stdout.contains("Ambiguous"))
        #expect(r.stderr == "note: fixtures/uikit-logs/feed.log has 2 conflicts; this is conflict 1, from line 1 (--conflict N for another)\n")
        let second = try run("explain", "fixtures/uikit-logs/feed.log", "--conflict", "2")
        #expect(second.stdout.contains("\nUIKit broke followButton.width == 0.5 × bannerView.width + 40 (feed.log:31); Blueprint broke followButton.trailing == bannerView.trailingMargin (feed.log:32) (its rule: the constraint on the view furthest down the tree, then the one furthest down the log).\n\nNames:\n    bannerView    Feed.BannerView:0x7fe1c8c0b2e0\n    followButton  UIButton:0x7fe1c8c0c8a0'Follow'\n"))
        let missing = try run("explain", "fixtures/uikit-logs/banner.log", "--conflict", "2")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: fixtures/uikit-logs/banner.log has 1 conflict: --conflict 2 is not one of them\n")
    }

    /// `import -o` writes the layout, which lays out as the log did; the summary goes to
    /// standard error.
    @Test func importWritesALayoutThatSolvesAsTheLog() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/toast.layout"
        let r = try run("import", "fixtures/uikit-logs/toast.log", "-o", out)
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "fixtures/uikit-logs/toast.log: 6 constraints, 3 views; UIKit broke the same constraint (fixtures/uikit-logs/toast.log:13).\n")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("view buildStartedLabel in tvosToast label \"Build started\"  # UILabel:0x7ff72872d660\n"))
        #expect(text.hasSuffix("# UIKit broke the same constraint (fixtures/uikit-logs/toast.log:13).\n"))
        let solved = try run("solve", out, "--format", "json")
        #expect(solved.status == 1)
        #expect(solved.stdout.contains("\"broken\": [\"buildStartedLabel.bottom == tvosToast.bottom - 10 (toast.layout:24)\"]"))
    }

    /// `render` on a log draws the log's eight constraints and none of the placeholders (exit
    /// 1: it has a conflict), with
    /// no marker, crossing or leader over text; the same log draws the same bytes twice.
    @Test func renderDrawsALogsConstraintsAndNoPlaceholder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = try run("render", "fixtures/uikit-logs/feed.log", "-o", folder + "/a.png", "--stats", "-")
        #expect(r.status == 1)   // drawn, with its conflict
        #expect(r.stderr.hasSuffix("fixtures/uikit-logs/feed.log: drawn with 1 conflict (see `blueprint explain fixtures/uikit-logs/feed.log`)\n"))
        #expect(r.stdout == """
            {
              "views": 6,
              "constraints": 8,
              "labels": 12,
              "markers": 0,
              "nameMarkers": 0,
              "leaderCrossings": 0,
              "leadersOverText": 0,
              "linesThroughText": 0,
              "labelsOutsideOwner": 0
            }

            """)
        _ = try run("render", "fixtures/uikit-logs/feed.log", "-o", folder + "/b.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.png")) == Data(contentsOf: URL(fileURLWithPath: folder + "/b.png")))
    }

    /// A log that cannot be read is an error at its place, exit 2, nothing written.
    @Test func anUnreadableLogIsRefusedAtItsPlace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/bad.log"
        try Data("Unable to simultaneously satisfy constraints.\n(\n    \"<NSLayoutConstraint:0x6000 UIView:0x7f01.width = 100   (active)>\"\n)\n".utf8)
            .write(to: URL(fileURLWithPath: log))
        let r = try run("import", log, "-o", folder + "/out.layout")
        #expect(r.status == 2)
        // The line is shown cut around the caret, as every long diagnostic line is.
        #expect(r.stderr.hasPrefix("\(log):3:53: error: expected `==`, `>=` or `<=` here\n    …  \"<NSLayoutConstraint:0x6000 UIView:0x7f01.width = 100"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.layout"))
    }
}
