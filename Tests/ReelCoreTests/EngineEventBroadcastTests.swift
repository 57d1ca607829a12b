import Dispatch
import ReelCore
import Testing

/// Every subscriber of one engine's events sees every event: the rules of
/// ``EngineEventBroadcast``. Streams are read to their end after ``EngineEventBroadcast/finish()``,
/// so nothing waits on time.
@Suite("EngineEventBroadcast", .timeLimit(.minutes(1)))
struct EngineEventBroadcastTests {
    /// A distinct event per number.
    private func event(_ number: Int) -> EngineEvent { .property(.volume(Double(number))) }

    /// Everything `stream` delivers until it finishes.
    private func collect(_ stream: AsyncStream<EngineEvent>) async -> [EngineEvent] {
        var events: [EngineEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    @Test func twoSubscribersEachGetEveryEventInOrder() async {
        let broadcast = EngineEventBroadcast()
        let first = broadcast.subscribe()
        let second = broadcast.subscribe()
        #expect(broadcast.subscriberCount == 2)
        for number in 1...100 { broadcast.yield(event(number)) }
        broadcast.finish()
        let expected = (1...100).map(event)
        #expect(await collect(first) == expected)
        #expect(await collect(second) == expected)
    }

    @Test func concurrentYieldsReachEverySubscriberInTheSameOrder() async {
        let broadcast = EngineEventBroadcast()
        let first = broadcast.subscribe()
        let second = broadcast.subscribe()
        // Four threads, 500 events each: thread t yields t * 1000 + 1 … t * 1000 + 500.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 1...500 { broadcast.yield(event(thread * 1000 + index)) }
        }
        broadcast.finish()
        let a = await collect(first)
        let b = await collect(second)
        #expect(a.count == 2000)
        #expect(a == b)
        // Each thread's own events keep the order they were yielded in.
        for thread in 0..<4 {
            let mine = a.filter {
                guard case .property(.volume(let value)) = $0 else { return false }
                return Int(value) / 1000 == thread
            }
            #expect(mine == (1...500).map { event(thread * 1000 + $0) })
        }
    }

    @Test func aLateSubscriberGetsOnlyLaterEvents() async {
        let broadcast = EngineEventBroadcast()
        let early = broadcast.subscribe()
        broadcast.yield(event(1))
        broadcast.yield(event(2))
        let late = broadcast.subscribe()
        broadcast.yield(event(3))
        broadcast.finish()
        #expect(await collect(early) == [event(1), event(2), event(3)])
        #expect(await collect(late) == [event(3)])
    }

    @Test func theFirstSubscriberGetsWhatWasYieldedBeforeIt() async {
        let broadcast = EngineEventBroadcast()
        broadcast.yield(event(1))
        broadcast.yield(event(2))
        let first = broadcast.subscribe()
        let second = broadcast.subscribe()
        broadcast.yield(event(3))
        broadcast.finish()
        #expect(await collect(first) == [event(1), event(2), event(3)])
        #expect(await collect(second) == [event(3)])
    }

    @Test func finishEndsEverySubscriptionAndLaterOnesFinishAtOnce() async {
        let broadcast = EngineEventBroadcast()
        let before = broadcast.subscribe()
        broadcast.yield(.shutdown)
        broadcast.finish()
        broadcast.finish()
        broadcast.yield(event(1))
        let after = broadcast.subscribe()
        #expect(broadcast.subscriberCount == 0)
        #expect(await collect(before) == [.shutdown])
        #expect(await collect(after) == [])
    }

    @Test func aFirstSubscriptionAfterFinishStillGetsWhatWasKeptForIt() async {
        // An engine shut down before any model subscribed: the first one still sees the shutdown.
        let broadcast = EngineEventBroadcast()
        broadcast.yield(event(1))
        broadcast.yield(.shutdown)
        broadcast.finish()
        #expect(await collect(broadcast.subscribe()) == [event(1), .shutdown])
        #expect(await collect(broadcast.subscribe()) == [])
    }

    @Test func aCancelledSubscriberIsRemovedAndTheOthersGoOn() async {
        let broadcast = EngineEventBroadcast()
        let cancelled = broadcast.subscribe()
        let survivor = broadcast.subscribe()
        let (received, receive) = AsyncStream<EngineEvent>.makeStream()
        let reader = Task {
            for await event in cancelled { receive.yield(event) }
            receive.finish()
        }
        broadcast.yield(event(1))
        var forwarded = received.makeAsyncIterator()
        // The reader got the first event, so it is iterating when it is cancelled.
        #expect(await forwarded.next() == event(1))
        reader.cancel()
        await reader.value
        #expect(broadcast.subscriberCount == 1)
        broadcast.yield(event(2))
        broadcast.finish()
        #expect(await forwarded.next() == nil)
        #expect(await collect(survivor) == [event(1), event(2)])
    }

    @Test func aDroppedStreamIsRemoved() async {
        let broadcast = EngineEventBroadcast()
        let kept = broadcast.subscribe()
        do {
            let dropped = broadcast.subscribe()
            #expect(broadcast.subscriberCount == 2)
            _ = dropped
        }
        #expect(broadcast.subscriberCount == 1)
        broadcast.yield(event(1))
        broadcast.finish()
        #expect(await collect(kept) == [event(1)])
    }

    @Test func releasingTheBroadcastFinishesItsSubscriptions() async {
        var broadcast: EngineEventBroadcast? = EngineEventBroadcast()
        let stream = broadcast!.subscribe()
        broadcast?.yield(event(1))
        broadcast = nil
        #expect(await collect(stream) == [event(1)])
    }

    /// Timed and plain subscribers see the same events; the timed ones get each event's stamp:
    /// the one given, or the moment it was yielded (in the yields' order). The first
    /// subscriber's backlog keeps its stamps.
    @Test func timedSubscribersGetTheStampOfEveryEvent() async {
        let broadcast = EngineEventBroadcast()
        let given = HostTime(seconds: 5)
        broadcast.yield(event(1), at: given)
        let timed = broadcast.subscribeTimed()
        let plain = broadcast.subscribe()
        let before = HostTime.now
        broadcast.yield(event(2))
        broadcast.yield(event(3))
        broadcast.finish()
        var received: [TimedEngineEvent] = []
        for await element in timed { received.append(element) }
        #expect(received.map(\.event) == [event(1), event(2), event(3)])
        #expect(received[0].time == given)
        #expect(received[1].time >= before && received[2].time >= received[1].time)
        #expect(await collect(plain) == [event(2), event(3)])
        #expect(broadcast.subscriberCount == 0)
    }
}
