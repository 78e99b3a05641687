#if canImport(Glibc)
import Glibc
#endif

/// Wall-clock timing: the median of `runs` runs, after one warm-up run.
enum Timing {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    /// Milliseconds, median of `runs`.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}

extension Timing {
    /// This thread's CPU time in milliseconds: what a single-threaded computation costs,
    /// whatever else the machine runs.
    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    /// Milliseconds of this thread's CPU time, the best of `runs`, after one warm-up run.
    static func bestThreadCPU(runs: Int, _ body: () -> Void) -> Double {
        body()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = threadCPU()
            body()
            best = min(best, threadCPU() - start)
        }
        return best
    }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never) func blackHole<T>(_ value: T) { _ = value }
