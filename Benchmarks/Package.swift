// swift-tools-version:6.1
import PackageDescription

// The solver benchmark: its own package so that the library's users never build it.
// Run it through ./run-solver-bench.sh (release build, kiwisolver side by side).
let package = Package(
    name: "BlueprintBenchmarks",
    dependencies: [
        .package(name: "Blueprint", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "solver-bench",
            dependencies: [.product(name: "Cassowary", package: "Blueprint")]
        ),
    ]
)
