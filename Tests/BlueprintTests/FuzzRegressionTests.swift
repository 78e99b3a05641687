import Foundation
import Testing
import Blueprint

/// Every input the fuzzer (Fuzz/run.sh) found crashing, hanging or exhausting memory, kept in
/// fixtures/fuzz/, goes through the fuzzer's pipeline again: parse, lay out, report, read the
/// frames, deactivate every constraint, lay out again. Each must end in diagnostics or a
/// layout, and soon (the bound is a hang guard, generous for a debug build on a busy machine).
@Suite("Fuzz regressions: fixtures/fuzz through the whole pipeline")
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/fuzz")

    /// The fixtures' names (every file but the README), sorted.
    static let inputs: [String] = {
        let names = try! FileManager.default.contentsOfDirectory(atPath: directory.path)
        return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted()
    }()

    /// Seconds any one input may take.
    static let bound = 5.0

    enum Outcome: Equatable {
        case diagnostics(Int)
        case laidOut(views: Int)
    }

    /// The fuzzer's pipeline (Fuzz/Sources/fuzz-layout/FuzzLayout.swift).
    static func run(_ bytes: [UInt8]) -> Outcome {
        let document: LayoutDocument
        do {
            document = try LayoutDocument(bytes: bytes, file: "fuzz.layout")
        } catch {
            #expect(!error.diagnostics.isEmpty)
            #expect(!error.description.isEmpty)
            return .diagnostics(error.diagnostics.count)
        }
        let root = document.root
        root.layoutIfNeeded()
        _ = root.layoutReport.description
        for v in document.views {
            let f = v.frame
            #expect(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite, "\(v.name): \(f)")
        }
        for c in document.constraints { _ = c.formulaWithLocation }
        for c in document.constraints { c.deactivate() }
        root.layoutIfNeeded()
        for v in document.views { _ = v.frame }
        return .laidOut(views: document.views.count)
    }

    @Test func theFixturesAreThere() {
        #expect(Self.inputs.count >= 1, "no inputs in \(Self.directory.path)")
    }

    @Test(arguments: inputs)
    func input(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let start = Date()
        _ = Self.run(bytes)
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < Self.bound, "\(name) took \(seconds) s")
    }
}
