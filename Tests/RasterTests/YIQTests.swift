import Testing
@testable import Raster

@Suite struct YIQTests {
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 { RGBA(r, g, b, a).packed }

    @Test func blackAgainstWhiteIsAllBrightness() {
        let delta = YIQ.colorDelta(Self.pixel(0, 0, 0), Self.pixel(255, 255, 255), index: 0, checkerboard: true)
        // I and Q of grey are (almost) zero, so only 0.5053 × Y² remains.
        #expect(abs(delta - 0.5053 * 255 * 255) < 0.01)
        #expect(delta <= YIQ.maximumDelta)
    }

    @Test func signSaysWhetherTheSecondIsDarker() {
        #expect(YIQ.colorDelta(Self.pixel(255, 255, 255), Self.pixel(0, 0, 0), index: 0, checkerboard: true) < 0)
        #expect(YIQ.colorDelta(Self.pixel(0, 0, 0), Self.pixel(255, 255, 255), index: 0, checkerboard: true) > 0)
    }

    @Test func identicalIsZero() {
        #expect(YIQ.colorDelta(Self.pixel(1, 2, 3, 4), Self.pixel(1, 2, 3, 4), index: 0, checkerboard: true) == 0)
        #expect(YIQ.brightnessDelta(Self.pixel(1, 2, 3, 4), Self.pixel(1, 2, 3, 4), index: 0, checkerboard: true) == 0)
    }

    @Test func transparentIsWhiteWithoutTheCheckerboard() {
        #expect(YIQ.colorDelta(Self.pixel(0, 0, 0, 0), Self.pixel(255, 255, 255), index: 0, checkerboard: false) == 0)
        #expect(YIQ.colorDelta(Self.pixel(12, 200, 7, 0), Self.pixel(255, 255, 255, 0), index: 0, checkerboard: false) == 0)
        #expect(YIQ.brightnessDelta(Self.pixel(0, 0, 0, 0), Self.pixel(255, 255, 255), index: 0, checkerboard: false) == 0)
    }

    /// Over the checkerboard a transparent pixel is the backdrop's colour: (48, 48, 48) at
    /// pixel 0, (48, 48, 207) at pixel 1.
    @Test func transparentIsTheCheckerboard() {
        let clear = Self.pixel(0, 0, 0, 0), white = Self.pixel(255, 255, 255)
        #expect(YIQ.colorDelta(clear, white, index: 0, checkerboard: true)
            == YIQ.colorDelta(Self.pixel(48, 48, 48), white, index: 0, checkerboard: true))
        #expect(YIQ.colorDelta(clear, white, index: 1, checkerboard: true)
            == YIQ.colorDelta(Self.pixel(48, 48, 207), white, index: 1, checkerboard: true))
        #expect(YIQ.colorDelta(Self.pixel(12, 200, 7, 0), Self.pixel(255, 255, 255, 0), index: 7, checkerboard: true) == 0)
    }

    @Test func fadedGrayMatchesPixelmatch() {
        // 255 + (Y - 255) × alpha × a / 255, truncated.
        #expect(YIQ.fadedGray(Self.pixel(0, 0, 0), alpha: 0.1) == 229)
        #expect(YIQ.fadedGray(Self.pixel(255, 255, 255), alpha: 0.1) == 255)
        #expect(YIQ.fadedGray(Self.pixel(0, 0, 0, 0), alpha: 0.1) == 255)
        #expect(YIQ.fadedGray(Self.pixel(0, 0, 0, 128), alpha: 1) == 127)
        #expect(YIQ.fadedGray(Self.pixel(10, 200, 30), alpha: 0.5) == 189)
    }
}
