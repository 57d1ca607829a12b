import Foundation
import ReelCore

/// What the engine remembers between a command and the events it causes: which libmpv playlist
/// entry belongs to which ``ItemID``, and the log lines of the item being opened (to explain a
/// failure).
///
/// Shared by the caller's thread (commands) and the event thread, so every member is guarded
/// by one lock; `@unchecked Sendable` is sound because nothing is reached without it.
final class ItemRegistry: @unchecked Sendable {
    struct Entry {
        var item: ItemID
        var url: URL
        var subtitles: [ExternalSubtitle]
    }

    private let lock = NSLock()
    private var entries: [Int64: Entry] = [:]
    private var current: Int64?
    private var opened: Set<Int64> = []
    private var timedOut: Set<Int64> = []
    private var failedEarly: Set<Int64> = []
    private var endReported: Int64?
    private var isClosed = false
    private var log: [String] = []
    private var openingTimeout: TimeInterval = 20

    /// Seconds an item may take to open before the engine's watchdog stops it: the buffering
    /// policy's network timeout, as last set.
    var networkTimeout: TimeInterval {
        get { withLock { openingTimeout } }
        set { withLock { openingTimeout = newValue } }
    }

    /// Runs `body` with the registry locked, so that a load and its registration are atomic with
    /// respect to the event thread's look-ups.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Must be called inside ``withLock(_:)``.
    func registerLocked(entry: Int64, _ value: Entry) { entries[entry] = value }

    /// Marks `entry` as the item being opened and returns its record.
    func start(entry: Int64) -> Entry? {
        withLock {
            current = entry
            log.removeAll()
            return entries[entry]
        }
    }

    /// Marks the current item as opened (its file loaded).
    func markOpened() { withLock { _ = current.map { opened.insert($0) } } }

    /// If `entry` is still the current item and still opening, marks it timed out and returns
    /// true (the caller then stops it).
    func timeOutIfStillOpening(_ entry: Int64) -> Bool {
        withLock {
            guard !isClosed, current == entry, !opened.contains(entry) else { return false }
            timedOut.insert(entry)
            return true
        }
    }

    /// Called when the engine shuts down: no watchdog may touch the handle any more.
    func close() { withLock { isClosed = true } }

    /// Whether `entry` was stopped because it took too long to open (and forgets it).
    func takeTimedOut(_ entry: Int64) -> Bool { withLock { timedOut.remove(entry) != nil } }

    /// The record of the item being opened or played.
    func currentEntry() -> Entry? { withLock { current.flatMap { entries[$0] } } }

    /// libmpv's playlist entry of the item being opened or played.
    func currentEntryID() -> Int64? { withLock { current } }

    /// Marks the current item as failed before libmpv ended it (a connection lost at its end,
    /// while libmpv keeps it open): its `END_FILE` reports nothing more.
    func markCurrentFailed() { withLock { _ = current.map { failedEarly.insert($0) } } }

    /// Must be called inside ``withLock(_:)``: `entry`'s end was reported while libmpv keeps it
    /// open (its counters with it), so nothing may be queued after it any more.
    func markEndReportedLocked(_ entry: Int64) { endReported = entry }

    /// Must be called inside ``withLock(_:)``: whether the current item's end was reported.
    func isCurrentEndReportedLocked() -> Bool { current != nil && endReported == current }

    /// The current item left its end (a seek back from it): an item may be queued after it again.
    func clearEndReported() { withLock { endReported = nil } }

    /// Whether the current item's end was reported (``markEndReportedLocked(_:)``).
    func isCurrentEndReported() -> Bool { withLock { isCurrentEndReportedLocked() } }

    /// Whether `entry`'s failure was already reported (and forgets it).
    func takeFailedEarly(_ entry: Int64) -> Bool { withLock { failedEarly.remove(entry) != nil } }

    /// Forgets `entry` and returns its record and the log lines seen while it played.
    func end(entry: Int64) -> (Entry?, [String]) {
        withLock {
            let value = entries.removeValue(forKey: entry)
            opened.remove(entry)
            if current == entry { current = nil }
            return (value, log)
        }
    }

    /// Entries a playlist expanded into belong to the item that was expanded.
    func inherit(from parent: Entry, first: Int64, count: Int) {
        withLock {
            for id in first..<(first + Int64(count)) { entries[id] = parent }
        }
    }

    /// The log lines kept since the last item started.
    func recentLog() -> [String] { withLock { log } }

    /// Keeps a log line of the current item (the last 20).
    func append(log line: String) {
        withLock {
            log.append(line)
            if log.count > 20 { log.removeFirst(log.count - 20) }
        }
    }
}
