import BlueprintSupport
import ArgumentParser
import Blueprint

/// `--conflict N` of `solve`, `explain` and `render`: which conflict of a UIKit log they read.
struct LogOptions: ParsableArguments {
    @Option(help: ArgumentHelp("When the input is a UIKit conflict log with several conflicts, read this one (1 is the first).", valueName: "n"))
    var conflict: Int = 1

    func validate() throws {
        if conflict < 1 { throw ValidationError("--conflict \(conflict): the first conflict is 1") }
    }

    /// Makes the choice before the input is loaded.
    func select() { LayoutInput.conflictNumber = conflict }
}

/// `blueprint import LOG`: a UIKit "Unable to simultaneously satisfy constraints" log as a
/// `.layout` file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a UIKit conflict log into a .layout file.",
        usage: "blueprint import <console.log> [-o <file.layout>] [--conflict <n>]",
        discussion: """
            Reads a log holding UIKit's (or AppKit's) "Unable to simultaneously satisfy \
            constraints" message: the constraints it lists, as their descriptions \
            (<NSLayoutConstraint:0x… UILabel:0x…'Title'.leading == UIView:0x….leadingMargin + 16   (active)>, \
            visual formats such as V:|-(8)-[UIImageView:0x…], autoresizing-mask constraints, \
            'UISV-…' and 'UIView-Encapsulated-Layout-…' identifiers), and the constraint it broke. \
            Writes the conflict as a .layout file: a view for each address (a label where the log \
            quotes its text, a guide for a layout guide), named from its class and text \
            (secondsLabel, imageView2); the tree as far as the log shows it (an \
            _autolayoutTrace pasted into it gives it whole); UIKit's own \
            constraints first (kept in a conflict, as UIKit keeps them), then the app's, each under a \
            comment with its description; and placeholders at priorities 1 to 4 that place what \
            the log leaves free (laid out, not drawn). Then says which constraint UIKit broke and \
            which Blueprint breaks.

            solve, explain and render read such a log directly, each constraint located at its \
            line of the log (feed.log:7).

            Examples:
              blueprint import console.log -o conflict.layout
              blueprint import console.log --conflict 2
              blueprint explain console.log
              blueprint render console.log -o conflict.png

            Exit status: 0 written, 2 bad input or usage.
            """
    )

    @Argument(help: ArgumentHelp("The log (- reads standard input).", valueName: "console.log"))
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the .layout file here (default: standard output).", valueName: "file.layout"))
    var output: String = "-"

    @OptionGroup var log: LogOptions

    func validate() throws {
        try OutputPaths.check([("-o", output)], inputs: file == "-" ? [] : [file])
    }

    func run() throws {
        log.select()
        let bytes: [UInt8]
        do {
            bytes = file == "-" ? try FileIO.read("/dev/stdin", limit: LayoutInput.sizeLimit) : try FileIO.read(file, limit: LayoutInput.sizeLimit)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        let conflict: UIKitConflictLog.Conflict
        do {
            conflict = try LayoutInput.conflict(in: bytes, path: file)
        } catch {
            Entry.printError(String(describing: error))
            throw ExitCode(2)
        }
        // Laid out once, to say what Blueprint breaks.
        let document: LayoutDocument
        do {
            document = try conflict.document(file: LayoutInput.displayName(file))
        } catch {
            Entry.printError("error: \(LayoutInput.displayName(file)): the layout made from this log does not parse (please report it):\n\(error)")
            throw ExitCode(2)
        }
        document.root.layoutIfNeeded()
        var text = conflict.readableLayout
        let comparison = LayoutInput.uikitComparison(document, path: file)
        if let comparison { text += "\n# " + comparison + "\n" }
        do {
            if output == "-" {
                try StandardStream.output.write(Array(text.utf8))
            } else {
                try FileIO.writeAtomically(Array(text.utf8), to: output)
            }
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        let views = document.views.count - 1   // not the root
        let constraints = conflict.constraintLines.count
        let summary = "\(LayoutInput.displayName(file)): \(constraints) constraint\(constraints == 1 ? "" : "s"), \(views) view\(views == 1 ? "" : "s")"
            + (comparison.map { "; " + $0 } ?? "")
        Entry.printError(summary)
    }
}
