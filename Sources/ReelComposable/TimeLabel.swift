import Foundation

/// Media times as people read and type them: `m:ss`, or `h:mm:ss` from an hour on. The one
/// formatter of the container's labels and the command line.
public enum TimeLabel {
    /// `seconds` as `m:ss` or `h:mm:ss`; `withHours` forces the hour field (so labels of one
    /// item keep one width). Negative and non-finite times show as `0:00`.
    public static func format(_ seconds: TimeInterval, withHours: Bool = false) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds.rounded(.down))) : 0
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        if hours > 0 || withHours {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
        }
        return "\(total / 60):\(twoDigits(secs))"
    }

    /// A position next to its duration (`1:05 / 2:00`), or `LIVE` for an unknown duration.
    public static func progress(_ position: TimeInterval, of duration: TimeInterval?) -> String {
        guard let duration else { return "\(format(position)) / LIVE" }
        let withHours = duration >= 3600
        return "\(format(position, withHours: withHours)) / \(format(duration, withHours: withHours))"
    }

    /// Parses `90`, `90.5`, `1:30`, `1:30.5` or `1:02:03` into seconds; nil when malformed or negative.
    public static func seconds(from text: String) -> TimeInterval? {
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
