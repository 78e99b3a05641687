// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Blueprint",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "Blueprint", targets: ["Blueprint"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "BlueprintRender", targets: ["BlueprintRender"]),
        .library(name: "BlueprintCheck", targets: ["BlueprintCheck"]),
        .library(name: "BlueprintTesting", targets: ["BlueprintTesting"]),
        // An image strategy for swift-snapshot-testing users: `assertSnapshot(of: view, as: .blueprint)`.
        // A product of its own, so packages that do not use it never build swift-snapshot-testing.
        .library(name: "BlueprintSnapshotTesting", targets: ["BlueprintSnapshotTesting"]),
        // The executable is `blueprint`; its module is BlueprintCLI so that no two source
        // folders differ only by case (Blueprint / blueprint collide on macOS file systems).
        .executable(name: "blueprint", targets: ["BlueprintCLI"]),
        .executable(name: "solver-demo", targets: ["solver-demo"]),
        .executable(name: "layout-demo", targets: ["layout-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation`: the DocC catalogs of Blueprint and BlueprintTesting.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The package's own plumbing (files, JSON, standard streams, clocks, worker counts,
        // number formatting), shared by the modules through `package` access; no product
        // exposes it and its declarations are invisible outside this package. No Foundation.
        .target(name: "BlueprintSupport"),
        // Incremental Cassowary solver: pure Swift (only the number formatting of the support module).
        .target(name: "Cassowary", dependencies: ["BlueprintSupport"]),
        // HarfBuzz (shaping) and FriBidi (the Unicode Bidirectional Algorithm), for the text of
        // labels (system libraries: libharfbuzz-dev, libfribidi-dev).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        // The bundled fonts (Inter, Noto Sans Arabic/Hebrew/Devanagari, Droid Sans Fallback for
        // CJK, Noto Color Emoji, and
        // DejaVu Sans for the diagram), with their licences, compiled into the binary with C23
        // `#embed`, so that no file has to be found at run time and no host font is ever used.
        .target(name: "CBlueprintFont", exclude: ["DejaVuSans.ttf", "LICENSE", "fonts"]),
        // Views, the constraint DSL, the layout engine and its reports; text shaped and wrapped.
        .target(name: "Blueprint", dependencies: ["Cassowary", "BlueprintSupport", "CHarfBuzz", "CFriBidi", "CBlueprintFont"]),
        // libpng's simplified png_image API (system library: libpng-dev).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // RGBA bitmaps, PNG codec, pixelmatch-compatible diff.
        .target(name: "Raster", dependencies: ["CPNG", "BlueprintSupport"]),
        // cairo with its FreeType font backend, and FreeType (system libraries: libcairo2-dev,
        // libfreetype-dev). Only BlueprintRender imports it.
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]
        ),
        // Draws a solved view tree: frames, margins, constraints, conflicts, legend; PNG/SVG/PDF.
        .target(name: "BlueprintRender", dependencies: ["Blueprint", "Raster", "CCairo", "BlueprintSupport"]),
        // Golden checks without a test framework: record modes, tolerances, frames beside the
        // golden, artifacts, the HTML report. The CLI's `check` and `report` use it directly.
        .target(name: "BlueprintCheck", dependencies: ["Blueprint", "BlueprintRender", "Raster", "BlueprintSupport"]),
        // `assertLayoutSnapshot` for XCTest and Swift Testing, over BlueprintCheck.
        .target(name: "BlueprintTesting", dependencies: ["BlueprintCheck"]),
        // `Snapshotting<View, Data>.blueprint` for swift-snapshot-testing, over BlueprintCheck.
        .target(
            name: "BlueprintSnapshotTesting",
            dependencies: [
                "Blueprint", "BlueprintRender", "BlueprintCheck", "Raster", "BlueprintSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),
        .executableTarget(
            name: "BlueprintCLI",
            dependencies: [
                "Blueprint",
                "BlueprintRender",
                "BlueprintCheck",
                "Raster",
                "BlueprintSupport",
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
        .testTarget(name: "BlueprintTests", dependencies: ["Blueprint", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "BlueprintRenderTests", dependencies: ["BlueprintRender", "Blueprint", "Raster", "BlueprintSupport"]),
        // Trees and paths the BlueprintCheck and BlueprintTesting tests share (no product has it).
        .target(name: "TestSupport", dependencies: ["Blueprint", "BlueprintCheck", "BlueprintSupport", "Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "BlueprintSupportTests", dependencies: ["BlueprintSupport", "TestSupport"]),
        .testTarget(name: "BlueprintCheckTests", dependencies: ["BlueprintCheck", "BlueprintRender", "Blueprint", "Raster", "BlueprintSupport", "TestSupport"]),
        .testTarget(
            name: "BlueprintSnapshotTestingTests",
            dependencies: ["BlueprintSnapshotTesting", "Blueprint", "BlueprintCheck", "Raster", "TestSupport",
                           .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "BlueprintTestingTests", dependencies: ["BlueprintTesting", "BlueprintCheck", "BlueprintRender", "Blueprint", "Raster", "TestSupport"]),
        // Runs the built `blueprint` binary as a user would.
        .testTarget(name: "BlueprintCLITests", dependencies: ["BlueprintCLI", "Raster", "TestSupport", "solver-demo", "layout-demo"]),
        // A fresh package that depends on a tagged copy of this one and runs a snapshot test.
        .testTarget(name: "DependencyTests"),
    ]
)
