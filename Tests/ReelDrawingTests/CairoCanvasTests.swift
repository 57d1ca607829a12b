import Foundation
import ReelContainer
import ReelCore
import ReelDrawing
import Testing

@MainActor
@Suite("CairoCanvas")
struct CairoCanvasTests {
    private func canvas(width: Int = 100, height: Int = 100, scale: Double = 1) throws -> CairoCanvas {
        try CairoCanvas(pixelWidth: width, pixelHeight: height, scale: scale)
    }

    @Test func aNewCanvasIsTransparentAndHasDrawnNothing() throws {
        let canvas = try canvas()
        #expect(canvas.pixel(x: 50, y: 50).alpha == 0)
        #expect(canvas.drawnBounds == nil)
        #expect(canvas.size == Size(width: 100, height: 100))
    }

    @Test func aFilledRectangleCoversExactlyItsPixels() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 10, y: 20, width: 30, height: 40), color: Color(red: 1, green: 0, blue: 0))
        #expect(canvas.pixel(x: 10, y: 20) == (255, 0, 0, 255))
        #expect(canvas.pixel(x: 39, y: 59) == (255, 0, 0, 255))
        #expect(canvas.pixel(x: 40, y: 59).alpha == 0)
        #expect(canvas.pixel(x: 9, y: 20).alpha == 0)
        let bounds = try #require(canvas.drawnBounds)
        #expect(bounds.x <= 10 && bounds.maxX >= 40 && bounds.y <= 20 && bounds.maxY >= 60)
        #expect(bounds.width <= 32 && bounds.height <= 42)
    }

    @Test func farApartDrawingsAreSeparateRectanglesOfTheDrawnRegion() throws {
        let canvas = try canvas(width: 200, height: 200)
        canvas.fill(Rect(x: 0, y: 0, width: 200, height: 20), color: .black)
        canvas.fill(Rect(x: 0, y: 170, width: 200, height: 30), color: .black)
        #expect(canvas.drawnRegion.rects.count == 2)
        #expect(canvas.drawnRegion.area < 200 * 60)
        #expect(try #require(canvas.drawnBounds) == canvas.drawnRegion.bounds)
    }

    @Test func translucentColoursKeepStraightAlpha() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let pixel = canvas.pixel(x: 5, y: 5)
        #expect(pixel.alpha == 128)
        #expect(pixel.blue >= 253 && pixel.red == 0)
    }

    @Test func circlesAreArcs() throws {
        let canvas = try canvas()
        canvas.fill(.circle(center: Point(x: 50, y: 50), radius: 20), color: .white)
        #expect(canvas.pixel(x: 50, y: 50).alpha == 255)
        #expect(canvas.pixel(x: 50, y: 32).alpha == 255)  // inside, near the top
        #expect(canvas.pixel(x: 34, y: 34).alpha == 0)  // the bounding box's corner is outside
        #expect(canvas.pixel(x: 50, y: 75).alpha == 0)
    }

    @Test func roundedRectanglesLeaveTheirCornersEmpty() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .white, cornerRadius: 20)
        #expect(canvas.pixel(x: 1, y: 1).alpha == 0)
        #expect(canvas.pixel(x: 50, y: 1).alpha == 255)
        #expect(canvas.pixel(x: 98, y: 98).alpha == 0)
    }

    @Test func strokesDrawOnlyTheOutline() throws {
        let canvas = try canvas()
        canvas.stroke(.roundedRect(Rect(x: 20, y: 20, width: 60, height: 60), radius: 0), color: .white, lineWidth: 4)
        #expect(canvas.pixel(x: 50, y: 20).alpha == 255)
        #expect(canvas.pixel(x: 50, y: 50).alpha == 0)
    }

    @Test func gradientsRunFromTopToBottom() throws {
        let canvas = try canvas()
        canvas.fillGradient(Rect(x: 0, y: 0, width: 100, height: 100), top: .black, bottom: .white)
        let top = canvas.pixel(x: 50, y: 0)
        let middle = canvas.pixel(x: 50, y: 50)
        let bottom = canvas.pixel(x: 50, y: 99)
        #expect(top.red < 5 && bottom.red > 250)
        #expect(abs(Int(middle.red) - 128) < 6)
    }

    @Test func clipsNestAndPop() throws {
        let canvas = try canvas()
        canvas.pushClip(Rect(x: 0, y: 0, width: 50, height: 100))
        canvas.pushClip(Rect(x: 0, y: 0, width: 100, height: 50))
        canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .white)
        canvas.popClip()
        #expect(canvas.pixel(x: 25, y: 25).alpha == 255)
        #expect(canvas.pixel(x: 75, y: 25).alpha == 0)
        #expect(canvas.pixel(x: 25, y: 75).alpha == 0)
        #expect(try #require(canvas.drawnBounds).maxX <= 51)
        canvas.fill(Rect(x: 0, y: 60, width: 100, height: 10), color: .white)
        #expect(canvas.pixel(x: 25, y: 65).alpha == 255)
        #expect(canvas.pixel(x: 75, y: 65).alpha == 0)
        canvas.popClip()
        canvas.popClip()  // unbalanced: ignored
        canvas.fill(Rect(x: 0, y: 80, width: 100, height: 10), color: .white)
        #expect(canvas.pixel(x: 75, y: 85).alpha == 255)
    }

    @Test func textRendersPixelsWithinItsMeasuredBox() throws {
        let canvas = try canvas(width: 200, height: 60)
        let size = canvas.measureText("Reel 0:42", font: .body)
        #expect(size.width > 40 && size.width < 120)
        #expect(size.height > 10 && size.height < 30)
        canvas.drawText("Reel 0:42", at: Point(x: 100, y: 30), font: .body, color: .white, alignment: .center)
        var inked = 0
        var outside = 0
        for y in 0..<60 {
            for x in 0..<200 where canvas.pixel(x: x, y: y).alpha > 0 {
                inked += 1
                let inside =
                    Double(x) >= 100 - size.width / 2 - 1 && Double(x) <= 100 + size.width / 2 + 1
                    && Double(y) >= 30 - size.height / 2 - 1 && Double(y) <= 30 + size.height / 2 + 1
                if !inside { outside += 1 }
            }
        }
        #expect(inked > 100)
        #expect(outside == 0)
    }

    @Test func boldAndTabularFontsDiffer() throws {
        let canvas = try canvas()
        let regular = canvas.measureText("Reel", font: Font(size: 20))
        let bold = canvas.measureText("Reel", font: Font(size: 20, weight: .bold))
        #expect(bold.width > regular.width)
        let ones = canvas.measureText("1111", font: .time)
        let eights = canvas.measureText("8888", font: .time)
        #expect(abs(ones.width - eights.width) < 0.5)
    }

    @Test func imagesAreScaledIntoTheirRectangle() throws {
        let canvas = try canvas()
        // 2×1: red, then half-transparent green.
        let image = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 128])
        canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(canvas.pixel(x: 2, y: 10) == (255, 0, 0, 255))
        let right = canvas.pixel(x: 38, y: 10)
        #expect(right.green > 250 && abs(Int(right.alpha) - 128) <= 2)
        #expect(canvas.pixel(x: 45, y: 10).alpha == 0)
    }

    @Test func theScaleMapsLogicalToDevicePixels() throws {
        let canvas = try canvas(width: 200, height: 100, scale: 2)
        #expect(canvas.size == Size(width: 100, height: 50))
        canvas.fill(Rect(x: 10, y: 10, width: 10, height: 10), color: .white)
        #expect(canvas.pixel(x: 21, y: 21).alpha == 255)
        #expect(canvas.pixel(x: 39, y: 39).alpha == 255)
        #expect(canvas.pixel(x: 41, y: 41).alpha == 0)
    }

    @Test func clearForgetsEverything() throws {
        let canvas = try canvas()
        canvas.fill(Rect(x: 0, y: 0, width: 100, height: 100), color: .white)
        canvas.clear()
        #expect(canvas.pixel(x: 50, y: 50).alpha == 0)
        #expect(canvas.drawnBounds == nil)
    }

    @Test func drawingOnAFrameBlendsOverTheVideo() throws {
        let frame = FrameBuffer(width: 64, height: 32)
        let canvas = try CairoCanvas(frame: frame)
        canvas.fill(Rect(x: 0, y: 0, width: 64, height: 32), color: Color(red: 0, green: 0, blue: 1))
        canvas.fill(Rect(x: 0, y: 0, width: 32, height: 32), color: Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(frame.pixel(x: 48, y: 16) == (0, 0, 255))
        let blended = frame.pixel(x: 16, y: 16)
        #expect(abs(Int(blended.red) - 128) <= 1 && blended.blue == 255)
    }

    @Test func pngsCanBeWritten() throws {
        let canvas = try canvas()
        canvas.fill(.circle(center: Point(x: 50, y: 50), radius: 30), color: .accent)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-canvas-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try canvas.writePNG(to: url)
        let data = try Data(contentsOf: url)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(throws: HostError.self) { try canvas.writePNG(to: URL(fileURLWithPath: "/nonexistent/dir/x.png")) }
    }
}
