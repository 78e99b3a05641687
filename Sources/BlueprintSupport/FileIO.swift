#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic whole-file writes, with errors that name the file.
package enum FileIO {
    /// Reads a whole file.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: refuse a file longer than this many bytes (it is read no further).
    ///   - signature: the bytes the file must start with (a PNG's eight): when it does not,
    ///     what was read so far is returned (at most one chunk), for the caller's own check to
    ///     refuse, instead of reading on (`/dev/zero` given for an image).
    /// - Throws: ``FileError`` naming the path and the reason (a folder, a file over `limit`,
    ///   or the system's message).
    ///   - regularOnly: refuse a pipe, a socket or a device before opening it (opening a named
    ///     pipe waits for a writer: a folder scanned for files must not stop at one).
    package static func read(_ path: String, limit: Int = .max, signature: [UInt8] = [], regularOnly: Bool = false) throws(FileError) -> [UInt8] {
        if regularOnly {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
                throw FileError(path: path, operation: "read", reason: "it is not a regular file (a pipe, a socket or a device)")
            }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "open", errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, "read", errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw failure(path, "read", EISDIR)
        }
        let tooLarge = FileError(path: path, operation: "read", reason: "it is larger than \(sizeText(limit))")
        if Int(info.st_size) > limit { throw tooLarge }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 1 << 16), 1 << 24))
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read", errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if !signature.isEmpty && !bytes.starts(with: signature.prefix(bytes.count)) { return bytes }
            if bytes.count > limit { throw tooLarge }
        }
        return bytes
    }

    /// Up to `count` bytes from the start of a regular file (a PNG's header, to check its size
    /// before the whole file is read and decoded); nil for anything else, or when it cannot
    /// be read (the whole read says why).
    package static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var have = 0
        while have < count {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + have, count - have) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            have += n
        }
        return Array(bytes[0..<have])
    }

    /// Writes a whole file atomically: the bytes go to a temporary file in the same folder,
    /// which is flushed to disk (`fsync`) and then renamed over `path`. A reader sees the
    /// old file or the new one, never a part; an interrupted write leaves no broken file.
    ///
    /// A symbolic link is followed: the file it points to is replaced, the link stays. A path
    /// that is not a regular file (a device such as `/dev/null` or `/dev/stdout`, a pipe, a
    /// socket) is written to directly, never replaced; a folder is an error before anything is
    /// written. A replaced file keeps its permissions.
    ///
    /// - Throws: ``FileError`` naming the path and the system's reason.
    package static func writeAtomically(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileError) {
        try commit(try stage(bytes, to: path), bytes)
    }

    /// Writes several files all or none: each goes to a temporary file beside it, and only
    /// once every one is written and flushed are they renamed into place, in order. A file
    /// that cannot be written (a folder that is not there or not writable, a full disk) or
    /// renamed into place (an immutable file) leaves every destination as it was: the files
    /// already renamed are put back (a replaced one from a second link kept to it, a new one
    /// removed). A device or a pipe among them (and standard output, `-` when
    /// `dashIsStandardOutput`) cannot be staged: it is written last, when every file is in
    /// place, and when it fails the files are put back as they were just the same (`render -o
    /// x.png --stats /dev/full` leaves no x.png). What a device took before it failed stays.
    ///
    /// - Throws: ``FileError`` naming the path and the system's reason.
    package static func writeAtomically(_ files: [(bytes: [UInt8], path: String)], dashIsStandardOutput: Bool = false) throws(FileError) {
        var staged: [Staged] = []
        for file in files {
            if dashIsStandardOutput && file.path == "-" {
                staged.append(Staged(path: "-", temporary: nil, target: "-", folder: ""))
                continue
            }
            let result: Result<Staged, FileError> = file.bytes.withUnsafeBytes { raw in
                do throws(FileError) { return .success(try stage(raw, to: file.path)) } catch { return .failure(error) }
            }
            switch result {
            case .success(let s): staged.append(s)
            case .failure(let error):
                for s in staged { s.discard() }
                throw error
            }
        }
        // Each file replaced is kept (a second link to it) until every output is written: a
        // rename or a device that fails puts the files already renamed back as they were.
        var renamed: [(staged: Staged, kept: String?)] = []
        func putBack() {
            for done in renamed.reversed() {
                if let old = done.kept { rename(old, done.staged.target) } else { unlink(done.staged.target) }
            }
        }
        for (k, s) in staged.enumerated() where !s.isDirect {
            var kept: String?
            if staged.count > 1, let temporary = s.temporary {
                var info = stat()
                if stat(s.target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, link(s.target, temporary + ".old") == 0 {
                    kept = temporary + ".old"
                }
            }
            do throws(FileError) { try commit(s, UnsafeRawBufferPointer(start: nil, count: 0)) } catch {
                if let kept { unlink(kept) }
                for later in staged[(k + 1)...] { later.discard() }
                putBack()
                throw error
            }
            renamed.append((s, kept))
        }
        for (s, file) in zip(staged, files) where s.isDirect {
            let result: Result<Void, FileError> = file.bytes.withUnsafeBytes { raw in
                do throws(FileError) {
                    if s.path == "-" && dashIsStandardOutput {
                        try StandardStream.output.write(file.bytes)
                    } else {
                        try commit(s, raw)
                    }
                    return .success(())
                } catch { return .failure(error) }
            }
            if case .failure(let error) = result {
                putBack()
                throw error
            }
        }
        for done in renamed { if let old = done.kept { unlink(old) } }
    }

    /// A file written to its temporary twin, not yet renamed into place; or (no temporary) a
    /// device or pipe, not yet written.
    private struct Staged {
        let path: String
        let temporary: String?
        let target: String
        let folder: String

        var isDirect: Bool { temporary == nil }
        func discard() {
            if let temporary {
                unlink(temporary)
                TemporaryFiles.unregister(temporary)
            }
        }
    }

    /// Writes `bytes` to a flushed temporary file beside `path` (nothing yet for a path that
    /// is not a regular file); ``commit(_:_:)`` puts it in place.
    private static func stage(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileError) -> Staged {
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists {
            switch existing.st_mode & S_IFMT {
            case S_IFDIR:
                throw failure(path, "write", EISDIR)
            case S_IFREG:
                break
            default:
                // Through any links (`/dev/stdout` → `/proc/self/fd/1` → a pipe).
                return Staged(path: path, temporary: nil, target: path, folder: "")
            }
        }
        // A link is followed, even to a file not there yet: the link stays, its file is written.
        let target = FileSystem.followingLinks(path)
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[..<$0]) } ?? "."
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, "create a temporary file", errno) }
        TemporaryFiles.register(temporary)
        var done = false
        defer {
            if !done {
                unlink(temporary)
                TemporaryFiles.unregister(temporary)
            }
        }
        if exists {
            // The file being replaced keeps its permissions (an executable stays executable).
            _ = fchmod(fd, existing.st_mode & 0o7777)
        }
        do throws(FileError) {
            try writeAll(bytes, to: fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            throw failure(path, "flush", code)
        }
        guard close(fd) == 0 else { throw failure(path, "close", errno) }
        done = true
        return Staged(path: path, temporary: temporary, target: target, folder: folder)
    }

    /// Puts a staged file in place: renames its temporary file over the destination (and
    /// flushes the folder), or writes `bytes` into a device or pipe.
    private static func commit(_ s: Staged, _ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard let temporary = s.temporary else { return try writeDirectly(bytes, to: s.path) }
        defer { TemporaryFiles.unregister(temporary) }
        guard rename(temporary, s.target) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(s.path, "rename into place", code)
        }
        // Make the rename itself durable; a failure here does not undo the write.
        let folderFD = open(s.folder.isEmpty ? "/" : s.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// Writes to something that is not a regular file (a device, a pipe), which cannot be
    /// replaced by a rename.
    private static func writeDirectly(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "open", errno) }
        do throws(FileError) {
            try writeAll(bytes, to: fd, path: path)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(path, "close", errno) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "write", errno)
            }
            offset += count
        }
    }

    /// ``writeAtomically(_:to:)`` for an array.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let result: Result<Void, FileError> = bytes.withUnsafeBytes { raw in
            do throws(FileError) {
                try writeAtomically(raw, to: path)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    private static func failure(_ path: String, _ operation: String, _ code: Int32) -> FileError {
        FileError(path: path, operation: operation, reason: systemMessage(code))
    }

    private static func sizeText(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}

// `read` and `write` are also the names of methods in scope in some callers; these name the C
// functions of the platform explicitly.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(fd, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #else
    Musl.read(fd, buffer, count)
    #endif
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(fd, buffer, count)
    #elseif canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Musl.write(fd, buffer, count)
    #endif
}

/// The temporary files being written, so that a command stopped by a signal (a CI's `timeout`,
/// Ctrl-C) removes them before it ends: ``removeOnSignals()`` installs the handlers, which only
/// the command-line tool does (a library does not take its host's signals). The handler uses
/// nothing but `unlink` and `raise` on a fixed table of C strings.
package enum TemporaryFiles {
    private static let capacity = 64
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()

    static func register(_ path: String) {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return
        }
    }

    static func unregister(_ path: String) {
        for i in 0..<capacity {
            guard let p = slots[i], String(cString: p) == path else { continue }
            slots[i] = nil
            free(p)
            return
        }
    }

    /// On SIGTERM, SIGINT and SIGHUP: remove every temporary file being written, then end as
    /// the signal ends a process.
    package static func removeOnSignals() {
        _ = slots
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            signal(sig) { sig in
                for i in 0..<TemporaryFiles.capacity {
                    if let p = TemporaryFiles.slots[i] { unlink(p) }
                }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}
