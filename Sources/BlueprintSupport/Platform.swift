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

/// Has a second processor fault in the pages of the heap that this process is about to fill,
/// while the first goes on (the command-line tool, once it knows the size of its input; a library
/// never calls this).
///
/// A fresh process takes a page fault at the first write to every page of its heap: ~16,500 of
/// them for a 10,000-view layout, a fifth of its run, each spent zeroing a page and mapping it.
/// Here the heap is grown by `bytes` at once (glibc's `M_TOP_PAD`, which also keeps that much
/// when the heap is trimmed), and a detached thread asks the kernel to map the new pages
/// writable (`MADV_POPULATE_WRITE`, Linux 5.14), a megabyte at a time, never writing to them:
/// the memory the program is using is not touched, and a range the program has handed back
/// makes the thread stop. Nothing happens below 8 MiB, on one processor, on an older kernel
/// (the first call fails and the thread ends) or with another C library.
package func prefaultHeapAhead(bytes: Int) {
    #if canImport(Glibc)
    guard bytes >= 8 << 20, processorCount > 1 else { return }
    // `mallopt` and `malloc` looked up by name: <malloc.h> is not in the Glibc module, and the
    // compiler may drop a `malloc` whose block is freed unused.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
    guard let malloptSymbol = dlsym(nil, "mallopt"), let mallocSymbol = dlsym(nil, "malloc") else { return }
    let pad = min(bytes, 1 << 30)
    guard unsafeBitCast(malloptSymbol, to: Mallopt.self)(-2, Int32(pad)) == 1 else { return }   // M_TOP_PAD
    // Grow the heap now: a block just under the mapping threshold the tool sets (32 MiB) is more
    // than a young heap's top chunk holds, so the heap grows by it and the pad; freed, the
    // heap is trimmed back to the pad.
    guard let before = sbrk(0),
          let probe = unsafeBitCast(mallocSymbol, to: Malloc.self)((32 << 20) - (64 << 10))
    else {
        // No room for the heap and the pad (a limit on the process's memory, `ulimit -v`): with
        // the pad left in place every later block under the mapping threshold asked for it too,
        // and failed (a 32 MB file of NULs aborted, out of memory, at 66 MB).
        _ = unsafeBitCast(malloptSymbol, to: Mallopt.self)(-2, 128 << 10)
        return
    }
    free(probe)
    guard let after = sbrk(0) else { return }
    let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
    let start = (UInt(bitPattern: before) + page - 1) & ~(page - 1)
    let end = UInt(bitPattern: after) & ~(page - 1)
    guard end > start + (1 << 20) else {
        // The heap did not grow (no room for it, or strict overcommit): every later growth would
        // ask for the pad again and fail over to a mapping, so the pad goes back to glibc's 128 KiB.
        _ = unsafeBitCast(malloptSymbol, to: Mallopt.self)(-2, 128 << 10)
        return
    }
    let range = UnsafeMutablePointer<UInt>.allocate(capacity: 2)
    range[0] = start
    range[1] = end
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { raw in
        let range = raw!.assumingMemoryBound(to: UInt.self)
        var at = range[0]
        let end = range[1]
        range.deallocate()
        while at < end {
            let length = min(1 << 20, end - at)
            // MADV_POPULATE_WRITE is 23 in Linux's ABI (not in every Glibc module's headers).
            guard madvise(UnsafeMutableRawPointer(bitPattern: at), Int(length), 23) == 0 else { break }
            at += length
        }
        return nil
    }, range)
    if started == 0 { pthread_detach(thread) } else { range.deallocate() }
    #endif
}
