import Foundation

/// A benchmark's command line, read option by option: a bad or missing value, or an unknown
/// option, prints the usage on standard error and exits 2 (never a trap).
public struct BenchArguments {
    private var rest: IndexingIterator<ArraySlice<String>>
    public let usage: String

    public init(usage: String) {
        self.usage = usage
        rest = CommandLine.arguments.dropFirst().makeIterator()
    }

    /// The next argument, if any.
    public mutating func next() -> String? { rest.next() }

    /// The value after `option`, else a usage error.
    public mutating func value(after option: String) -> String {
        guard let v = rest.next() else { fail("\(option) needs a value") }
        return v
    }

    /// The whole number after `option` (at least `minimum`), else a usage error.
    public mutating func int(after option: String, minimum: Int = 1) -> Int {
        let text = value(after: option)
        guard let n = Int(text), n >= minimum else { fail("\(option) needs a whole number of at least \(minimum), not '\(text)'") }
        return n
    }

    /// Prints `message` and the usage on standard error and exits 2.
    public func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
