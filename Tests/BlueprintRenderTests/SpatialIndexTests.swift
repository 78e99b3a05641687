import Blueprint
@testable import BlueprintRender
import Testing

/// The diagram's grid of rectangles costs what is put in it and asked of it, never the area
/// the rectangles cover: a line 10¹⁵ points long, or a frame as large as the layout, is kept
/// aside and read by every query.
@Suite struct SpatialIndexTests {
    @Test func aRectangleOverManyCellsIsEnteredInNone() {
        var index = SpatialIndex()
        index.insert(Rect(x: 0, y: 0, width: 20, height: 20))   // one cell of 32 points
        index.insert(Rect(x: 40, y: 0, width: 100, height: 10))   // four
        #expect(index.entries == 5)
        // 200,000 points long (6,251 cells) and 10¹⁵ points long: kept aside, in no cell.
        index.insert(Rect(x: 0, y: 100, width: 200_000, height: 1), owner: 7)
        index.insert(Rect(x: 5, y: -1e15, width: 1, height: 2e15), owner: 8)
        index.insert(Rect(x: .nan, y: 0, width: 1, height: 1))
        #expect(index.entries == 5)
        #expect(index.indices(overlapping: Rect(x: 0, y: 99, width: 10, height: 10)) == [2, 3])
        #expect(index.indices(overlapping: Rect(x: 2, y: 5, width: 20, height: 1)) == [0, 3])
        #expect(index.owners(overlapping: Rect(x: 150_000, y: 100.5, width: 1, height: 1), kinds: .text) == [7])
        #expect(index.intersects(Rect(x: 5.5, y: 1e14, width: 1, height: 1)))
        #expect(!index.intersects(Rect(x: 5.5, y: 1e14, width: 1, height: 1), ignoring: 8))
    }

    @Test func aQueryOverMoreCellsThanRectanglesReadsEachOnce() {
        let work = PlacementWork(views: 0)
        var index = SpatialIndex(work: work)
        for i in 0..<10 { index.insert(Rect(x: Double(i) * 64 + 1, y: 0, width: 10, height: 10)) }
        index.insert(Rect(x: 0, y: 50, width: 1e15, height: 1))
        #expect(index.entries == 10)
        // A query 10¹⁵ points wide reads the 11 rectangles, not 3·10¹³ cells.
        #expect(index.indices(overlapping: Rect(x: -1e15, y: 0, width: 2e15, height: 60)) == Array(0...10))
        #expect(work.spent == 11)
        // A small one: its cell's rectangle, and the one kept aside.
        #expect(index.indices(overlapping: Rect(x: 195, y: 1, width: 2, height: 2)) == [3])
        #expect(work.spent == 11 + 1 + 1)
    }
}
