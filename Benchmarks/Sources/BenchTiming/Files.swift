// The few file operations the benchmarks need. The library's own file layer is internal to
// the Blueprint package, so this separate package has its own, without Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the benchmark could not read or write.
public struct BenchFileError: Error, CustomStringConvertible {
    public let description: String
}

/// Whole files in and out, and folder listings.
public enum BenchFiles {
    /// The bytes of a file.
    public static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchFileError(description: "\(path): cannot open") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Writes a whole file.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else { throw BenchFileError(description: "\(path): cannot create") }
        defer { fclose(file) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count else { throw BenchFileError(description: "\(path): cannot write") }
    }

    /// The names in a folder, sorted.
    public static func contents(of folder: String) throws -> [String] {
        guard let dir = opendir(folder) else { throw BenchFileError(description: "\(folder): cannot list") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
