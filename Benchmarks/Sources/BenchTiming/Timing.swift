/// What every benchmark here times with: one clock, seconds from a duration, the median.

public let clock = ContinuousClock()

/// A duration in seconds.
public func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) * 1e-18
}

/// Runs `body` and returns its result and how long it took, in seconds.
public func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = clock.now
    let r = try body()
    return (r, seconds(clock.now - start))
}

/// The median (the mean of the middle two for an even count).
public func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
