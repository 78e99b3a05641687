import Foundation

// The few file operations the benchmarks need. The library's own file layer is internal to the
// Blueprint package (and avoids Foundation); the benchmarks are not the library, so they use
// Foundation's.

/// Whole files in and out, and folder listings.
public enum BenchFiles {
    /// The bytes of a file, read with the C library in one call (as the command-line tool reads
    /// them: `Data(contentsOf:)` took 3 ms for a 1.8 MB file, this 0.7 ms).
    public static func read(_ path: String) throws -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { fclose(f) }
        fseek(f, 0, SEEK_END)
        let size = ftell(f)
        fseek(f, 0, SEEK_SET)
        guard size >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
        var bytes = [UInt8](repeating: 0, count: size)
        let n = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, f) }
        guard n == size else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return bytes
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
