// swift-tools-version:6.1
import PackageDescription

// The `.layout` fuzzers (libFuzzer): its own package so that the library's users never
// build it. Run it through ./run.sh, which builds with -sanitize=fuzzer.
let package = Package(
    name: "BlueprintFuzz",
    dependencies: [
        .package(name: "Blueprint", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "fuzz-layout",
            dependencies: [.product(name: "Blueprint", package: "Blueprint"), "FuzzDriver"],
            // No top-level code: `main` comes from FuzzDriver, which hands over to libFuzzer.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The engine behind the parser: bytes become a valid .layout file, then edits.
        .executableTarget(
            name: "fuzz-engine",
            dependencies: [.product(name: "Blueprint", package: "Blueprint"), "FuzzDriver"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // `main` for the executables (SwiftPM calls them `fuzz_layout_main`, `fuzz_engine_main`):
        // each hands over to libFuzzer.
        .target(name: "FuzzDriver"),
    ]
)
