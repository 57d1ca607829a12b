import ReelDrawing
import Testing

@Suite("PixelRegion")
struct PixelRegionTests {
    @Test func distantRectanglesStaySeparate() {
        let top = PixelRect(x: 0, y: 0, width: 1280, height: 60)
        let bottom = PixelRect(x: 0, y: 600, width: 1280, height: 120)
        let region = PixelRegion([top, bottom])
        #expect(Set(region.rects) == [top, bottom])
        #expect(region.area == 1280 * 180)
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    }

    @Test func overlappingAndNearRectanglesMerge() {
        let region = PixelRegion([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10),
            PixelRect(x: 15 + PixelRegion.mergeDistance - 1, y: 0, width: 4, height: 4),
        ])
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 34, height: 15)])
    }

    @Test func aMergeThatReachesAnotherRectangleTakesItToo() {
        var region = PixelRegion([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 100, y: 0, width: 10, height: 10),
        ])
        region.add(PixelRect(x: 5, y: 0, width: 85, height: 10))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 110, height: 10)])
    }

    @Test func theRegionNeverHoldsMoreThanItsMaximumAndNeverOverlaps() {
        var region = PixelRegion()
        for index in 0..<40 {
            region.add(PixelRect(x: (index * 97) % 1200, y: (index * 61) % 700, width: 8, height: 8))
            #expect(region.rects.count <= PixelRegion.maximumCount)
        }
        for (first, a) in region.rects.enumerated() {
            for b in region.rects[(first + 1)...] { #expect(a.intersection(b).isEmpty) }
        }
    }

    @Test func everyAddedPixelStaysCovered() {
        var region = PixelRegion()
        var added: [PixelRect] = []
        for index in 0..<30 {
            let rect = PixelRect(x: (index * 131) % 1000, y: (index * 53) % 600, width: 5 + index, height: 3 + index)
            added.append(rect)
            region.add(rect)
        }
        for rect in added {
            let covered = region.rects.reduce(0) { $0 + $1.intersection(rect).area }
            #expect(covered == rect.area)
        }
    }

    @Test func emptyRectanglesAreIgnoredAndClippingKeepsTheInside() {
        var region = PixelRegion()
        region.add(PixelRect(x: 5, y: 5, width: 0, height: 10))
        #expect(region.isEmpty)
        region.add(PixelRect(x: -10, y: -10, width: 30, height: 30))
        #expect(
            region.clipped(to: PixelRect(x: 0, y: 0, width: 100, height: 100)).rects == [
                PixelRect(x: 0, y: 0, width: 20, height: 20)
            ])
    }
}
