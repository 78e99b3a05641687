// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Blueprint",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "Blueprint", targets: ["Blueprint"]),
        .library(name: "Raster", targets: ["Raster"]),
        // The executable is `blueprint`; its module is BlueprintCLI so that no two source
        // folders differ only by case (Blueprint / blueprint collide on macOS file systems).
        .executable(name: "blueprint", targets: ["BlueprintCLI"]),
        .executable(name: "solver-demo", targets: ["solver-demo"]),
        .executable(name: "layout-demo", targets: ["layout-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // Incremental Cassowary solver: pure Swift, no dependencies.
        .target(
            name: "Cassowary",
            // The tableau is one object whose arrays are touched in every inner loop; the
            // dynamic exclusivity checks cost ~15% there and guard nothing (no overlapping
            // access is possible through its private methods).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
        ),
        // Views, the constraint DSL, the layout engine and its reports.
        .target(name: "Blueprint", dependencies: ["Cassowary"]),
        // libpng's simplified png_image API (system library: libpng-dev).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // RGBA bitmaps, PNG codec, pixelmatch-compatible diff.
        .target(name: "Raster", dependencies: ["CPNG"]),
        .executableTarget(
            name: "BlueprintCLI",
            dependencies: [
                "Blueprint",
                "Raster",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "solver-demo", dependencies: ["Cassowary"], path: "Examples/solver-demo"),
        .executableTarget(name: "layout-demo", dependencies: ["Blueprint"], path: "Examples/layout-demo"),
        .testTarget(
            name: "CassowaryTests",
            dependencies: [
                "Cassowary",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "BlueprintTests", dependencies: ["Blueprint"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        // Runs the built `blueprint` binary as a user would.
        .testTarget(name: "BlueprintCLITests", dependencies: ["BlueprintCLI", "Raster"]),
    ]
)
