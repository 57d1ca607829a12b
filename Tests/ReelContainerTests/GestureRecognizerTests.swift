import ReelContainer
import Testing

@Suite("Gesture recognizer")
struct GestureRecognizerTests {
    let p = Point(x: 100, y: 100)

    func run(_ events: [InputEvent]) -> [Gesture] {
        var recognizer = GestureRecognizer()
        return events.flatMap { recognizer.handle($0) }
    }

    func down(_ point: Point, _ time: Double) -> InputEvent { .pointerDown(point, button: .primary, time: time) }
    func up(_ point: Point, _ time: Double) -> InputEvent { .pointerUp(point, button: .primary, time: time) }
    func move(_ point: Point, _ time: Double) -> InputEvent { .pointerMoved(point, time: time) }
    func offset(_ dx: Double, _ dy: Double) -> Point { Point(x: p.x + dx, y: p.y + dy) }

    @Test func aTapIsReportedOnceTheDoubleTapWindowCloses() {
        var recognizer = GestureRecognizer()
        #expect(recognizer.handle(down(p, 0)).isEmpty)
        #expect(recognizer.handle(up(p, 0.1)).isEmpty)
        #expect(recognizer.handle(.tick(time: 0.39)).isEmpty)
        #expect(recognizer.handle(.tick(time: 0.41)) == [.tap(p)])
        #expect(recognizer.handle(.tick(time: 2)).isEmpty)
    }

    @Test func aTapMayWanderWithinTheSlop() {
        #expect(
            run([down(p, 0), move(offset(5, 5), 0.05), up(offset(5, 5), 0.1), .tick(time: 1)]) == [.tap(offset(5, 5))])
    }

    @Test func betweenTheSlopAndTheDragThresholdIsNeitherTapNorDrag() {
        #expect(run([down(p, 0), move(offset(9, 0), 0.05), up(offset(9, 0), 0.1), .tick(time: 1)]).isEmpty)
        #expect(run([down(p, 0), move(offset(10, 0), 0.05), up(p, 0.1), .tick(time: 1)]).isEmpty)
    }

    @Test func twoQuickTapsAreADoubleTapAndNoTap() {
        let second = offset(20, 0)
        #expect(
            run([down(p, 0), up(p, 0.05), down(second, 0.3), up(second, 0.35), .tick(time: 2)]) == [.doubleTap(second)])
    }

    @Test func aSecondTapTooLateOrTooFarIsTwoTaps() {
        let late = run([down(p, 0), up(p, 0.05), down(p, 0.36), up(p, 0.4), .tick(time: 2)])
        #expect(late == [.tap(p), .tap(p)])
        let far = offset(100, 0)
        let distant = run([down(p, 0), up(p, 0.05), down(far, 0.1), up(far, 0.15), .tick(time: 2)])
        #expect(distant == [.tap(p), .tap(far)])
    }

    @Test func aHeldPressIsALongPressAndNoTap() {
        var recognizer = GestureRecognizer()
        #expect(recognizer.handle(down(p, 0)).isEmpty)
        #expect(recognizer.handle(.tick(time: 0.49)).isEmpty)
        #expect(recognizer.handle(.tick(time: 0.5)) == [.longPressBegan(p)])
        #expect(recognizer.handle(move(offset(20, 0), 0.8)).isEmpty)
        #expect(recognizer.handle(up(offset(20, 0), 1)) == [.longPressEnded(offset(20, 0))])
        #expect(recognizer.handle(.tick(time: 3)).isEmpty)
    }

    @Test func aLongPressIsNoticedAtAnyLaterEvent() {
        #expect(run([down(p, 0), move(offset(2, 0), 0.6)]) == [.longPressBegan(p)])
    }

    @Test func movingPastTheThresholdStartsADragLockedToItsAxis() {
        let horizontal = run([
            down(p, 0), move(offset(11, 3), 0.05), move(offset(40, 30), 0.1), up(offset(40, 30), 0.2),
        ])
        #expect(
            horizontal == [
                .dragBegan(.horizontal, start: p), .dragChanged(.horizontal, start: p, location: offset(11, 3)),
                .dragChanged(.horizontal, start: p, location: offset(40, 30)),
                .dragEnded(.horizontal, start: p, location: offset(40, 30)),
            ])
        let vertical = run([down(p, 0), move(offset(-3, -12), 0.05), up(offset(-3, -40), 0.2)])
        #expect(
            vertical == [
                .dragBegan(.vertical, start: p), .dragChanged(.vertical, start: p, location: offset(-3, -12)),
                .dragEnded(.vertical, start: p, location: offset(-3, -40)),
            ])
    }

    @Test func aDragIsNeverALongPress() {
        let gestures = run([down(p, 0), move(offset(0, 15), 0.1), .tick(time: 1), up(offset(0, 15), 1.1)])
        #expect(!gestures.contains(.longPressBegan(p)))
        #expect(gestures.last == .dragEnded(.vertical, start: p, location: offset(0, 15)))
    }

    @Test func aDragAfterATapReportsTheTapFirst() {
        let gestures = run([down(p, 0), up(p, 0.05), down(p, 0.2), move(offset(30, 0), 0.25)])
        #expect(gestures.first == .tap(p))
        #expect(gestures.dropFirst().first == .dragBegan(.horizontal, start: p))
    }

    @Test func leavingTheWindowEndsADrag() {
        let gestures = run([down(p, 0), move(offset(30, 0), 0.05), .pointerExited(time: 0.1)])
        #expect(gestures.last == .dragEnded(.horizontal, start: p, location: offset(30, 0)))
    }

    @Test func hoverScrollAndOtherButtons() {
        #expect(run([move(p, 0)]) == [.hover(p)])
        #expect(run([.scroll(dx: 0, dy: -1, at: p, time: 0)]) == [.scroll(dx: 0, dy: -1, at: p)])
        let secondary = run([
            .pointerDown(p, button: .secondary, time: 0), .pointerUp(p, button: .secondary, time: 0.05), .tick(time: 1),
        ])
        #expect(secondary.isEmpty)
    }

    @Test func thresholdsAreConfigurable() {
        var recognizer = GestureRecognizer(thresholds: GestureThresholds(longPressDuration: 1))
        _ = recognizer.handle(down(p, 0))
        #expect(recognizer.handle(.tick(time: 0.6)).isEmpty)
        #expect(recognizer.handle(.tick(time: 1)) == [.longPressBegan(p)])
    }
}
