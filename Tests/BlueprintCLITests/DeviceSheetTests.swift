import Foundation
import Raster
import Testing

/// `blueprint render FILE --devices "…" [--rtl]`: each panel of the sheet is exactly the
/// diagram of the file laid out on that screen (its size and safe area), under its caption.
@Suite struct DeviceSheetTests {
    static let card = """
        canvas 320 x 200
        view card
        view title in card label "Hello" font 22
        card.top == safeArea.top + 16
        card.leading == superview.leadingMargin
        card.trailing == superview.trailingMargin
        card.height == 80
        title.centerY == card.centerY
        title.leading == card.leading + 12

        """

    /// The file as it is laid out on a screen, written out by hand.
    static func on(_ size: String, safeArea: String, rtl: Bool = false) -> String {
        card.replacingOccurrences(of: "canvas 320 x 200", with: "canvas \(size)\nsafearea \(safeArea)" + (rtl ? "\ndirection rtl" : ""))
    }

    @Test func everyPanelIsTheFileLaidOutOnThatScreen() throws {
        let dir = try Scratch()
        try dir.write("card.layout", Self.card)
        try dir.write("se.layout", Self.on("375 x 667", safeArea: "20 0 0 0"))
        try dir.write("ipad.layout", Self.on("820 x 1180", safeArea: "24 0 20 0"))
        try dir.write("ipad-rtl.layout", Self.on("820 x 1180", safeArea: "24 0 20 0", rtl: true))
        try dir.write("se-rtl.layout", Self.on("375 x 667", safeArea: "20 0 0 0", rtl: true))
        let sheet = try dir.blueprint(["render", "card.layout", "-o", "sheet.png", "--devices", "iPhone SE, ipad", "--scale", "1", "--rtl"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let se = try dir.renderImage("se.layout", "--scale", "1", "--no-legend")
        let ipad = try dir.renderImage("ipad.layout", "--scale", "1", "--no-legend")
        let ipadRTL = try dir.renderImage("ipad-rtl.layout", "--scale", "1", "--no-legend")
        let seRTL = try dir.renderImage("se-rtl.layout", "--scale", "1", "--no-legend")
        let image = try dir.image("sheet.png")
        // Border 12, captions 28 high, 24 between panels and between rows.
        let rowHeight = 28 + max(se.height, ipad.height), rtlRowHeight = 28 + max(seRTL.height, ipadRTL.height)
        #expect(image.width == 12 + max(se.width + 24 + ipad.width, seRTL.width + 24 + ipadRTL.width) + 12)
        #expect(image.height == 12 + rowHeight + 24 + rtlRowHeight + 12)
        #expect(crop(image, x: 12, y: 40, like: se) == se)
        #expect(crop(image, x: 12 + se.width + 24, y: 40, like: ipad) == ipad)
        #expect(crop(image, x: 12, y: 12 + rowHeight + 24 + 28, like: seRTL) == seRTL)
        #expect(crop(image, x: 12 + seRTL.width + 24, y: 12 + rowHeight + 24 + 28, like: ipadRTL) == ipadRTL)
        #expect(ipad != ipadRTL, "the second row is right to left")
    }

    @Test func aRightToLeftFileStaysRightToLeftAndRTLAddsTheOtherDirection() throws {
        let dir = try Scratch()
        try dir.write("card-rtl.layout", Self.card.replacingOccurrences(of: "canvas 320 x 200", with: "canvas 320 x 200\ndirection rtl"))
        try dir.write("se.layout", Self.on("375 x 667", safeArea: "20 0 0 0"))
        try dir.write("se-rtl.layout", Self.on("375 x 667", safeArea: "20 0 0 0", rtl: true))
        let se = try dir.renderImage("se.layout", "--scale", "1", "--no-legend")
        let seRTL = try dir.renderImage("se-rtl.layout", "--scale", "1", "--no-legend")
        #expect(se != seRTL)
        let one = try dir.blueprint(["render", "card-rtl.layout", "-o", "one.png", "--devices", "iPhone SE", "--scale", "1"])
        #expect(one.status == 0, "\(one.stderr)")
        let oneImage = try dir.image("one.png")
        #expect(oneImage.height == 12 + 28 + seRTL.height + 12)
        #expect(crop(oneImage, x: 12, y: 40, like: seRTL) == seRTL, "the file's own direction, right to left")
        let two = try dir.blueprint(["render", "card-rtl.layout", "-o", "two.png", "--devices", "iPhone SE", "--scale", "1", "--rtl"])
        #expect(two.status == 0, "\(two.stderr)")
        let twoImage = try dir.image("two.png")
        let rowHeight = 28 + seRTL.height
        #expect(crop(twoImage, x: 12, y: 40, like: seRTL) == seRTL)
        #expect(crop(twoImage, x: 12, y: 12 + rowHeight + 24 + 28, like: se) == se, "the second row is left to right")
    }

    @Test func unknownDevicesAndOtherFormatsAreRefused() throws {
        let dir = try Scratch()
        try dir.write("card.layout", Self.card)
        let unknown = try dir.blueprint(["render", "card.layout", "-o", "s.png", "--devices", "iPhone SE, Pixel 8"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: unknown device 'Pixel 8': expected iPhone SE, iPhone 13 mini, iPhone 15, "))
        let svg = try dir.blueprint(["render", "card.layout", "-o", "s.svg", "--devices", "iPad"])
        #expect(svg.status == 2)
        #expect(svg.stderr == "error: a device sheet is drawn as PNG; write it to a .png file\n")
        #expect(!dir.exists("s.png") && !dir.exists("s.svg"))
    }

    /// A panel with problems names them and the command that lists them: `explain` (and
    /// `solve`) lay the file out on that device, in that direction, as the panel did.
    @Test func aPanelsProblemsPointToExplainOnThatDevice() throws {
        let dir = try Scratch()
        try dir.write("wide.layout", Self.card + "card.width >= 380\n")
        let sheet = try dir.blueprint(["render", "wide.layout", "-o", "s.png", "--devices", "iPhone SE, iPad", "--scale", "1", "--rtl"])
        #expect(sheet.status == 1)
        #expect(sheet.stderr == """
            wide.layout: drawn with layout problems:
              iPhone SE · 375 × 667: 1 conflict (see `blueprint explain wide.layout --device "iPhone SE"`)
              iPhone SE · 375 × 667 · right to left: 1 conflict (see `blueprint explain wide.layout --device "iPhone SE" --direction rtl`)

            """)
        let se = try dir.blueprint(["explain", "wide.layout", "--device", "iPhone SE", "--direction", "rtl"])
        #expect(se.status == 1)
        #expect(se.stdout.contains("card.width >= 380 (wide.layout:10)"), "\(se.stdout)")
        let ipad = try dir.blueprint(["explain", "wide.layout", "--device", "ipad"])
        #expect(ipad.status == 0, "\(ipad.stdout)")
        // The SE's frames, its 20-point status bar above the card (the card broken to 359 wide).
        let frames = try dir.blueprint(["solve", "wide.layout", "--device", "iPhone SE"])
        #expect(frames.stdout.hasPrefix("view    x     y  width  height\nroot    0     0    375     667\ncard    8    36    359      80\n"),
                "\(frames.stdout)")
        let unknown = try dir.blueprint(["solve", "wide.layout", "--device", "Pixel 8"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown device 'Pixel 8': expected iPhone SE, iPhone 13 mini"), "\(unknown.stderr)")
    }

    /// The part of `image` at (x, y) with the size of `like`.
    func crop(_ image: Bitmap, x: Int, y: Int, like: Bitmap) -> Bitmap {
        image.cropped(to: PixelRect(x: x, y: y, width: like.width, height: like.height))
    }
}
