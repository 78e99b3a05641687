import Foundation
import Testing

/// `blueprint solve` and `blueprint explain` end to end: text and JSON output, reports, exit
/// statuses, usage errors.
@Suite struct SolveCommandTests {
    func run(_ arguments: String...) throws -> CLI.Run {
        try Golden.run(arguments, environment: [:])
    }

    /// Writes `text` to a `.layout` file in a temporary folder, runs `body` with its path,
    /// and removes the folder.
    func withLayoutFile(_ text: String, name: String = "test.layout", _ body: (String) throws -> Void) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    /// The JSON output as objects: views by name, broken constraints, ambiguous views.
    func parseJSON(_ text: String) throws -> (views: [String: [String: Double]], broken: [String], ambiguous: [String]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["views", "broken", "ambiguous", "ties", "negativeSizes", "nonFinite", "refused", "text"])
        let views = try #require(object["views"] as? [String: [String: NSNumber]])
        return (views.mapValues { $0.mapValues(\.doubleValue) },
                try #require(object["broken"] as? [String]), try #require(object["ambiguous"] as? [String]))
    }

    /// An empty file, or one of comments only, is said to be so (exit 2), not laid out as a
    /// root of no size reported ambiguous; a canvas alone is a layout.
    @Test func aFileWithNothingToLayOutIsSaidToBeSo() throws {
        for text in ["", "# only a comment\n\n"] {
            try withLayoutFile(text) { path in
                for command in ["solve", "explain"] {
                    let r = try run(command, path)
                    #expect(r.status == 2)
                    #expect(r.stderr == "error: \(path): nothing to lay out: the file has no canvas, no view and no constraint\n")
                }
            }
        }
        try withLayoutFile("canvas 10 x 10\n") { path in
            let r = try run("solve", path)
            #expect(r.status == 0)
        }
    }

    /// `-` reads the layout from standard input, named `<stdin>` in messages; `render` reads it
    /// once for every panel of a device sheet.
    @Test func aDashReadsStandardInput() throws {
        let text = try String(contentsOfFile: CLI.repository.appendingPathComponent("fixtures/login-form.layout").path, encoding: .utf8)
        let fromFile = try run("solve", "fixtures/login-form.layout", "--format", "json")
        let piped = try Golden.run(["solve", "-", "--format", "json"], environment: [:], input: text)
        #expect(piped.status == 0)
        #expect(piped.stdout == fromFile.stdout)
        let explained = try Golden.run(["explain", "-"], environment: [:], input: text)
        #expect(explained.stdout == "<stdin>: no conflicts and no ambiguity: every frame is fixed by its constraints.\n")
        let bad = try Golden.run(["solve", "-"], environment: [:], input: "view a\na.width == \n")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("<stdin>:2:12: error: expected a right-hand side after the relation\n"))
        let empty = try Golden.run(["solve", "-"], environment: [:], input: "")
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: <stdin>: nothing to lay out: the file has no canvas, no view and no constraint\n")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sheet = try Golden.run(["render", "-", "--devices", "iPhone SE, iPad", "-o", folder + "/piped.png"], environment: [:], input: text)
        let file = try run("render", "fixtures/login-form.layout", "--devices", "iPhone SE, iPad", "-o", folder + "/file.png")
        #expect(sheet.status == 0 && file.status == 0)
        #expect(FileManager.default.contents(atPath: folder + "/piped.png") == FileManager.default.contents(atPath: folder + "/file.png"))
        // The file behind standard input is the input: never written over.
        let over = try Golden.run(["render", "-", "-o", "/dev/stdin"], environment: [:], input: text)
        #expect(over.status == 2)
        #expect(over.stderr.hasPrefix("Error: -o /dev/stdin would overwrite the input /dev/stdin; write somewhere else\n"), "\(over.stderr)")
    }

    // MARK: solve, text

    /// Seed 000 on 375 x 667, by hand: bottomView is half the height (333.5) and ends 20 above
    /// the bottom (647), so it starts at 313.5; topView runs from 20 to bottomView.top + 20 =
    /// 333.5 (313.5 ≥ 667 / 3); the 79 x 20 label is centred on (187.5, 333.5).
    @Test func solveTextSeed000() throws {
        let r = try run("solve", "fixtures/seed000-blueprint.layout")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            view            x      y  width  height
            root            0      0    375     667
            topView        20     20    335   313.5
            bottomView     20  313.5    335   333.5
            label       150.5    323     74      21

            """)
    }

    @Test func solveTextListsBrokenConstraintsAndExitsOne() throws {
        let r = try run("solve", "fixtures/conflict.layout")
        #expect(r.status == 1)
        #expect(r.stdout.hasSuffix("\nbroken: avatar.width == 80 (conflict.layout:24)\n"))
        #expect(r.stdout.contains("\navatar  16  16     64      64\n"))
    }

    @Test func solveTextListsAmbiguousViewsAndExitsOne() throws {
        let r = try run("solve", "fixtures/ambiguous.layout")
        #expect(r.status == 1)
        #expect(r.stdout.hasSuffix("""

            ambiguous: badge: horizontal position is ambiguous

            """))
    }

    /// Numbers print as the shortest text that reads back exactly: no `.0` on whole numbers.
    @Test func numbersAreShortestRoundTrip() throws {
        try withLayoutFile("""
            canvas 100 x 100
            view box
            box.left = 0.5
            box.top = 0
            box.width = 190.00048828125
            box.height == superview.height / 3
            """) { path in
            let text = try run("solve", path)
            #expect(text.status == 0)
            // The solver's third of 100 is 33.33333333333333 (not 100.0 / 3, 33.333333333333336).
            #expect(text.stdout == """
                view    x  y            width             height
                root    0  0              100                100
                box   0.5  0  190.00048828125  33.33333333333333

                """)
            let json = try run("solve", path, "--format", "json")
            #expect(json.stdout.contains(#""box": {"x": 0.5, "y": 0, "width": 190.00048828125, "height": 33.33333333333333}"#))
            #expect(!json.stdout.contains(".0,") && !json.stdout.contains(".0}"))
            let views = try parseJSON(json.stdout).views
            #expect(views["box"] == ["x": 0.5, "y": 0, "width": 190.00048828125, "height": 33.33333333333333])
        }
    }

    /// A frame past the largest number reads `inf` in the table (JSON has only `null`), and a
    /// whole number above 10¹⁵ has no `.0`.
    @Test func infiniteAndHugeNumbersInTheTable() throws {
        // big = 2 × 10¹⁵ + 1; w0 = 10¹⁵ and each next width 10¹⁵ times the last, past the
        // largest number by w21.
        var lines = ["canvas 100 x 100", "view big", "big.left = 0", "big.top = 0", "big.height = 1",
                     "big.width == 2 * w0.width + 1", "w0.width = 1000000000000000"]
        for k in 0...21 {
            lines += ["view w\(k)", "w\(k).left = 0", "w\(k).top = 0", "w\(k).height = 1"]
            if k > 0 { lines.append("w\(k).width == w\(k - 1).width * 1000000000000000") }
        }
        try withLayoutFile(lines.joined(separator: "\n")) { path in
            let text = try run("solve", path)
            #expect(text.stdout.contains("\nbig   0  0         2000000000000001       1\n"), "\(text.stdout)")
            #expect(text.stdout.contains("\nw20   0  0                      inf       1\n"), "\(text.stdout)")
            let json = try run("solve", path, "--format", "json")
            #expect(json.stdout.contains(#""big": {"x": 0, "y": 0, "width": 2000000000000001, "height": 1}"#))
            #expect(json.stdout.contains(#""w20": {"x": 0, "y": 0, "width": null, "height": 1}"#))
        }
    }

    // MARK: solve, JSON

    @Test func solveJSONSeed000ExactFrames() throws {
        let r = try run("solve", "fixtures/seed000-blueprint.layout", "--format", "json")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout.hasSuffix("}\n"))
        let (views, broken, ambiguous) = try parseJSON(r.stdout)
        #expect(views == [
            "root": ["x": 0, "y": 0, "width": 375, "height": 667],
            "topView": ["x": 20, "y": 20, "width": 335, "height": 313.5],
            "bottomView": ["x": 20, "y": 313.5, "width": 335, "height": 333.5],
            "label": ["x": 150.5, "y": 323, "width": 74, "height": 21],
        ])
        #expect(broken == [])
        #expect(ambiguous == [])
        // Views in declaration order, whole numbers without a fraction.
        #expect(r.stdout == #"{"views": {"root": {"x": 0, "y": 0, "width": 375, "height": 667}, "topView": {"x": 20, "y": 20, "width": 335, "height": 313.5}, "bottomView": {"x": 20, "y": 313.5, "width": 335, "height": 333.5}, "label": {"x": 150.5, "y": 323, "width": 74, "height": 21}}, "broken": [], "ambiguous": [], "ties": [], "negativeSizes": [], "nonFinite": [], "refused": [], "text": []}"# + "\n")
    }

    /// Frames are in superview coordinates: a subview's origin is relative to its parent.
    @Test func solveJSONFramesAreInSuperviewCoordinates() throws {
        let r = try run("solve", "fixtures/seed004-composite.layout", "--format", "json")
        #expect(r.status == 0)
        let views = try parseJSON(r.stdout).views
        #expect(views["container"] == ["x": 0, "y": 20, "width": 375, "height": 647])
        #expect(views["content"] == ["x": 10, "y": 10, "width": 355, "height": 627])
        #expect(views["overlay"] == ["x": 50, "y": 50, "width": 255, "height": 527])
        #expect(views["spinner"] == ["x": 107.5, "y": 243.5, "width": 40, "height": 40])
        #expect(views["subview2"] == ["x": 60, "y": 583, "width": 110, "height": 44])
    }

    /// A file large enough that the tool has its heap's pages faulted in on a second thread
    /// while it parses (more than 256 KB: 4,000 rows of 2 views) gets every frame exactly, and
    /// the same output in every run.
    @Test func aLargeFileSolvesExactlyWhileItsHeapIsFaultedInAhead() throws {
        let rows = 4_000
        var text = "canvas 800 x \(28 * rows + 8)\n"
        for i in 0..<rows {
            text += "view row\(i)\nrow\(i).leading == superview.leading + 8\nrow\(i).top == superview.top + \(28 * i + 8)\n"
            text += "row\(i).trailing == superview.trailing - 8\nrow\(i).height == 20\n"
            text += "view dot\(i) in row\(i)\ndot\(i).trailing == superview.trailing - 4\ndot\(i).centerY == superview.centerY\n"
            text += "dot\(i).width == 12\ndot\(i).height == dot\(i).width\n"
        }
        #expect(text.utf8.count > 256 << 10)
        try withLayoutFile(text) { path in
            let first = try run("solve", path, "--format", "json")
            #expect(first.status == 0)
            #expect(first.stderr == "")
            let views = try parseJSON(first.stdout).views
            #expect(views.count == 2 * rows + 1)
            var wrong: [String] = []
            for i in 0..<rows {
                if views["row\(i)"] != ["x": 8, "y": Double(28 * i + 8), "width": 784, "height": 20] { wrong.append("row\(i)") }
                if views["dot\(i)"] != ["x": 768, "y": 4, "width": 12, "height": 12] { wrong.append("dot\(i)") }
            }
            #expect(wrong == [])
            #expect(try run("solve", path, "--format", "json").stdout == first.stdout)
        }
    }

    @Test func solveJSONSeed003Cartography() throws {
        let r = try run("solve", "fixtures/seed003-cartography.layout", "--format", "json")
        #expect(r.status == 0)
        let views = try parseJSON(r.stdout).views
        #expect(views["view1"] == ["x": 106.25, "y": 20, "width": 162.5, "height": 40])
        #expect(views["view2"] == ["x": 131.25, "y": 80, "width": 112.5, "height": 40])
    }

    @Test func solveJSONBroken() throws {
        let r = try run("solve", "fixtures/conflict.layout", "--format", "json")
        #expect(r.status == 1)
        let (views, broken, ambiguous) = try parseJSON(r.stdout)
        #expect(broken == ["avatar.width == 80 (conflict.layout:24)"])
        #expect(ambiguous == [])
        // The other width holds.
        #expect(views["avatar"] == ["x": 16, "y": 16, "width": 64, "height": 64])
    }

    @Test func solveJSONAmbiguous() throws {
        let r = try run("solve", "fixtures/ambiguous.layout", "--format", "json")
        #expect(r.status == 1)
        let (views, broken, ambiguous) = try parseJSON(r.stdout)
        #expect(broken == [])
        #expect(ambiguous == ["badge"])   // count is pinned inside badge: it moves with it, it is not ambiguous itself
        #expect(views["badge"]?["width"] == 28 && views["badge"]?["y"] == 32.5)
    }

    /// Names are JSON strings: a view named like a keyword needs no escaping, but the file
    /// name in a broken constraint's location might.
    @Test func solveJSONEscapesStrings() throws {
        try withLayoutFile("""
            canvas 100 x 100
            view box
            box.edges == superview.edges
            box.width == 50
            """, name: #"odd "name".layout"#) { path in
            let r = try run("solve", path, "--format", "json")
            #expect(r.status == 1)
            #expect(r.stdout.contains(#""broken": ["box.width == 50 (odd \"name\".layout:4)"]"#))
            #expect(try parseJSON(r.stdout).broken == [#"box.width == 50 (odd "name".layout:4)"#])
        }
    }

    // MARK: explain

    @Test func explainConflictReport() throws {
        let r = try run("explain", "fixtures/conflict.layout")
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == """
            Unable to simultaneously satisfy constraints.
                Probably at least one of the constraints in the following list is one you don't want.
                Try this:
                    (1) look at each constraint and try to figure out which you don't expect;
                    (2) find the code that added the unwanted constraint or constraints and fix it.
            (
                "avatar.width == 64 (conflict.layout:22)",
                "avatar.width == 80 (conflict.layout:24)"
            )

            Will attempt to recover by breaking constraint
            avatar.width == 80 (conflict.layout:24)

            """)
    }

    @Test func explainAmbiguityReport() throws {
        let r = try run("explain", "fixtures/ambiguous.layout")
        #expect(r.status == 1)
        #expect(r.stdout == """
            Ambiguous layout: the constraints leave these frames free
                badge: horizontal position is ambiguous

            """)
    }

    @Test func explainCleanLayout() throws {
        let r = try run("explain", "fixtures/login-form.layout")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == "fixtures/login-form.layout: no conflicts and no ambiguity: every frame is fixed by its constraints.\n")
    }

    @Test func explainBadInputExitsTwo() throws {
        let r = try run("explain", "fixtures/invalid/unknown-view.layout")
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("fixtures/invalid/unknown-view.layout:5:1: error: unknown view `emial`; did you mean `email`?\n"))
    }

    // MARK: Usage errors

    @Test func missingFileArgumentExitsTwo() throws {
        for command in ["solve", "explain"] {
            let r = try run(command)
            #expect(r.status == 2)
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("Error: Missing expected argument '<file.layout>'\n"))
            #expect(r.stderr.contains("Usage: blueprint \(command) <file.layout>"))
        }
    }

    @Test func unknownFormatExitsTwo() throws {
        let r = try run("solve", "fixtures/login-form.layout", "--format", "xml")
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Error: The value 'xml' is invalid for '--format <format>'"))
    }

    @Test func extraArgumentExitsTwo() throws {
        let r = try run("solve", "fixtures/login-form.layout", "fixtures/toolbar.layout")
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("Error: Unexpected argument 'fixtures/toolbar.layout'"))
    }

    @Test func unknownSubcommandExitsTwo() throws {
        let r = try run("slove", "fixtures/login-form.layout")
        #expect(r.status == 2)
        #expect(r.stdout == "")
    }

    @Test func directoryIsNotALayout() throws {
        let r = try run("solve", "fixtures")
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: fixtures: cannot read: Is a directory\n")
    }
}
