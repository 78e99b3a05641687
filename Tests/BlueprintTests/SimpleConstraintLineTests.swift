import Foundation
import Testing
import TestSupport
@testable import Blueprint

/// The common shapes of constraint lines skip the syntax tree (`SimpleConstraintLine`); the
/// constraints they make must be exactly those of the general parser: every field, every
/// fixture, every error message.
@Suite("Layout files: the common constraint shapes give what the general parser gives")
struct SimpleConstraintLineTests {
    /// Every field of a constraint that parsing sets, items by name.
    static func signature(_ c: LayoutConstraint) -> String {
        func name(_ i: LayoutItem?) -> String {
            guard let i else { return "-" }
            if let g = i as? LayoutGuide { return "guide(\(g.name), of: \(g.owningView?.name ?? "-"))" }
            return i.name
        }
        return [
            name(c.firstItem), "\(c.firstAttribute)", "\(c.relation)", name(c.secondItem),
            c.secondAttribute.map { "\($0)" } ?? "-", "\(c.multiplier.bitPattern)", "\(c.constant.bitPattern)",
            "\(c.priority.rawValue)", c.identifier ?? "-", c.constantName ?? "-",
            c.location.map { "\($0)" } ?? "-", c.problem.map { "\($0)" } ?? "-", c.description,
        ].joined(separator: " | ")
    }

    /// The constraints of a file (or its errors), parsed with or without the shortcut.
    static func parse(_ text: String, file: String, simple: Bool) -> [String] {
        var p = LayoutFileParser(file: file)
        p.simpleLines = simple
        p.parse(text)
        if !p.errors.isEmpty { return p.errors.map(\.description) }
        return p.constraints.map(signature)
    }

    /// Every `.layout` file of the repository, under `fixtures/` at any depth.
    static let files: [(name: String, text: String)] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        url.appendPathComponent("fixtures")
        let walker = FileManager.default.enumerator(atPath: url.path)!
        let names = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".layout") }.sorted()
        return names.map { ($0, String(decoding: (try? Data(contentsOf: url.appendingPathComponent($0))) ?? Data(), as: UTF8.self)) }
    }()

    @Test func everyFixtureGivesTheSameConstraintsOrErrors() {
        #expect(Self.files.count >= 60)
        var lines = 0
        for (name, text) in Self.files {
            let fast = Self.parse(text, file: name, simple: true)
            let general = Self.parse(text, file: name, simple: false)
            #expect(fast == general, "\(name)")
            lines += fast.count
        }
        #expect(lines >= 900)   // 921 constraints and messages when this was written
    }

    static let tree = """
        canvas 390 x 844
        let pad = 12
        view a margins 8
        view b in a label "Title" font 17
        view c in a
        view img in c size 40 x 40
        guide g in a
        """

    /// Lines of every shape, the common ones and those left to the general parser (with
    /// multipliers, metrics, compound attributes, names, priorities of every spelling, and
    /// mistakes): each gives the same constraint or the same message both ways.
    static let lines = [
        "b.leading == a.leading", "b.leading = a.leading + 8", "b.top >= a.top - 4.5", "b.trailing <= a.trailing",
        "b.width == c.width", "b.centerY == img.centerY", "b.firstBaseline == c.top + 20", "b.baseline == c.bottom",
        "b.leading == a.margins.leading", "b.top == a.margins.top + 2", "c.margins.top == a.top", "b.leading == superview.leading",
        "b.top == superview.margins.top", "b.leading == a.safeArea.leading", "b.top == a.readableContent.top",
        "b.leading == g.leading", "g.top == a.top + 1", "b.width == 100", "b.height >= 20", "b.left = 10", "b.top == -4",
        "b.bottom == a.bottom ~ defaultHigh", "b.bottom == a.bottom ~ DEFAULTLOW", "b.bottom == a.bottom ~ 750",
        "b.bottom == a.bottom <~ 250", "b.bottom == a.bottom ~ .defaultHigh", "b.bottom == a.bottom ~ 0", "b.bottom == a.bottom ~ 1001",
        "b.bottom == a.bottom ~ pad", "b.width == 0.5 * c.width", "b.width == c.width * 2 - 4", "b.leading == a.leading + pad",
        "b.leading == a.leading - pad", "b.edges == a.edges", "b.size == c.size", "b.width == a.width as named",
        "superview.leading == b.leading", "root.width == 390", "b.leading == root.leading", "b.leading == safeArea.leading",
        "b.width == a.left", "b.leading == a.left", "b.top == a.leading", "g.firstBaseline == a.top", "b.top == g.margins.top",
        "b.width == 16:9", "b.top == a.top + 1e3", "b.top == a.top +", "b.top == a.nothing", "b.top == zz.top", "b.top == a.top.top",
        "b.top == a.margins.top.top", "b.top == a.top + 1 + 2", "b.top == a.top # a comment", "b.top == a.top ~ 750 # note",
        "b.top == a.top ~", "b.top == a.top ~ 750 extra", "b.top == a.top \"x\"", "b.top == a.top ∑", "b.top == a.top + 0",
        "b.top == a.top - 0", "b.top == a.top + 0.1", "b.top == a.top + 123456789012345678", "b.top == a.top + 0.30000000000000004",
        "a.top == 0", "b.top < a.top", "b.top > a.top", "img.width == img.height", "b.leadingMargin == a.leadingMargin",
        "b.centerXWithinMargins == a.centerX", "b.top == -a.top", "-b.top == a.top", "b.top == a.top - -4",
    ]

    @Test func everyShapeGivesTheSameConstraintOrMessage() {
        for line in Self.lines {
            let text = Self.tree + "\n" + line + "\n"
            let fast = Self.parse(text, file: "shapes.layout", simple: true)
            let general = Self.parse(text, file: "shapes.layout", simple: false)
            #expect(fast == general, "\(line)")
            #expect(!fast.isEmpty, "\(line)")
        }
    }

    /// The common shapes really take the shortcut (else the test above compares a path with
    /// itself); the others are left to the general parser.
    @Test func theCommonShapesTakeTheShortcut() {
        var p = LayoutFileParser(file: "shapes.layout")
        p.parse(Self.tree)
        let views = p.viewsByName, guides = p.guidesByName
        let item: (String) -> LayoutItem? = { views[$0] ?? guides[$0] }
        func made(_ line: String) -> Bool {
            var lexer = Lexer(Substring(line), comments: true)
            let tokens = lexer.all()
            guard let c = SimpleConstraintLine.make(tokens, lexer, location: nil, item: item) else { return false }
            return c.problem == nil
        }
        for line in ["b.leading == a.leading", "b.top >= a.top - 4.5", "b.leading == a.margins.leading",
                     "b.leading == superview.leading", "b.width == 100", "b.left = 10", "b.top == -4",
                     "b.bottom == a.bottom ~ defaultHigh", "b.bottom == a.bottom <~ 250", "b.leading == g.leading",
                     "b.top == a.top ~ 750 # note"] {
            #expect(made(line), "\(line)")
        }
        for line in ["b.width == 0.5 * c.width", "b.leading == a.leading + pad", "b.edges == a.edges",
                     "b.width == a.width as named", "superview.leading == b.leading", "b.bottom == a.bottom ~ pad",
                     "b.bottom == a.bottom ~ .defaultHigh", "b.bottom == a.bottom ~ 0", "b.width == a.left",
                     "b.top == a.top.top", "b.top == a.top ~ 750 extra", "b.top == -a.top", "root.top == 0"] {
            #expect(!made(line), "\(line)")
        }
    }

    /// The lexer's numbers are `Double(String)`'s, digit for digit (the fast path of short
    /// numbers and the general one of long numbers).
    @Test func numbersReadAsDoubleReadsThem() {
        var random = SplitMix(seed: 18)
        var texts = ["0", "0.0", "1", "007", "0.1", "0.2", "0.3", "123456789012345", "1234567890123456",
                     "0.30000000000000004", "999999999999999.9", "0.0000000000000000000001", "3.14159265358979323846",
                     "4.35", "2.675", "1e", ".5", "10.25"]
        for _ in 0..<2000 {
            let whole = random.next() % 1_000_000
            let digits = Int(random.next() % 12)
            var fraction = ""
            for _ in 0..<digits { fraction += String(random.next() % 10) }
            texts.append(digits == 0 ? "\(whole)" : "\(whole).\(fraction)")
        }
        for t in texts where t.allSatisfy({ $0.isNumber || $0 == "." }) {
            let bytes = Array(t.utf8)
            let expected = t.hasPrefix(".") ? Double("0" + t) : Double(t)
            #expect(Lexer.value(of: bytes, 0..<bytes.count)?.bitPattern == expected?.bitPattern, "\(t)")
        }
    }
}
