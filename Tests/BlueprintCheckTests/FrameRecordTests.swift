import TestSupport
import BlueprintSupport
import Blueprint
import BlueprintCheck
import Testing

/// The frames stored beside a golden, and how their changes read.
@Suite struct FrameRecordTests {
    func record(_ views: [(String, Rect)], broken: [String] = [], ambiguous: [String] = []) -> FrameRecord {
        FrameRecord(views: views.map { (name: $0.0, frame: $0.1) }, broken: broken, ambiguous: ambiguous)
    }

    @Test func changesReadAsPeopleSayThem() {
        let old = record([("root", Rect(x: 0, y: 0, width: 375, height: 667)), ("card", Rect(x: 16, y: 20, width: 320, height: 200)),
                          ("title", Rect(x: 12, y: 12, width: 61, height: 20)), ("spinner", Rect(x: 0, y: 0, width: 20, height: 20))],
                         broken: ["a.width == 10"], ambiguous: ["x"])
        let new = record([("root", Rect(x: 0, y: 0, width: 375, height: 667)), ("card", Rect(x: 24, y: 12, width: 304, height: 200.5)),
                          ("title", Rect(x: 12, y: 20, width: 61, height: 20)), ("badge", Rect(x: 10, y: 20, width: 40, height: 40))],
                         broken: ["b.height == 3"], ambiguous: ["x", "y"])
        #expect(new.changes(from: old) == [
            "card.width 320 → 304", "card.height 200 → 200.5", "card moved 8 pt right and 8 pt up",
            "title moved 8 pt down", "badge added at 10, 20 (40 × 40)", "spinner removed",
            "now broken: b.height == 3", "no longer broken: a.width == 10", "now ambiguous: y",
        ])
        #expect(new.changes(from: new) == [])
    }

    @Test func roundingIsNotAChange() {
        let old = record([("a", Rect(x: 0.1 + 0.2, y: 0, width: 10, height: 10))])
        let new = record([("a", Rect(x: 0.3, y: 0, width: 10.0004, height: 10))])
        #expect(new.changes(from: old) == [])
        let moved = record([("a", Rect(x: 1.0 / 3, y: 0, width: 10, height: 10))])
        #expect(moved.changes(from: old) == ["a moved 0.033 pt right"])
    }

    @Test func theFileReadsBackExactly() throws {
        let r = record([("root", Rect(x: 0, y: 0, width: 375, height: 667)), ("tab \"1\"", Rect(x: 190.00048828125, y: -4, width: 1e-3, height: 33.333333333333336))],
                       broken: ["a.width == 10 @750"], ambiguous: ["b"])
        #expect(try FrameRecord(json: Array(r.json.utf8)) == r)
        #expect(r.json == """
            {
              "views": {
                "root": {"x": 0, "y": 0, "width": 375, "height": 667},
                "tab \\"1\\"": {"x": 190.00048828125, "y": -4, "width": 0.001, "height": 33.333333333333336}
              },
              "broken": [
                "a.width == 10 @750"
              ],
              "ambiguous": [
                "b"
              ]
            }

            """)
    }

    @Test func viewsThatShareANameAreToldApart() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for i in 0..<3 {
            let row = View(name: "row")
            root.addSubview(row)
            try LayoutConstraint.activateConstraints([row.leading == root.leading, row.top == root.top + Double(i * 30),
                                                      row.width == 100, row.height == 20])
        }
        let r = FrameRecord(root: root)
        #expect(r.views.map(\.name) == ["root", "row", "row#2", "row#3"])
        #expect(r.views[3].frame == Rect(x: 0, y: 60, width: 100, height: 20))
    }

    @Test(arguments: [
        ("", "not JSON: unexpected end of the file at byte 0"),
        ("[]", "no \"views\" object"),
        ("{\"views\": {\"a\": {\"x\": 1}}}", "view \"a\" needs numbers x, y, width and height"),
        ("{\"views\": {}, \"broken\": [1]}", "\"broken\" must be a list of strings"),
        ("{\"views\": {}} x", "not JSON: unexpected text after the value at byte 14"),
    ])
    func brokenFilesSayWhy(text: String, reason: String) {
        #expect(throws: FrameRecord.Invalid(description: reason)) { try FrameRecord(json: Array(text.utf8)) }
    }
}

/// Where a test's golden goes.
@Suite struct GoldenLocationTests {
    @Test func fromTheTestFileAndName() throws {
        let location = try GoldenLocation.forTest(filePath: Support.repository + "/Tests/BlueprintTestingTests/LoginTests.swift",
                                                  function: "testLogin()", name: "login")
        #expect(location.image == Support.repository + "/goldens/LoginTests/testLogin.login.png")
        #expect(location.frames == Support.repository + "/goldens/LoginTests/testLogin.login.json")
        #expect(location.artifactName == "LoginTests/testLogin.login")
        let parameterised = try GoldenLocation.forTest(filePath: "/x/Package.swift/../T.swift", function: "rows(count:theme:)",
                                                       name: "dark mode/3", goldens: "/g")
        #expect(parameterised.image == "/g/T/rows.dark_mode_3.png")
    }

    @Test func namesNeverLeaveTheGoldensFolder() throws {
        let location = try GoldenLocation.forTest(filePath: "/p/T.swift", function: "t()", name: "../../etc/passwd", goldens: "/g")
        #expect(location.image == "/g/T/t._._.._etc_passwd.png", "no slash survives, so the name cannot climb out")
        #expect(throws: GoldenLocation.Invalid.missingName) {
            try GoldenLocation.forTest(filePath: "/p/T.swift", function: "t()", name: "", goldens: "/g")
        }
        #expect(GoldenLocation.Invalid.missingName.description == "a snapshot needs a name (named: \"…\")")
    }

    @Test func aTestFileOutsideAnyPackageNeedsAGoldensFolder() {
        #expect(throws: GoldenLocation.Invalid.noPackage(testFile: "/nowhere/T.swift")) {
            try GoldenLocation.forTest(filePath: "/nowhere/T.swift", function: "t()", name: "a")
        }
        #expect(GoldenLocation.Invalid.noPackage(testFile: "/nowhere/T.swift").description
                    == "no Package.swift above /nowhere/T.swift to put goldens/ in; pass goldens: with a folder")
    }
}
