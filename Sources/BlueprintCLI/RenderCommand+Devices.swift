import ArgumentParser
import Blueprint
import BlueprintRender
import BlueprintSupport

/// `blueprint render FILE -o SHEET.png --devices "iPhone SE, iPhone 15, iPad" [--rtl]`: the same
/// file laid out on each screen (its size and safe area; with `--rtl` a second row right to
/// left), drawn side by side under captions.
extension RenderCommand {
    /// The devices asked for, in order.
    ///
    /// - Throws: `ValidationError` naming an unknown device and the ones there are.
    func requestedDevices() throws -> [Device] {
        guard let devices else { return [] }
        let names = devices.split(separator: ",").map { String($0) }
        guard !names.isEmpty else { throw ValidationError("--devices needs at least one device") }
        return try names.map(ScreenOptions.device(named:))
    }

    func runDeviceSheet() throws {
        let list: [Device]
        do { list = try requestedDevices() } catch let error as ValidationError {
            Entry.printError("error: \(error.message)")
            throw ExitCode(2)
        }
        if resolvedFormat != .png || output == "-" && format != nil && format != "png" {
            Entry.printError("error: a device sheet is drawn as PNG; write it to a .png file")
            throw ExitCode(2)
        }
        let theme = Theme(named: self.theme)!
        let constraints = shownConstraints
        var problems: [String] = []
        // The file's own direction first (`direction rtl` is kept); --rtl adds the other one.
        var unused: LayoutDocument? = try LayoutInput.load(file)   // the first panel's tree
        let own = unused!.root.layoutDirection
        let other: LayoutDirection = own == .rightToLeft ? .leftToRight : .rightToLeft
        let directions = rtl ? [own, other] : [own]
        let screens = directions.flatMap { direction in list.map { (device: $0, direction: direction) } }
        func caption(_ screen: (device: Device, direction: LayoutDirection)) -> String {
            "\(screen.device.name) · \(formatNumber(screen.device.size.width)) × \(formatNumber(screen.device.size.height))"
                + (screen.direction == .rightToLeft ? " · right to left" : own == .rightToLeft ? " · left to right" : "")
        }
        // No legend per panel: the captions say what each is, and nine legends would say the same.
        let options = RenderOptions(scale: scale, theme: theme, constraints: constraints, legend: false)
        let diagrams = try DeviceSheet.diagrams(count: screens.count, options: options) { (i, options) throws -> Diagram in
            // A fresh tree per screen: the file's own canvas and safe area give way to the device's.
            let document = try unused.take() ?? LayoutInput.load(file)
            ScreenOptions.lay(document, on: screens[i].device, direction: screens[i].direction)
            do throws(RenderError) {
                return try Diagram(root: document.root, options: options)
            } catch {
                Entry.printError("error: \(caption(screens[i])): \(error.description)")
                throw ExitCode(2)
            }
        }
        var rows: [[DeviceSheet.Panel]] = []
        for (i, (screen, diagram)) in zip(screens, diagrams).enumerated() {
            if i % list.count == 0 { rows.append([]) }
            let report = diagram.layoutReport
            if !report.isClean {
                let again = ScreenOptions.arguments(device: screen.device, direction: screen.direction == own ? nil : screen.direction)
                problems.append("\(caption(screen)): \(report.problemSummary) (see `blueprint explain \(file)\(again)`)")
            }
            rows[rows.count - 1].append(DeviceSheet.Panel(caption: caption(screen), diagram: diagram))
        }
        let bytes: [UInt8]
        do {
            bytes = try DeviceSheet(rows: rows, theme: theme, scale: scale).png()
            try FileIO.writeAtomically([(bytes, output)], dashIsStandardOutput: true)
        } catch {
            Entry.printError("error: \(error)")
            throw ExitCode(2)
        }
        if !problems.isEmpty {
            Entry.printError("\(LayoutInput.displayName(file)): drawn with layout problems:\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
            throw ExitCode(1)
        }
    }
}

extension String {
    /// The text without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
