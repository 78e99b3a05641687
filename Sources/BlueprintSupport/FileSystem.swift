#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system operations the package needs, without Foundation.
package enum FileSystem {
    /// The process environment as a dictionary (read each call: tests may change it).
    package static var environment: [String: String] { processEnvironment }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether nothing is at `path` (a missing file, or a link to one), as opposed to
    /// something that cannot be reached (a loop of symbolic links, a folder without access).
    package static func isMissing(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 && errno == ENOENT
    }

    /// The size in bytes of the file at `path` (links followed), or nil when there is none.
    package static func fileSize(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// Whether `path` is a folder.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a folder itself, not a symbolic link to one (a walk that follows
    /// links may loop).
    package static func isRealDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `path` and every missing folder above it.
    ///
    /// - Throws: ``FileError`` naming the folder that could not be made.
    package static func createDirectories(_ path: String) throws(FileError) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = directory(of: path)
        if parent != path { try createDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileError(path: path, operation: "create the folder", reason: systemMessage(errno))
        }
        guard isDirectory(path) else {
            throw FileError(path: path, operation: "create the folder", reason: "a file is in the way")
        }
    }

    /// Removes a file if it is there.
    package static func remove(_ path: String) { unlink(path) }

    /// The names in a folder (without `.` and `..`), sorted; empty when it cannot be read.
    package static func contents(of folder: String) -> [String] {
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
    package static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of a path.
    package static func fileName(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? String(trimmed)
    }

    /// `a/b` joined with `c` as `a/b/c`.
    package static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || name.hasPrefix("/") { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The current folder.
    package static var currentDirectory: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let ok = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard ok else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// `path` made absolute against the current folder.
    package static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(currentDirectory, path)
    }

    /// The temporary folder: `TMPDIR` of `environment`, else `/tmp`.
    package static func temporaryDirectory(in environment: [String: String] = FileSystem.environment) -> String {
        let value = environment["TMPDIR"] ?? ""
        return value.isEmpty ? "/tmp" : value
    }

    /// The nearest folder at or above `start` that holds a `Package.swift`.
    package static func packageRoot(above start: String) -> String? {
        var folder = start
        while true {
            if exists(join(folder, "Package.swift")) { return folder }
            let parent = directory(of: folder)
            if parent == folder || parent == "." { return nil }
            folder = parent
        }
    }

    /// Whether two paths name the same file: the same device and inode when both exist (links
    /// and `./` spellings included), else the same canonical folder and name.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        let ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0
        if ea && eb { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        // A file not there yet may be the end of a link that is (`link.png -> real.png`): the
        // paths are compared where their links lead.
        let ra = followingLinks(a), rb = followingLinks(b)
        return canonical(directory(of: ra)) + "/" + fileName(of: ra) == canonical(directory(of: rb)) + "/" + fileName(of: rb)
    }

    /// What the symbolic link at `path` points to, as the link says it (`../common/a.png`);
    /// nil when `path` is not a link (or nothing is there).
    package static func symbolicLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return "a target that cannot be read (\(systemMessage(errno)))" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where a chain of symbolic links from `path` ends (the path itself when it is no link),
    /// whether or not a file is there yet; a loop of links is left to fail where it is used.
    package static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : join(directory(of: current), target)
        }
        return current
    }

    /// The canonical form of an existing path (links resolved), else the path unchanged.
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` relative to `base` when it lies inside it, else `path` unchanged.
    package static func display(_ path: String, relativeTo base: String?) -> String {
        guard let base, !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
