#if canImport(Glibc)
import Glibc
#endif
import Raster

// Usage: diff-bench OUTPUT_DIR [SIZE] [RUNS]
// Writes the benchmark pairs (raw RGBA and PNG) to OUTPUT_DIR for the Python peers, then
// prints one JSON object of timings in milliseconds (medians) and sizes in bytes.
let arguments = CommandLine.arguments
let folder = arguments.count > 1 ? arguments[1] : "/tmp/blueprint-diff-bench"
let size = arguments.count > 2 ? Int(arguments[2]) ?? 4096 : 4096
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 9 : 9
mkdir(folder, 0o755)

let scene = Scenes.ui(width: size, height: size)
let sparseScene = Scenes.sparseChange(of: scene)
let denseScene = Scenes.shifted(scene)

func saveRaw(_ bitmap: Bitmap, _ name: String) {
    let file = fopen(folder + "/" + name, "wb")!
    bitmap.bytes.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}
saveRaw(scene, "expected.rgba")
saveRaw(sparseScene, "sparse.rgba")
saveRaw(denseScene, "dense.rgba")
try PNG.write(scene, to: folder + "/expected.png", compression: .fast)
try PNG.write(sparseScene, to: folder + "/sparse.png", compression: .fast)
try PNG.write(denseScene, to: folder + "/dense.png", compression: .fast)

// The images under test come from the PNG files, as they do in a golden test: decoded into
// fresh buffers (and `copy` is a second, separate decode of the expected image).
let expected = try PNG.read(path: folder + "/expected.png")
let copy = try PNG.read(path: folder + "/expected.png")
let sparse = try PNG.read(path: folder + "/sparse.png")
let dense = try PNG.read(path: folder + "/dense.png")
precondition(expected == scene && sparse == sparseScene && dense == denseScene)

var results: [(String, String)] = []
func record(_ key: String, _ value: Double) { results.append((key, String(value))) }
func record(_ key: String, _ value: Int) { results.append((key, String(value))) }

// The memory floor: memcmp over two equal buffers reads every byte of both. Called through
// a pointer from dlsym so the optimiser cannot hoist or drop the call.
typealias MemcmpFunction = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int) -> Int32
let memcmpPointer = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "memcmp")!, to: MemcmpFunction.self)
let floor = expected.bytes.withUnsafeBytes { a in
    copy.bytes.withUnsafeBytes { b in
        Timing.median(runs: runs) { blackHole(memcmpPointer(a.baseAddress, b.baseAddress, a.count)) }
    }
}
record("memcmp_ms", floor)

for (name, actual) in [("identical", copy), ("sparse", sparse), ("dense", dense)] {
    var result = PixelDiff.compare(expected, actual)
    record("diff_\(name)_ms", Timing.median(runs: runs) { result = PixelDiff.compare(expected, actual) })
    record("diff_\(name)_count", result.differentPixels)
    record("diff_\(name)_aa", result.antialiasedPixels)
    if name != "identical" {
        record("diffimage_\(name)_ms", Timing.median(runs: max(runs / 3, 1)) { blackHole(PixelDiff.diffImage(expected, actual)) })
        // What `blueprint diff -o` writes: drawn in parts and compressed on all cores.
        var bytes = 0
        record("diffimage_png_\(name)_ms", Timing.median(runs: max(runs / 3, 1)) {
            bytes = try! PixelDiff.diffImagePNG(expected, actual).count
        })
        record("diffimage_png_\(name)_bytes", bytes)
    }
}

// One thread, CPU time: the dense pair cropped to 1400 x 1400, below the size at which the
// colour math is shared among cores, so the figure is one thread's work however loaded the
// machine is (peers.py times pybind11-pixelmatch on the same crop).
let cropSize = min(size, 1400)
let crop = PixelRect(x: 0, y: 0, width: cropSize, height: cropSize)
let (croppedExpected, croppedDense) = (expected.cropped(to: crop), dense.cropped(to: crop))
var cropResult = PixelDiff.compare(croppedExpected, croppedDense)
record("diff_dense_crop_cpu_ms", Timing.bestThreadCPU(runs: 15) { cropResult = PixelDiff.compare(croppedExpected, croppedDense) })
record("diff_dense_crop_count", cropResult.differentPixels)

// Decode: our PNG of the expected image, as written for the peers.
let pngBytes = try PNG.encode(expected, compression: .fast)
record("decode_ms", Timing.median(runs: max(runs / 3, 1)) { blackHole(try! PNG.decode(pngBytes)) })

// Encode: our settings, and cairo's own writer when libcairo2 is installed.
let encodeRuns = max(runs / 3, 1)
for (name, setting) in [("fast", PNGCompression.fast), ("compact", .compact), ("level1_nofilter", PNGCompression(level: 1, filters: .none)),
                        ("cairolike", .cairoLike)] {
    var bytes = 0
    record("encode_\(name)_ms", Timing.median(runs: encodeRuns) { bytes = try! PNG.encode(expected, compression: setting).count })
    record("encode_\(name)_bytes", bytes)
}
if let cairo = CairoWriter() {
    var pixels = CairoWriter.argb32(expected)
    var bytes = 0
    record("encode_cairo_ms", Timing.median(runs: encodeRuns) { bytes = cairo.encode(argb32: &pixels, width: size, height: size) })
    record("encode_cairo_bytes", bytes)
}

// EXPLORE=1: a grid of encoder settings, to choose `fast` and `compact` from.
if getenv("EXPLORE") != nil {
    let filterSets: [(String, PNGCompression.Filters)] = [("none", .none), ("sub", .sub), ("up", .up), ("paeth", .paeth), ("all", .all)]
    for level in [1, 2, 3, 6, 9] {
        for (filterName, filters) in filterSets {
            for strategy in [PNGCompression.Strategy.automatic, .rle] {
                let setting = PNGCompression(level: level, filters: filters, strategy: strategy)
                var bytes = 0
                let ms = Timing.median(runs: encodeRuns) { bytes = try! PNG.encode(expected, compression: setting).count }
                print("explore level \(level) \(filterName) \(strategy): \(Int(ms)) ms \(bytes) bytes")
            }
        }
    }
}

print("{" + results.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
