import BlueprintSupport
import Testing

/// The JSON reader under hostile input: every problem is an error with an offset, never a crash.
@Suite struct JSONTests {
    @Test func readsWhatItWrites() throws {
        let value = JSON.object([("a", .array([.double(1), .double(-2.5e-3), .null, .bool(true)])),
                                          ("é\u{1F600}\n\"", .string("tab\tand \\ and \u{1}"))])
        #expect(try JSON.parse(Array(value.text.utf8)) == value)
        #expect(try JSON.parse(Array("\"\\ud83d\\ude00\\u00e9\\/\"".utf8)) == .string("\u{1F600}é/"))
    }

    @Test(arguments: [
        ("{", "unexpected end of the file at byte 1"),
        ("{\"a\" 1}", "expected ':' at byte 5"),
        ("[1,]", "unexpected character at byte 3"),
        ("01", "unexpected text after the value at byte 1"),
        ("-", "expected a digit at byte 1"),
        ("1e999", "number out of range at byte 0"),
        ("\"\\ud800\"", "lone surrogate in a string at byte 7"),
        ("\"\\x\"", "unknown escape at byte 2"),
        ("\"a\nb\"", "control character in a string at byte 2"),
        ("tru", "expected true at byte 0"),
    ])
    func malformedTextSaysWhereAndWhy(text: String, message: String) {
        #expect(throws: (any Error).self) { try JSON.parse(Array(text.utf8)) }
        do {
            _ = try JSON.parse(Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let text = String(repeating: "[", count: 100_000)
        do {
            _ = try JSON.parse(Array(text.utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.description == "nested deeper than 64 levels at byte 64")
        }
    }
}
