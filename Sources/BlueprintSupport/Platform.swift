// BlueprintSupport: the package's own plumbing (files, JSON, standard output, clocks, worker
// counts, number formatting). Every declaration is `package`: the modules of this package share
// it, users of the package never see it.
//
// Policy: no Foundation anywhere in Blueprint. The package talks to the C library directly, and
// this module is where it does so: each file imports the C library of the platform it builds on
// (Glibc or Musl on Linux, Darwin on Apple systems) and nothing outside this module calls it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("BlueprintSupport needs Glibc, Musl or Darwin")
#endif

/// The system's message for an `errno` value.
package func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// The number of processors online (at least 1): the default number of worker threads.
package let processorCount: Int = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)

/// A monotonic clock in nanoseconds, for progress and timings (never for output that must be
/// deterministic).
package func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// The process environment as a dictionary (read on each call: tests may change it).
package var processEnvironment: [String: String] {
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

/// Ends the process with a status.
package func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
