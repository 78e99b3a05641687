import Blueprint
import Foundation
import Testing

/// The three text screens of `fixtures/text` (a news feed, an Arabic settings screen, a chat of
/// mixed directions), laid out as the CLI lays them out: exact frames of the views whose size
/// comes from their text, and the lines each shows.
@Suite struct TextScreenTests {
    func screen(_ name: String) throws -> LayoutDocument {
        let path = repositoryPath("fixtures/text/\(name).layout")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let d = try LayoutDocument(bytes: [UInt8](bytes), file: path)
        d.root.layoutIfNeeded()
        return d
    }

    func frame(_ d: LayoutDocument, _ name: String) -> Rect? { d.view(named: name)?.frame }

    func lines(_ d: LayoutDocument, _ name: String) -> [String] {
        guard let l = d.view(named: name) as? Label else { return [] }
        return l.textLayout(in: l.frame.size).lines.map(\.text)
    }

    @Test func newsFeed() throws {
        let d = try screen("news-feed")
        #expect(d.root.layoutReport.isClean, "\(d.root.layoutReport.summaryLines)")
        #expect(frame(d, "title") == Rect(x: 16, y: 55, width: 102, height: 42))
        // Five lines of 15-point Inter in the 306 points the column leaves.
        #expect(frame(d, "p1Body") == Rect(x: 0, y: 25, width: 306, height: 91))
        #expect(lines(d, "p1Body") == ["The engine might compose elaborate and", "scientific pieces of music of any degree of",
                                       "complexity or extent, if the relations of", "pitched sounds were expressed in its", "notation."])
        #expect(frame(d, "p1LinkTitle") == Rect(x: 10, y: 10, width: 286, height: 37))
        #expect(lines(d, "p1LinkTitle") == ["Notes on the Analytical Engine: a first", "program, published in 1843 with the t…"])
        #expect(lines(d, "p1LinkURL") == ["https://archive.exampl…tical-engine/notes.pdf"])
        #expect(frame(d, "p1Handle") == Rect(x: 104, y: 0, width: 180, height: 19))
        #expect(lines(d, "p1Handle") == ["@ada · Analytical Engin…"])
        #expect(frame(d, "p2Body") == Rect(x: 0, y: 25, width: 306, height: 37))
        #expect(frame(d, "p3Body") == Rect(x: 0, y: 25, width: 306, height: 55))
        #expect(lines(d, "p3Body").last == "pioneers, no time to be beginners. A bod…")
    }

    @Test func arabicSettings() throws {
        let d = try screen("arabic-settings")
        #expect(d.root.layoutReport.isClean, "\(d.root.layoutReport.summaryLines)")
        #expect(frame(d, "title") == Rect(x: 233, y: 55, width: 141, height: 42))
        #expect(frame(d, "r2Title") == Rect(x: 166, y: 11.5, width: 167, height: 21))
        #expect(frame(d, "r3Value") == Rect(x: 36, y: 11.5, width: 227, height: 21))
        #expect(lines(d, "r3Value") == ["متصل بسماعات الرأس اللاسلك…"])
        #expect(frame(d, "footer") == Rect(x: 16, y: 349, width: 358, height: 32))
        let footer = try #require(d.view(named: "footer") as? Label)
        let layout = footer.textLayout(in: footer.frame.size)
        #expect(layout.lines.count == 2 && layout.lines.allSatisfy { $0.isRightToLeft })
        // Natural alignment in a right-to-left layout: lines end at the right edge.
        #expect(layout.lines.allSatisfy { abs($0.x + $0.width - 358) < 1e-9 })
    }

    @Test func mixedChat() throws {
        let d = try screen("mixed-chat")
        #expect(d.root.layoutReport.isClean, "\(d.root.layoutReport.summaryLines)")
        #expect([frame(d, "m1"), frame(d, "m2"), frame(d, "m3"), frame(d, "m4"), frame(d, "m5")] == [
            Rect(x: 16, y: 109, width: 251, height: 79), Rect(x: 114, y: 198, width: 260, height: 59),
            Rect(x: 16, y: 267, width: 227, height: 59), Rect(x: 120, y: 336, width: 254, height: 59),
            Rect(x: 16, y: 405, width: 234, height: 59),
        ])
        #expect(lines(d, "m1Text") == ["Did you see the sign? It says", "مرحبا بكم في دبي and the gate is", "B12."])
        let m2 = try #require(d.view(named: "m2Text") as? Label)
        #expect(m2.textLayout.lines.allSatisfy { $0.isRightToLeft }, "an Arabic paragraph with a Latin name is right to left")
        let m4 = try #require(d.view(named: "m4Text") as? Label)
        let faces = Set(m4.textLayout.lines.flatMap(\.runs).map(\.face.name))
        #expect(faces == ["Inter Regular", "Noto Color Emoji", "Noto Sans Devanagari Regular"])
    }
}
