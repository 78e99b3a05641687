import Foundation
import Testing

/// The report's newer parts in `blueprint solve` and `blueprint explain`: priority ties
/// (`fixtures/tie.layout`: two labels of equal hugging in a row) and negative sizes, in text
/// and JSON, each with exit status 1; `render` counts them.
@Suite struct ReportPartsTests {
    func run(_ arguments: String...) throws -> CLI.Run {
        try Golden.run(arguments, environment: [:])
    }

    static let tieLine = "title and value have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority"

    /// A layout whose guide runs from 100 back to 88: width -12 (a view's size is never
    /// negative: the same pins on a view conflict, see `aViewPinnedBackwardsConflicts`).
    static let negative = """
        canvas 200 x 100
        guide band
        band.leading == root.leading + 100
        band.trailing == root.leading + 88
        band.top == root.top
        band.height == 20

        """

    func withNegativeLayout(_ body: (String) throws -> Void) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/negative.layout"
        try Data(Self.negative.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The row is 288 wide, the labels 49 each with 8 between: one of them takes the other 182
    /// points, and the file does not say which. Explain names both and the fix (and the widths
    /// the tie leaves ambiguous).
    @Test func explainNamesBothViewsOfATieAndTheFix() throws {
        let r = try run("explain", "fixtures/tie.layout")
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            Ambiguous layout: the constraints leave these frames free
                title: width is ambiguous
                value: horizontal position and width are ambiguous

            Content priority ambiguity: \(Self.tieLine)

            """)
    }

    @Test func solveListsATieInTextAndJSON() throws {
        let text = try run("solve", "fixtures/tie.layout")
        #expect(text.status == 1)
        #expect(text.stdout == """
            view     x   y  width  height
            root     0   0    320      80
            row     16  20    288      21
            title    0   0    235      21
            value  243   0     45      21
            ambiguous: title: width is ambiguous
            ambiguous: value: horizontal position and width are ambiguous
            tie: \(Self.tieLine)

            """)
        let json = try run("solve", "fixtures/tie.layout", "--format", "json")
        #expect(json.status == 1)
        let o = try object(json.stdout)
        #expect(o["ties"] as? [String] == [Self.tieLine])
        #expect(o["ambiguous"] as? [String] == ["title", "value"])
        #expect(o["broken"] as? [String] == [])
        #expect(o["negativeSizes"] as? [String] == [])
        #expect(o["refused"] as? [String] == [])
    }

    /// Raising one label's hugging ends the tie and the ambiguity: the other stretches.
    @Test func theFixTheReportNamesMakesTheLayoutClean() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = String(decoding: try Data(contentsOf: CLI.repository.appendingPathComponent("fixtures/tie.layout")), as: UTF8.self)
        let fixed = original.replacingOccurrences(of: #"label "Value" font 17"#, with: #"label "Value" font 17 hugging 251"#)
        #expect(fixed != original)
        try Data(fixed.utf8).write(to: URL(fileURLWithPath: folder + "/tie.layout"))
        let r = try run("explain", folder + "/tie.layout")
        #expect(r.status == 0)
        #expect(r.stdout == "\(folder)/tie.layout: no conflicts and no ambiguity: every frame is fixed by its constraints.\n")
    }

    @Test func negativeSizesInExplainAndSolve() throws {
        try withNegativeLayout { path in
            let explain = try run("explain", path)
            #expect(explain.status == 1)
            #expect(explain.stdout == "Negative sizes:\n    band: width is negative (-12)\n")
            let text = try run("solve", path)
            #expect(text.status == 1)
            #expect(text.stdout == """
                view  x  y  width  height
                root  0  0    200     100
                negative size: band: width is negative (-12)

                """)
            let json = try run("solve", path, "--format", "json")
            #expect(json.status == 1)
            let o = try object(json.stdout)
            #expect(o["negativeSizes"] as? [String] == ["band: width is negative (-12)"])
            #expect(o["ties"] as? [String] == [])
        }
    }

    /// The same pins on a view conflict, as in UIKit: the bound is listed, the pin activated
    /// last is broken and the badge keeps its intrinsic width.
    @Test func aViewPinnedBackwardsConflicts() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/badge.layout"
        try Data("""
            canvas 200 x 100
            view badge size 20 x 20
            badge.leading == root.leading + 100
            badge.trailing == root.leading + 88
            badge.top == root.top

            """.utf8).write(to: URL(fileURLWithPath: path))
        let explain = try run("explain", path)
        #expect(explain.status == 1)
        #expect(explain.stdout.contains("""
            (
                "badge.width >= 0 (a size is never negative)",
                "badge.leading == root.leading + 100 (badge.layout:3)",
                "badge.trailing == root.leading + 88 (badge.layout:4)"
            )

            Will attempt to recover by breaking constraint
            badge.trailing == root.leading + 88 (badge.layout:4)
            """))
        let text = try run("solve", path)
        #expect(text.stdout == """
            view     x  y  width  height
            root     0  0    200     100
            badge  100  0     20      20
            broken: badge.trailing == root.leading + 88 (badge.layout:4)

            """)
    }

    /// `render` draws them and says what it drew, every part counted (it said "drawn with "
    /// and nothing for a negative size).
    @Test func renderCountsTiesAndNegativeSizes() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tie = try run("render", "fixtures/tie.layout", "-o", folder + "/t.png")
        #expect(tie.status == 1)
        #expect(tie.stderr == "fixtures/tie.layout: drawn with 2 ambiguous views and 1 priority tie (see `blueprint explain fixtures/tie.layout`)\n")
        try withNegativeLayout { path in
            let r = try run("render", path, "-o", folder + "/n.png")
            #expect(r.status == 1)
            #expect(r.stderr == "\(path): drawn with 1 negative size (see `blueprint explain \(path)`)\n")
        }
    }
}
