import BlueprintSupport
import Testing
import TestSupport

/// The byte writers give exactly the text of the string functions: the numbers' fast path
/// (integers, multiples of 1/256 below 2²⁰) against the general formatter over many values.
@Suite struct NumberWritingTests {
    /// What `appendNumber` writes into an empty buffer.
    private func written(_ x: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(x, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writtenJSON(_ x: Double) -> String {
        var bytes: [UInt8] = []
        JSON.appendNumber(x, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func knownNumbersAreWrittenAsTheFormatterWritesThem() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (20, "20"), (-12, "-12"), (313.5, "313.5"), (-0.5, "-0.5"),
            (0.25, "0.25"), (22.5, "22.5"), (1.0 / 256, "0.00390625"), (-1047.99609375, "-1047.99609375"),
            (190.00048828125, "190.00048828125"), (33.333333333333336, "33.333333333333336"),
            (0.1, "0.1"), (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"),
            (1e15, "1000000000000000"), (2_000_000_000_000_001, "2000000000000001"), (-9_007_199_254_740_992, "-9007199254740992"), (1e16, "1e+16"), (-1e20, "-1e+20"), (1_048_576.5, "1048576.5"),
            (1_048_575.99609375, "1048575.99609375"), (1e-5, "1e-05"), (.leastNonzeroMagnitude, "5e-324"),
        ]
        for (x, text) in cases {
            #expect(written(x) == text, "\(x)")
            #expect(formatNumber(x) == text, "\(x)")
        }
    }

    @Test func notFiniteNumbersAreNullInJSON() {
        for x in [Double.nan, .infinity, -.infinity, -Double.nan] {
            #expect(writtenJSON(x) == "null")
            #expect(JSON.number(x) == "null")
        }
        #expect(writtenJSON(-2.75) == "-2.75")
    }

    /// Every multiple of 1/256 from -1200 to 1200: the fast path throughout.
    @Test func everyMultipleOfA256thMatchesTheFormatter() {
        var mismatches: [Double] = []
        for k in -307_200...307_200 {
            let x = Double(k) / 256
            if written(x) != formatNumber(x) { mismatches.append(x) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Around 2²⁰, where the fast path ends, and around 1e15, where integers end; finer
    /// fractions (1/512 … 1/2²⁰) take the general path.
    @Test func edgesOfTheFastPathMatchTheFormatter() {
        var mismatches: [Double] = []
        for base in [1_048_576.0, 1e15, 4_503_599_627_370_496] {
            for k in -4096...4096 {
                for x in [base + Double(k) / 256, -(base + Double(k) / 256), base + Double(k)] where written(x) != formatNumber(x) {
                    mismatches.append(x)
                }
            }
        }
        for m in 9...20 {
            for k in stride(from: 1, to: 1 << m, by: max(1, (1 << m) / 3000)) {
                let x = 37 + Double(k) / Double(1 << m)
                if written(x) != formatNumber(x) { mismatches.append(x) }
                if written(-x) != formatNumber(-x) { mismatches.append(-x) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Random bit patterns (every magnitude) and random short binary fractions of random size.
    @Test func randomNumbersMatchTheFormatter() {
        var g = SplitMix(seed: 0x5EED_2026)
        var mismatches: [Double] = []
        for _ in 0..<200_000 {
            let any = Double(bitPattern: g.next())
            if any.isFinite, written(any) != formatNumber(any) { mismatches.append(any) }
            let fraction = Double(Int64(bitPattern: g.next()) >> Int64(g.next() % 64)) / Double(1 << (g.next() % 12))
            if written(fraction) != formatNumber(fraction) { mismatches.append(fraction) }
            let decimal = Double(Int64(g.next() % 2_000_000) - 1_000_000) / 100
            if written(decimal) != formatNumber(decimal) { mismatches.append(decimal) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func framesQuotesAndListsAreTheStringFunctionsText() {
        var bytes: [UInt8] = []
        JSON.appendFrame(x: -0.0, y: 22.5, width: 33.333333333333336, height: .nan, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"x": 0, "y": 22.5, "width": 33.333333333333336, "height": null}"#)
        #expect(JSON.frame(x: -0.0, y: 22.5, width: 33.333333333333336, height: .nan) == String(decoding: bytes, as: UTF8.self))

        let names = ["title", "say \"hi\"", "back\\slash", "tab\tand\nline\u{1}", "é\u{1F600}", ""]
        for name in names {
            bytes = []
            JSON.appendQuoted(name, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSON.quoted(name))
        }
        bytes = []
        JSON.appendQuotedList(names, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == JSON.array(names.map { .string($0) }).text)
        #expect(String(decoding: bytes, as: UTF8.self) == #"["title", "say \"hi\"", "back\\slash", "tab\tand\nline\u0001", "é😀", ""]"#)
        bytes = []
        JSON.appendQuotedList([], to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[]")
    }
}
