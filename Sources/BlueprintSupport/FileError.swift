/// A file that could not be opened, read, written or renamed: the path, what was being done,
/// and the system's reason. `description` reads `goldens/a.png: cannot open: No such file or directory`.
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or folder.
    package let path: String
    /// What was being done, as a verb phrase: `open`, `read`, `create the folder`.
    package let operation: String
    /// The system's message, or ours (`it is a folder`).
    package let reason: String

    package init(path: String, operation: String, reason: String) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    package var description: String {
        path.isEmpty ? "the file name is empty: cannot \(operation) it" : "\(path): cannot \(operation): \(reason)"
    }
}
