import BlueprintSupport
import ArgumentParser
import Blueprint

/// `blueprint solve FILE`: frames, conflicts and ambiguity of a `.layout` file.
struct SolveCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Solve a .layout file and print every view's frame.",
        usage: "blueprint solve <file.layout> [--format <format>] [options]",
        discussion: """
            Prints one line per view, in declaration order, with its frame in its superview's \
            coordinates (points, origin top-left, y down). Below the frames comes a line for each \
            problem: `broken:` a constraint broken to recover from a conflict, `ambiguous:` a view \
            whose frame the constraints leave free, `tie:` two views of equal content priority of \
            which one gave way, `negative size:` a custom guide's width or height below zero (a view's never is), `not finite:` a \
            frame its constraints multiplied past the largest number, `refused:` a \
            property change refused, `text:` a font file that could not be loaded or characters \
            no bundled font has; `blueprint explain` tells the whole story.

            With --format json, one object: {"views": {"NAME": {"x": …, "y": …, "width": …, \
            "height": …}, …}, "broken": ["CONSTRAINT (FILE:LINE)", …], "ambiguous": ["NAME", …], \
            "ties": ["A and B have the same …", …], "negativeSizes": ["NAME: width is negative \
            (-12)", …], "nonFinite": ["NAME: width is inf: …", …], "refused": ["…", …], "text": ["NAME: …", …]}. Numbers are the shortest that read back exactly: \
            20, 313.5, 190.00048828125.

            Examples:
              blueprint solve fixtures/login-form.layout
              blueprint solve fixtures/conflict.layout --format json
              blueprint solve fixtures/login-form.layout --device "iPhone SE"

            Exit status: 0 the layout is clean, 1 it has any of those problems, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The layout to solve (- reads standard input).", valueName: "file.layout"))
    var file: String

    @Option(help: ArgumentHelp("text: a table for people; json: one object for tools.", valueName: "format"))
    var format: Format = .text

    @OptionGroup var screen: ScreenOptions

    @OptionGroup var log: LogOptions

    func run() throws {
        log.select()
        let document = try LayoutInput.load(file)
        screen.apply(to: document)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        switch format {
        case .text: try StandardStream.output.write(text(document, report))
        case .json: try StandardStream.output.write(json(document, report))
        }
        // The process ends here: the tree is left for the system to reclaim with the rest of
        // the memory, not released view by view (a tenth of the run at 10,000 views).
        keepUntilExit(document.root)
        if !report.isClean { throw ExitCode(1) }
    }

    /// The table (a column per frame value, numbers right-aligned) and the problem lines, in one
    /// buffer: the cells are written once as bytes, their widths counted in characters.
    private func text(_ d: LayoutDocument, _ r: LayoutReport) -> [UInt8] {
        // Every cell's bytes in one array, `ends[k]` where cell k ends and `cellWidths[k]` its
        // width in characters; 5 cells a row.
        var cells: [UInt8] = []
        cells.reserveCapacity(48 * (d.views.count + 1))
        var ends: [Int] = [], cellWidths: [Int] = []
        ends.reserveCapacity(5 * (d.views.count + 1))
        cellWidths.reserveCapacity(5 * (d.views.count + 1))
        var widths = [Int](repeating: 0, count: 5)
        func cell(_ column: Int, _ start: Int) {
            let bytes = cells[start...]
            // Names and numbers are ASCII; anything else is measured as the characters it shows.
            let width = bytes.allSatisfy { $0 < 0x80 } ? bytes.count : String(decoding: bytes, as: UTF8.self).count
            widths[column] = max(widths[column], width)
            ends.append(cells.count)
            cellWidths.append(width)
        }
        for (k, header) in ["view", "x", "y", "width", "height"].enumerated() {
            let start = cells.count
            cells.append(contentsOf: header.utf8)
            cell(k, start)
        }
        for v in d.views {
            var start = cells.count
            cells.append(contentsOf: v.name.utf8)
            cell(0, start)
            let f = v.frame
            for (k, x) in [f.minX, f.minY, f.width, f.height].enumerated() {
                start = cells.count
                if x.isFinite {
                    JSON.appendNumber(x, to: &cells)
                } else {
                    // JSON has `null` for these; a table says what they are.
                    cells.append(contentsOf: (x.isNaN ? "nan" : x < 0 ? "-inf" : "inf").utf8)
                }
                cell(k + 1, start)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(cells.count + ends.count * 4 + 64)
        var start = 0
        for (k, end) in ends.enumerated() {
            let column = k % 5
            let bytes = cells[start..<end]
            let pad = widths[column] - cellWidths[k]
            if column == 0 {
                out.append(contentsOf: bytes)
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pad))
            } else {
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 + pad))
                out.append(contentsOf: bytes)
            }
            if column == 4 { out.append(UInt8(ascii: "\n")) }
            start = end
        }
        for line in r.summaryLines {
            out.append(contentsOf: line.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// The JSON object and a line end, written into one buffer (a frame per view: no string is
    /// made per number or per view).
    private func json(_ d: LayoutDocument, _ r: LayoutReport) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + 72 * d.views.count)
        JSON.appendText(#"{"views": {"#, to: &out)
        for (i, v) in d.views.enumerated() {
            if i > 0 { JSON.appendText(", ", to: &out) }
            JSON.appendQuoted(v.name, to: &out)
            JSON.appendText(": ", to: &out)
            let f = v.frame
            JSON.appendFrame(x: f.minX, y: f.minY, width: f.width, height: f.height, to: &out)
        }
        let lists: [(key: String, items: [String])] = [
            ("broken", r.broken.map(\.formulaWithLocation)),
            ("ambiguous", r.ambiguous.map(\.item.name)),
            ("ties", r.ties.map(\.summary)),
            ("negativeSizes", r.negativeSizes.map(\.description)),
            ("nonFinite", r.nonFiniteFrames.map(\.description)),
            ("refused", r.refused.map(\.description)),
            ("text", r.textProblems.map(\.description)),
        ]
        out.append(UInt8(ascii: "}"))
        for (key, items) in lists {
            JSON.appendText(", ", to: &out)
            JSON.appendQuoted(key, to: &out)
            JSON.appendText(": ", to: &out)
            JSON.appendQuotedList(items, to: &out)
        }
        JSON.appendText("}\n", to: &out)
        return out
    }
}

/// `blueprint explain FILE`: the conflict and ambiguity report for people.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain the conflicts and ambiguity of a .layout file.",
        usage: "blueprint explain <file.layout> [--device <name>] [--direction <dir>]",
        discussion: """
            For each conflict: the required constraints that cannot all hold, each with its \
            file:line, and the one broken to recover (of those, the one on the view furthest down the \
            tree, then the one furthest down the file). \
            For each ambiguous view: which parts of its frame the constraints leave free. For two \
            views side by side with equal hugging or compression resistance of which one gave way: \
            both names and the fix. Then custom guides with a negative width or height, and property \
            changes that were refused. A clean layout gets one line saying so.

            Examples:
              blueprint explain fixtures/conflict.layout
              blueprint explain fixtures/ambiguous.layout
              blueprint explain fixtures/tie.layout
              blueprint explain fixtures/rtl-form.layout --device iPad --direction ltr

            Exit status: 0 the layout is clean, 1 it has any of those problems, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The layout to explain (- reads standard input).", valueName: "file.layout"))
    var file: String

    @OptionGroup var screen: ScreenOptions

    @OptionGroup var log: LogOptions

    func run() throws {
        log.select()
        let document = try LayoutInput.load(file)
        screen.apply(to: document)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        if report.isClean {
            print("\(LayoutInput.displayName(file)): no conflicts and no ambiguity: every frame is fixed by its constraints.")
            return
        }
        if let comparison = LayoutInput.uikitComparison(document, path: file) {
            // A log gives only a conflict's constraints: what they leave free is not the app's
            // ambiguity, so only the conflicts are told.
            print(report.conflicts.map(\.description).joined(separator: "\n\n"))
            print("\n" + comparison)
            // The names, as the log wrote the views.
            if let conflict = LayoutInput.loadedConflict {
                let width = conflict.origins.map(\.name.count).max() ?? 0
                print("\nNames:")
                for o in conflict.origins {
                    print("    " + o.name + String(repeating: " ", count: width - o.name.count) + "  " + SourceDiagnostic.terminalSafe(o.log))
                }
            }
        } else {
            print(report.description)
        }
        throw ExitCode(1)
    }
}
