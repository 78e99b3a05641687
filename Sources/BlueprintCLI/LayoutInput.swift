import BlueprintSupport
import ArgumentParser
import Blueprint

/// Reading a `.layout` file for `solve`, `explain` and `render`: every problem with the input
/// is printed to standard error and exits 2.
enum LayoutInput {
    /// The largest file we read: a layout is text; anything bigger is a mistake or hostile.
    static let sizeLimit = 256 << 20

    /// The path that stands for standard input (`cat x.layout | blueprint solve -`).
    static let standardInput = "-"

    /// Standard input, read once: a device sheet lays the file out once per panel.
    nonisolated(unsafe) private static var standardInputBytes: [UInt8]?

    /// How diagnostics name the input: `<stdin>` for `-`, else the path.
    static func displayName(_ path: String) -> String { path == standardInput ? "<stdin>" : path }

    static func load(_ path: String) throws -> LayoutDocument {
        let bytes: [UInt8]
        do {
            if path == standardInput {
                if standardInputBytes == nil {
                    do { standardInputBytes = try readFile("/dev/stdin") } catch {
                        throw FileError(path: "<stdin>", operation: "read", reason: error.reason)
                    }
                }
                bytes = standardInputBytes!
            } else {
                // A named pipe or a device is refused, not opened (opening a pipe with no writer
                // waits for ever), as `diff`, `check` and `fontfile` refuse one; standard input
                // is `-`.
                bytes = try readFile(path, regularOnly: true)
            }
            // The tree, its constraints and the solver's tableau take ~32 bytes of heap per byte
            // of `.layout` text (60 MB for a 1.8 MB file of 10,000 views, ~600 MB for ten
            // times that): their pages are faulted in on the other processor while this one
            // parses. Blank lines and comments make nothing (20 MB of newlines faulted in 640 MB).
            prefaultHeapAhead(bytes: LayoutDocument.statementByteCount(bytes) * 32)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        let document: LayoutDocument
        do {
            // A UIKit conflict log is read as the layout it describes, each constraint located
            // at its line of the log.
            if UIKitConflictLog.isLog(bytes) {
                document = try conflict(in: bytes, path: path).document(file: displayName(path))
            } else {
                document = try LayoutDocument(bytes: bytes, file: displayName(path))
            }
        } catch {
            Entry.printError(String(describing: error))
            throw ExitCode(2)
        }
        // An empty file (or one of comments only) would lay out a root of no size and report it
        // ambiguous: said as what it is.
        if isEmpty(document) {
            Entry.printError("error: \(SourceDiagnostic.terminalSafe(displayName(path))): \(nothingToLayOut())")
            throw ExitCode(2)
        }
        return document
    }

    /// What is said of a layout with nothing in it (`check`, `docs` and the commands that
    /// read one file say the same), a `file` or a `block`.
    /// Which conflict of a UIKit log `solve`, `explain` and `render` read (1-based; `--conflict`).
    nonisolated(unsafe) static var conflictNumber = 1
    /// The conflict of the UIKit log last loaded, if the input was one.
    nonisolated(unsafe) static var loadedConflict: UIKitConflictLog.Conflict?

    /// The chosen conflict of a UIKit log; a note on standard error when the log has more.
    static func conflict(in bytes: [UInt8], path: String) throws -> UIKitConflictLog.Conflict {
        let log = try UIKitConflictLog(text: String(decoding: bytes, as: UTF8.self), file: displayName(path))
        let n = conflictNumber
        guard n >= 1, n <= log.conflicts.count else {
            throw LogChoiceError(message: "error: \(SourceDiagnostic.terminalSafe(displayName(path))) has \(log.conflicts.count) conflict\(log.conflicts.count == 1 ? "" : "s"): --conflict \(n) is not one of them")
        }
        if log.conflicts.count > 1 {
            Entry.printError("note: \(SourceDiagnostic.terminalSafe(displayName(path))) has \(log.conflicts.count) conflicts; this is conflict \(n), from line \(log.conflicts[n - 1].line) (--conflict N for another)")
        }
        loadedConflict = log.conflicts[n - 1]
        return log.conflicts[n - 1]
    }

    /// A `--conflict` the log does not have.
    struct LogChoiceError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// After a UIKit log's layout is laid out: which constraint UIKit broke and whether
    /// Blueprint broke the same one (nil for a `.layout` file, or a log that does not say).
    static func uikitComparison(_ document: LayoutDocument, path: String) -> String? {
        guard let conflict = loadedConflict else { return nil }
        let broken = document.root.layoutReport.broken
        guard let theirs = conflict.brokenLine else {
            return "UIKit's log does not say which constraint it broke."
        }
        let name = SourceDiagnostic.terminalSafe(displayName(path))
        if broken.contains(where: { $0.location?.line == theirs }) {
            return "UIKit broke the same constraint (\(name):\(theirs))."
        }
        let uikits = document.constraints.first { $0.location?.line == theirs }.map { $0.description } ?? "\(name):\(theirs)"
        let said = broken.isEmpty ? "Blueprint broke none of the listed constraints" : "Blueprint broke " + broken.map(\.description).joined(separator: ", ")
        return "UIKit broke \(uikits); \(said) (its rule: the constraint on the view furthest down the tree, then the one furthest down the log)."
    }

    static func nothingToLayOut(in what: String = "file") -> String {
        "nothing to lay out: the \(what) has no canvas, no view and no constraint"
    }

    /// Whether a layout has nothing to lay out: no canvas, no view, no guide, no constraint
    /// (an empty file, or comments only), which would lay out a root of no size reported
    /// ambiguous.
    static func isEmpty(_ document: LayoutDocument) -> Bool {
        let root = document.root
        return root.subviews.isEmpty && root.layoutGuides.isEmpty && document.constraints.isEmpty && root.frame.size == .zero
    }

    /// The bytes of a layout file, refusing folders and files over ``sizeLimit``.
    ///
    /// - Throws: ``FileError`` naming the file and the reason.
    /// `regularOnly`: a pipe or a device is refused, not opened (`check` reads a folder's
    /// files: a named pipe among them would wait for a writer for ever).
    static func readFile(_ path: String, regularOnly: Bool = false) throws(FileError) -> [UInt8] {
        try FileIO.read(path, limit: sizeLimit, regularOnly: regularOnly)
    }
}

/// Keeps `object` (and all it holds) alive until the process exits: a command that is about to
/// end does not release a large tree object by object. Used only just before returning from a
/// command's `run`.
func keepUntilExit(_ object: AnyObject) {
    _ = Unmanaged.passRetained(object)
}
