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

/// Tunes the C library's allocator for a process that builds one large layout and exits (the
/// command-line tool; a library never calls this). glibc serves each block above 128 KiB with
/// a mapping of its own and unmaps it when freed, raising that threshold as such blocks come and
/// go: an array that grows by doubling faults in fresh zeroed pages at every step, and those
/// faults were a fifth of a 10,000-view `solve`. Blocks up to 32 MiB now come from the heap and
/// their pages are reused. Other C libraries are left as they are.
package func tuneAllocatorForOneShotRun() {
    #if canImport(Glibc)
    // `mallopt` is declared in <malloc.h>, which the Glibc module leaves out: looked up by name
    // (nil handle: RTLD_DEFAULT). M_MMAP_THRESHOLD is -3 in glibc's ABI.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 32 << 20)
    #endif
}
