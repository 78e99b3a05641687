import Testing
@testable import Blueprint
@_spi(Benchmarks) import Cassowary

/// A root of width 300 holding a list whose height comes from its content: `count` rows, each
/// 8 below the previous one, with intrinsic heights 20, 21, 22, 20, …; the list's bottom is 8
/// below the last row (the layout of issue 18, in small).
private func list(_ count: Int) throws -> (root: View, list: View, rows: [View], spacings: [LayoutConstraint]) {
    let root = View(name: "root")
    let list = View(name: "list")
    root.addSubview(list)
    var constraints = [
        root.width == 300, list.leading == root.leading, list.trailing == root.trailing,
        list.top == root.top, root.bottom == list.bottom,
    ]
    var rows: [View] = []
    var spacings: [LayoutConstraint] = []
    for i in 0..<count {
        let row = View(name: "row\(i)")
        row.explicitIntrinsicContentSize = Size(View.noIntrinsicMetric, Double(20 + i % 3))
        list.addSubview(row)
        let spacing = row.top == (rows.last?.bottom ?? list.top) + 8
        spacings.append(spacing)
        constraints += [spacing, row.leading == list.leadingMargin, row.trailing == list.trailingMargin]
        rows.append(row)
    }
    constraints.append(list.bottom == rows.last!.bottom + 8)
    try activate(constraints)
    root.layoutIfNeeded()
    return (root, list, rows, spacings)
}

/// The y of row `i` in the list: 8 + Σ (height + 8) of the rows above.
private func rowY(_ i: Int) -> Double {
    (0..<i).reduce(8.0) { $0 + Double(20 + $1 % 3) + 8 }
}

/// Gives `root` an engine that never takes aliases (``AliasPlan``), for the tests that pin how
/// the solver itself holds ties as rows (a layout below the alias plan's class minimum, or one
/// whose build meets a conflict, is solved so).
private func classic(_ root: View) {
    let engine = LayoutEngine(root: root)
    engine.aliasClassMinimum = .max
    root.rootEngine = engine
}

@Suite("Linear layout: relative coordinates and definitions outside the solver")
struct LinearLayoutTests {
    /// A vertical `fill` stack of `count` views of intrinsic widths 10, 11, …, 16, 10, …: every
    /// view's leading and trailing are tied to the stack's, so each tie relates two sizes
    /// already held by soft rows (the row has only error symbols). Such a row takes one of
    /// those errors as its subject; it went in through an artificial variable, whose pivots
    /// grew every row (1,000 labels of a vertical stack took 31 s, 2,000 took 275 s).
    /// The solver's pivots and cells after a layout whose report is clean.
    private func cleanSolverWork(_ root: View) throws -> (pivots: Int, cells: Int) {
        #expect(root.layoutReport.isClean)
        let statistics = try #require(root.rootEngine).solver.statistics
        return (statistics.pivots, statistics.cells)
    }

    private func adding(_ work: (pivots: Int, cells: Int), to lists: ([Int], [Int])) -> ([Int], [Int]) {
        (lists.0 + [work.pivots], lists.1 + [work.cells])
    }

    /// A column of wrapping labels, each 8 below the one above at 500 (a soft gap: its
    /// error is in every row below it): after the first solve each label wraps at its laid-out
    /// width and measures again, and its new intrinsic height moves the constant of the
    /// constraint already in the solver. Its removal and a new add pivoted through every row
    /// that held the height, through the whole column: 500 labels took 0.8 s, 1,000 took 6 s
    /// (0.05 and 0.21 s now).
    @Test func aColumnOfWrappingLabelsTakesItsHeightsInPlace() throws {
        var pivots: [Int] = [], merged: [Int] = []
        for count in [50, 100, 200] {
            var lines = ["canvas 390 x 400"]
            lines += (0..<count).map { "view v\($0) label \"\(String(repeating: "word ", count: 4 + $0 % 23))end\" font 15 lines 0" }
            lines += (0..<count).flatMap { i in
                ["v\(i).leading == root.leading + 16", "v\(i).trailing == root.trailing - 16",
                 i == 0 ? "v0.top == root.top + 8" : "v\(i).top == v\(i - 1).bottom + 8 ~ 500"]
            }
            let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "column.layout")
            document.root.layoutIfNeeded()
            let v = try (0..<count).map { try #require(document.view(named: "v\($0)")) }
            // Label i has 5 + i % 23 words: one line (19 tall) up to 9 words at 358 wide, two
            // (37) up to 18, then three (55); each 8 below the one above.
            #expect(v[0].frame == Rect(x: 16, y: 8, width: 358, height: 19))
            #expect(v[4].frame.height == 19 && v[5].frame.height == 37 && v[13].frame.height == 37 && v[14].frame.height == 55)
            #expect((1..<count).allSatisfy { v[$0].frame.minY == v[$0 - 1].frame.maxY + 8 })
            let statistics = try #require(document.root.rootEngine).solver.statistics
            #expect(document.root.layoutReport.isClean)
            pivots.append(statistics.pivots)
            merged.append(statistics.mergedCells)
        }
        // Six cells a label in all (a removal and an add: 240,900, 1,996,975 and 16,329,235).
        #expect(merged == [300, 600, 1_200])
        #expect(pivots == [36, 75, 155])   // the dual simplex's repairs (were 72, 150, 310)
    }

    /// A column of views each 8 below the one above at 500 (a soft gap), the root as tall as
    /// the column: each gap defines the next view's top, as a required one does, with its two
    /// errors in no row (they held every gap above in every row below: 2.5 GB at 8,000
    /// views). The report's ambiguity check reads the definitions as they are.
    @Test func softGapsDefineTheirViewsAndTheReportKeepsThem() throws {
        var held: [Int] = []
        for count in [100, 200, 400] {
            var lines = ["root.width == 390"]
            lines += (0..<count).map { "view v\($0) size none x \(20 + $0 % 3)" }
            lines += (0..<count).flatMap { i in
                ["v\(i).leading == root.leading + 16", "v\(i).trailing == root.trailing - 16",
                 i == 0 ? "v0.top == root.top + 8" : "v\(i).top == v\(i - 1).bottom + 8 ~ 500"]
            }
            lines.append("root.bottom == v\(count - 1).bottom + 8")
            let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "soft.layout")
            document.root.layoutIfNeeded()
            let v = try (0..<count).map { try #require(document.view(named: "v\($0)")) }
            #expect((1..<count).allSatisfy { v[$0].frame.minY == v[$0 - 1].frame.maxY + 8 })
            #expect(document.root.frame.height == v[count - 1].frame.maxY + 8)
            let solver = try #require(document.root.rootEngine).solver
            let before = solver.heldFill
            #expect(document.root.layoutReport.isClean)
            #expect(solver.heldFill == before)   // nothing materialized by the report
            held.append(before.cells)
        }
        // Two cells a view (each size's intrinsic row); the triangle was 20,100, 80,200 and
        // 320,400.
        #expect(held == [200, 400, 800])
    }

    /// Key/value rows: the value wraps and sits on the key's first baseline, each row at least
    /// 10 below the value above and preferring 10 (~ 500). A value that wraps moves its first
    /// baseline's offset: the baseline constraint, remade with the same terms, takes its new
    /// constant in place (it was removed and added again, through every row below).
    @Test func keyValueRowsTakeTheirBaselinesInPlace() throws {
        var merged: [Int] = []
        for rows in [25, 50, 100] {
            var lines = ["canvas 390 x 400", "k0.top == root.top + 16"]
            for i in 0..<rows {
                lines += ["view k\(i) label \"Key \(i)\" font 15", "view v\(i) label \"\(String(repeating: "word ", count: 4 + i % 17))end\" font 15 lines 0",
                          "k\(i).leading == root.leading + 16", "k\(i).width == 110", "v\(i).leading == k\(i).trailing + 12",
                          "v\(i).trailing == root.trailing - 16", "v\(i).firstBaseline == k\(i).firstBaseline"]
                if i > 0 { lines += ["k\(i).top >= v\(i - 1).bottom + 10", "k\(i).top == v\(i - 1).bottom + 10 ~ 500"] }
            }
            let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "keys.layout")
            document.root.layoutIfNeeded()
            let k = try (0..<rows).map { try #require(document.view(named: "k\($0)")) }
            let v = try (0..<rows).map { try #require(document.view(named: "v\($0)")) }
            // The values: one line (19 tall) up to 6 words at 236 wide, then two (37); a key
            // beside a value of two lines sits 0.08 higher (the value's first line is centred
            // in a taller line box). Each key 10 below the value above.
            #expect(v[0].frame == Rect(x: 138, y: 16, width: 236, height: 19))
            #expect(v[1].frame.height == 19 && v[2].frame.height == 37)
            #expect(k[1].frame.minY == v[1].frame.minY && v[2].frame.minY - k[2].frame.minY < 0.08)
            // (Sums of fractions of a point: equal within rounding.)
            #expect((1..<rows).allSatisfy { Swift.abs(k[$0].frame.minY - (v[$0 - 1].frame.maxY + 10)) < 1e-9 })
            merged.append(try #require(document.root.rootEngine).solver.statistics.mergedCells)
        }
        // Was 256,848, 2,194,043 and 18,026,982 (N³); what is left grows as N² (each moved
        // height shifts the rows below it).
        // (2,448, 9,273 and 36,048 while the positions a bound mentions were made rows.)
        #expect(merged == [2_278, 8_928, 35_353])
    }

    /// Key/value rows on their *last* baselines, each key at least 10 below both cells above:
    /// every row's top sits over the gaps of all the rows above it (a dense triangle), and
    /// each wrapped value's new height and baseline were repaired in place through it, N³
    /// (1,000 views took 4 s). Past four times the build's work the changes stop and the
    /// layout is built again, with the labels at their laid-out widths.
    @Test func manyChangesThatCostMoreThanABuildBuildAgain() throws {
        var work: [Int] = [], rebuilds: [Int] = []
        for rows in [50, 100, 200] {
            var lines = ["root.width == 390", "k0.top == root.top + 16"]
            for i in 0..<rows {
                lines += ["view k\(i) label \"Key \(i)\" font 15 hugging 251",
                          "view v\(i) label \"\(String(repeating: "word ", count: 4 + i % 17))end\" font 15 lines 0",
                          "k\(i).leading == root.leading + 16", "k\(i).width == 110", "v\(i).leading == k\(i).trailing + 12",
                          "v\(i).trailing == root.trailing - 16", "v\(i).lastBaseline == k\(i).lastBaseline"]
                if i > 0 {
                    lines += ["k\(i).top >= v\(i - 1).bottom + 10", "k\(i).top >= k\(i - 1).bottom + 10",
                              "k\(i).top == v\(i - 1).bottom + 10 ~ 500"]
                }
            }
            lines += ["root.bottom >= v\(rows - 1).bottom + 16", "root.height == 0 ~ 100"]
            let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "keys.layout")
            document.root.layoutIfNeeded()
            let k = try (0..<rows).map { try #require(document.view(named: "k\($0)")) }
            let v = try (0..<rows).map { try #require(document.view(named: "v\($0)")) }
            // Values of up to 6 words fit 236 points on one line (19 tall); longer ones take
            // two, and end level with their key (one line on the value's last baseline).
            #expect(v[0].frame == Rect(x: 138, y: 16, width: 236, height: 19))
            #expect(v[2].frame.height > 37 && v[2].frame.height < 37.2)
            // Each key 10 below the lower of the two cells above (sums of fractions: equal
            // within rounding).
            #expect((1..<rows).allSatisfy {
                Swift.abs(k[$0].frame.minY - (max(k[$0 - 1].frame.maxY, v[$0 - 1].frame.maxY) + 10)) < 1e-9
            })
            let engine = try #require(document.root.rootEngine)
            work.append(engine.work)
            rebuilds.append(engine.rebuildCount)
        }
        // At 50 rows the changes stay under the floor (a million cells) and are made in place;
        // longer, they stop at the budget and the layout is built again. Was 429,931,
        // 3,257,116 and 25,342,340 cells (N³), every change in place.
        #expect(rebuilds == [1, 2, 2])
        // (429,931, 1,139,258 and 1,417,234 while the positions a bound mentions were made rows.)
        #expect(work == [215_201, 1_118_128, 1_336_895])
    }

    @Test func aFillStacksWidthTiesAddWithoutGrowingTheTableau() throws {
        var pivots: [Int] = [], cells: [Int] = []
        for count in [100, 200, 400] {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 4000))
            let views = (0..<count).map { i -> View in
                let v = View(name: "v\(i)")
                v.explicitIntrinsicContentSize = Size(Double(10 + i % 7), 1)
                return v
            }
            let stack = StackView(name: "s", arrangedSubviews: views)
            stack.axis = .vertical
            root.addSubview(stack)
            try activate([stack.top == root.top, stack.leading == root.leading])
            classic(root)   // the ties as rows (with aliases they are not in the solver)
            root.layoutIfNeeded()
            // Compression (750) keeps every width at least 16; hugging (250) then takes the
            // least above it.
            #expect(stack.frame == Rect(x: 0, y: 0, width: 16, height: Double(count)))
            #expect(views.allSatisfy { $0.frame.width == 16 })
            (pivots, cells) = try adding(cleanSolverWork(root), to: (pivots, cells))
        }
        // The same few pivots at every length, and the same cells per view.
        #expect(pivots == [5, 5, 5])
        #expect(cells[1] - cells[0] == 100 * 16 && cells[2] - cells[1] == 200 * 16)
    }

    /// A form whose label widths are all tied to the first label's, beside fields that stretch to
    /// the margin: each tie is a required equality over the two labels' soft intrinsic rows,
    /// with a nonzero constant (their intrinsic widths differ). Its subject is an error of the
    /// new label, whose value (the difference) keeps every row feasible; the old test refused
    /// any symbol that some restricted row held with a negative coefficient, sent most ties
    /// through an artificial variable, and made ~N²/2 pivots (767 at 40 rows, 20,297 at 200).
    @Test func aFormsEqualLabelWidthsAddWithoutPivotsThatGrow() throws {
        var pivots: [Int] = [], cells: [Int] = []
        for count in [50, 100, 200] {
            let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667))
            let form = View(name: "form")
            form.layoutMargins = EdgeInsets(all: 16)
            root.addSubview(form)
            var labels: [View] = [], fields: [View] = []
            for i in 0..<count {
                let label = View(name: "lab\(i)"), field = View(name: "fld\(i)")
                label.explicitIntrinsicContentSize = Size(Double(50 + (i * 7) % 30), 20)
                label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
                field.explicitIntrinsicContentSize = Size(100, 36)
                form.addSubview(label)
                form.addSubview(field)
                labels.append(label)
                fields.append(field)
            }
            var constraints = [form.top == root.top, form.leading == root.leading, form.trailing == root.trailing]
            for i in 0..<count {
                constraints += [
                    i == 0 ? fields[i].top == form.topMargin + 8 : fields[i].top == fields[i - 1].bottom + 8,
                    labels[i].leading == form.leadingMargin, fields[i].leading == labels[i].trailing + 8,
                    fields[i].trailing == form.trailingMargin, labels[i].centerY == fields[i].centerY,
                ]
                if i > 0 { constraints.append(labels[i].width == labels[0].width) }
            }
            constraints.append(form.bottomMargin == fields[count - 1].bottom)
            try activate(constraints)
            classic(root)   // the ties as rows (with aliases they are not in the solver)
            root.layoutIfNeeded()
            // Compression (750) widens every label to the widest intrinsic width, 79; the
            // fields take the rest of the 343 points inside the margins, less the gap of 8.
            #expect(labels.allSatisfy { $0.frame.width == 79 && $0.frame.minX == 16 })
            #expect(fields.allSatisfy { $0.frame.width == 256 && $0.frame.minX == 103 })
            #expect(fields[count - 1].frame.maxY == Double(16 + 44 * count))
            (pivots, cells) = try adding(cleanSolverWork(root), to: (pivots, cells))
        }
        // Four pivots, and one more a tie since the positions a constraint mentions stay
        // definitions (the subject the classic row counts picked is no longer the fewest-rows
        // choice): linear, where the old rule made ~N²/2 (`form_bench.py`: 10,000 rows in the
        // same time as with 4 pivots).
        #expect(pivots == [54, 104, 204])
        #expect(cells[1] - cells[0] == 50 * 41 && cells[2] - cells[1] == 100 * 41)
    }

    /// A vertical stack of labels spaced equally, its bottom free: each gap's least length
    /// (`next.top >= previous.bottom + 4`) arrives before the spacers that tie the gaps, and
    /// made every label's top a row over every height above it (N² cells; 1,000 labels took
    /// 1.45 s pinned at both ends, 2,000 over 9 s with the bottom free). The bounds now define the tops, the
    /// spacers' rows take those definitions in and cancel to the gap alone, and the tableau
    /// grows by the same cells a label.
    @Test func anEqualSpacingStacksGapsDefineItsViewsAndTheTableauGrowsLinearly() throws {
        var cells: [Int] = []
        for count in [50, 100, 200] {
            var lines = ["canvas 390 x 844", "stack col axis vertical distribution equalSpacing alignment leading spacing 4"]
            lines += (0..<count).map { "view t\($0) in col label \"word \($0)\"" }
            lines += ["col.top == root.top", "col.leading == root.leading", "col.trailing == root.trailing"]
            let document = try LayoutDocument(parsing: lines.joined(separator: "\n") + "\n", file: "spaced.layout")
            classic(document.root)   // the spacers' ties as rows (from 64 views they are aliases)
            document.root.layoutIfNeeded()
            let t = try (0..<count).map { try #require(document.view(named: "t\($0)")) }
            // As short as it can be (UIKit's 49): every gap at its least, 4.
            #expect(t[0].frame.minY == 0 && t.allSatisfy { $0.frame.height == 21 })
            #expect((1..<count).allSatisfy { t[$0].frame.minY == t[$0 - 1].frame.maxY + 4 })
            #expect(try #require(document.view(named: "col")).frame.height == Double(25 * count - 4))
            #expect(document.root.layoutReport.isClean)
            cells.append(try #require(document.root.rootEngine).solver.heldFill.cells)
        }
        #expect(cells == [1_984, 3_984, 7_984])   // 40 a label
    }

    @Test func aListsTopsAndHeightAreDefinitionsAndTheSolverGrowsLinearly() throws {
        var cells: [Int] = []
        for count in [100, 200, 400] {
            let (root, list, rows, _) = try list(count)
            let engine = try #require(root.rootEngine)
            // Defined outside the solver: each row's top (by its spacing), width (by its
            // trailing edge) and then its leading edge; the list's height (its bottom), the
            // root's height, and the list's and the root's other four, eight in all.
            #expect(engine.deferred.count == 3 * count + 8)
            #expect(rows.last!.frame == Rect(x: 8, y: rowY(count - 1), width: 284, height: Double(20 + (count - 1) % 3)))
            #expect(list.frame.height == rowY(count))
            #expect(root.frame == Rect(x: 0, y: 0, width: 300, height: rowY(count)))
            cells.append(engine.solver.statistics.cells)
        }
        // Absolute coordinates put every row's top in a row over the heights above it
        // (cells ∝ N²); here each doubling of the list adds the same cells per row.
        #expect(cells[2] - cells[1] == 2 * (cells[1] - cells[0]))
        // Two cells a row: its height's one row (the intrinsic height at 750, preferring
        // equality at 250: height and one error).
        #expect(cells[1] - cells[0] == 100 * 2)
    }

    @Test func aDefinitionsConstantMovesWithoutARebuildOrAPivot() throws {
        let (root, list, rows, spacings) = try list(50)
        let engine = try #require(root.rootEngine)
        let builds = engine.rebuildCount
        let pivots = engine.solver.statistics.pivots
        try spacings[10].setConstant(30)   // 22 more above row 10
        root.layoutIfNeeded()
        #expect(rows[9].frame.minY == rowY(9))
        #expect(rows[10].frame.minY == rowY(10) + 22)
        #expect(rows[49].frame.minY == rowY(49) + 22)
        #expect(list.frame.height == rowY(50) + 22)
        #expect(engine.rebuildCount == builds)
        #expect(engine.solver.statistics.pivots == pivots)
    }

    @Test func aConstraintOnADefinedVariableRebuildsAndGivesTheFreshLayoutsFrames() throws {
        let (root, _, rows, _) = try list(20)
        let engine = try #require(root.rootEngine)
        let builds = engine.rebuildCount
        // rows[5].top is only defined by its spacing; a second constraint on it conflicts
        // (required, activated last: broken), one on its height moves everything below.
        let extra = rows[5].top == rows[4].bottom + 100
        let taller = rows[5].height == 50
        try activate([extra, taller])
        root.layoutIfNeeded()
        #expect(engine.rebuildCount == builds + 1)
        #expect(root.layoutReport.broken.map(\.formula) == ["row5.top == row4.bottom + 100"])
        #expect(rows[5].frame == Rect(x: 8, y: rowY(5), width: 284, height: 50))
        #expect(rows[6].frame.minY == rowY(6) + 50 - 22)
        // The same tree built at once agrees frame for frame.
        let (fresh, _, freshRows, _) = try list(20)
        try activate([freshRows[5].top == freshRows[4].bottom + 100, freshRows[5].height == 50])
        fresh.layoutIfNeeded()
        #expect(freshRows.map(\.frame) == rows.map(\.frame))
        #expect(fresh.frame == root.frame)
    }

    @Test func ambiguityFollowsTheDefinitionsAndTheirCancellations() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c"), d = View(name: "d")
        for v in [a, b, c, d] { root.addSubview(v) }
        try activate([
            // b's bottom is pinned, its top and height are free; c hangs below b's bottom (a
            // definition that cancels b's freedom), d below b's top (one that inherits it).
            a.leading == root.leading, a.width == 10, a.top == root.top, a.height == 10,
            b.leading == root.leading, b.width == 10, b.bottom == root.bottom - 50,
            c.leading == root.leading, c.width == 10, c.top == b.bottom + 5, c.height == 10,
            d.leading == root.leading, d.width == 10, d.top == b.top + 5, d.height == 10,
        ])
        root.layoutIfNeeded()
        let engine = try #require(root.rootEngine)
        // c's top is a definition over b's top and height, and then b's height one over b's
        // top (which leaves b's top and d's top together in d's spacing, in the solver).
        #expect(engine.deferred.defines(c.variables!.y) && engine.deferred.defines(b.variables!.height))
        #expect(!engine.deferred.defines(d.variables!.y))
        #expect(root.layoutReport.ambiguous.map(\.description) == [
            "b: vertical position and height are ambiguous",
            "d: vertical position is ambiguous",
        ])
        #expect(c.frame == Rect(x: 0, y: 155, width: 10, height: 10))
    }

    @Test func aConstraintRemovedWhileARebuildIsPendingComesBackWhenReactivated() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let box = View(name: "box")
        root.addSubview(box)
        let wide = box.width == 120
        try activate([box.leading == root.leading, box.top == root.top, box.height == 10, box.width >= 40, wide])
        root.layoutIfNeeded()
        #expect(box.frame.width == 120)
        root.addSubview(View(name: "other"))   // the next layout rebuilds
        wide.deactivate()
        root.layoutIfNeeded()
        #expect(box.frame.width == 40)
        try wide.activate()
        root.layoutIfNeeded()
        #expect(box.frame.width == 120)
    }

    @Test func cousinsAndMultipliersAcrossNestedContainersKeepAbsoluteMeaning() throws {
        let root = View(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let outer = View(name: "outer"), inner = View(name: "inner"), cousin = View(name: "cousin"), half = View(name: "half")
        root.addSubview(outer)
        root.addSubview(cousin)
        outer.addSubview(inner)
        outer.addSubview(half)
        try activate([
            outer.left == root.left + 50, outer.top == root.top + 20, outer.width == 300, outer.height == 200,
            inner.left == outer.left + 30, inner.top == outer.top + 40, inner.width == 100, inner.height == 50,
            // Installed on root: inner's edges are summed up through outer.
            cousin.left == inner.right + 10, cousin.top == inner.bottom, cousin.width == 20, cousin.height == 20,
            // Installed on outer: measured in outer's coordinates, as UIKit measures them.
            half.left == outer.right * 0.5, half.top == inner.bottom * 0.5, half.width == 10, half.height == 10,
        ])
        root.layoutIfNeeded()
        #expect(inner.frame == Rect(x: 30, y: 40, width: 100, height: 50))
        #expect(inner.absoluteFrame == Rect(x: 80, y: 60, width: 100, height: 50))
        #expect(cousin.frame == Rect(x: 190, y: 110, width: 20, height: 20))
        #expect(half.frame == Rect(x: 150, y: 45, width: 10, height: 10))
        #expect(half.absoluteFrame == Rect(x: 200, y: 65, width: 10, height: 10))
        #expect(root.layoutReport.isClean)
    }
}
