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
        discussion: """
            Prints one line per view, in declaration order, with its frame in its superview's \
            coordinates (points, origin top-left, y down). Below the frames comes a line for each \
            constraint broken to recover from a conflict and for each view whose frame the \
            constraints leave free; `blueprint explain` tells the whole story.

            With --format json, one object: {"views": {"NAME": {"x": …, "y": …, "width": …, \
            "height": …}, …}, "broken": ["CONSTRAINT (FILE:LINE)", …], "ambiguous": ["NAME", …]}. \
            Numbers are the shortest that read back exactly: 20, 313.5, 190.00048828125.

            Examples:
              blueprint solve fixtures/login-form.layout
              blueprint solve fixtures/conflict.layout --format json

            Exit status: 0 the layout is clean, 1 it has conflicts or ambiguity, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The layout to solve.", valueName: "file.layout"))
    var file: String

    @Option(help: ArgumentHelp("text: a table for people; json: one object for tools.", valueName: "format"))
    var format: Format = .text

    func run() throws {
        let document = try LayoutInput.load(file)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        switch format {
        case .text: print(text(document, report), terminator: "")
        case .json: print(json(document, report))
        }
        if !report.isClean { throw ExitCode(1) }
    }

    private func text(_ d: LayoutDocument, _ r: LayoutReport) -> String {
        let rows = [["view", "x", "y", "width", "height"]] + d.views.map { v in
            [v.name, JSON.number(v.frame.minX), JSON.number(v.frame.minY), JSON.number(v.frame.width), JSON.number(v.frame.height)]
        }
        var widths = [Int](repeating: 0, count: 5)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                line += i == 0 ? cell + pad : "  " + pad + cell
            }
            out += line + "\n"
        }
        for c in r.broken { out += "broken: \(c.formulaWithLocation)\n" }
        for a in r.ambiguous { out += "ambiguous: \(a)\n" }
        return out
    }

    private func json(_ d: LayoutDocument, _ r: LayoutReport) -> String {
        let views = d.views.map { v in
            let f = v.frame
            return "\(JSON.quoted(v.name)): \(JSON.frame(x: f.minX, y: f.minY, width: f.width, height: f.height))"
        }
        let broken = r.broken.map { JSON.quoted($0.formulaWithLocation) }
        let ambiguous = r.ambiguous.map { JSON.quoted($0.item.name) }
        return "{\"views\": {\(views.joined(separator: ", "))}, \"broken\": [\(broken.joined(separator: ", "))], \"ambiguous\": [\(ambiguous.joined(separator: ", "))]}"
    }
}

/// `blueprint explain FILE`: the conflict and ambiguity report for people.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain the conflicts and ambiguity of a .layout file.",
        discussion: """
            For each conflict: the required constraints that cannot all hold, each with its \
            file:line, and the one broken to recover (of those, the one furthest down the file). \
            For each ambiguous view: which parts of its frame the constraints leave free. A clean \
            layout gets one line saying so.

            Examples:
              blueprint explain fixtures/conflict.layout
              blueprint explain fixtures/ambiguous.layout

            Exit status: 0 the layout is clean, 1 it has conflicts or ambiguity, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The layout to explain.", valueName: "file.layout"))
    var file: String

    func run() throws {
        let document = try LayoutInput.load(file)
        document.root.layoutIfNeeded()
        let report = document.root.layoutReport
        if report.isClean {
            print("\(file): no conflicts and no ambiguity: every frame is fixed by its constraints.")
            return
        }
        print(report.description)
        throw ExitCode(1)
    }
}
