import ArgumentParser
import BlueprintSupport

/// Checks of a command's output paths before any work is done, so that a run which cannot
/// write all its outputs writes none: a folder where a file should go, an output that would
/// replace one of the command's own inputs, two outputs on one file.
enum OutputPaths {
    /// - Parameters:
    ///   - outputs: each output's option (`-o`, `--stats`) and path; `-` (standard output) is
    ///     left alone.
    ///   - inputs: the files the command reads.
    /// - Throws: `ValidationError` (exit status 2) naming the option and the path.
    static func check(_ outputs: [(option: String, path: String)], inputs: [String]) throws {
        let toStandardOutput = outputs.filter { $0.path == "-" }
        if toStandardOutput.count > 1 {
            throw ValidationError("\(toStandardOutput.map(\.option).joined(separator: " and ")) both write to standard output (-); send one to a file")
        }
        let files = outputs.filter { $0.path != "-" }
        for (option, path) in files {
            if FileSystem.isDirectory(path) {
                throw ValidationError("\(option) \(path): a folder is there; give a file name")
            }
            // Checked before anything is written, so that one output's missing folder never
            // leaves another output written by a command that failed.
            try checkParent(option, path)
            if let input = inputs.first(where: { FileSystem.sameFile($0, path) }) {
                throw ValidationError("\(option) \(path) would overwrite the input \(input); write somewhere else")
            }
        }
        for (i, a) in files.enumerated() {
            for b in files[(i + 1)...] where FileSystem.sameFile(a.path, b.path) {
                throw ValidationError("\(a.option) and \(b.option) name the same file, \(b.path); give each its own")
            }
        }
    }

    /// An output folder (`docs --out DIR`): made when it is not there, inside a folder that is
    /// (a missing folder above it is a mistake in the path, as for a file: never made).
    /// - Throws: `ValidationError` (exit status 2) naming the option and the path.
    static func checkFolder(_ option: String, _ path: String) throws {
        if FileSystem.exists(path) && !FileSystem.isDirectory(path) {
            throw ValidationError("\(option) \(path): a file is there, not a folder; give a folder")
        }
        try checkParent(option, path)
    }

    /// The folder an output goes in must be there: a missing one is never made.
    private static func checkParent(_ option: String, _ path: String) throws {
        let folder = FileSystem.directory(of: path)
        if !FileSystem.isDirectory(folder) {
            throw ValidationError(FileSystem.exists(folder)
                ? "\(option) \(path): \(folder) is a file, not a folder"
                : "\(option) \(path): there is no folder \(folder)")
        }
    }
}
