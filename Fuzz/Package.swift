// swift-tools-version:6.1
import PackageDescription

// The `.layout` parser fuzzer (libFuzzer): its own package so that the library's users never
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
        // `main` for the executable: SwiftPM names it `fuzz_layout_main`, libFuzzer runs it.
        .target(name: "FuzzDriver"),
    ]
)
