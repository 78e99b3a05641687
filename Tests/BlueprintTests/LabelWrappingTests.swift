import Blueprint
import Testing

/// Multi-line labels in a layout: the height follows the width the layout gives (UIKit's two
/// passes), `preferredMaxLayoutWidth`, line limits, and the sizes one-line labels ask for.
@Suite struct LabelWrappingTests {
    let text = "Blueprint lays out text as UIKit does: wrapped at the width the layout gives."

    func card(width: Double) -> (View, Label, View) {
        let root = View(name: "root")
        root.translatesAutoresizingMaskIntoConstraints = true
        root.frame = Rect(x: 0, y: 0, width: width, height: 400)
        let body = Label(name: "body", text: text, fontSize: 15)
        body.numberOfLines = 0
        let below = View(name: "below")
        root.addSubview(body)
        root.addSubview(below)
        try! activate([
            body.leading == root.leading + 16, body.trailing == root.trailing - 16, body.top == root.top + 20,
            below.leading == root.leading, below.top == body.bottom + 8, below.size == Size(10, 10),
        ])
        return (root, body, below)
    }

    /// A wrapping label laid out 0 wide (hidden in a row, or squeezed out) measures as one
    /// line, as UILabel does with no width to wrap at: wrapped at 0 it was a character a line
    /// and stretched its row to hundreds of points.
    @Test func aLabelLaidOutZeroWideIsOneLine() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let label = Label(name: "t", text: "The quick brown fox jumps over the lazy dog", fontSize: 17)
        label.numberOfLines = 0
        root.addSubview(label)
        try activate([label.left == root.left, label.top == root.top, label.width == 0])
        root.layoutIfNeeded()
        #expect(label.frame == Rect(x: 0, y: 0, width: 0, height: 21))
        let shown = Label(name: "a", text: "Wi-Fi", fontSize: 17), detail = Label(name: "d", text: "Home network, 5 GHz", fontSize: 17)
        detail.numberOfLines = 0
        detail.isHidden = true
        let row = StackView(name: "row", arrangedSubviews: [shown, detail])
        root.addSubview(row)
        try activate([row.leading == root.leading, row.trailing == root.trailing, row.top == root.top + 100])
        root.layoutIfNeeded()
        #expect(row.frame.height == 21)
        #expect(detail.frame.height == 21)
    }

    @Test func theHeightFollowsTheLaidOutWidth() {
        let (root, body, below) = card(width: 232)
        root.layoutIfNeeded()
        // 200 points wide: three lines of 18.15 (Inter at 15), 54.46 rounded up to 55.
        #expect(body.frame == Rect(x: 16, y: 20, width: 200, height: 55))
        #expect(below.frame.minY == 83)
        #expect(body.textLayout.lines.map(\.text) == ["Blueprint lays out text as", "UIKit does: wrapped at the", "width the layout gives."])
        // Wider: two lines; the second pass follows the new width.
        root.frame = Rect(x: 0, y: 0, width: 432, height: 400)
        root.layoutIfNeeded()
        #expect(body.frame == Rect(x: 16, y: 20, width: 400, height: 37))
        #expect(below.frame.minY == 65)
        // Wide enough for one line.
        root.frame = Rect(x: 0, y: 0, width: 800, height: 400)
        root.layoutIfNeeded()
        #expect(body.frame.height == 19)
    }

    @Test func aPreferredWidthWrapsFromTheStart() {
        let root = View(name: "root")
        let body = Label(name: "body", text: text, fontSize: 15)
        body.numberOfLines = 0
        body.preferredMaxLayoutWidth = 200
        root.addSubview(body)
        try! activate([body.leading == root.leading, body.top == root.top])
        root.layoutIfNeeded()
        // Hugging its text: as wide as the widest wrapped line, rounded up.
        #expect(body.frame == Rect(x: 0, y: 0, width: 190, height: 55))
        #expect(body.intrinsicContentSize == Size(190, 55))
    }

    @Test func oneLineAsksForItsWholeTextAndTruncatesWhenSqueezed() {
        let root = View(name: "root")
        root.translatesAutoresizingMaskIntoConstraints = true
        root.frame = Rect(x: 0, y: 0, width: 150, height: 100)
        let title = Label(name: "title", text: "Quarterly financial summary", font: .system(size: 17, weight: .semibold))
        root.addSubview(title)
        try! activate([title.leading == root.leading, title.trailing <= root.trailing, title.top == root.top])
        root.layoutIfNeeded()
        #expect(title.intrinsicContentSize.width > 150)
        #expect(title.frame == Rect(x: 0, y: 0, width: 150, height: 21))
        let drawn = title.textLayout(in: title.frame.size)
        #expect(drawn.lines.map(\.text) == ["Quarterly financ…"])
        #expect(drawn.isTruncated)
    }

    @Test func aCellMeasuredAtAWidthWrapsItsLabels() {
        let cell = View(name: "cell")
        let body = Label(name: "body", text: text, fontSize: 15)
        body.numberOfLines = 0
        cell.addSubview(body)
        try! activate([body.edges == cell.margins])
        // 216 wide with margins of 8: the label gets 200, three lines of 18.15 → 55, plus 16.
        let size = cell.systemLayoutSizeFitting(Size(width: 216, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 216, height: 71))
    }

    @Test func emptyTextHasNoSizeAndABadFontSizeIsRefused() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let label = Label(name: "empty", text: "", fontSize: 15)
        root.addSubview(label)
        #expect(label.intrinsicContentSize == Size(0, 0))
        label.fontSize = .nan
        #expect(label.fontSize == 15)
        label.fontSize = .infinity
        #expect(label.fontSize == 15)
        root.layoutIfNeeded()
        #expect(root.layoutReport.refused.map(\.description) == [
            "the font size is not a finite number in `empty.font.size = nan`",
            "the font size is not a finite number in `empty.font.size = inf`",
        ])
    }

    @Test func aLineLimitCapsTheHeight() {
        let (root, body, _) = card(width: 232)
        body.numberOfLines = 2
        root.layoutIfNeeded()
        #expect(body.frame == Rect(x: 16, y: 20, width: 200, height: 37))
        #expect(body.textLayout(in: body.frame.size).lines.map(\.text) == ["Blueprint lays out text as", "UIKit does: wrapped at th…"])
    }
}

/// Text problems are part of the layout report: a font file that failed, characters no face has.
@Suite struct TextProblemReportTests {
    @Test func reportedByName() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let cjk = Label(name: "cjk", text: "漢字 𓀀 ok 𓀁 𓀀", fontSize: 15)
        let file = Label(name: "file", text: "Hi", font: .file("/nonexistent/Brand.ttf", size: 15))
        let fine = Label(name: "fine", text: "مرحبا 🎉 नमस्ते", fontSize: 15)
        for v in [cjk, file, fine] { root.addSubview(v) }
        try! activate([cjk.leading == root.leading, cjk.top == root.top, file.leading == root.leading, file.top == cjk.bottom,
                       fine.leading == root.leading, fine.top == file.bottom])
        root.layoutIfNeeded()
        let report = root.layoutReport
        #expect(!report.isClean)
        #expect(report.summaryLines == [
            "text: cjk: no bundled font has 𓀀 (U+13000), 𓀁 (U+13001): drawn as boxes",
            "text: file: font file /nonexistent/Brand.ttf: cannot open: No such file or directory (the system font is used)",
        ])
    }

    /// A text with terminal escapes: the control characters are drawn as nothing, as UILabel
    /// draws them, and take no room; they are not missing characters of the fonts.
    @Test func controlCharactersAreDrawnAsNothing() {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let t = Label(name: "t", text: "\u{1B}[31mred\u{7}", fontSize: 15)
        let plain = Label(name: "plain", text: "[31mred", fontSize: 15)
        root.addSubview(t)
        root.addSubview(plain)
        try! activate([t.leading == root.leading, t.top == root.top, plain.leading == root.leading, plain.top == t.bottom])
        root.layoutIfNeeded()
        #expect(root.layoutReport.summaryLines == [])
        #expect(t.frame.size == plain.frame.size)
    }
}
