import CLibXML2
import Foundation
import Logging
import NIOConcurrencyHelpers
import ReelCore

/// What C libraries inside libmpv would print straight to this process's standard error, caught
/// and sent to the engines' loggers instead.
///
/// libxml2 (FFmpeg's DASH demuxer parses every manifest with it, and a live manifest again at every
/// reload) prints its complaints — "namespace error : Namespace prefix yt … is not defined" —
/// through its generic error handler, which writes to standard error unless replaced. The first
/// engine of the process replaces it (``installOnce()``); each line then goes to every live
/// engine's logger (libxml2 does not say which instance parsed), at most once per distinct line
/// for each engine's current item. FFmpeg's and libass's own messages need nothing: libmpv
/// already routes them into its log.
enum LibraryOutput {
    /// Each live engine: its log, its current item and the lines it has logged for that item.
    private struct Listener {
        var log: EngineLog
        var item: ItemID?
        var seen: Set<String> = []
    }

    private static let listeners = NIOLockedValueBox<[UInt64: Listener]>([:])

    /// Whether libxml2's handler is Reel's: false when no libxml2 is loaded.
    static let installed: Bool = reel_xml_capture_errors(receiveXMLLine) == 1

    /// Replaces libxml2's handler once per process (after libmpv, and so FFmpeg, is loaded).
    @discardableResult
    static func installOnce() -> Bool { installed }

    /// Sends library lines to `log` until ``remove(_:)``.
    static func add(_ log: EngineLog) {
        listeners.withLockedValue { $0[log.engine] = Listener(log: log) }
    }

    /// Stops sending library lines to the engine `log` belongs to.
    static func remove(_ log: EngineLog) {
        _ = listeners.withLockedValue { $0.removeValue(forKey: log.engine) }
    }

    /// The engine started `item`: its lines may be logged again, once each.
    static func itemStarted(_ item: ItemID?, engine: UInt64) {
        listeners.withLockedValue { listeners in
            listeners[engine]?.item = item
            listeners[engine]?.seen.removeAll()
        }
    }

    /// Logs one line of `source` to every live engine that has not logged it for its item yet.
    static func receive(_ line: String, from source: String) {
        let targets = listeners.withLockedValue { listeners -> [(EngineLog, ItemID?)] in
            var targets: [(EngineLog, ItemID?)] = []
            for key in listeners.keys {
                // A bounded set: a manifest cannot grow the memory by varying its complaints.
                guard listeners[key]!.seen.count < 1_000, listeners[key]!.seen.insert(line).inserted else { continue }
                targets.append((listeners[key]!.log, listeners[key]!.item))
            }
            return targets
        }
        for (log, item) in targets { log.library(source, line, item: item) }
    }
}

/// libxml2's lines, one at a time, on whichever thread libxml2 complained on.
private func receiveXMLLine(_ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    let text = String(cString: line)
    // The caret line under a quoted source line says nothing on its own.
    guard text.contains(where: { $0 != " " && $0 != "^" }) else { return }
    LibraryOutput.receive(text, from: "libxml2")
}
