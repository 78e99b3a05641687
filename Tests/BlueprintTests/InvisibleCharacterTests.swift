import Testing
import Blueprint

/// Characters a terminal does not show are named by their code point in a diagnostic, so the
/// message says what is there; and a visual format's numbers have the 1e15 limit of every
/// other number of the formats.
@Suite struct InvisibleCharacterTests {
    /// The first error of `text` as `LINE:COLUMN: MESSAGE`.
    func firstError(_ bytes: [UInt8]) -> String {
        do {
            _ = try LayoutDocument(bytes: bytes, file: "x.layout")
            return "no error"
        } catch {
            let d = error.diagnostics[0]
            return "\(d.line):\(d.column): \(d.message)"
        }
    }

    func firstError(_ text: String) -> String { firstError(Array(text.utf8)) }

    @Test func aByteOrderMarkIsNamed() {
        #expect(firstError([0xEF, 0xBB, 0xBF] + Array("canvas 10 x 10\n".utf8))
            == "1:1: unexpected character U+FEFF (a byte-order mark: save the file as UTF-8 without one)")
    }

    @Test func controlAndFormattingCharactersAreNamed() {
        #expect(firstError("view a\nview b\u{0}\n") == "2:7: unexpected character U+0000 (a control character)")
        #expect(firstError("view a\u{7F}\n") == "1:7: unexpected character U+007F (a control character)")
        #expect(firstError("view a\u{1B}[31m\n") == "1:7: unexpected character U+001B (a control character)")
        #expect(firstError("view d\u{200B}\n") == "1:7: unexpected character U+200B (an invisible formatting character)")
        #expect(firstError("view a\u{202E}\n") == "1:7: unexpected character U+202E (an invisible formatting character)")
    }

    /// Between a view's name and its `.`, the character is the fault (it read as "must specify
    /// view.attribute", which the line already seems to do); in a visual format's brackets too.
    @Test func aCharacterBeforeTheDotIsNamed() {
        #expect(firstError("view a\na\u{200B}.width == 10\n") == "2:2: unexpected character U+200B (an invisible formatting character)")
        #expect(firstError("view a\na\u{FF0E}width == 10\n") == "2:2: unexpected character `\u{FF0E}`: write the ASCII `.`")
        #expect(firstError("view a\nview b\nH:|[a\u{200B}]|\n") == "3:6: expected `]` after `[a`, found U+200B (an invisible formatting character)")
    }

    /// A UTF-16 file (as some Windows editors save) is said to be one, with or without a
    /// byte-order mark, not as bad UTF-8 or a NUL on every line.
    @Test func aUTF16FileIsNamed() {
        let message = "1:1: the file is UTF-16 text (its first bytes below): a .layout file is UTF-8; save it as UTF-8 (`iconv -f UTF-16 -t UTF-8`)"
        let text = Array("canvas 10 x 10\n".utf16)
        #expect(firstError([0xFF, 0xFE] + text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == message)
        #expect(firstError(text.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == message)
        #expect(firstError(text.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == message)
        // UTF-32, with or without its byte-order mark, is named as UTF-32.
        let utf32 = "1:1: the file is UTF-32 text (its first bytes below): a .layout file is UTF-8; save it as UTF-8 (`iconv -f UTF-32 -t UTF-8`)"
        let scalars = "canvas 10 x 10\n".unicodeScalars.map(\.value)
        #expect(firstError([0xFF, 0xFE, 0, 0] + scalars.flatMap { v in [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: v >> $0) } }) == utf32)
        #expect(firstError(scalars.flatMap { v in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }) == utf32)
    }

    @Test func spacesOtherThanASpaceAreNamed() {
        #expect(firstError("view\u{A0}c\n") == "1:5: unexpected character U+00A0 (a space other than U+0020; use a plain space or a tab)")
        #expect(firstError("view a\na.width ==\u{3000}10\n") == "2:11: unexpected character U+3000 (a space other than U+0020; use a plain space or a tab)")
        #expect(firstError("view a\u{2028}\n") == "1:7: unexpected character U+2028 (a line or paragraph separator: lines end with LF or CRLF)")
    }

    @Test func privateUseCharactersAreNamed() {
        #expect(firstError("view a\u{E000}\n") == "1:7: unexpected character U+E000 (no visible character)")
    }

    @Test func visibleCharactersAreQuoted() {
        #expect(firstError("view a\n@\n") == "2:1: unexpected character `@`")
        #expect(firstError("view a\n€\n") == "2:1: unexpected character `€`")
    }

    @Test func inAQuotedTextTheyAreText() throws {
        let d = try LayoutDocument(parsing: "view a label \"x\u{200B}\u{A0}y\"\n", file: "x.layout")
        #expect(d.views.map(\.name) == ["root", "a"])
    }

    @Test func visualFormatNumbersStopAt1e15() throws {
        #expect(firstError("view a\nH:|-[a(==99999999999999999999)]-|\n") == "2:10: number too large: the limit is 1e15")
        #expect(firstError("view a\nH:|-1000000000000001-[a]\n") == "2:5: number too large: the limit is 1e15")
        #expect(firstError("view a\nH:|-(-1000000000000001)-[a]\n") == "2:6: number too large: the limit is 1e15")
        #expect(firstError("view a\nH:|-[a(==10@" + String(repeating: "9", count: 400) + ")]\n") == "2:13: number too large: the limit is 1e15")
        // The limit itself is a number.
        let d = try LayoutDocument(parsing: "view a\nH:|-[a(<=1000000000000000)]-|\n", file: "x.layout")
        #expect(d.constraints.map(\.formula).contains("a.width <= 1000000000000000"))
        let a = View(name: "a"), root = View(name: "root")
        root.addSubview(a)
        do {
            _ = try LayoutConstraint.constraints(withVisualFormat: "H:|[a(9999999999999999)]", options: [], metrics: [:], views: ["a": a])
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("1:7: error: number too large: the limit is 1e15"))
        }
    }

    /// The whole printed diagnostic of `text`'s first error.
    func printed(_ text: String) -> String {
        do {
            _ = try LayoutDocument(parsing: text, file: "x.layout")
            return "no error"
        } catch {
            return error.diagnostics[0].description
        }
    }

    @Test func theEchoedLineCannotDriveTheTerminal() {
        // An escape sequence (here: clear the screen) is shown, not sent; so is a NUL.
        #expect(printed("view a\nview b\u{1B}[2J\n") == """
            x.layout:2:7: error: unexpected character U+001B (a control character)
                view b\u{241B}[2J
                      ^
            """)
        #expect(printed("canvas 100 x 100\u{0}\n") == """
            x.layout:1:17: error: unexpected character U+0000 (a control character)
                canvas 100 x 100\u{2400}
                                ^
            """)
        // A right-to-left override in a label would reorder the rest of the printed line.
        #expect(printed("view c label \"\u{202E}abc\" fnot 3\n") == """
            x.layout:1:21: error: unknown view option `fnot`; did you mean `font`?
                view c label "\u{FFFD}abc" fnot 3
                                    ^~~~
            """)
        // A zero-width space shows as nothing: echoed as it was, the caret would point past an
        // invisible culprit.
        #expect(printed("canvas 100 x 100\nview a\u{200B}b\n") == """
            x.layout:2:7: error: unexpected character U+200B (an invisible formatting character)
                view a\u{FFFD}b
                      ^
            """)
        // A zero-width non-joiner after a letter joins the letter's cluster: split, and shown.
        #expect(printed("canvas 10 x 10\nview a\u{200C}b\n") == """
            x.layout:2:7: error: unexpected character U+200C (an invisible formatting character)
                view a\u{FFFD}b
                      ^
            """)
        // A line separator would break the echoed line in some terminals.
        #expect(printed("view a\u{2028}\n") == """
            x.layout:1:7: error: unexpected character U+2028 (a line or paragraph separator: lines end with LF or CRLF)
                view a\u{FFFD}
                      ^
            """)
        // A file name is shown the same way: a newline or an escape in it cannot break the
        // `file:line:column:` form or colour the terminal.
        let named = SourceDiagnostic(file: "esc\u{1B}[31mred\nnl.layout", line: 2, column: 3, length: 5, message: "unknown attribute", sourceLine: "a.widht == 1")
        #expect(named.description == """
            esc\u{241B}[31mred\u{240A}nl.layout:2:3: error: unknown attribute
                a.widht == 1
                  ^~~~~
            """)
    }

    @Test func aCarriageReturnAloneIsNamedAsTheLikelyCause() {
        #expect(printed("canvas 100 x 100\rview a\ra.width == 10\r") == """
            x.layout:1:18: error: unexpected `view` at the end of the line; the carriage return (CR) at column 17 does not end a line: lines end with LF or CRLF
                canvas 100 x 100\u{240D}view a\u{240D}a.width == 10
                                 ^~~~
            """)
        // CRLF files are unaffected: the CR before the LF is dropped.
        #expect(printed("view a\r\na.widht == 1\r\n") == """
            x.layout:2:3: error: unknown attribute `widht`; did you mean `width`?
                a.widht == 1
                  ^~~~~
            """)
    }

    @Test func theCaretLinesUpUnderWideCharacters() {
        // Terminals give CJK ideographs and emoji two columns each.
        #expect(printed("view a label \"日本語\" fnot 17\n") == """
            x.layout:1:20: error: unknown view option `fnot`; did you mean `font`?
                view a label "日本語" fnot 17
                                      ^~~~
            """)
        #expect(printed("view a label \"👍é\" fnot 17\n") == """
            x.layout:1:19: error: unknown view option `fnot`; did you mean `font`?
                view a label "👍é" fnot 17
                                   ^~~~
            """)
    }
}
