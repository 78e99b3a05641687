import Foundation
import Testing
@testable import Blueprint

/// What the `.layout` parser keeps of a file: blank lines and comments are counted, never
/// stored (a line of ~170 bytes was kept for each, 32 GB asked for 200 million newlines).
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
}
