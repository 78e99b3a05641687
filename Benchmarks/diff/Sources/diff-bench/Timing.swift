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

/// Keeps a value alive and opaque to the optimiser.
@inline(never) func blackHole<T>(_ value: T) { _ = value }
