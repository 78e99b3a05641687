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

/// `x` with `digits` decimals, right-aligned in `width` characters.
public func fixed(_ x: Double, _ digits: Int, width: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (x * scale).rounded() / scale
    var text = "\(r)"
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: Swift.max(0, digits - decimals))
        if digits == 0 { text = String(text[..<dot]) }
    }
    return String(repeating: " ", count: Swift.max(0, width - text.count)) + text
}
