import Foundation

// The few file operations the benchmarks need. The library's own file layer is internal to the
// Blueprint package (and avoids Foundation); the benchmarks are not the library, so they use
// Foundation's.

/// Whole files in and out, and folder listings.
public enum BenchFiles {
    /// The bytes of a file.
    public static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes a whole file.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The names in a folder, sorted.
    public static func contents(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }
}
