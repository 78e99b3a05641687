import Foundation
import Testing
@testable import Blueprint

/// What the `.layout` parser keeps of a file and how far it reads: blank lines and comments are
/// counted, never stored (a line of ~170 bytes a line was kept for each, 32 GB asked for 200
/// million newlines); past the error limit nothing that cannot change the list is read (a file
/// of 3 million junk lines took 5 s to list its first 100); a line is shown without reading all
/// of it (one error on a 255 MB line of NULs took 17 s).
@Suite struct LineStorageTests {
    /// The lines the parser reads: statements only, each with its number and first byte; a line
    /// of spaces and tabs, with or without a CR before its LF, or one whose first other byte is
    /// `#`, is passed over and counted.
    @Test func onlyStatementLinesAreRead() {
        let text = "a\n\n  \t\n# c\n\r\n  # x\r\n b\r\n\"q\"\n\t\r\n\n\n\n\n\n\n\n\n\n \r x\n        \n#\nlast"
        var lines = StatementLines(Array(text.utf8))
        var read: [(text: String, number: Int, first: Character)] = []
        while let line = lines.next() {
            read.append((String(decoding: Array(text.utf8)[line.range], as: UTF8.self), line.number, Character(Unicode.Scalar(line.first))))
        }
        #expect(read.map(\.text) == ["a", " b", "\"q\"", " \r x", "last"])
        #expect(read.map(\.number) == [1, 7, 8, 19, 22])
        #expect(read.map(\.first) == ["a", "b", "\"", "\r", "l"])
        #expect(StatementLines.statementByteCount(Array(text.utf8)) == 1 + 2 + 3 + 4 + 4)
        var empty = StatementLines([])
        #expect(empty.next() == nil)
        var blank = StatementLines(Array("\n\n \r\n\t".utf8))
        #expect(blank.next() == nil)
    }

    /// Line numbers and error places are those of the file's physical lines, past thousands of
    /// blank and comment lines, and on a continuation line (a quoted text that continues the
    /// statement above it, blank lines and comments between).
    @Test func linesKeepTheirNumbersPastBlankLinesAndComments() {
        let blank = String(repeating: "\n", count: 5000) + String(repeating: "  # note\r\n", count: 5000)
        let text = "view body label \"A \"\n" + blank + "    \"B\" lines many\n" + blank + "body.width == nope\n"
        do {
            _ = try LayoutDocument(parsing: text, file: "t.layout")
            Issue.record("no error")
        } catch {
            #expect(error.description == """
                t.layout:10002:15: error: unknown metric `many`
                        "B" lines many
                                  ^~~~
                t.layout:20003:15: error: unknown metric `nope`
                    body.width == nope
                                  ^~~~
                """)
        }
    }

    /// Past the error limit in the declarations, with no constraint line above the last error
    /// listed, nothing below it is read: the view below is never made (every line was read to
    /// the end of the file).
    @Test func nothingIsReadBelowTheLimitWhenNothingAboveNeedsIt() {
        var p = LayoutFileParser(file: "x.layout")
        p.parse(String(repeating: "x\n", count: 150) + "view late\nlate.width == 10\n")
        #expect(p.errors.count == LayoutDocument.errorLimit && p.truncated)
        #expect(p.errors.map(\.line) == Array(1...100))
        #expect(p.views.map(\.name) == ["root"])
        #expect(p.constraints.isEmpty)
        // A constraint line above the limit may use a view declared below it: the declarations
        // are still read (and only they), and its line is no error.
        var q = LayoutFileParser(file: "x.layout")
        q.parse("view a\na.width == b.width\n" + String(repeating: "x\n", count: 150) + "view b\nb.width == 10\n")
        #expect(q.errors.count == LayoutDocument.errorLimit && q.truncated)
        #expect(q.errors.map(\.line) == Array(3...102))
        #expect(q.views.map(\.name) == ["root", "a", "b"])
        #expect(q.constraints.map(\.formula) == ["a.width == b.width"])
    }

    /// Past the limit counting the errors of both passes above a constraint line, that line
    /// and those below are not read: the constraints below are never made (they were, up to a
    /// hundred and one errors of the second pass alone).
    @Test func constraintLinesBelowTheLimitOfBothPassesAreNotRead() {
        var lines = ["view box"]
        for i in 1...50 { lines.append("view dup\(i) size \(i)") }        // 50 errors, lines 2…51
        for i in 1...60 { lines.append("box.width = \(i) \(i)") }         // 60 errors, lines 52…111
        for _ in 1...10 { lines.append("box.width >= 1") }                 // fine, lines 112…121
        var p = LayoutFileParser(file: "x.layout")
        p.parse(lines.joined(separator: "\n"))
        #expect(p.errors.map(\.line) == Array(2...101))
        #expect(p.truncated)
        #expect(p.constraints.isEmpty)
    }

    /// A line millions of characters long is shown as the hundred or so characters around the
    /// caret, read no further (every character of it was made into an array first).
    @Test func aLongLineIsShownWithoutReadingAllOfIt() {
        for (line, column, shown) in [
            (String(repeating: "\u{0}", count: 10_000_000), 1, String(repeating: "\u{2400}", count: 51) + "…"),
            ("ab" + String(repeating: "é", count: 5_000_000), 60, "…" + String(repeating: "é", count: 50) + String(repeating: "é", count: 51) + "…"),
        ] {
            let d = SourceDiagnostic(file: "x.layout", line: 1, column: column, message: "m", sourceLine: line)
            // (What it costs is not timed here: `OneErrorOnAHugeLineTests` runs the CLI under a
            // memory bound that the old display, every character made into an array, exceeded.)
            let text = d.description
            let caret = String(repeating: " ", count: column == 1 ? 0 : 51) + "^"
            #expect(text == "x.layout:1:\(column): error: m\n    \(shown)\n    \(caret)")
        }
    }
}
