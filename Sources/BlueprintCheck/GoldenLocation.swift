import BlueprintSupport

/// Where a golden lives: the image, the frames stored beside it, and the name its artifacts
/// take when a check fails.
public struct GoldenLocation: Hashable, Sendable {
    /// The golden image (`.png`).
    public var image: String
    /// The solved frames beside it (`.json`).
    public var frames: String
    /// The artifacts' path under the artifacts folder, without extension
    /// (`LoginTests/testLogin.login` → `LoginTests/testLogin.login.actual.png`…).
    public var artifactName: String
    /// A folder paths in messages are shown relative to (the package root), if any.
    public var displayBase: String?

    /// A golden at an explicit path. The frames go beside it with `.json` for `.png`; the
    /// artifacts take the image's file name.
    public init(image: String, frames: String? = nil, artifactName: String? = nil, displayBase: String? = nil) {
        self.image = image
        let stem = image.hasSuffix(".png") ? String(image.dropLast(4)) : image
        self.frames = frames ?? stem + ".json"
        self.artifactName = artifactName ?? FileSystem.fileName(of: stem)
        self.displayBase = displayBase
    }

    /// Why a test's golden cannot be placed.
    public enum Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// The snapshot's name is empty (or nothing of it survives sanitising).
        case missingName
        /// No folder above the test file holds a `Package.swift`, and no goldens folder was given.
        case noPackage(testFile: String)

        /// The reason, with what to do about it.
        public var description: String {
            switch self {
            case .missingName: "a snapshot needs a name (named: \"…\")"
            case .noPackage(let file): "no Package.swift above \(file) to put goldens/ in; pass goldens: with a folder"
            }
        }
    }

    /// The golden of a test: `goldens/<TestFile>/<testName>.<name>.png` in the package that
    /// holds the test file (the nearest folder above `filePath` with a `Package.swift`), or
    /// under `goldens` when given.
    ///
    /// - Parameters:
    ///   - filePath: the test's `#filePath`.
    ///   - function: the test's `#function` (`testLogin()`, `loginForm(scale:)`): the name
    ///     up to its first parenthesis.
    ///   - name: the snapshot's name within the test.
    ///   - goldens: the goldens folder, instead of the package's `goldens/`.
    /// - Throws: ``Invalid`` for an empty name or a test file outside any package.
    public static func forTest(filePath: String, function: String, name: String, goldens: String? = nil) throws(Invalid) -> GoldenLocation {
        let testFile = sanitized(strippingExtension(FileSystem.fileName(of: filePath)))
        let testName = sanitized(String(function.prefix { $0 != "(" }))
        let snapshot = sanitized(name)
        guard !name.isEmpty, !snapshot.isEmpty else { throw .missingName }
        let root = FileSystem.packageRoot(above: FileSystem.directory(of: filePath))
        let folder: String
        if let goldens {
            folder = goldens
        } else if let root {
            folder = FileSystem.join(root, "goldens")
        } else {
            throw .noPackage(testFile: filePath)
        }
        let relative = "\(testFile)/\(testName.isEmpty ? "test" : testName).\(snapshot)"
        return GoldenLocation(image: FileSystem.join(folder, relative + ".png"), frames: FileSystem.join(folder, relative + ".json"),
                              artifactName: relative, displayBase: root)
    }

    /// `LoginTests.swift` → `LoginTests`.
    static func strippingExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Letters, digits, `-`, `_` and `.` are kept; anything else becomes `_` (a name with `/`
    /// or spaces must not leave the goldens folder or need quoting in a shell).
    static func sanitized(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let c = Character(scalar)
            let kept = (scalar.isASCII && (c.isLetter || c.isNumber)) || c == "-" || c == "_" || c == "."
            out.append(kept ? c : "_")
        }
        while out.hasPrefix(".") { out = "_" + out.dropFirst() }
        return out
    }

    /// Where a failure's images go when neither the caller nor `BLUEPRINT_ARTIFACTS` says:
    /// `.build/blueprint-artifacts` in the package that holds the golden (``displayBase`` for a
    /// test's golden, else the nearest folder above the image with a `Package.swift`), or beside
    /// the golden when no package holds it.
    var defaultArtifactsFolder: String {
        let folder = FileSystem.directory(of: FileSystem.absolute(image))
        let root = displayBase ?? FileSystem.packageRoot(above: folder)
        return root.map { FileSystem.join($0, ".build/blueprint-artifacts") } ?? FileSystem.join(folder, ".blueprint-artifacts")
    }

    /// A path as messages show it: relative to the package root when inside it.
    func display(_ path: String) -> String { FileSystem.display(path, relativeTo: displayBase) }
}
