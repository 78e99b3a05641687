import Testing
@testable import Raster

@Suite struct YIQTests {
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 { RGBA(r, g, b, a).packed }

    @Test func blackAgainstWhiteIsAllBrightness() {
        let delta = YIQ.colorDelta(Self.pixel(0, 0, 0), Self.pixel(255, 255, 255))
        // I and Q of grey are (almost) zero, so only 0.5053 × Y² remains.
        #expect(abs(delta - 0.5053 * 255 * 255) < 0.01)
        #expect(delta <= YIQ.maximumDelta)
    }

    @Test func signSaysWhetherTheSecondIsDarker() {
        #expect(YIQ.colorDelta(Self.pixel(255, 255, 255), Self.pixel(0, 0, 0)) < 0)
        #expect(YIQ.colorDelta(Self.pixel(0, 0, 0), Self.pixel(255, 255, 255)) > 0)
    }

    @Test func identicalIsZero() {
        #expect(YIQ.colorDelta(Self.pixel(1, 2, 3, 4), Self.pixel(1, 2, 3, 4)) == 0)
        #expect(YIQ.brightnessDelta(Self.pixel(1, 2, 3, 4), Self.pixel(1, 2, 3, 4)) == 0)
    }

    @Test func transparentIsWhite() {
        #expect(YIQ.colorDelta(Self.pixel(0, 0, 0, 0), Self.pixel(255, 255, 255)) == 0)
        #expect(YIQ.colorDelta(Self.pixel(12, 200, 7, 0), Self.pixel(255, 255, 255, 0)) == 0)
    }

    @Test func fadedGrayMatchesPixelmatch() {
        // 255 + (Y - 255) × 0.1 for opaque pixels, truncated.
        #expect(YIQ.fadedGray(Self.pixel(0, 0, 0), alpha: 0.1) == 229)
        #expect(YIQ.fadedGray(Self.pixel(255, 255, 255), alpha: 0.1) == 255)
        #expect(YIQ.fadedGray(Self.pixel(0, 0, 0, 0), alpha: 0.1) == 255)
    }
}
