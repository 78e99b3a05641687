import Foundation
import Testing

/// Every list of `blueprint solve`'s report at once, in both formats and both directions: custom
/// guides (one free, one of negative height), built-in guides (margins, safe area, readable
/// content: never reported), a hidden sibling, a hugging tie, a view pinned to a negative width
/// (a conflict: sizes are never negative), characters no
/// bundled font has. The expected texts are those of the slower writer this one replaced,
/// byte for byte.
@Suite struct SolveReportListsTests {
    func layout(direction: String) -> String {
        """
            # Every list of the report at once.
            canvas 400 x 300
            direction \(direction)
            safearea 20 0 0 0
            guide free in root
            guide neg in root
            view card margins 12
            view title in card label "Title" font 17
            view value in card label "Value" font 17
            view ghost in card hidden label "Ghost" font 17
            view lost in card
            view inner in lost
            view squeezed
            view emoji label "A 𓀀𓀁 b" font 13
            guide g2 in card
            card.top == safeArea.top + 10
            card.leading == superview.leading + 8
            card.trailing == superview.trailing - 8
            card.height == 120
            title.top == superview.topMargin
            title.leading == superview.leadingMargin
            value.top == title.top
            value.leading == title.trailing + 8
            value.trailing == superview.trailingMargin
            ghost.top == title.bottom + 4
            ghost.leading == superview.readableContent.leading
            lost.width == 20
            lost.height == 10
            inner.edges == superview.edges
            free.width == 30
            neg.leading == root.leading
            neg.top == root.top
            neg.width == 10
            neg.height == -15
            squeezed.leading == root.leading + 100
            squeezed.trailing == root.leading + 60
            squeezed.top == root.top + 200
            squeezed.height == 20
            emoji.top == root.top + 250
            emoji.leading == root.leading
            g2.leading == card.leading
            g2.top == card.top
            g2.height == 5
            """ + "\n"
    }

    /// Runs `blueprint solve` on the layout in a temporary file.
    func solve(direction: String, _ format: String) throws -> CLI.Run {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/reports.layout"
        try Data(layout(direction: direction).utf8).write(to: URL(fileURLWithPath: path))
        return try Golden.run(["solve", path, "--format", format], environment: [:])
    }

    @Test func rightToLeftJSON() throws {
        let r = try solve(direction: "rtl", "json")
        #expect(r.status == 1)
        #expect(r.stderr == "")
        #expect(r.stdout == #"{"views": {"root": {"x": 0, "y": 0, "width": 400, "height": 300}, "card": {"x": 8, "y": 30, "width": 384, "height": 120}, "title": {"x": 65, "y": 12, "width": 307, "height": 21}, "value": {"x": 12, "y": 12, "width": 45, "height": 21}, "ghost": {"x": 324, "y": 37, "width": 48, "height": 21}, "lost": {"x": 0, "y": 0, "width": 20, "height": 10}, "inner": {"x": 0, "y": 0, "width": 20, "height": 10}, "squeezed": {"x": 300, "y": 200, "width": 0, "height": 20}, "emoji": {"x": 349, "y": 250, "width": 51, "height": 16}}, "broken": ["squeezed.trailing == root.leading + 60 (reports.layout:36)"], "ambiguous": ["free", "g2", "title", "value", "lost", "squeezed"], "ties": ["title and value have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority"], "negativeSizes": ["neg: height is negative (-15)"], "nonFinite": [], "refused": [], "text": ["emoji: no bundled font has 𓀀 (U+13000), 𓀁 (U+13001): drawn as boxes"]}"# + "\n")
    }

    @Test func rightToLeftText() throws {
        let r = try solve(direction: "rtl", "text")
        #expect(r.status == 1)
        #expect(r.stdout == """
            view        x    y  width  height
            root        0    0    400     300
            card        8   30    384     120
            title      65   12    307      21
            value      12   12     45      21
            ghost     324   37     48      21
            lost        0    0     20      10
            inner       0    0     20      10
            squeezed  300  200      0      20
            emoji     349  250     51      16
            broken: squeezed.trailing == root.leading + 60 (reports.layout:36)
            ambiguous: free: horizontal position, vertical position and height are ambiguous
            ambiguous: g2: horizontal position and width are ambiguous
            ambiguous: title: horizontal position and width are ambiguous
            ambiguous: value: width is ambiguous
            ambiguous: lost: horizontal position and vertical position are ambiguous
            ambiguous: squeezed: horizontal position and width are ambiguous
            tie: title and value have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority
            negative size: neg: height is negative (-15)
            text: emoji: no bundled font has 𓀀 (U+13000), 𓀁 (U+13001): drawn as boxes
            """ + "\n")
    }

    /// Left to right the same constraints leave other parts free (leading is left).
    @Test func leftToRightJSON() throws {
        let r = try solve(direction: "ltr", "json")
        #expect(r.status == 1)
        #expect(r.stdout == #"{"views": {"root": {"x": 0, "y": 0, "width": 400, "height": 300}, "card": {"x": 8, "y": 30, "width": 384, "height": 120}, "title": {"x": 12, "y": 12, "width": 307, "height": 21}, "value": {"x": 327, "y": 12, "width": 45, "height": 21}, "ghost": {"x": 12, "y": 37, "width": 48, "height": 21}, "lost": {"x": 0, "y": 0, "width": 20, "height": 10}, "inner": {"x": 0, "y": 0, "width": 20, "height": 10}, "squeezed": {"x": 100, "y": 200, "width": 0, "height": 20}, "emoji": {"x": 0, "y": 250, "width": 51, "height": 16}}, "broken": ["squeezed.trailing == root.leading + 60 (reports.layout:36)"], "ambiguous": ["free", "g2", "title", "value", "lost", "squeezed"], "ties": ["title and value have the same horizontal hugging priority (250); title was stretched, but either could be: raise one's hugging priority"], "negativeSizes": ["neg: height is negative (-15)"], "nonFinite": [], "refused": [], "text": ["emoji: no bundled font has 𓀀 (U+13000), 𓀁 (U+13001): drawn as boxes"]}"# + "\n")
    }

    /// Output that cannot be written is an error with the reason, not a silent success, in
    /// either format.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")), arguments: ["json", "text"])
    func aFullOutputIsAnError(format: String) throws {
        let process = Process()
        process.executableURL = CLI.binary
        process.currentDirectoryURL = CLI.repository
        process.arguments = ["solve", "fixtures/login-form.layout", "--format", format]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = Pipe()
        process.standardOutput = full
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(String(decoding: message, as: UTF8.self) == "Error: standard output: cannot write: No space left on device\n")
    }
}
