import BlueprintSupport
import Foundation
import Raster
import Testing

/// `blueprint render` as a user runs it: output files, formats, determinism across processes
/// and host font settings, and every kind of bad input.
@Suite struct RenderCommandTests {
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> CLI.Run {
        try Golden.run(arguments, environment: environment)
    }

    func read(_ path: String) throws -> [UInt8] { try FileIO.read(path) }

    /// The PNG the binary writes is byte for byte the golden the library tests keep: the same
    /// render in another process.
    @Test func rendersTheSameBytesAsTheGoldenInAnotherProcess() throws {
        let folder = try CLI.temporaryFolder()
        let result = try run("render", "fixtures/login-form.layout", "-o", "\(folder)/login.png")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let golden = CLI.repository.appendingPathComponent("goldens/login-form.png").path
        #expect(try read("\(folder)/login.png") == read(golden))
    }

    /// Host font configuration cannot change a pixel: the text never goes through fontconfig.
    @Test func aHostileFontconfigChangesNothing() throws {
        let folder = try CLI.temporaryFolder()
        let config = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <match target="font">
                <edit name="antialias" mode="assign"><bool>false</bool></edit>
                <edit name="hinting" mode="assign"><bool>true</bool></edit>
                <edit name="hintstyle" mode="assign"><const>hintfull</const></edit>
                <edit name="rgba" mode="assign"><const>rgb</const></edit>
              </match>
              <alias><family>sans-serif</family><prefer><family>Nonexistent Sans</family></prefer></alias>
            </fontconfig>
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: "\(folder)/fonts.conf"))
        let plain = try run("render", "fixtures/chat-bubbles.layout", "-o", "\(folder)/a.png")
        let hostile = try run("render", "fixtures/chat-bubbles.layout", "-o", "\(folder)/b.png",
                              environment: ["FONTCONFIG_FILE": "\(folder)/fonts.conf", "FC_DEBUG": "0"])
        #expect(plain.status == 0 && hostile.status == 0)
        #expect(try read("\(folder)/a.png") == read("\(folder)/b.png"))
        // Shaped, wrapped and mixed-direction text with emoji: the same bytes as the golden, under
        // the hostile configuration too (every face is compiled in; fontconfig is never asked).
        for name in ["mixed-chat", "arabic-settings"] {
            let text = try run("render", "fixtures/text/\(name).layout", "-o", "\(folder)/\(name).png",
                               environment: ["FONTCONFIG_FILE": "\(folder)/fonts.conf", "FC_DEBUG": "0"])
            #expect(text.status == 0)
            #expect(try read("\(folder)/\(name).png") == read(CLI.repository.appendingPathComponent("goldens/text/\(name).png").path))
        }
    }

    @Test func formatsFollowTheExtensionOrTheOption() throws {
        let folder = try CLI.temporaryFolder()
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/t.svg").status == 0)
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/t.pdf").status == 0)
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/t.out", "--format", "svg").status == 0)
        #expect(String(decoding: try read("\(folder)/t.svg").prefix(5), as: UTF8.self) == "<?xml")
        #expect(String(decoding: try read("\(folder)/t.pdf").prefix(5), as: UTF8.self) == "%PDF-")
        #expect(try read("\(folder)/t.out") == read("\(folder)/t.svg"))
        // Rendering the same file again gives the same document.
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/t2.pdf").status == 0)
        #expect(try read("\(folder)/t2.pdf") == read("\(folder)/t.pdf"))
    }

    @Test func scaleAndThemeChangeThePicture() throws {
        let folder = try CLI.temporaryFolder()
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/1.png", "--scale", "1").status == 0)
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/3.png", "--scale", "3", "--theme", "blueprint").status == 0)
        let one = try PNG.read(path: "\(folder)/1.png"), three = try PNG.read(path: "\(folder)/3.png")
        #expect(three.width == one.width * 3 && three.height == one.height * 3)
        #expect(three[0, 0] == RGBA(0x1B, 0x4F, 0x8C))
        #expect(one[0, 0] == RGBA(0xFC, 0xFC, 0xFD))
    }

    @Test func standardOutputGetsTheBytes() throws {
        let folder = try CLI.temporaryFolder()
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["render", "fixtures/toolbar.layout", "-o", "-"]
        process.currentDirectoryURL = CLI.repository
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try run("render", "fixtures/toolbar.layout", "-o", "\(folder)/t.png").status == 0)
        #expect([UInt8](data) == (try read("\(folder)/t.png")))
    }

    @Test func showAndNoLegendNarrowTheDiagram() throws {
        let folder = try CLI.temporaryFolder()
        #expect(try run("render", "fixtures/login-form.layout", "-o", "\(folder)/all.png").status == 0)
        #expect(try run("render", "fixtures/login-form.layout", "-o", "\(folder)/one.png", "--show", "email", "--no-legend").status == 0)
        #expect(try run("render", "fixtures/login-form.layout", "-o", "\(folder)/none.png", "--show", "none").status == 0)
        let all = try PNG.read(path: "\(folder)/all.png"), one = try PNG.read(path: "\(folder)/one.png")
        #expect(one.height < all.height)
        let missing = try run("render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--show", "nobody")
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no view named 'nobody' in the layout\n")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/x.png"))
        let misspelt = try run("render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--show", "Emial")
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr == "error: no view named 'Emial' in the layout; did you mean 'email'?\n")
        // A guide is drawn with its view: the message names that view.
        let file = "\(folder)/guide.layout"
        try "view pane\nguide column in pane\npane.edges == root.edges\ncolumn.edges == pane.margins\n".write(toFile: file, atomically: false, encoding: .utf8)
        let guide = try run("render", file, "-o", "\(folder)/x.png", "--show", "column")
        #expect(guide.status == 2)
        #expect(guide.stderr == "error: no view named 'column' in the layout: 'column' is a layout guide; --show takes views (show its view, 'pane')\n")
        let nearGuide = try run("render", file, "-o", "\(folder)/x.png", "--show", "colunm")
        #expect(nearGuide.stderr == "error: no view named 'colunm' in the layout; 'column' is a layout guide: show its view, 'pane'\n")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/x.png"))
    }

    /// One screen of the device catalog, in one direction, with what goes with one picture
    /// (`--stats`, `--crop`): the panel the device sheet draws, alone. With a sheet, those two
    /// and `--device` are refused, not ignored.
    @Test func oneDeviceInOneDirectionIsOnePicture() throws {
        let folder = try CLI.temporaryFolder()
        let one = try run("render", "fixtures/screens/rtl-messages.layout", "-o", "\(folder)/se.png", "--device", "iPhone SE",
                          "--direction", "ltr", "--stats", "\(folder)/se.json")
        #expect(one.status == 0, "\(one.stderr)")
        // The same picture as the file drawn on a 375 x 667 canvas with the SE's safe area.
        let png = try PNG.read(path: "\(folder)/se.png")
        #expect(png.width > 2 * 375)
        let stats = try String(contentsOfFile: "\(folder)/se.json", encoding: .utf8)
        #expect(stats.contains("\"views\""))
        let solved = try run("solve", "fixtures/screens/rtl-messages.layout", "--device", "iPhone SE", "--direction", "ltr", "--format", "json")
        #expect(solved.stdout.hasPrefix("{\"views\": {\"root\": {\"x\": 0, \"y\": 0, \"width\": 375, \"height\": 667}"))
        let sheet = try run("render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--devices", "iPhone SE", "--device", "iPad")
        #expect(sheet.status == 2)
        #expect(sheet.stderr.hasPrefix("Error: --device and --direction draw one screen, --devices a sheet of several: give one or the other\n"), "\(sheet.stderr)")
        let stats2 = try run("render", "fixtures/login-form.layout", "-o", "\(folder)/x.png", "--devices", "iPhone SE", "--stats", "\(folder)/x.json")
        #expect(stats2.status == 2)
        #expect(stats2.stderr.hasPrefix("Error: --stats is for one screen's picture: with a sheet, draw the screen alone with --device NAME (and --direction rtl)\n"), "\(stats2.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/x.png"))
    }

    @Test func aLayoutWithProblemsIsDrawnAndExitsOne() throws {
        let folder = try CLI.temporaryFolder()
        let result = try run("render", "fixtures/conflict.layout", "-o", "\(folder)/c.png")
        #expect(result.status == 1)
        #expect(result.stderr == "fixtures/conflict.layout: drawn with 1 conflict (see `blueprint explain fixtures/conflict.layout`)\n")
        #expect(try read("\(folder)/c.png") == read(CLI.repository.appendingPathComponent("goldens/conflict.png").path))
        let ambiguous = try run("render", "fixtures/ambiguous.layout", "-o", "\(folder)/a.png")
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.hasSuffix("drawn with 1 ambiguous view (see `blueprint explain fixtures/ambiguous.layout`)\n"))
        // Drawn on a device (or in a direction), the command it points to asks for the same
        // screen: without it, `explain` laid the file out on its own canvas and found it clean.
        let device = try run("render", "fixtures/conflict.layout", "-o", "\(folder)/d.png", "--device", "iPhone SE", "--direction", "rtl")
        #expect(device.status == 1)
        #expect(device.stderr == "fixtures/conflict.layout: drawn with 1 conflict (see `blueprint explain fixtures/conflict.layout --device \"iPhone SE\" --direction rtl`)\n")
    }

    @Test func badInputExitsTwoWithAClearMessageAndWritesNothing() throws {
        let folder = try CLI.temporaryFolder()
        let out = "\(folder)/x.png"
        let cases: [([String], String)] = [
            (["render", "fixtures/login-form.layout", "-o", out, "--scale", "4"],
             "Error: invalid scale 4: expected 1, 2 or 3\n"),
            (["render", "fixtures/login-form.layout", "-o", out, "--scale", "-1"],
             "Error: invalid scale -1: expected 1, 2 or 3\n"),
            (["render", "fixtures/login-form.layout", "-o", out, "--theme", "sepia"],
             "Error: unknown theme 'sepia': expected light, dark, blueprint\n"),
            (["render", "fixtures/login-form.layout", "-o", out, "--format", "gif"],
             "Error: unknown format 'gif': expected png, svg or pdf\n"),
            (["render", "fixtures/nonexistent.layout", "-o", out],
             "error: fixtures/nonexistent.layout: cannot open: No such file or directory\n"),
            (["render", "fixtures/login-form.layout", "-o", "\(folder)/missing/x.png"],
             "Error: -o \(folder)/missing/x.png: there is no folder \(folder)/missing\n"),
            (["render", "fixtures/login-form.layout", "-o", "fixtures/login-form.layout/x.png"],
             "Error: -o fixtures/login-form.layout/x.png: fixtures/login-form.layout is a file, not a folder\n"),
            (["render", "", "-o", out], "error: the file name is empty: cannot open it\n"),
            (["render", "fixtures/login-form.layout", "-o", "\(folder)/x.jpeg"],
             "Error: -o \(folder)/x.jpeg: .jpeg names a format Blueprint does not write; it writes .png, .svg and .pdf (name the file so, or give --format png)\n"),
            (["diff", "fixtures/diff/pairs/alpha/expected.png", "fixtures/diff/pairs/alpha/expected.png", "-o", "\(folder)/d.svg"],
             "Error: -o \(folder)/d.svg: the diff image is a PNG, and .svg names another format; name the file .png\n"),
            (["diff", "fixtures/diff/pairs/alpha/expected.png", "fixtures/diff/pairs/alpha/expected.png", "--side-by-side", "\(folder)/s.GIF"],
             "Error: --side-by-side \(folder)/s.GIF: the diff image is a PNG, and .GIF names another format; name the file .png\n"),
        ]
        for (arguments, message) in cases {
            let result = try Golden.run(arguments, environment: [:])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        // A malformed layout: the parser's located diagnostics, nothing written.
        let bad = "\(folder)/bad.layout"
        try Data("view a\na.width == \n".utf8).write(to: URL(fileURLWithPath: bad))
        let result = try run("render", bad, "-o", out)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(bad):2:"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
