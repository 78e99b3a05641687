import Foundation
import Testing

/// The README's stack and visual-format examples of the `.layout` section are whole files:
/// each solves clean, to the frames below.
@Suite struct ReadmeLayoutExamplesTests {
    /// The plain code blocks after "In a `.layout` file both are lines.": the stack example,
    /// then the visual format example.
    func examples() throws -> [String] {
        let readme = String(decoding: try Data(contentsOf: CLI.repository.appendingPathComponent("README.md")), as: UTF8.self)
        let start = try #require(readme.range(of: "In a `.layout` file both are lines."))
        let pieces = readme[start.upperBound...].components(separatedBy: "```\n")
        try #require(pieces.count > 3)
        return [pieces[1], pieces[3]]
    }

    func solve(_ layout: String) throws -> CLI.Run {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(layout.utf8).write(to: URL(fileURLWithPath: folder + "/example.layout"))
        return try Golden.run(["solve", folder + "/example.layout"], environment: [:])
    }

    /// The row is 44 tall across the width with 16-point margins: icon, 12, title (the room),
    /// 8, value.
    @Test func theStackExampleSolvesClean() throws {
        let r = try solve(try examples()[0])
        #expect(r.status == 0)
        #expect(r.stdout == """
            view     x     y  width  height
            root     0     0    375     120
            wifi     0    20    375      44
            icon    16   7.5     29      29
            title   57  11.5    246      21
            value  311  11.5     48      21

            """)
    }

    /// Apple's standard spacing: the root's margins (8) to the edges, 8 between; the labels
    /// equally wide, centred on their fields.
    @Test func theVisualFormatExampleSolvesClean() throws {
        let r = try solve(try examples()[1])
        #expect(r.status == 0)
        #expect(r.stdout == """
            view            x     y  width  height
            root            0     0    375     160
            emailLabel      8  16.5     70      19
            email          86     8    281      36
            passwordLabel   8  64.5     70      19
            password       86    56    281      36

            """)
    }
}
