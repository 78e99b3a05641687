import Blueprint
@testable import BlueprintRender
import Testing

/// A generated list of 300 views (75 rows of a row, an icon, a title and a chevron), as a
/// long settings or contacts list: repetition folds keep it readable.
@Suite struct GeneratedListTests {
    static func listLayout(rows: Int) -> String {
        var lines = ["canvas 390 x \(rows * 44 + 40)", "let pad = 16"]
        for i in 1...rows {
            lines += ["view row\(i)", "view row\(i)Icon in row\(i) size 29 x 29",
                      "view row\(i)Title in row\(i) label \"Item \(String(repeating: "x", count: i % 9)) \(i)\"",
                      "view row\(i)Chevron in row\(i) size 8 x 13"]
        }
        for i in 1...rows {
            lines += [i == 1 ? "row1.top == superview.top + 20" : "row\(i).top == row\(i - 1).bottom",
                      "row\(i).leading == superview.leading", "row\(i).trailing == superview.trailing", "row\(i).height == 44",
                      "row\(i)Icon.leading == superview.leading + pad", "row\(i)Icon.centerY == superview.centerY",
                      "row\(i)Title.leading == row\(i)Icon.trailing + 12", "row\(i)Title.centerY == superview.centerY",
                      "row\(i)Chevron.trailing == superview.trailing - pad", "row\(i)Chevron.centerY == superview.centerY",
                      "row\(i)Title.trailing <= row\(i)Chevron.leading - 8"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aThreeHundredViewListHasFewMarkersAndNoNameMarkers() throws {
        let document = try LayoutDocument(bytes: Array(Self.listLayout(rows: 75).utf8), file: "list.layout")
        let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
        let s = d.statistics
        #expect(s.views == 301)
        #expect(s.nameMarkers == 0)
        #expect(s.markers * 100 <= s.labels, "\(s.markers) markers for \(s.labels) labels")
        #expect(s.linesThroughText == 0)
        #expect(s.leaderCrossings == 0 && s.leadersOverText == 0)
        #expect(s.labelsOutsideOwner == 0)
        // Rows 2…75 are drawn like row1: one tag each, none of their own lines. Every row keeps
        // the three lines that place it (top, leading, trailing); row1 alone has its seven inside.
        let tags = d.texts.filter { $0.text.hasSuffix("as row1") }
        #expect(tags.count == 74)
        #expect(d.annotations.count == 75 * 3 + 7)
    }

    /// Two columns, each a nest `levels` deep (every view inset 2 from its superview): alike,
    /// so the second is drawn like the first, unless the nest is deeper than a constraint is
    /// keyed from (``Repetition/deepestKey``); then neither is folded, rather than folded on an
    /// incomplete list.
    static func nests(levels: Int) -> String {
        var lines = ["canvas 200 x 400", "view a", "view b", "H:|-8-[a(80)]-8-[b(80)]", "V:|-8-[a(300)]", "V:|-8-[b(300)]"]
        for column in ["a", "b"] {
            var parent = column
            for k in 1...levels {
                lines += ["view \(column)\(k) in \(parent)", "\(column)\(k).edges == superview.edges - 2"]
                parent = "\(column)\(k)"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two fields constrained alike to their margins fold only when the margins are alike: a
    /// copy whose placeholder sits 8 in is not drawn "as" one whose sits 12 in.
    @Test func copiesWithOtherMarginsAreNotFolded() throws {
        func folded(_ margins: String) throws -> Bool {
            let text = """
                canvas 300 x 140
                view f1 margins 0 12 0 12
                view p1 in f1 label "Jane Appleseed" font 17
                view f2 \(margins)
                view p2 in f2 label "jane@example.com" font 17
                H:|-[f1]-|
                H:|-[f2]-|
                V:|-[f1(44)]-16-[f2(44)]
                p1.leading == superview.leadingMargin
                p1.centerY == superview.centerY
                p2.leading == superview.leadingMargin
                p2.centerY == superview.centerY

                """
            let document = try LayoutDocument(bytes: Array(text.utf8), file: "fields.layout")
            let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
            return d.texts.contains { $0.text.hasSuffix("as f1") }
        }
        #expect(try folded("margins 0 12 0 12"))
        #expect(try !folded(""))
    }

    @Test func deepNestsFoldOnlyWhileTheirKeysAreWhole() throws {
        for (levels, folded) in [(5, true), (Repetition.deepestKey + 3, false)] {
            let document = try LayoutDocument(bytes: Array(Self.nests(levels: levels).utf8), file: "nests.layout")
            let d = try Diagram(root: document.root, options: RenderOptions(scale: 1))
            #expect(d.texts.contains { $0.text.hasSuffix("as a") } == folded, "\(levels) levels")
            #expect(document.root.layoutReport.isClean)
        }
    }
}
