import Blueprint
import Raster

/// Everything that can go wrong drawing or writing a diagram.
///
/// Cairo and FreeType failures carry the library's own message; `description` is the text the
/// CLI prints.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A cairo call failed; `message` is `cairo_status_to_string`'s text.
    case cairo(operation: String, message: String)
    /// FreeType could not load the bundled font; `code` is FreeType's error code.
    case font(operation: String, code: Int32)
    /// `--scale` outside 1...3.
    case invalidScale(Int)
    /// The diagram would need more pixels than cairo (or memory) allows.
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// The layout reaches further than `limit` points per side from the root's origin (or a
    /// frame is not finite); `view` is the view or guide whose frame (in root coordinates)
    /// took it past the limit. Nothing is drawn. A frame that is not finite, or one whose
    /// negative width or height spans the limit, is said as `blueprint solve` says it.
    case layoutTooLarge(view: String, frame: Rect, limit: Int)
    /// A constraint's line reaches further than `limit` points per side from the root's origin
    /// (or an end is not finite), though every frame is inside: a view's margins inset past its
    /// frame (margins of 10¹⁵ on a 0-point view), read by a constraint. `constraint` is the
    /// constraint as written with where it was made. Nothing is drawn.
    case lineTooLong(constraint: String, from: Point, to: Point, limit: Int)
    /// `show: .view(name)` names no view of the tree.
    case unknownView(String)
    /// Writing the output failed.
    case output(RasterError)

    public var description: String {
        switch self {
        case let .cairo(operation, message):
            return "cairo: \(operation) failed: \(message)"
        case let .font(operation, code):
            return "FreeType: \(operation) failed with error \(code)"
        case let .invalidScale(scale):
            return "invalid scale \(scale): expected 1, 2 or 3"
        case let .canvasTooLarge(width, height, limit):
            if width <= limit, height <= limit, width > 0, height > 0 {
                return "a \(width)x\(height) pixel diagram has more than \(CairoSurface.maximumImagePixels) pixels (16384x16384), the most a golden check or `blueprint diff` compares; draw a smaller scale or a smaller canvas"
            }
            return "a \(width)x\(height) pixel diagram is larger than the limit of \(limit) pixels per side; draw a smaller scale or show fewer constraints"
        case let .layoutTooLarge(view, frame, limit):
            // `blueprint solve`'s words for a frame that is not finite, or a negative size: such
            // a frame is not a large one.
            let parts = [("x", frame.minX), ("y", frame.minY), ("width", frame.width), ("height", frame.height)]
            let notFinite = parts.filter { !$0.1.isFinite }
            if !notFinite.isEmpty {
                return "the layout cannot be drawn: not finite: \(view): "
                    + notFinite.map { "\($0.0) is \(formatNumber($0.1))" }.joined(separator: ", ")
                    + ": its constraints multiply it past the largest number; `blueprint solve` lists every frame"
            }
            let negative = parts.dropFirst(2).filter { $0.1 < 0 }
            if !negative.isEmpty {
                return "the layout cannot be drawn: negative size: \(view): "
                    + negative.map { "\($0.0) is negative (\(formatNumber($0.1)))" }.joined(separator: " and ")
                    + ", at (\(formatNumber(frame.minX)), \(formatNumber(frame.minY))), its edges more than \(limit) points apart; `blueprint solve` lists every frame"
            }
            return "the layout is too large to draw: `\(view)` at (\(formatNumber(frame.minX)), \(formatNumber(frame.minY))), \(formatNumber(frame.width)) x \(formatNumber(frame.height)) points, takes it past \(limit) points per side; `blueprint solve` lists every frame"
        case let .lineTooLong(constraint, from, to, limit):
            func point(_ p: Point) -> String { "(\(formatNumber(p.x)), \(formatNumber(p.y)))" }
            return "the layout is too large to draw: the line of \(constraint) runs from \(point(from)) to \(point(to)), past \(limit) points per side: margins larger than their view reach past its frame"
        case let .unknownView(name):
            return "no view named '\(name)' in the layout"
        case let .output(error):
            return error.description
        }
    }
}
