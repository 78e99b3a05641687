#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// The few file-system operations golden checks need, without Foundation.
public enum FileSystem {
    /// The process environment as a dictionary (read each call: tests may change it).
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a folder.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and every missing folder above it.
    ///
    /// - Throws: `RasterError.io` naming the folder that could not be made.
    public static func createDirectories(_ path: String) throws(RasterError) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = directory(of: path)
        if parent != path { try createDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .io(path: path, operation: "create the folder", reason: String(cString: strerror(errno)))
        }
        guard isDirectory(path) else {
            throw .io(path: path, operation: "create the folder", reason: "a file is in the way")
        }
    }

    /// Removes a file if it is there.
    public static func remove(_ path: String) { unlink(path) }

    /// The names in a folder (without `.` and `..`), sorted; empty when it cannot be read.
    public static func contents(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
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

    /// The folder part of a path (`.` for a bare name, `/` for a top-level path).
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of a path.
    public static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? String(trimmed)
    }

    /// `a/b` joined with `c` as `a/b/c`.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || name.hasPrefix("/") { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The current folder.
    public static var currentDirectory: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let ok = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard ok else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `path` made absolute against the current folder.
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    /// The temporary folder: `TMPDIR` of `environment`, else `/tmp`.
    public static func temporaryDirectory(in environment: [String: String] = FileSystem.environment) -> String {
        let value = environment["TMPDIR"] ?? ""
        return value.isEmpty ? "/tmp" : value
    }

    /// The nearest folder at or above `start` that holds a `Package.swift`.
    public static func packageRoot(above start: String) -> String? {
        var folder = start
        while true {
            if exists(join(folder, "Package.swift")) { return folder }
            let parent = directory(of: folder)
            if parent == folder || parent == "." { return nil }
            folder = parent
        }
    }

    /// `path` relative to `base` when it lies inside it, else `path` unchanged.
    public static func display(_ path: String, relativeTo base: String?) -> String {
        guard let base, !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
