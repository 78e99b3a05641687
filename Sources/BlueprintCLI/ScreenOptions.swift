import ArgumentParser
import Blueprint
import BlueprintRender

/// `--device` and `--direction` of `solve` and `explain`: the file laid out on one screen of the
/// device catalog, in one direction, as a panel of `render --devices` is (so a problem the
/// device sheet reports can be listed and explained).
struct ScreenOptions: ParsableArguments {
    enum Direction: String, ExpressibleByArgument, CaseIterable {
        case ltr, rtl
    }

    @Option(help: ArgumentHelp("Lay the file out on this screen (its size and safe area, as a panel of `render --devices`), as \"iPhone SE\".", valueName: "name"))
    var device: String?

    @Option(help: ArgumentHelp("Lay the file out left to right (ltr) or right to left (rtl), whatever its `direction` line says.", valueName: "direction"))
    var direction: Direction?

    func validate() throws {
        if let device { _ = try Self.device(named: device) }
    }

    /// Gives the document's root the device's size and safe area and the direction asked for.
    func apply(to document: LayoutDocument) {
        Self.lay(document, on: device.flatMap(Device.named), direction: layoutDirection)
    }

    /// The arguments that ask for this screen again, as given (`` --device "iPhone SE"``), or
    /// nothing.
    var again: String {
        Self.arguments(device: device.flatMap(Device.named), direction: layoutDirection)
    }

    /// The direction asked for, if any.
    private var layoutDirection: LayoutDirection? { direction.map { $0 == .rtl ? .rightToLeft : .leftToRight } }

    /// The device of the catalog with this name.
    ///
    /// - Throws: `ValidationError` naming the unknown device and the ones there are.
    static func device(named name: String) throws -> Device {
        guard let device = Device.named(name) else {
            throw ValidationError("unknown device '\(name.trimmingSpaces)': expected \(Device.catalog.map(\.name).joined(separator: ", "))")
        }
        return device
    }

    /// Lays a document's root out on `device` (its size and safe area, the file's canvas and safe
    /// area giving way) and in `direction`; nil leaves that as the file says. A device sheet's
    /// panel and `--device` are made the same way.
    static func lay(_ document: LayoutDocument, on device: Device?, direction: LayoutDirection?) {
        let root = document.root
        if let device {
            root.translatesAutoresizingMaskIntoConstraints = true
            root.frame = Rect(x: 0, y: 0, width: device.size.width, height: device.size.height)
            root.safeAreaInsets = device.safeArea
        }
        if let direction { root.layoutDirection = direction }
    }

    /// The arguments that ask for this screen again (` --device "iPhone SE" --direction rtl`),
    /// for a message that points to a command.
    static func arguments(device: Device?, direction: LayoutDirection?) -> String {
        var out = ""
        if let device { out += " --device \"\(device.name)\"" }
        if let direction { out += " --direction \(direction == .rightToLeft ? "rtl" : "ltr")" }
        return out
    }
}
