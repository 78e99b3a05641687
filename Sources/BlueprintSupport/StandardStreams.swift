#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, written with `write(2)`: whole buffers, retried on
/// interruption, no Foundation and no stdio buffering to interleave.
package enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``FileError`` with the system's reason when the stream is closed or full.
    package func write(_ bytes: [UInt8]) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                #if canImport(Darwin)
                Darwin.write(rawValue, raw.baseAddress! + offset, raw.count - offset)
                #elseif canImport(Glibc)
                Glibc.write(rawValue, raw.baseAddress! + offset, raw.count - offset)
                #else
                Musl.write(rawValue, raw.baseAddress! + offset, raw.count - offset)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: self == .output ? "standard output" : "standard error",
                                operation: "write", reason: systemMessage(errno))
            }
            offset += n
        }
    }

    /// Writes text; a failure to write to a terminal or pipe that went away is ignored (there is
    /// nobody left to tell).
    package func write(_ text: String) {
        do { try write(Array(text.utf8)) } catch {}
    }

    /// Writes out what `print` has buffered (for every stdio stream: `fflush(NULL)`; standard
    /// output is the only one the package prints to).
    ///
    /// - Throws: ``FileError`` when it could not be written (a full disk, a closed pipe).
    package static func flushPrinted() throws(FileError) {
        guard fflush(nil) != 0 else { return }
        throw FileError(path: "standard output", operation: "write", reason: systemMessage(errno))
    }

    /// Whether the stream is a terminal (progress bars are drawn only there).
    package var isTerminal: Bool { isatty(rawValue) == 1 }
}
