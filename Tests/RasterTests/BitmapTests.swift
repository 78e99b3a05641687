import Testing
@testable import Raster

@Suite struct BitmapTests {
    @Test func filledWithOneColour() {
        let bitmap = Bitmap(width: 3, height: 2, color: RGBA(1, 2, 3, 4))
        #expect(bitmap.bytes == [UInt8]([1, 2, 3, 4].repeated(6)))
        #expect(bitmap.pixelCount == 6)
        #expect(!bitmap.isOpaque)
        #expect(Bitmap(width: 3, height: 2, color: .white).isOpaque)
        #expect(Bitmap(width: 3, height: 2).bytes.allSatisfy { $0 == 0 })
    }

    @Test func largeBitmapsGetTheHugePageHintAndTheSamePixels() {
        // Above PixelStorage.hugePageThreshold: the hint must not change the contents.
        let bitmap = Bitmap(width: 1500, height: 1000, color: RGBA(9, 8, 7, 6))
        #expect(bitmap.bytes.count == 6_000_000)
        #expect(bitmap.bytes.count >= PixelStorage.hugePageThreshold)
        #expect(bitmap[0, 0] == RGBA(9, 8, 7, 6) && bitmap[1499, 999] == RGBA(9, 8, 7, 6))
        #expect(Bitmap(width: 1500, height: 1000).bytes.allSatisfy { $0 == 0 })
    }

    @Test func subscriptWritesOnePixel() {
        var bitmap = Bitmap(width: 2, height: 2)
        bitmap[1, 0] = RGBA(10, 20, 30)
        #expect(bitmap.bytes == [0, 0, 0, 0, 10, 20, 30, 255, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func fillIsClippedToTheBitmap() {
        var bitmap = Bitmap(width: 3, height: 3, color: .white)
        bitmap.fill(PixelRect(x: -5, y: 2, width: 7, height: 9), with: .black)
        #expect(bitmap[0, 2] == .black && bitmap[1, 2] == .black && bitmap[2, 2] == .white && bitmap[0, 1] == .white)
        bitmap.fill(PixelRect(x: 5, y: 5, width: 2, height: 2), with: .black) // entirely outside: no effect
    }

    @Test func valueSemantics() {
        let a = Bitmap(width: 2, height: 1, color: .white)
        var b = a
        b[0, 0] = .black
        #expect(a[0, 0] == .white)
        #expect(a != b)
    }

    @Test func descriptions() {
        #expect("\(RGBA(255, 0, 16, 1))" == "#ff001001")
        #expect("\(PixelRect(x: 1, y: 2, width: 3, height: 4))" == "1,2 3x4")
        #expect("\(PixelSize(width: 640, height: 480))" == "640x480")
    }
}

extension Array {
    func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
