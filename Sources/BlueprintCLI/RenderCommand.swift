import BlueprintSupport
import ArgumentParser
import Blueprint
import BlueprintRender
import Raster

/// `blueprint render FILE -o OUT`: the diagram of a `.layout` file as PNG, SVG or PDF.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a .layout file: frames, margins, constraints, conflicts.",
        discussion: """
            Solves the layout and draws every view (filled by depth, its name inside its \
            frame or in a callout beside the layout), layout margins and the safe area \
            (dashed), and every constraint: spacing as an I-bar with its gap (one sign rule: \
            the gap from the nearer edge to the farther), alignments as thin lines, sizes as \
            one badge per view (40 × 40, 16:9, =w A for equal widths), ≥/≤, ×1/3 and \
            @priority in the labels, dashed lines below priority 1000, broken constraints in \
            red and the rest of their conflict in orange, ambiguous views marked. Rows and \
            tiles constrained alike are annotated once (the others read "as row1"); lines are \
            cut around text. Labels that find no free spot become numbered markers explained \
            in the legend; --stats counts them, and every crossing.

            Labels are drawn in the bundled fonts (Inter, with Noto, DejaVu Sans and Droid Sans \
            Fallback for other scripts, and Noto Color Emoji), the annotations in DejaVu Sans, \
            all through FreeType, never a system font: the same file renders to the same bytes \
            on every run.

            The output is written atomically (a temporary file renamed into place); `-o -` \
            writes to standard output.

            Examples:
              blueprint render fixtures/login-form.layout -o login.png
              blueprint render fixtures/conflict.layout -o conflict.svg --theme blueprint
              blueprint render fixtures/card-grid.layout -o grid.png --scale 1 --show card1
              blueprint render fixtures/screens/inbox.layout -o m.png --show m1Row --crop
              blueprint render fixtures/screens/settings.layout -o s.png --stats s.json
              blueprint render fixtures/login-form.layout -o sheet.png --devices "iPhone SE, iPad" --rtl
              blueprint render fixtures/screens/rtl-messages.layout -o se.png --device "iPhone SE" --direction ltr

            Exit status: 0 drawn and the layout is clean, 1 drawn but the layout has conflicts, \
            ambiguity, priority ties, negative sizes or refused changes (`blueprint explain` \
            says which), 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The layout to draw (- reads standard input).", valueName: "file.layout"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the diagram (`-` for standard output).", valueName: "out"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point: 1, 2 or 3.", valueName: "n"))
    var scale: Int = 2

    @Option(help: ArgumentHelp("Colours: light, dark or blueprint.", valueName: "name"))
    var theme: String = "light"

    @Option(help: ArgumentHelp("png, svg or pdf (default: from the output's extension, else png).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Which constraints to draw: all, none, or view names (repeat --show or separate with commas): those views, the views inside them and what they relate to are highlighted, the rest dimmed.", valueName: "which"))
    var show: [String] = []

    @Flag(help: "With --show VIEW: crop the picture to the views in focus and what they relate to.")
    var crop = false

    @Flag(help: "Leave out the legend (numbered labels are still explained).")
    var noLegend = false

    @Option(help: ArgumentHelp("Lay the file out on each of these screens and draw them side by side (PNG), as \"iPhone SE, iPhone 15, iPad\".", valueName: "list"))
    var devices: String?

    @Flag(help: "With --devices, also lay each screen out in the other direction (a second row): right to left, or left to right for a file that says `direction rtl`.")
    var rtl = false

    @Option(help: ArgumentHelp("Also write the diagram's own account (views, constraints, labels, markers, crossings) as JSON (`-` for standard output).", valueName: "file.json"))
    var stats: String?

    @OptionGroup var screen: ScreenOptions

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard (1...3).contains(scale) else {
            throw ValidationError("invalid scale \(scale): expected 1, 2 or 3")
        }
        guard Theme(named: theme) != nil else {
            throw ValidationError("unknown theme '\(theme)': expected \(Theme.builtIn.map(\.name).joined(separator: ", "))")
        }
        if let format, OutputFormat(rawValue: format) == nil {
            throw ValidationError("unknown format '\(format)': expected png, svg or pdf")
        }
        if format == nil, let ext = OutputFormat.unwrittenExtension(of: output) {
            throw ValidationError("-o \(SourceDiagnostic.terminalSafe(output)): \(OutputFormat.unwrittenReason(ext, explicitly: "--format png"))")
        }
        guard !output.isEmpty else { throw ValidationError("the output path is empty") }
        let names = show.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        if names.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("an empty view name in --show")
        }
        if names.count > 1 && names.contains(where: { $0 == "all" || $0 == "none" }) {
            throw ValidationError("--show all and --show none cannot be combined with view names")
        }
        if crop && (names.isEmpty || names == ["all"] || names == ["none"]) {
            throw ValidationError("--crop needs --show with one or more view names")
        }
        if devices != nil && (screen.device != nil || screen.direction != nil) {
            throw ValidationError("--device and --direction draw one screen, --devices a sheet of several: give one or the other")
        }
        if devices != nil && (stats != nil || crop) {
            throw ValidationError("--\(stats != nil ? "stats" : "crop") is for one screen's picture: with a sheet, draw the screen alone with --device NAME (and --direction rtl)")
        }
        if rtl && devices == nil {
            throw ValidationError("--rtl needs --devices: it adds a right-to-left row to the device sheet")
        }
        // Read from standard input, the file behind it is the input (`render - -o /dev/stdin <
        // screen.layout` would write the picture over the layout).
        try OutputPaths.check([("-o", output)] + (stats.map { [("--stats", $0)] } ?? []),
                              inputs: [file == LayoutInput.standardInput ? "/dev/stdin" : file])
    }

    /// The format asked for, else the output's extension, else PNG.
    var resolvedFormat: OutputFormat {
        if let format, let f = OutputFormat(rawValue: format) { return f }
        return OutputFormat(path: output) ?? .png
    }

    /// What `--show` asks for.
    var shownConstraints: RenderOptions.Constraints {
        let names = show.flatMap { $0.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) } }
        return switch names {
        case [], ["all"]: .all
        case ["none"]: .none
        case let one where one.count == 1: .view(one[0])
        default: .views(names)
        }
    }

    func run() throws {
        log.select()
        if devices != nil { return try runDeviceSheet() }
        let document = try LayoutInput.load(file)
        screen.apply(to: document)
        let constraints = shownConstraints
        var report: LayoutReport?
        let options = RenderOptions(scale: scale, theme: Theme(named: theme)!, constraints: constraints, legend: !noLegend, crop: crop)
        do throws(RenderError) {
            let diagram = try Diagram(root: document.root, options: options)
            report = diagram.layoutReport
            // The picture and the statistics are written all or none: a file is renamed into
            // place only when the other output (a file, a device, standard output) is written
            // too, or put back as it was.
            var files: [(bytes: [UInt8], path: String)] = [(try diagram.data(format: resolvedFormat), output)]
            if let stats { files.append((Array(diagram.statistics.json.utf8), stats)) }   // `-o -` is refused with `--stats -`
            do {
                try FileIO.writeAtomically(files, dashIsStandardOutput: true)
            } catch {
                throw RenderError.output(RasterError(error))
            }
        } catch {
            var message = error.description
            switch error {
            case .canvasTooLarge, .layoutTooLarge, .lineTooLong: message = "\(LayoutInput.displayName(file)): " + message   // which file cannot be drawn
            default: break
            }
            if case .unknownView(let name) = error {
                if let guide = document.guides.first(where: { $0.name == name }) {
                    // A guide is drawn with its view: show that one.
                    message += ": '\(name)' is a layout guide; --show takes views (show its view, '\(guide.owningView?.name ?? "root")')"
                } else if let guess = closest(name, in: document.views.map(\.name) + document.guides.map(\.name)) {
                    if let guide = document.guides.first(where: { $0.name == guess }) {
                        message += "; '\(guess)' is a layout guide: show its view, '\(guide.owningView?.name ?? "root")'"
                    } else {
                        message += "; did you mean '\(guess)'?"
                    }
                }
            }
            Entry.printError("error: \(message)")
            throw ExitCode(2)
        }
        if let report, !report.isClean {
            Entry.printError("\(LayoutInput.displayName(file)): drawn with \(report.problemSummary) (see `blueprint explain \(file)\(screen.again)`)")
            throw ExitCode(1)
        }
    }
}
