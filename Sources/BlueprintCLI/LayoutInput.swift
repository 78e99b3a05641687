import ArgumentParser
import Blueprint
#if canImport(Glibc)
import Glibc
#endif

/// Reading a `.layout` file for `solve`, `explain` and `render`: every problem with the input
/// is printed to standard error and exits 2.
enum LayoutInput {
    /// The largest file we read: a layout is text; anything bigger is a mistake or hostile.
    static let sizeLimit = 256 << 20

    static func load(_ path: String) throws -> LayoutDocument {
        let bytes: [UInt8]
        do {
            bytes = try readFile(path)
        } catch let message as InputError {
            Entry.printError("error: \(message.text)")
            throw ExitCode(2)
        }
        do {
            return try LayoutDocument(bytes: bytes, file: path)
        } catch {
            Entry.printError(error.description)
            throw ExitCode(2)
        }
    }

    struct InputError: Error { let text: String }

    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw InputError(text: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw InputError(text: "cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw InputError(text: "\(path) is a directory, not a .layout file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(text: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > sizeLimit { throw InputError(text: "\(path) is larger than \(sizeLimit >> 20) MB") }
        }
        return bytes
    }
}
