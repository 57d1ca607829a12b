import Foundation

/// Formats media times for labels: `m:ss`, or `h:mm:ss` when the media is an hour or longer.
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

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
