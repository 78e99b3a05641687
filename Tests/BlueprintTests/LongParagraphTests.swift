import Blueprint
import Testing

/// A paragraph of tens of thousands of words or characters wraps into as many lines as it must,
/// each line cut where a short paragraph's would be: a line's break is searched only until the
/// first opportunity that no longer fits, and its glyphs are found by bisection in their run
/// (both used to scan to the paragraph's end for every line: 40 s for one 200,000-character
/// label). Exact lines here; the time is measured outside the tests.
@Suite struct LongParagraphTests {
    func lines(_ text: String, width: Double?, mode: LineBreakMode = .wordWrap) -> [String] {
        let label = Label(name: "body", text: text, fontSize: 17)
        label.numberOfLines = 0
        label.lineBreakMode = mode
        return label.textLayout(in: Size(width: width ?? 1e9, height: 1e9)).lines.map(\.text)
    }

    @Test func thousandsOfWordsWrapAsAFewDo() {
        let sentence = "Blueprint lays out text as UIKit does: wrapped at the width the layout gives. "
        let short = lines(sentence + sentence, width: 150)
        let long = lines(String(repeating: sentence, count: 2000), width: 150)
        // The sentence's own lines, then the same cycle over and over: each line is cut where
        // it would be in a paragraph of two sentences.
        #expect(short.count >= 4)
        #expect(Array(long.prefix(short.count - 1)) == Array(short.prefix(short.count - 1)))
        #expect(long.allSatisfy { !$0.isEmpty })
        #expect(long.joined(separator: " ") == String(repeating: sentence, count: 2000).trimmingSuffixSpaces())
    }

    @Test func everyCharacterOnItsOwnLine() {
        // Narrower than any character: a line takes one cluster, for 50,000 characters.
        let text = String(repeating: "x", count: 50_000)
        let result = lines(text, width: 0.5, mode: .charWrap)
        #expect(result.count == 50_000)
        #expect(result.allSatisfy { $0 == "x" })
        // Words too: a character a line, and the space after each word a line of its own
        // (nothing fits, not even one character).
        let words = lines(String(repeating: "abc ", count: 10_000), width: 0.001)
        #expect(words.count == 40_000)
        #expect(Array(words.prefix(5)) == ["a", "b", "c", "", "a"])
    }

    @Test func rightToLeftRunsAreCutByBisectionToo() {
        // One right-to-left run of 6,000 words: its clusters go down, the bisection runs the
        // other way; every word comes back, in order.
        let word = "مرحبا"
        let text = Array(repeating: word, count: 6000).joined(separator: " ")
        let result = lines(text, width: 120)
        #expect(result.count > 100)
        #expect(result.joined(separator: " ").split(separator: " ").count == 6000)
        #expect(result.allSatisfy { $0.split(separator: " ").allSatisfy { $0 == word } })
    }
}

extension String {
    fileprivate func trimmingSuffixSpaces() -> String {
        var s = Substring(self)
        while s.hasSuffix(" ") { s = s.dropLast() }
        return String(s)
    }
}
