import Foundation
import Blueprint
import Testing

/// Text laid out as UILabel does: shaped (kerning, Arabic joining, marks), wrapped, truncated,
/// aligned, bidirectional, with fallback faces. Every number is exact: HarfBuzz's advances of
/// the bundled faces, scaled to the size.
@Suite struct TextLayoutTests {
    let body = TextStyle(font: .system(size: 15), numberOfLines: 0)

    func lines(_ text: String, _ style: TextStyle, width: Double?, rtl: Bool = false, maxHeight: Double? = nil) -> [String] {
        TextLayout(text: text, style: style, width: width, maxHeight: maxHeight, rightToLeft: rtl).lines.map(\.text)
    }

    @Test func wrapsAtWordsAndHangsSpaces() {
        let l = TextLayout(text: "Blueprint lays out text as UIKit does: wrapped at the width the layout gives.", style: body, width: 200)
        #expect(l.lines.map(\.text) == ["Blueprint lays out text as", "UIKit does: wrapped at the", "width the layout gives."])
        #expect(l.lines.map(\.width) == [174.92897727272728, 189.92897727272725, 159.77982954545456])
        #expect(l.usedWidth == 189.92897727272725)
        // Line height is Inter's ascender + descender (hhea) at 15 points; baselines step by it.
        #expect(l.lineHeight == 18.15340909090909)
        #expect(l.lines.map(\.baseline) == [14.531249999999998, 14.531249999999998 + 18.15340909090909, 14.531249999999998 + 2 * 18.15340909090909])
        #expect(l.height == 3 * 18.15340909090909)
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
        #expect(lines("Supercalifragilisticexpialidocious", body, width: 100) == ["Supercalifragi", "listicexpialido", "cious"])
        let chars = TextStyle(font: .system(size: 15), numberOfLines: 0, lineBreakMode: .charWrap)
        #expect(lines("abcdefgh", chars, width: 30) == ["abc", "def", "gh"])
        #expect(lines("ab cd ef gh", chars, width: 30) == ["ab", "cd", "ef g", "h"])
    }

    /// A URL or a path breaks after its slashes before a letter (UAX #14's SY, as UILabel's
    /// line breaking does), not inside its words; never before a slash, nor before a digit.
    @Test func pathsBreakAfterTheirSlashes() {
        let url = "https://example.com/a/very/long/path/without/spaces/index.html"
        #expect(lines(url, body, width: 184) == ["https://example.com/a/", "very/long/path/without/", "spaces/index.html"])
        // Before a digit there is no opportunity: the number run wraps as a word too long does.
        #expect(lines("Steps 1/2/3/4/5/6/7/8/9/10/11/12", body, width: 120) == ["Steps", "1/2/3/4/5/6/7/8/", "9/10/11/12"])
    }

    @Test func truncationAtTheTailHeadAndMiddle() {
        let path = "/Users/me/Documents/Reports/2026/weekly.pdf"
        #expect(lines(path, TextStyle(font: .system(size: 13)), width: 150) == ["/Users/me/Documents…"])
        #expect(lines(path, TextStyle(font: .system(size: 13), lineBreakMode: .truncateHead), width: 150) == ["…orts/2026/weekly.pdf"])
        #expect(lines(path, TextStyle(font: .system(size: 13), lineBreakMode: .truncateMiddle), width: 150) == ["/Users/me/…weekly.pdf"])
        #expect(lines(path, TextStyle(font: .system(size: 13), lineBreakMode: .clip), width: 150) == [path])
        let l = TextLayout(text: path, style: TextStyle(font: .system(size: 13)), width: 150)
        #expect(l.isTruncated && l.usedWidth <= 150)
        // Fits: nothing is cut.
        #expect(lines("Short", TextStyle(font: .system(size: 13)), width: 150) == ["Short"])
    }

    @Test func theLastAllowedLineEndsInAnEllipsis() {
        let two = TextStyle(font: .system(size: 15), numberOfLines: 2)
        #expect(lines("One two three four five six seven eight nine ten", two, width: 120) == ["One two three", "four five six se…"])
        let wrapTwo = TextStyle(font: .system(size: 15), numberOfLines: 2, lineBreakMode: .wordWrap)
        #expect(lines("One two three four five six seven eight nine ten", wrapTwo, width: 120) == ["One two three", "four five six"])
        // A height that holds two lines shows two, the second truncated.
        #expect(lines("One two three four five six seven eight nine ten", body, width: 120, maxHeight: 40) == ["One two three", "four five six se…"])
        // Paragraphs: a second paragraph past the limit puts "…" on the first.
        #expect(lines("Title\nDetails", TextStyle(font: .system(size: 15)), width: 200) == ["Title…"])
        #expect(lines("Title\nDetails", body, width: 200) == ["Title", "Details"])
    }

    @Test func kerningLigaturesAndWeights() {
        func width(_ s: String, _ f: Font = .system(size: 15)) -> Double { TextLayout(text: s, style: TextStyle(font: f), width: nil).usedWidth }
        #expect(width("A") == 10.142045454545453)
        #expect(width("V") == 10.142045454545453)
        #expect(width("AV") == 19.261363636363633, "kerned: less than A + V")
        #expect(width("Bold", .system(size: 15, weight: .bold)) > width("Bold"))
        let faces = Font.Weight.allCases.map { TextLayout(text: "Hi", style: TextStyle(font: .system(size: 17, weight: $0)), width: nil).lines[0].runs[0].face.name }
        #expect(faces == ["Inter Regular", "Inter Regular", "Inter Regular", "Inter Regular", "Inter Medium", "Inter SemiBold", "Inter Bold",
                          "Inter ExtraBold", "Inter ExtraBold"])
        #expect(TextLayout(text: "Hi", style: TextStyle(font: .system(size: 17, weight: .semibold, italic: true)), width: nil).lines[0].runs[0].face.name
                == "Inter SemiBold Italic")
    }

    @Test func arabicJoinsAndRunsRightToLeft() {
        let l = TextLayout(text: "مرحبا", style: body, width: nil)
        #expect(l.lines[0].isRightToLeft)
        #expect(l.lines[0].runs.map(\.face.name) == ["Noto Sans Arabic Regular"])
        // Joined: the same letter takes another glyph in another position (initial ب in "بب" and final ب).
        let bb = TextLayout(text: "بب", style: body, width: nil).lines[0].runs[0].glyphs
        #expect(bb.count == 2 && bb[0] != bb[1])
        let isolated = TextLayout(text: "ب", style: body, width: nil).lines[0].runs[0].glyphs
        #expect(!bb.contains(isolated[0]))
        // Right to left: the first letter is drawn rightmost (Hebrew letters do not join, so
        // each keeps the glyph it has alone).
        func glyph(_ s: String) -> UInt32 { TextLayout(text: s, style: body, width: nil).lines[0].runs[0].glyphs[0] }
        let ab = TextLayout(text: "אב", style: body, width: nil).lines[0].runs[0]
        #expect(ab.glyphs == [glyph("ב"), glyph("א")])
        #expect(ab.positions[0].x < ab.positions[1].x)
    }

    @Test func mixedDirectionsFollowTheBidiAlgorithm() {
        // An LTR paragraph with an Arabic phrase and a number after it: the number stays to the
        // left of the Arabic words (it belongs to the right-to-left run), as iOS shows it.
        let l = TextLayout(text: "Blueprint يرسم التخطيط 2026", style: body, width: nil).lines[0]
        #expect(!l.isRightToLeft)
        #expect(l.runs.map(\.face.name) == ["Inter Regular", "Noto Sans Arabic Regular"])
        #expect(l.runs[0].positions[0].x == 0)
        // Latin in a right-to-left layout keeps its punctuation at its end, aligned right.
        let rtl = TextLayout(text: "No UIKit required.", style: body, width: 300, rightToLeft: true).lines[0]
        #expect(!rtl.isRightToLeft)
        #expect(rtl.x == 300 - rtl.width)
        let xs = rtl.runs.flatMap(\.positions).map(\.x)
        #expect(xs == xs.sorted(), "the full stop is drawn last, at the right")
        // An Arabic paragraph in a left-to-right layout: natural alignment is the layout's (left).
        #expect(TextLayout(text: "مرحبا", style: body, width: 300).lines[0].x == 0)
        #expect(TextLayout(text: "مرحبا", style: body, width: 300, rightToLeft: true).lines[0].x == 300 - 31.559999999999995)
    }

    @Test func fallbackFacesAndThePlaceholder() {
        let l = TextLayout(text: "Party 🎉 ok 漢字 𓀀", style: body, width: nil)
        #expect(l.lines[0].runs.map(\.face.name) == ["Inter Regular", "Noto Color Emoji", "Inter Regular", "Droid Sans Fallback", "Inter Regular"])
        #expect(l.missingCharacters == ["𓀀"], "no bundled face has hieroglyphs: drawn as the missing-glyph box and reported")
        // Chinese and Japanese wrap between ideographs.
        #expect(lines("日本語のテキストは文字の間で折り返します", body, width: 100) == ["日本語のテキ", "ストは文字の", "間で折り返し", "ます"])
        let hindi = TextLayout(text: "नमस्ते", style: body, width: nil).lines[0].runs
        #expect(hindi.map(\.face.name) == ["Noto Sans Devanagari Regular"])
        #expect(hindi[0].glyphs.count < "नमस्ते".unicodeScalars.count, "a conjunct: fewer glyphs than characters")
        #expect(TextLayout(text: "שלום", style: body, width: nil).lines[0].runs.map(\.face.name) == ["Noto Sans Hebrew Regular"])
    }

    /// A tab is laid out as a space (a text with tabs stays readable, and breaks there); other
    /// control characters, which UILabel draws as nothing, take no room and are no missing
    /// character (a box and a text problem before).
    @Test func aTabIsASpaceAndControlCharactersAreInvisible() {
        func layout(_ s: String) -> TextLayout { TextLayout(text: s, style: TextStyle(font: .system(size: 17)), width: nil) }
        #expect(layout("Name\tValue").usedWidth == layout("Name Value").usedWidth)
        #expect(layout("Name\tValue").missingCharacters.isEmpty)
        for control in ["\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}"] {
            let l = layout("ab" + control + "c")
            #expect(l.missingCharacters.isEmpty && l.usedWidth == layout("abc").usedWidth, "\(control.unicodeScalars.first!.value)")
        }
        let wrapped = TextLayout(text: "Name\tValue", style: TextStyle(font: .system(size: 17), numberOfLines: 0), width: 60)
        #expect(wrapped.lines.count == 2)
    }

    @Test func alignmentInTheWidth() {
        func x(_ a: TextAlignment, rtl: Bool = false) -> Double {
            TextLayout(text: "Hello", style: TextStyle(font: .system(size: 15), alignment: a), width: 200, rightToLeft: rtl).lines[0].x
        }
        let w = TextLayout(text: "Hello", style: TextStyle(font: .system(size: 15)), width: nil).usedWidth
        #expect(x(.left) == 0 && x(.natural) == 0)
        #expect(x(.right) == 200 - w && x(.natural, rtl: true) == 200 - w && x(.left, rtl: true) == 0)
        #expect(x(.center) == (200 - w) / 2)
        let j = TextLayout(text: "justify these words across the whole line please now",
                           style: TextStyle(font: .system(size: 15), numberOfLines: 0, alignment: .justified), width: 180)
        #expect(j.lines.map(\.width) == [180, 180, 80.32670454545455], "wrapped lines fill the width; the last is natural")
        let last = j.lines[0].runs[0].positions.last!.x
        #expect(last > 170 && last < 180)
    }

    @Test func sameInputSameGlyphs() {
        let a = TextLayout(text: "Blueprint يرسم 🎉 नमस्ते", style: body, width: 120)
        let b = TextLayout(text: "Blueprint يرسم 🎉 नमस्ते", style: body, width: 120)
        #expect(a.lines.map(\.text) == b.lines.map(\.text))
        #expect(a.lines.flatMap(\.runs).map(\.glyphs) == b.lines.flatMap(\.runs).map(\.glyphs))
        #expect(a.lines.flatMap(\.runs).flatMap(\.positions) == b.lines.flatMap(\.runs).flatMap(\.positions))
    }

    @Test func fontFilesLoadOrSayWhy() throws {
        let path = repositoryPath("Sources/CBlueprintFont/fonts/Inter-Medium.otf")
        let face = try FontFace(contentsOfFile: path)
        #expect(face.name == "Inter-Medium.otf")
        #expect(face.unitsPerEm == 2816)
        let l = TextLayout(text: "Hi", style: TextStyle(font: Font(face: face, size: 17)), width: nil)
        let bundled = TextLayout(text: "Hi", style: TextStyle(font: .system(size: 17, weight: .medium)), width: nil)
        #expect(l.usedWidth == bundled.usedWidth, "the same font file measures the same")
        #expect(throws: FontError.unreadable(path: "/nonexistent/Inter.ttf", reason: "cannot open: No such file or directory")) {
            try FontFace(contentsOfFile: "/nonexistent/Inter.ttf")
        }
        #expect(throws: FontError.notAFont(name: "junk.ttf")) { try FontFace(data: Array("not a font at all".utf8), name: "junk.ttf") }
        // A file cut short keeps its table directory; its tables lie past its end.
        let whole = try #require(FileManager.default.contents(atPath: path))
        #expect(throws: FontError.notAFont(name: "cut.otf")) { try FontFace(data: Array(whole.prefix(500)), name: "cut.otf") }
        // As the issue writes it: a label with a font file of its own.
        let label = Label(font: .file(path, size: 17))
        label.text = "Hi"
        #expect(label.name == "label" && label.intrinsicContentSize == Label(name: "m", text: "Hi", font: .system(size: 17, weight: .medium)).intrinsicContentSize)
        // A `.file` font that cannot be loaded lays out in the system font and says why.
        let missing = TextLayout(text: "Hi", style: TextStyle(font: .file("/nonexistent/Inter.ttf", size: 17)), width: nil)
        #expect(missing.lines[0].runs[0].face.name == "Inter Regular")
        #expect(missing.fontProblem?.description == "font file /nonexistent/Inter.ttf: cannot open: No such file or directory")
    }
}

/// A path in this repository.
func repositoryPath(_ relative: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/BlueprintTests/X.swift
    return parts.joined(separator: "/") + "/" + relative
}
