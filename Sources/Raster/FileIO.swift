#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic whole-file writes, with errors that name the file.
enum FileIO {
    /// Reads a whole file.
    ///
    /// - Throws: `RasterError.io` naming the path and the system's reason.
    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "open", errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "stat", errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(path, "read", EISDIR) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: max(Int(info.st_size), 1 << 16))
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read", errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Writes a whole file atomically: the bytes go to a temporary file in the same folder,
    /// which is flushed to disk (`fsync`) and then renamed over `path`. A reader sees the
    /// old file or the new one, never a part; an interrupted write leaves no broken file.
    ///
    /// - Throws: `RasterError.io` naming the path and the system's reason.
    static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, "create a temporary file", errno) }
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                throw failure(path, "write", code)
            }
            offset += count
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            throw failure(path, "flush", code)
        }
        guard close(fd) == 0 else { throw failure(path, "close", errno) }
        guard rename(temporary, path) == 0 else { throw failure(path, "rename into place", errno) }
        done = true
        // Make the rename itself durable; a failure here does not undo the write.
        let folderFD = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    private static func failure(_ path: String, _ operation: String, _ code: Int32) -> RasterError {
        .io(path: path, operation: operation, reason: String(cString: strerror(code)))
    }
}
