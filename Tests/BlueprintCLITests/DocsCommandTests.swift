import BlueprintSupport
import Foundation
import Raster
import Testing

/// `blueprint docs`: ```layout blocks of Markdown drawn beside the document, links kept after
/// each block, re-runs that change nothing, and `--check` naming what is out of date.
@Suite struct DocsCommandTests {
    static let card = """
        canvas 320 x 200
        view card margins 16
        view title in card label "Hello" font 22
        card.top == superview.top + 20
        card.leading == superview.leading + 20
        card.trailing == superview.trailing - 20
        card.height == 120
        title.top == card.topMargin
        title.leading == card.leadingMargin

        """
    static let box = "canvas 200 x 100\nview box\nbox.leading = 10\nbox.top = 10\nbox.width = 50\nbox.height = 30\n"

    static let guide = """
        # Guide

        A card:

        ```layout dark=true alt=A_card
        \(card)```

        Not ours, even with a fence inside:

        ```markdown
        ```layout
        canvas 1 x 1
        ```

        ```layout show=none scale=1
        \(box)```
        """

    @Test func drawsEveryBlockLinksItAndChangesNothingTheSecondTime() throws {
        let dir = try Scratch()
        try dir.write("docs/Guide.md", Self.guide)
        try dir.write("card.layout", Self.card)
        try dir.write("box.layout", Self.box)
        let first = try dir.blueprint(["docs", "docs/Guide.md"])
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let cardImage = try #require(lines.first { $0.hasPrefix("docs/Guide.md:5: wrote docs/layout-") && !$0.contains("~dark") })
        let cardStem = String(cardImage.dropFirst("docs/Guide.md:5: wrote docs/".count).dropLast(".png".count))
        #expect(lines == [
            "docs/Guide.md:5: wrote docs/\(cardStem).png",
            "docs/Guide.md:5: wrote docs/\(cardStem)~dark.png",
            lines[2],
            "docs/Guide.md: image links updated",
            "1 document, 3 images: 4 changes",
        ])
        #expect(lines[2].hasPrefix("docs/Guide.md:24: wrote docs/layout-"))
        let boxStem = String(lines[2].dropFirst("docs/Guide.md:24: wrote docs/".count).dropLast(".png".count))
        #expect(cardStem.count == 23 && boxStem.count == 23 && cardStem != boxStem)

        // The links follow the blocks; the rest of the document is untouched.
        let expected = Self.guide
            .replacingOccurrences(of: "\(Self.card)```\n", with: "\(Self.card)```\n<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(cardStem)~dark.png\"><img alt=\"A card\" src=\"\(cardStem).png\"></picture>\n")
            .replacingOccurrences(of: "\(Self.box)```", with: "\(Self.box)```\n![Layout diagram](\(boxStem).png)")
        #expect(try dir.text("docs/Guide.md") == expected)

        // The pictures are what `blueprint render` draws with the same options.
        #expect(try dir.image("docs/\(cardStem).png") == dir.renderImage("card.layout"))
        #expect(try dir.image("docs/\(cardStem)~dark.png") == dir.renderImage("card.layout", "--theme", "dark"))
        #expect(try dir.image("docs/\(boxStem).png") == dir.renderImage("box.layout", "--show", "none", "--scale", "1"))

        // Idempotent: nothing to do, every byte the same.
        let before = try ["docs/Guide.md", "docs/\(cardStem).png", "docs/\(cardStem)~dark.png", "docs/\(boxStem).png"].map { try dir.bytes($0) }
        let second = try dir.blueprint(["docs", "docs/Guide.md"])
        #expect(second.stdout == "1 document, 3 images: nothing to do\n")
        let after = try ["docs/Guide.md", "docs/\(cardStem).png", "docs/\(cardStem)~dark.png", "docs/\(boxStem).png"].map { try dir.bytes($0) }
        #expect(before == after)
        let check = try dir.blueprint(["docs", "--check", "docs/Guide.md"])
        #expect(check.status == 0)
        #expect(check.stdout == "1 document, 3 images: all current\n")
    }

    /// Alt text is escaped: it cannot close the image's text and open a link of its own in
    /// Markdown, nor leave the attribute in HTML.
    @Test func altTextIsEscaped() throws {
        let dir = try Scratch()
        try dir.write("a.md", "```layout alt=![](javascript:alert(1))_<b>\"\ncanvas 10 x 10\n```\n\n```layout dark=true alt=x\"_onload=\"y<\ncanvas 10 x 10\n```\n")
        let run = try dir.blueprint(["docs", "a.md"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try dir.text("a.md").split(separator: "\n").map(String.init)
        let links = lines.filter { $0.hasPrefix("![") || $0.hasPrefix("<picture>") }
        #expect(links.count == 2)
        #expect(links.first?.hasPrefix(#"![\!\[\]\(javascript:alert\(1\)\) \<b\>"](layout-"#) == true, "\(links)")
        #expect(links.last?.contains(#"<img alt="x&quot; onload=&quot;y&lt;" src="layout-"#) == true, "\(links)")
    }

    /// A block in a numbered list item is indented by the item's content (CommonMark): it is
    /// drawn, and its link keeps the indentation; four spaces outside a list is an indented
    /// code block, not a fence.
    @Test func aBlockInAListItemIsDrawn() throws {
        let dir = try Scratch()
        try dir.write("steps.md", """
            # Steps

            1. Lay out the card:

                ```layout
                canvas 100 x 60
                view v
                v.edges == superview.edges - 10
                ```

            2. Done.

            ``` layout
            canvas 60 x 40
            view w
            w.edges == superview.edges - 4
            ```

            Text

                ```layout
                an indented code block, not a fence
                ```

            """)
        let run = try dir.blueprint(["docs", "steps.md"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try dir.text("steps.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[9].hasPrefix("    ![Layout diagram](layout-") && lines[9].hasSuffix(".png)"), "\(lines)")
        // "``` layout", a space before the info string, is a block too (CommonMark).
        #expect(lines.filter { $0.contains("![") }.count == 2)
    }

    /// A link line with the writer's words after it is not taken for this command's own link
    /// (rewriting it dropped the words): a link of ours is added above it, the words stay. A
    /// file in upper-case hex and a folder with an image's name are not this command's: never
    /// removed, never said to be.
    @Test func theWritersTextAndFilesAreNeverRemoved() throws {
        let dir = try Scratch()
        let block = "```layout\ncanvas 100 x 60\nview a size 40 x 20\na.top == 10\na.leading == 10\n```\n"
        try dir.write("a.md", "# t\n\n" + block + "![Layout diagram](layout-723cc94c3cf70fec.png) trailing words\n")
        try dir.write("layout-0123456789ABCDEF.png", "a file of the writer's\n")
        try FileManager.default.createDirectory(atPath: dir.path + "/layout-fedcba9876543210.png", withIntermediateDirectories: true)
        let run = try dir.blueprint(["docs", "a.md"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("removed"), "\(run.stdout)")
        let text = try dir.text("a.md")
        #expect(text.hasSuffix("```\n![Layout diagram](layout-723cc94c3cf70fec.png)\n![Layout diagram](layout-723cc94c3cf70fec.png) trailing words\n"), "\(text)")
        #expect(dir.exists("layout-0123456789ABCDEF.png") && FileSystem.isDirectory(dir.path + "/layout-fedcba9876543210.png"))
        let again = try dir.blueprint(["docs", "--check", "a.md"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// An empty block (or one of comments only) is an error at its line, not a picture of an
    /// empty, ambiguous root; the document is left as it was.
    @Test func anEmptyBlockIsSaidToBeEmpty() throws {
        let dir = try Scratch()
        let text = "# Doc\n\n```layout\n```\n\n```layout\n# nothing yet\n```\n"
        try dir.write("a.md", text)
        let run = try dir.blueprint(["docs", "a.md"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: a.md:3: nothing to lay out: the block has no canvas, no view and no constraint\n"), "\(run.stderr)")
        #expect(try dir.text("a.md") == text)
    }

    @Test func checkNamesMissingStaleAndOrphanedImagesByFileAndLine() throws {
        let dir = try Scratch()
        try dir.write("Guide.md", Self.guide)
        #expect(try dir.blueprint(["docs", "Guide.md"]).status == 0)
        let names = FileSystem.contents(of: dir.path).filter { $0.hasPrefix("layout-") }
        #expect(names.count == 3)
        let linked = try dir.text("Guide.md")

        // Edited block: its image is missing, its link out of date, the old images orphaned.
        try dir.write("Guide.md", linked.replacingOccurrences(of: "card.height == 120", with: "card.height == 100"))
        let edited = try dir.blueprint(["docs", "--check", "Guide.md"])
        #expect(edited.status == 1)
        let cardStem = String(names.first { $0.hasSuffix("~dark.png") }!.dropLast("~dark.png".count))
        let problems = edited.stdout.split(separator: "\n").map(String.init)
        #expect(problems.count == 6)
        #expect(problems[0].hasPrefix("Guide.md:5: missing image layout-") && problems[0].hasSuffix(".png"))
        #expect(problems[1].hasPrefix("Guide.md:5: missing image layout-") && problems[1].hasSuffix("~dark.png"))
        #expect(problems[2] == "Guide.md:5: the image link after the block is out of date")
        #expect(problems[3] == "\(cardStem).png: orphaned image (no layout block draws it)")
        #expect(problems[4] == "\(cardStem)~dark.png: orphaned image (no layout block draws it)")
        #expect(problems[5] == "5 problems; run `blueprint docs Guide.md` to update")
        #expect(try dir.text("Guide.md").contains("card.height == 100"), "--check writes nothing")

        // Updating repairs it all and removes the orphans.
        let update = try dir.blueprint(["docs", "Guide.md"])
        #expect(update.status == 0)
        #expect(update.stdout.contains("removed \(cardStem).png (no layout block draws it)\n"))
        #expect(!dir.exists("\(cardStem).png"))
        #expect(try dir.blueprint(["docs", "--check", "Guide.md"]).status == 0)

        // An image whose bytes are not what the block draws is stale; a link removed is missing.
        let boxImage = names.first { !$0.hasPrefix(cardStem) }!
        try FileManager.default.copyItem(atPath: dir.path + "/" + FileSystem.contents(of: dir.path).first { $0.hasSuffix("~dark.png") }!,
                                         toPath: dir.path + "/stolen.png")
        try dir.remove(boxImage)
        try FileManager.default.moveItem(atPath: dir.path + "/stolen.png", toPath: dir.path + "/" + boxImage)
        let text = try dir.text("Guide.md")
        try dir.write("Guide.md", text.replacingOccurrences(of: "\n![Layout diagram](\(boxImage))", with: ""))
        let stale = try dir.blueprint(["docs", "--check", "Guide.md"])
        #expect(stale.status == 1)
        #expect(stale.stdout == """
            Guide.md:25: stale image \(boxImage) (the block draws differently now)
            Guide.md:25: no image link after the block
            2 problems; run `blueprint docs Guide.md` to update

            """)
    }

    /// Two documents in one folder, updated one at a time: each keeps the other's images.
    @Test func anotherDocumentsImagesAreNeverRemoved() throws {
        let dir = try Scratch()
        try dir.write("docs/a.md", "# A\n\n```layout\n\(Self.card)```\n")
        try dir.write("docs/b.md", "# B\n\n```layout\n\(Self.box)```\n")
        let a = try dir.blueprint(["docs", "docs/a.md"])
        #expect(a.status == 0, "\(a.stderr)")
        let b = try dir.blueprint(["docs", "docs/b.md"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(!b.stdout.contains("removed"), "\(b.stdout)")
        let images = FileSystem.contents(of: dir.path + "/docs").filter { $0.hasSuffix(".png") }
        #expect(images.count == 2)
        let checkA = try dir.blueprint(["docs", "--check", "docs/a.md"])
        #expect(checkA.status == 0, "\(checkA.stdout)")
        // An image nothing names any more is still removed.
        try dir.write("docs/b.md", "# B\n")
        let again = try dir.blueprint(["docs", "docs/b.md"])
        #expect(again.status == 0)
        #expect(FileSystem.contents(of: dir.path + "/docs").filter { $0.hasSuffix(".png") }.count == 1)
        #expect(try dir.blueprint(["docs", "--check", "docs/a.md"]).status == 0)
    }

    /// CRLF line ends and a byte-order mark are read, and kept when the links are written.
    @Test func crlfAndAByteOrderMarkAreKept() throws {
        let dir = try Scratch()
        let text = "\u{FEFF}# Guide\r\n\r\n```layout\r\n" + Self.box.replacingOccurrences(of: "\n", with: "\r\n") + "```\r\n\r\nAfter.\r\n"
        try dir.write("docs/g.md", text)
        let first = try dir.blueprint(["docs", "docs/g.md"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("1 document, 1 image: 2 changes\n"), "\(first.stdout)")
        let written = try dir.text("docs/g.md")
        #expect(written.hasPrefix("\u{FEFF}# Guide\r\n"))
        #expect(written.contains("```\r\n![Layout diagram](layout-"))
        #expect(written.contains(".png)\r\n\r\nAfter.\r\n"))
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends with CRLF")
        let second = try dir.blueprint(["docs", "docs/g.md"])
        #expect(second.stdout == "1 document, 1 image: nothing to do\n")
    }

    @Test func imagesInAnotherFolderAreLinkedRelatively() throws {
        let dir = try Scratch()
        try dir.write("docs/Guide.md", "Intro\n\n```layout\n\(Self.box)```\n")
        let run = try dir.blueprint(["docs", "docs/Guide.md", "--out", "docs/images"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try #require(FileSystem.contents(of: dir.path + "/docs/images").first)
        #expect(try dir.text("docs/Guide.md") == "Intro\n\n```layout\n\(Self.box)```\n![Layout diagram](images/\(image))\n")
    }

    @Test func badBlocksSayWhereAndWhy() throws {
        let dir = try Scratch()
        try dir.write("a.md", "x\n```layout colour=red\ncanvas 10 x 10\n```\n")
        let option = try dir.blueprint(["docs", "a.md"])
        #expect(option.status == 2)
        #expect(option.stderr == "a.md:2:11: error: unknown layout block option 'colour=red': use theme=…, show=…, scale=…, format=…, dark=…, legend=…, width=…, height=…, alt=…\n")
        try dir.write("b.md", "```layout\ncanvas 10 x 10\n")
        #expect(try dir.blueprint(["docs", "b.md"]).stderr == "b.md:1: error: the layout block is never closed (a line ``` ends it)\n")
        try dir.write("c.md", "# C\n\n```layout\ncanvas 10 x 10\nview a\na.width == \n```\n")
        let layout = try dir.blueprint(["docs", "c.md"])
        #expect(layout.status == 2)
        #expect(layout.stderr == "c.md:6:12: error: expected a right-hand side after the relation\n    a.width == \n               ^\n")
        try dir.write("d.md", "```layout scale=4\ncanvas 10 x 10\n```\n")
        #expect(try dir.blueprint(["docs", "d.md"]).stderr == "d.md:1:11: error: layout block option scale=4: expected 1, 2 or 3\n")
        try dir.write("e.md", "```layout theme=dark theme=light\ncanvas 10 x 10\n```\n")
        #expect(try dir.blueprint(["docs", "e.md"]).stderr == "e.md:1:22: error: layout block option theme= is given twice\n")
        // Every bad block of a document is said, in line order (only the last one was), and
        // nothing is written; an empty `alt=` is an empty description, not an unknown option.
        try dir.write("f.md", "```layout theme=neon\ncanvas 10 x 10\n```\n\n```layout\ncanvas 10 x 10\nview b\nb.width ==\n```\n\n```layout scale=9 alt=\ncanvas 10 x 10\n```\n")
        let all = try dir.blueprint(["docs", "f.md"])
        #expect(all.status == 2)
        #expect(all.stderr == """
            f.md:1:11: error: layout block option theme=neon: expected light, dark, blueprint
            f.md:8:11: error: expected a right-hand side after the relation
                b.width ==
                          ^
            f.md:11:11: error: layout block option scale=9: expected 1, 2 or 3

            """)
        #expect(FileSystem.contents(of: dir.path).filter { $0.hasPrefix("layout-") }.isEmpty, "nothing half-written")
    }

    /// Fences close as CommonMark closes them: a ```` ```` ```` fence around a ```` ```swift ````
    /// example ends at its own four backticks, and a ```` ```layout ```` example inside a `~~~`
    /// fence is text, not a block.
    @Test func nestedFencesAreReadAsCommonMarkReadsThem() throws {
        let dir = try Scratch()
        try dir.write("g.md", "````markdown\n```swift\nlet x = 1\n```\n````\n\n```layout\n\(Self.box)```\n\n~~~\n```layout\nview a\na.foo == 1\n```\n~~~\n")
        let check = try dir.blueprint(["docs", "g.md", "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix("g.md:7: missing image "), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("2 problems; run `blueprint docs g.md` to update\n"), "\(check.stdout)")
    }

    /// A layout fence is any CommonMark fence whose info string is `layout`: indented in a list
    /// item (its indentation taken off the text, and given to the link and to a message's
    /// column), four backticks, or tildes.
    @Test func everyFenceCommonMarkReadsIsABlock() throws {
        let dir = try Scratch()
        let text = "- Item:\n\n  ```layout\n  canvas 100 x 100\n  view a\n  a.widht == 1\n  ```\n\n````layout\n\(Self.box)````\n\n~~~layout\n\(Self.box.replacing("box.width = 50", with: "box.width = 60"))~~~\n"
        try dir.write("h.md", text)
        let bad = try dir.blueprint(["docs", "h.md", "--check"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "h.md:6:5: error: unknown attribute `widht`; did you mean `width`?\n      a.widht == 1\n        ^~~~~\n")
        try dir.write("h.md", text.replacing("widht", with: "width"))
        #expect(try dir.blueprint(["docs", "h.md"]).status == 0)
        let lines = try String(contentsOfFile: dir.path + "/h.md", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[7].hasPrefix("  ![Layout diagram](layout-"), "\(lines)")
        #expect(lines[17].hasPrefix("![Layout diagram](layout-") && lines[27].hasPrefix("![Layout diagram](layout-"), "\(lines)")
        #expect(FileSystem.contents(of: dir.path).filter { $0.hasPrefix("layout-") }.count == 3)
        #expect(try dir.blueprint(["docs", "h.md", "--check"]).stdout == "1 document, 3 images: all current\n")
    }

    @Test func aBadBlockAnywhereLeavesEveryDocumentAsItWas() throws {
        // The bad block is the first of c.md (blocks are drawn bottom to top) and in the last
        // document: a.md and c.md's good block were drawn, and nothing of them may be written.
        let dir = try Scratch()
        let a = "# A\n\n```layout\n\(Self.box)```\n"
        let c = "```layout\nview a\na.q == 1\n```\n\n```layout\n\(Self.box)```\n"
        try dir.write("a.md", a)
        try dir.write("c.md", c)
        let run = try dir.blueprint(["docs", "a.md", "c.md"])
        #expect(run.status == 2)
        #expect(run.stderr == "c.md:3:3: error: unknown attribute `q`\n    a.q == 1\n      ^\n")
        #expect(run.stdout.isEmpty)
        #expect(try dir.text("a.md") == a && dir.text("c.md") == c)
        #expect(!FileSystem.contents(of: dir.path).contains { $0.hasPrefix("layout-") })
    }

    @Test func aDocumentThatIsNotUTF8IsLeftAlone() throws {
        // Latin-1 `é` (0xE9): decoded as U+FFFD, the rewrite of the links would have replaced it.
        let dir = try Scratch()
        let latin1: [UInt8] = Array("# Menu\nCaf".utf8) + [0xE9] + Array(" au lait\n\n```layout\n\(Self.box)```\n".utf8)
        try FileIO.writeAtomically(latin1, to: dir.path + "/menu.md")
        let run = try dir.blueprint(["docs", "menu.md"])
        #expect(run.status == 2)
        #expect(run.stderr == "menu.md:2:4: error: invalid UTF-8 (byte 0xE9 at offset 10): documents are read and rewritten as UTF-8 text; convert it to UTF-8 first\n")
        #expect(try dir.bytes("menu.md") == latin1)
        #expect(!FileSystem.contents(of: dir.path).contains { $0.hasPrefix("layout-") })
        let check = try dir.blueprint(["docs", "--check", "menu.md"])
        #expect(check.status == 2)
    }
}

extension Scratch {
    /// The pixels `blueprint render FILE ARGUMENTS` draws.
    func renderImage(_ file: String, _ arguments: String...) throws -> Bitmap {
        let out = ".render-\(UUID().uuidString).png"
        let run = try blueprint(["render", file, "-o", out] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        defer { try? remove(out) }
        return try image(out)
    }
}
