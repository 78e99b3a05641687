import BlueprintSupport
import Raster

/// How `blueprint diff` prints a result: a line for people, or one JSON object for tools.
enum DiffReport {
    /// The result's summary line, then one line per file written.
    static func text(_ result: DiffResult, written: [String]) -> String {
        var lines = ["\(result)"]
        lines += written.map { "wrote \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"width":…, "height":…, "differentPixels":…, "antialiasedPixels":…, "bounds":{…} or null, …}`
    /// with the keys always in this order.
    static func json(_ result: DiffResult, written: [String]) -> String {
        let bounds = result.bounds.map { #"{"x":\#($0.x),"y":\#($0.y),"width":\#($0.width),"height":\#($0.height)}"# } ?? "null"
        let fields: [(String, String)] = [
            ("width", "\(result.width)"),
            ("height", "\(result.height)"),
            ("differentPixels", "\(result.differentPixels)"),
            ("antialiasedPixels", "\(result.antialiasedPixels)"),
            ("bounds", bounds),
            ("different", result.matches ? "false" : "true"),
            ("differentRatio", "\(result.differentRatio)"),
            ("expected", size(result.expectedSize)),
            ("actual", size(result.actualSize)),
            ("written", "[" + written.map(JSON.quoted).joined(separator: ",") + "]"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func size(_ size: PixelSize) -> String {
        #"{"width":\#(size.width),"height":\#(size.height)}"#
    }
}
