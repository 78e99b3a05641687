import ArgumentParser
import Blueprint
import BlueprintRender
import BlueprintSupport

/// `blueprint docs FILE.md…`: every ```` ```layout ```` block of a Markdown document drawn as an
/// image beside it, with the image link kept after the block; `--check` says, by `file:line`,
/// what is missing, stale or orphaned, so CI keeps documentation pictures current.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Draw the ```layout blocks of Markdown documents and keep their images current.",
        discussion: """
            Each fenced block that starts with ```layout holds a .layout file. It is drawn as an \
            image named after a hash of the block (layout-0123456789abcdef.png), written next \
            to the document (or into --out), and the line right after the block becomes the \
            image link. The block stays in the document, so it is the source of its picture. \
            Unchanged blocks keep their images untouched; a changed block gets a new name, and \
            images no block uses any more are removed, unless another Markdown document beside \
            these (or in --out) names them. CRLF line ends and a byte-order mark are kept. \
            Running it twice changes nothing.

            Options after ```layout, separated by spaces: theme=light|dark|blueprint, \
            show=all|none|VIEW, scale=1|2|3, format=png|svg, dark=true (also draw NAME~dark.png \
            in the dark theme and link both with <picture>), legend=false, width=N and height=N \
            (replace the block's canvas size), alt=Words_with_underscores.

            --check writes nothing: it exits 1 and names each block by file:line when its image \
            is missing, stale (the block draws differently now) or its link is out of date, and \
            each image no block uses (orphaned).

            In a DocC catalog (a document inside a *.docc folder) the link is the bare image \
            name, as DocC finds images by name and shows NAME~dark.png in dark mode by itself.

            Examples:
              blueprint docs README.md docs/*.md
              blueprint docs docs/Guide.md --out docs/images --dark
              blueprint docs --check README.md docs/*.md

            Exit status: 0 done (with --check: everything current), 1 --check found something \
            out of date, 2 bad input (a block that does not parse, an unknown option).
            """
    )

    @Argument(help: ArgumentHelp("The Markdown documents.", valueName: "file.md"))
    var files: [String]

    @Option(help: ArgumentHelp("Where images go (default: beside each document).", valueName: "dir"))
    var out: String?

    @Flag(help: "Check that every image is present and current; write nothing.")
    var check = false

    @Flag(help: "Also draw every block in the dark theme (NAME~dark.png), as dark=true does.")
    var dark = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one Markdown document") }
        // The images' folder is made when it is not there, but not the folders above it.
        if let out { try OutputPaths.checkFolder("--out", out) }
    }

    /// One image a block needs: its file, its bytes.
    /// The first byte of `bytes` that is not part of valid UTF-8: its offset, line and column
    /// (in characters), or nil for valid text.
    static func invalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0, line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return (offset, line, column)
            }
        }
    }

    struct Image {
        let path: String
        let bytes: [UInt8]
    }

    /// One document as it will be written: its blocks' images, top to bottom, each with a
    /// problem about its link (in `--check`), and the text with every link in place.
    struct Plan {
        let file: String
        let text: String
        let updated: String
        let blocks: [(line: Int, images: [Image], linkProblem: String?)]
    }

    func run() throws {
        var problems: [String] = []
        var notes: [String] = []
        var used: [String: Set<String>] = [:]   // out folder → image file names in use
        // Every document is read and every block drawn before anything is written: a bad block
        // anywhere leaves every document, image and folder as it was.
        var plans: [Plan] = []
        var failed = false
        for file in files {
            let text: String
            do {
                let bytes = try FileIO.read(file, limit: 64 << 20)
                // The document is written back with its links updated: decoding invalid bytes
                // as U+FFFD would rewrite them, so a document that is not UTF-8 is refused.
                if let problem = Self.invalidUTF8(bytes) {
                    Entry.printError("\(file):\(problem.line):\(problem.column): error: invalid UTF-8 (byte 0x\(String(bytes[problem.offset], radix: 16, uppercase: true)) at offset \(problem.offset)): documents are read and rewritten as UTF-8 text; convert it to UTF-8 first")
                    throw ExitCode(2)
                }
                text = String(decoding: bytes, as: UTF8.self)
            } catch let error as FileError {
                Entry.printError("error: \(error)")
                throw ExitCode(2)
            }
            // A byte-order mark is kept in front, and a document with CRLF line ends keeps them
            // (in a Swift string "\r\n" is one character, never equal to "\n").
            let bom = text.hasPrefix("\u{FEFF}")
            let body = bom ? String(text.dropFirst()) : text
            let newline = body.contains("\r\n") ? "\r\n" : "\n"
            var lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            // Every problem of every block is said, in line order, before the command stops.
            let (blocks, fenceProblems) = LayoutBlock.scan(lines, file: file)
            var blockProblems: [(line: Int, text: String)] = fenceProblems.map { ($0.line, $0.description) }
            let folder = out ?? FileSystem.directory(of: file)
            // In a DocC catalog images are found by name, and `NAME~dark.png` is picked up by
            // itself: the link is the bare light image.
            let inCatalog = Self.isInDocCCatalog(file)
            let linkBase = inCatalog ? "" : Self.relativePath(from: FileSystem.directory(of: file), to: folder)
            // Bottom to top, so that inserting a link line leaves earlier line numbers alone;
            // what is said is said top to bottom.
            var planned: [(line: Int, images: [Image], linkProblem: String?)] = []
            for block in blocks.reversed() {
                let images: [Image], link: String
                do {
                    (images, link) = try draw(block, file: file, folder: folder, linkBase: linkBase, docc: inCatalog)
                } catch let problem as BlockProblem {
                    blockProblems.append((block.line, problem.message))
                    continue
                }
                for image in images { used[folder, default: []].insert(FileSystem.fileName(of: image.path)) }
                var linkProblem: String?
                let after = block.closingIndex + 1
                let indentedLink = String(repeating: " ", count: block.indent) + link
                if block.hasLink {
                    if lines[after] != Substring(indentedLink) {
                        linkProblem = "\(file):\(block.line): the image link after the block is out of date"
                        lines[after] = Substring(indentedLink)
                    }
                } else {
                    linkProblem = "\(file):\(block.line): no image link after the block"
                    lines.insert(Substring(indentedLink), at: after)
                }
                planned.insert((block.line, images, linkProblem), at: 0)
            }
            if !blockProblems.isEmpty {
                // (Sorted by line; each block says one problem, the fence's or the layout's.)
                for p in blockProblems.sorted(by: { $0.line < $1.line }) { Entry.printError(p.text) }
                failed = true
                continue
            }
            plans.append(Plan(file: file, text: text, updated: (bom ? "\u{FEFF}" : "") + lines.joined(separator: newline), blocks: planned))
        }
        if failed { throw ExitCode(2) }
        var writes: [(bytes: [UInt8], path: String)] = [], written: [String] = []
        for plan in plans {
            let file = plan.file
            for block in plan.blocks {
                for image in block.images {
                    let current: [UInt8]?
                    // Read no further than the new image: a longer file is not it.
                    do { current = try FileIO.read(image.path, limit: image.bytes.count) } catch {
                        current = FileSystem.exists(image.path) ? [] : nil   // there, but not this image
                    }
                    if current == image.bytes { continue }
                    if check {
                        problems.append("\(file):\(block.line): \(current == nil ? "missing" : "stale") image \(image.path)"
                                        + (current == nil ? "" : " (the block draws differently now)"))
                    } else {
                        writes.append((image.bytes, image.path))
                        written.append("\(file):\(block.line): wrote \(image.path)")
                    }
                }
                if check, let linkProblem = block.linkProblem { problems.append(linkProblem) }
            }
            if !check && plan.updated != plan.text {
                writes.append((Array(plan.updated.utf8), file))
                written.append("\(file): image links updated")
            }
        }
        // Every image and document is written all or none: a document that cannot be written
        // leaves no new image behind that nothing links to.
        if !writes.isEmpty {
            do {
                for folder in Set(writes.map { FileSystem.directory(of: $0.path) }).sorted() { try FileSystem.createDirectories(folder) }
                try FileIO.writeAtomically(writes)
            } catch {
                Entry.printError("error: \(error)")
                throw ExitCode(2)
            }
            notes += written
        }
        // Images of this command that no block uses any more. An image that another Markdown
        // document beside these (or in the image folder) still names is that document's: it
        // stays, whichever documents this run was given.
        let given = Set(files.map { FileSystem.absolute($0) })
        var namedElsewhere: Set<String> = []
        var unreadable: String?   // a neighbour that cannot be read might name any image: none is removed
        let neighbours = Set(files.map { FileSystem.directory(of: $0) } + (out.map { [$0] } ?? []))
        for folder in neighbours.sorted() {
            for name in FileSystem.contents(of: folder) where name.lowercased().hasSuffix(".md") {
                let path = Self.join(folder, name)
                guard !given.contains(FileSystem.absolute(path)) else { continue }
                do {
                    namedElsewhere.formUnion(Self.imageNames(in: String(decoding: try FileIO.read(path, limit: 64 << 20), as: UTF8.self)))
                } catch {
                    unreadable = unreadable ?? path
                }
            }
        }
        if let unreadable {
            notes.append("kept every unused image: \(unreadable) could not be read to see which it names")
        }
        let folders = unreadable == nil ? Set(files.map { out ?? FileSystem.directory(of: $0) }) : []
        for folder in folders.sorted() {
            for name in FileSystem.contents(of: folder)
            where Self.isImageName(name) && !(used[folder]?.contains(name) ?? false) && !namedElsewhere.contains(name) {
                let path = Self.join(folder, name)
                // Only files this command could have written: never a folder of that name.
                guard !FileSystem.isDirectory(path) else { continue }
                if check {
                    problems.append("\(path): orphaned image (no layout block draws it)")
                } else {
                    FileSystem.remove(path)
                    notes.append("removed \(path) (no layout block draws it)")
                }
            }
        }
        let blockCount = used.values.reduce(0) { $0 + $1.count }
        if check {
            if problems.isEmpty {
                print("\(files.count) document\(files.count == 1 ? "" : "s"), \(blockCount) image\(blockCount == 1 ? "" : "s"): all current")
                return
            }
            print(problems.joined(separator: "\n"))
            print("\(problems.count) problem\(problems.count == 1 ? "" : "s"); run `blueprint docs \(files.joined(separator: " "))` to update")
            throw ExitCode(1)
        }
        for note in notes { print(note) }
        print("\(files.count) document\(files.count == 1 ? "" : "s"), \(blockCount) image\(blockCount == 1 ? "" : "s"): "
              + (notes.isEmpty ? "nothing to do" : "\(notes.count) change\(notes.count == 1 ? "" : "s")"))
    }

    /// Why a block cannot be drawn, as the command says it.
    struct BlockProblem: Error { let message: String }

    /// The images of one block and the link line that shows them.
    private func draw(_ block: LayoutBlock, file: String, folder: String, linkBase: String, docc: Bool) throws -> ([Image], String) {
        let settings: LayoutBlock.Settings
        let document: LayoutDocument
        do {
            settings = try block.settings(file: file, defaultDark: dark)
            document = try block.document(file: file, settings: settings)
        } catch {
            throw BlockProblem(message: error.isDiagnostic ? error.description : "error: \(error)")
        }
        let stem = block.imageStem(), ext = settings.format.rawValue
        var variants: [(suffix: String, theme: Theme)] = [("", settings.theme)]
        if settings.dark { variants.append(("~dark", .dark)) }
        var images: [Image] = []
        for variant in variants {
            let options = RenderOptions(scale: settings.scale, theme: variant.theme, constraints: settings.constraints, legend: settings.legend)
            do {
                let diagram = try Diagram(root: document.root, options: options)
                images.append(Image(path: Self.join(folder, stem + variant.suffix + "." + ext),
                                    bytes: try diagram.data(format: settings.format, compression: .compact)))
            } catch {
                throw BlockProblem(message: "error: \(file):\(block.line): the layout block cannot be drawn: \(error)")
            }
        }
        let light = linkBase + stem + "." + ext
        let link = settings.dark && !docc
            ? "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(linkBase + stem)~dark.\(ext)\">"
                + "<img alt=\"\(Self.htmlAttribute(settings.alt))\" src=\"\(light)\"></picture>"
            : "![\(Self.markdownLinkText(settings.alt))](\(light))"
        return (images, link)
    }

    /// Alt text as a Markdown image's text: every character that could end the text or start
    /// markup (`]`, `[`, `(`, `)`, `\\`, `` ` ``, `*`, `_`, `<`, `>`, `!`) escaped with a backslash.
    static func markdownLinkText(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "[]()\\`*_<>!".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// Alt text as an HTML attribute's value, in double quotes.
    static func htmlAttribute(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Whether a document lies in a DocC catalog (a folder named `*.docc`).
    static func isInDocCCatalog(_ file: String) -> Bool {
        FileSystem.absolute(file).split(separator: "/").dropLast().contains { $0.hasSuffix(".docc") }
    }

    /// A file in a folder, as messages show it (`name` for the current folder, not `./name`).
    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : FileSystem.join(folder, name)
    }

    /// Every image name (``isImageName(_:)``) that `text` mentions.
    static func imageNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        let bytes = Array(text.utf8)
        let prefix = Array("layout-".utf8)
        var i = 0
        while i + prefix.count + 16 + 4 <= bytes.count {
            guard bytes[i..<(i + prefix.count)].elementsEqual(prefix) else { i += 1; continue }
            // The longest candidate first: NAME~dark.png, then NAME.png.
            for length in [prefix.count + 16 + 5 + 4, prefix.count + 16 + 4] where i + length <= bytes.count {
                let candidate = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
                if isImageName(candidate) { names.insert(candidate); break }
            }
            i += 1
        }
        return names
    }

    /// `layout-` and 16 hex digits, optionally `~dark`, then `.png` or `.svg`.
    static func isImageName(_ name: String) -> Bool {
        var stem = Substring(name)
        if stem.hasSuffix(".png") || stem.hasSuffix(".svg") { stem = stem.dropLast(4) } else { return false }
        if stem.hasSuffix("~dark") { stem = stem.dropLast(5) }
        guard stem.hasPrefix("layout-") else { return false }
        let hex = stem.dropFirst(7)
        return hex.count == 16 && hex.allSatisfy(LayoutBlock.isNameDigit)
    }

    /// The path from folder `from` to folder `to`, ending with `/` (empty when they are the same).
    static func relativePath(from: String, to: String) -> String {
        let a = FileSystem.absolute(from).split(separator: "/").filter { $0 != "." }
        let b = FileSystem.absolute(to).split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let up = Array(repeating: "..", count: a.count - common)
        let parts = up + b[common...].map(String.init)
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }
}
