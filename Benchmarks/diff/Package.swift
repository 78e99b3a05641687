// swift-tools-version:6.1
// The diff and PNG benchmark: its own package, so the main package's tests never build it.
// Run ./run.sh (release build, peers from PyPI in a venv, ratios from one run).
import PackageDescription

let package = Package(
    name: "DiffBenchmarks",
    dependencies: [
        .package(name: "Blueprint", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "diff-bench",
            dependencies: [.product(name: "Raster", package: "Blueprint")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ],
    swiftLanguageModes: [.v5]
)
