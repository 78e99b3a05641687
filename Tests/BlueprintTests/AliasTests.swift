import Testing
@testable import Blueprint
@_spi(Benchmarks) import Cassowary

/// Parses and lays out `lines`; `aliasClassMinimum` is given to the engine before its first
/// build (`.max`: the classic system, no aliases; 2: aliases on a small layout).
private func laidOut(_ lines: [String], aliasClassMinimum: Int? = nil) throws -> LayoutDocument {
    let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "alias.layout")
    if let minimum = aliasClassMinimum {
        let engine = LayoutEngine(root: document.root)
        engine.aliasClassMinimum = minimum
        document.root.rootEngine = engine
    }
    document.root.layoutIfNeeded()
    return document
}

/// A vertical `fillEqually` stack of `count` labels (fonts 11, 12, 13: intrinsic heights
/// differ) pinned to a canvas 20 × `count` tall: every label is 20 tall.
private func fillEqually(_ count: Int) -> [String] {
    var lines = ["canvas 390 x \(20 * count)", "stack col axis vertical distribution fillEqually alignment leading"]
    lines += (0..<count).map { "view t\($0) in col label \"word \($0)\" font \(11 + $0 % 3)" }
    lines.append("col.edges == root.edges")
    return lines
}

/// `count` views 20 tall between `count + 1` spacer guides whose heights are tied to the
/// first's (`Benchmarks/layout_shapes.py s8d_guide_equal_gaps`), on a canvas that leaves
/// every gap 10.
private func equalGaps(_ count: Int) -> [String] {
    var lines = ["canvas 390 x \(20 * count + 10 * (count + 1))"]
    lines += (0..<count).map { "view v\($0) size 100 x 20" }
    lines += (0...count).map { "guide g\($0)" }
    lines += (0..<count).map { "v\($0).leading == root.leading + 16" }
    for k in 0...count {
        lines.append(k == 0 ? "g0.top == root.top" : "g\(k).top == v\(k - 1).bottom")
        lines.append(k == count ? "g\(k).bottom == root.bottom" : "g\(k).bottom == v\(k).top")
        lines += ["g\(k).leading == root.leading", "g\(k).width == 10"]
        if k > 0 { lines.append("g\(k).height == g0.height") }
    }
    return lines
}

@Suite("Aliases: required equalities over two variables eliminated before the solver")
struct AliasTests {
    @Test func aPinnedFillEquallyStackIsAliasedWithTheClassicFrames() throws {
        let count = 100
        let aliased = try laidOut(fillEqually(count))
        let classic = try laidOut(fillEqually(count), aliasClassMinimum: .max)
        #expect(try #require(aliased.root.rootEngine).deferred.hasAliases)
        #expect(!(try #require(classic.root.rootEngine).deferred.hasAliases))
        for i in 0..<count {
            let t = try #require(aliased.view(named: "t\(i)")), u = try #require(classic.view(named: "t\(i)"))
            #expect(t.frame.minX == 0 && t.frame.minY == Double(20 * i) && t.frame.height == 20)
            #expect(t.frame == u.frame)
        }
        #expect(aliased.root.layoutReport.isClean && classic.root.layoutReport.isClean)
    }

    @Test func equalGapsAreAliasedWithTheClassicFrames() throws {
        let count = 100
        let aliased = try laidOut(equalGaps(count))
        let classic = try laidOut(equalGaps(count), aliasClassMinimum: .max)
        #expect(try #require(aliased.root.rootEngine).deferred.hasAliases)
        for i in 0..<count {
            let v = try #require(aliased.view(named: "v\(i)"))
            #expect(v.frame == Rect(x: 16, y: Double(10 + 30 * i), width: 100, height: 20))
            #expect(v.frame == classic.view(named: "v\(i)")?.frame)
        }
        #expect(aliased.root.layoutReport.isClean)
    }

    /// The tableau of a tied chain pinned at both ends: the ties were rows with a dummy marker
    /// each, and the closing constraint's row over all of them made every row as long as the
    /// chain (N² cells). With the ties as aliases the cells grow by the same amount per view.
    @Test func tiedChainsPinnedAtBothEndsGrowTheTableauLinearly() throws {
        // The cells of the rows and the terms of the solver's lazy definitions, as held.
        func held(_ d: LayoutDocument) throws -> [Int] {
            let fill = try #require(d.root.rootEngine).solver.heldFill
            return [fill.cells, fill.definitionTerms]
        }
        var stack: [[Int]] = [], gaps: [[Int]] = [], classicStack: [[Int]] = [], classicGaps: [[Int]] = []
        for count in [100, 200, 400] {
            stack.append(try held(laidOut(fillEqually(count))))
            gaps.append(try held(laidOut(equalGaps(count))))
            classicStack.append(try held(laidOut(fillEqually(count), aliasClassMinimum: .max)))
            classicGaps.append(try held(laidOut(equalGaps(count), aliasClassMinimum: .max)))
        }
        // Eight cells a label (its intrinsic row over the one length left); sixteen a view
        // and its gap, and four definition terms.
        #expect(stack == [[801, 0], [1_601, 0], [3_201, 0]])
        #expect(gaps == [[1_597, 392], [3_197, 792], [6_397, 1_592]])
        // The classic system (no aliases): the rows hold every tie's marker, N² cells.
        #expect(classicStack == [[42_210, 198], [164_410, 398], [648_810, 798]])
        #expect(classicGaps == [[51_203, 400], [202_403, 800], [804_803, 1_600]])
    }

    /// A conflict through tied heights: the build with aliases meets it, and the layout is
    /// built again on the classic system (one build), so the broken constraint and the report
    /// are those of the classic system.
    @Test func aConflictThroughAnAliasIsReportedAsOnTheClassicSystem() throws {
        let lines = [
            "canvas 390 x 100", "view a", "view b", "view c",
            "a.leading == root.leading", "b.leading == root.leading", "c.leading == root.leading",
            "a.width == 10", "b.width == 10", "c.width == 10",
            "a.top == root.top", "b.top == a.bottom", "c.top == b.bottom", "root.bottom == c.bottom",
            "b.height == a.height", "c.height == b.height",
        ]
        // Without the conflict, this small layout takes aliases when allowed to.
        let clean = try laidOut(lines, aliasClassMinimum: 2)
        #expect(try #require(clean.root.rootEngine).deferred.hasAliases)
        // (The thirds are rounded differently from the classic system's, in the last bit.)
        let c = try #require(clean.view(named: "c")).frame
        #expect(Swift.abs(c.minY - 200.0 / 3) < 1e-12 && Swift.abs(c.height - 100.0 / 3) < 1e-12)

        let conflicting = lines + ["c.height == 40"]
        let aliased = try laidOut(conflicting, aliasClassMinimum: 2)
        let classic = try laidOut(conflicting, aliasClassMinimum: .max)
        let engine = try #require(aliased.root.rootEngine)
        #expect(engine.rebuildCount == 1)
        #expect(aliased.root.layoutReport.broken.map(\.formula) == ["c.height == 40"])
        #expect(aliased.root.layoutReport.conflicts.map(\.description) == classic.root.layoutReport.conflicts.map(\.description))
        #expect(aliased.root.layoutReport.conflicts.first?.description.contains("\"b.height == a.height (alias.layout:15)\"") == true)
        for name in ["a", "b", "c"] { #expect(aliased.view(named: name)?.frame == classic.view(named: name)?.frame) }

        // A long stack whose ties have aliases by default, and one length that cannot hold.
        let stack = fillEqually(100) + ["t5.height == 50"]
        let big = try laidOut(stack), reference = try laidOut(stack, aliasClassMinimum: .max)
        #expect(big.root.layoutReport.conflicts.map(\.description) == reference.root.layoutReport.conflicts.map(\.description))
        #expect(big.root.layoutReport.broken.map(\.formula) == ["t5.height == 50"])
        for i in 0..<100 { #expect(big.view(named: "t\(i)")?.frame == reference.view(named: "t\(i)")?.frame) }
    }

    /// b's width is tied to a's (an alias), and both are free between a's least width and the
    /// canvas; b's position follows a's width. The report names what the classic one names.
    @Test func ambiguityGoesThroughAnAlias() throws {
        let lines = [
            "canvas 390 x 100", "view a", "view b",
            "a.leading == root.leading", "a.top == root.top", "a.height == 10",
            "b.leading == a.trailing + 8", "b.top == root.top", "b.height == 10",
            "b.width == a.width", "a.width >= 10", "b.trailing <= root.trailing",
        ]
        let aliased = try laidOut(lines, aliasClassMinimum: 2)
        let classic = try laidOut(lines, aliasClassMinimum: .max)
        let engine = try #require(aliased.root.rootEngine)
        let b = try #require(aliased.view(named: "b"))
        #expect(engine.deferred.hasAliases && engine.deferred.defines(b.variables!.width))
        let expected = ["a: width is ambiguous", "b: horizontal position and width are ambiguous"]
        #expect(classic.root.layoutReport.ambiguous.map(\.description) == expected)
        #expect(aliased.root.layoutReport.ambiguous.map(\.description) == expected)
        // Pinned, nothing is free: a fixed alias is not reported.
        let pinned = try laidOut(lines + ["a.width == 20"], aliasClassMinimum: 2)
        #expect(pinned.root.layoutReport.ambiguous.isEmpty)
        #expect(pinned.view(named: "b")?.frame == Rect(x: 28, y: 0, width: 20, height: 10))
    }

    /// A chain of views tied in height, the first tie with a constant: moving it rebuilds
    /// (the constant is in every constraint the alias was substituted into) and gives the
    /// frames of a fresh build; a constant elsewhere moves without a rebuild.
    @Test func setConstantOnATieMovesTheChain() throws {
        let count = 100
        func lines(tie: Int) -> [String] {
            var out = ["canvas 390 x \(20 * count + 10 * (count - 1))"]
            out += (0..<count).map { "view v\($0)" }
            out += (0..<count).flatMap { ["v\($0).leading == root.leading + 16", "v\($0).width == 100"] }
            out += ["v0.top == root.top", "root.bottom == v\(count - 1).bottom"]
            out += (1..<count).map { "v\($0).top == v\($0 - 1).bottom" }
            out.append("v1.height == v0.height + \(tie) as tie")
            out += (2..<count).map { "v\($0).height == v\($0 - 1).height" }
            return out
        }
        let document = try laidOut(lines(tie: 10))
        let engine = try #require(document.root.rootEngine)
        #expect(engine.deferred.hasAliases)
        let v = try (0..<count).map { try #require(document.view(named: "v\($0)")) }
        #expect(v[0].frame.height == 20 && v[1].frame == Rect(x: 16, y: 20, width: 100, height: 30))
        let tie = try #require(document.constraints.first { $0.identifier == "tie" })
        let builds = engine.rebuildCount
        try tie.setConstant(30)
        document.root.layoutIfNeeded()
        #expect(engine.rebuildCount == builds + 1)
        let fresh = try laidOut(lines(tie: 30))
        for i in 0..<count { #expect(v[i].frame == fresh.view(named: "v\(i)")?.frame) }
        #expect(v[1].frame.height == v[0].frame.height + 30)
        // A constant that is not an alias's moves in place.
        let leading = try #require(document.constraints.first { $0.formula == "v7.leading == root.leading + 16" })
        try leading.setConstant(40)
        document.root.layoutIfNeeded()
        #expect(engine.rebuildCount == builds + 1)
        #expect(v[7].frame.minX == 40)
    }
}
