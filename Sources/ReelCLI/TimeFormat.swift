import Foundation

/// Media times as people read and type them: `m:ss` below an hour, `h:mm:ss` from an hour on.
enum TimeFormat {
    /// Formats `seconds`, rounded down to whole seconds; negative or not finite values read `0:00`.
    ///
    /// With `withHours`, times below an hour also get the hour field (`0:01:05`), so that a
    /// position lines up with an hour-long duration.
    static func string(_ seconds: TimeInterval, withHours: Bool = false) -> String {
        let total = seconds.isFinite ? Int(max(0, seconds).rounded(.down)) : 0
        let hours = total / 3600
        let minutes = (total % 3600) / 60
        let secondsPart = total % 60
        if hours > 0 || withHours {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(secondsPart))"
        }
        return "\(minutes):\(twoDigits(secondsPart))"
    }

    /// Formats a position next to its duration (`1:05 / 2:00`), or `LIVE` for an unknown duration.
    static func progress(_ position: TimeInterval, of duration: TimeInterval?) -> String {
        guard let duration else { return "\(string(position)) / LIVE" }
        let withHours = duration >= 3600
        return "\(string(position, withHours: withHours)) / \(string(duration, withHours: withHours))"
    }

    /// Parses `90`, `90.5`, `1:30`, `1:30.5` or `1:02:03` into seconds; nil when malformed or negative.
    static func seconds(from text: String) -> TimeInterval? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var total = 0.0
        for (index, field) in fields.enumerated() {
            let isLast = index == fields.count - 1
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                let value = Double(field), value.isFinite
            else { return nil }
            // Minutes and seconds after the first field stay below 60.
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
