import Blueprint
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The text options of labels in `.layout` files: fonts (sizes, weights, italic, font files),
/// line limits, alignment, truncation and wrapping, long texts across lines, and their errors.
@Suite struct LayoutFileTextTests {
    func parse(_ text: String, file: String = "test.layout") throws(SourceDiagnostics) -> LayoutDocument {
        try LayoutDocument(parsing: text, file: file)
    }

    func errors(_ text: String, file: String = "test.layout") -> String { LayoutFileTests().errors(text, file: file) }

    @Test func everyTextOption() throws {
        let d = try parse("""
            view title label "Weekly report" font 22 weight semibold
            view body label "Text" font 15 lines 0 align justified
            view path label "/a/b/c" font 13 truncate middle
            view quote label "Quoted" italic weight bold align center
            view code label "x" wrap char lines 3 maxwidth 120
            view cut label "y" clip
            """)
        let title = try #require(d.view(named: "title") as? Label)
        #expect(title.font == .system(size: 22, weight: .semibold))
        #expect(title.numberOfLines == 1 && title.lineBreakMode == .truncateTail && title.textAlignment == .natural)
        let body = try #require(d.view(named: "body") as? Label)
        #expect(body.fontSize == 15 && body.numberOfLines == 0 && body.textAlignment == .justified)
        #expect((d.view(named: "path") as? Label)?.lineBreakMode == .truncateMiddle)
        let quote = try #require(d.view(named: "quote") as? Label)
        #expect(quote.font == .system(size: 17, weight: .bold, italic: true) && quote.textAlignment == .center)
        let code = try #require(d.view(named: "code") as? Label)
        #expect(code.lineBreakMode == .charWrap && code.numberOfLines == 3 && code.preferredMaxLayoutWidth == 120)
        #expect((d.view(named: "cut") as? Label)?.lineBreakMode == .clip)
    }

    @Test func longTextsContinueOnLinesThatStartWithAQuote() throws {
        let d = try parse("""
            view body label "Blueprint lays out text as UIKit does, "
                "wrapped at the width the layout gives, "
                # a comment between is fine
                "in every script." font 15 lines 0
            body.width == 200
            """)
        let body = try #require(d.view(named: "body") as? Label)
        #expect(body.text == "Blueprint lays out text as UIKit does, wrapped at the width the layout gives, in every script.")
        #expect(body.numberOfLines == 0)
        #expect(d.constraints.count == 1)
        // An error points at the line it is on, a continuation line too.
        #expect(errors("""
            view body label "A "
                "B" lines many
            """) == """
            test.layout:2:15: error: unknown metric `many`
                    "B" lines many
                              ^~~~
            """)
        #expect(errors("""
            canvas 375 x 667
            "orphan"
            view t
            """) == """
            test.layout:2:1: error: unexpected `"orphan"` at the end of the line
                "orphan"
                ^~~~~~~~
            """)
    }

    @Test func fontFilesByName() throws {
        let fonts = repositoryPath("Sources/CBlueprintFont/fonts")
        let d = try parse("""
            fontfile inter "Inter-Medium.otf"
            view title label "Hello" font inter 20
            """, file: fonts + "/screen.layout")
        let title = try #require(d.view(named: "title") as? Label)
        #expect(title.fontSize == 20)
        guard case .face(let face) = title.font.source else { Issue.record("not a font file: \(title.font.source)"); return }
        #expect(face.name == "Inter-Medium.otf")
        #expect(title.intrinsicContentSize == Label(name: "b", text: "Hello", font: .system(size: 20, weight: .medium)).intrinsicContentSize)
    }

    /// A font file that is a named pipe is refused, not opened (opening it waits for a writer:
    /// `solve` blocked for ever); a path holding a newline is shown on the message's one line.
    @Test func aFontFileThatIsAPipeIsRefusedAndAPathStaysOnOneLine() throws {
        let folder = "/tmp/blueprint-fontfile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(folder, 0o755) == 0)
        defer { unlink(folder + "/fifo"); rmdir(folder) }
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        #expect(errors("fontfile f \"fifo\"", file: folder + "/screen.layout") == """
            \(folder)/screen.layout:1:12: error: font file \(folder)/fifo: cannot read: it is not a regular file (a pipe, a socket or a device)
                fontfile f "fifo"
                           ^~~~~~
            """)
        #expect(errors("fontfile f \"/nonexistent/a\\nb.ttf\"") == """
            test.layout:1:12: error: font file /nonexistent/a\u{240A}b.ttf: cannot open: No such file or directory
                fontfile f "/nonexistent/a\\nb.ttf"
                           ^~~~~~~~~~~~~~~~~~~~~~~
            """)
    }

    @Test func textOptionErrorsSayWhereAndWhy() {
        #expect(errors("fontfile inter \"/nonexistent/Inter.ttf\"") == """
            test.layout:1:16: error: font file /nonexistent/Inter.ttf: cannot open: No such file or directory
                fontfile inter "/nonexistent/Inter.ttf"
                               ^~~~~~~~~~~~~~~~~~~~~~~~
            """)
        // A label that uses a font whose file failed is not reported again.
        #expect(errors("fontfile inter \"/nonexistent/Inter.ttf\"\nview t label \"x\" font inter 17\nt.top == root.top") == """
            test.layout:1:16: error: font file /nonexistent/Inter.ttf: cannot open: No such file or directory
                fontfile inter "/nonexistent/Inter.ttf"
                               ^~~~~~~~~~~~~~~~~~~~~~~~
            """)
        #expect(errors("view t label \"x\" font sans 17") == """
            test.layout:1:23: error: unknown font `sans`: declare it first with `fontfile sans "File.ttf"`
                view t label "x" font sans 17
                                      ^~~~
            """)
        #expect(errors("view t label \"x\" weight heavyish") == """
            test.layout:1:25: error: unknown weight `heavyish`: use ultralight, thin, light, regular, medium, semibold, bold, heavy, black
                view t label "x" weight heavyish
                                        ^~~~~~~~
            """)
        #expect(errors("view t label \"x\" lines -1") == """
            test.layout:1:24: error: a number of lines is a whole number from 0 (unlimited) to 100000
                view t label "x" lines -1
                                       ^~
            """)
        #expect(errors("view t label \"x\" truncate middle wrap word") == """
            test.layout:1:34: error: `wrap` conflicts with the line-break mode `middle` given before: a label has one
                view t label "x" truncate middle wrap word
                                                 ^~~~
            """)
        #expect(errors("view t lines 2") == """
            test.layout:1:6: error: `lines` is for labels: add `label "…"`
                view t lines 2
                     ^
            """)
        #expect(errors("view t label \"x\" align middle") == """
            test.layout:1:24: error: unknown alignment `middle`: use natural, left, center, right, justified
                view t label "x" align middle
                                       ^~~~~~
            """)
    }
}
