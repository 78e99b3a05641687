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
        // The clock and the median every benchmark uses.
        .target(name: "BenchTiming"),
        .executableTarget(
            name: "solver-bench",
            dependencies: ["BenchTiming", .product(name: "Cassowary", package: "Blueprint")]
        ),
        // The layout benchmark: nested cards from DSL to frames (run-layout-bench.sh).
        .executableTarget(
            name: "layout-bench",
            dependencies: ["BenchTiming", .product(name: "Blueprint", package: "Blueprint")]
        ),
        // The .layout format against the solver: siblings and grid as files, parse vs layout.
        .executableTarget(
            name: "format-bench",
            dependencies: ["BenchTiming", .product(name: "Blueprint", package: "Blueprint")]
        ),
        // Stack views and the visual format language against the same constraints by hand.
        .executableTarget(
            name: "stack-bench",
            dependencies: ["BenchTiming", .product(name: "Blueprint", package: "Blueprint")]
        ),
        // Text: single-line against wrapped measuring, and the two-pass layout of wrapping labels.
        .executableTarget(
            name: "text-bench",
            dependencies: ["BenchTiming", .product(name: "Blueprint", package: "Blueprint")]
        ),
        // The dashboard both render-bench and check-bench draw.
        .target(name: "BenchDashboard", dependencies: [.product(name: "Blueprint", package: "Blueprint")]),
        // The diagram renderer, phase by phase (run-render-bench.sh, raw cairo side by side).
        .executableTarget(
            name: "render-bench",
            dependencies: [
                "BenchTiming", "BenchDashboard",
                .product(name: "Blueprint", package: "Blueprint"),
                .product(name: "BlueprintRender", package: "Blueprint"),
                .product(name: "Raster", package: "Blueprint"),
            ]
        ),
        // Golden checks: the fast path against the render alone, the mismatch path against
        // pixelmatch (run-check-bench.sh).
        .executableTarget(
            name: "check-bench",
            dependencies: [
                "BenchTiming", "BenchDashboard",
                .product(name: "Blueprint", package: "Blueprint"),
                .product(name: "BlueprintRender", package: "Blueprint"),
                .product(name: "BlueprintCheck", package: "Blueprint"),
                .product(name: "Raster", package: "Blueprint"),
            ]
        ),
    ]
)
