import Foundation

extension TimeLabel {
    /// `seconds` as `m:ss` or `h:mm:ss` (as ``format(_:withHours:)``) with `decimals` places
    /// of the second (0…3), rounded down: `format(65.37, decimals: 1)` is `1:05.3`. A frame
    /// stamped a rounding step early (1.9999… for 2 s) counts as its time.
    public static func format(_ seconds: TimeInterval, withHours: Bool = false, decimals: Int) -> String {
        let places = min(max(0, decimals), 3)
        let scale = [1, 10, 100, 1000][places]
        let ticks = seconds.isFinite ? max(0, Int(((seconds + 0.0005) * Double(scale)).rounded(.down))) : 0
        let whole = format(TimeInterval(ticks / scale), withHours: withHours)
        guard places > 0 else { return whole }
        let fraction = String(ticks % scale)
        return whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// Labels for `times` with as few decimals (0…3) as it takes for times a millisecond or
    /// more apart to get different labels, all with the same number: a contact sheet's tiles at
    /// 1.23 s and 1.67 s read `0:01.2` and `0:01.6`, at 10 s and 20 s `0:10` and `0:20`.
    public static func distinct(_ times: [TimeInterval], withHours: Bool = false) -> [String] {
        let moments = Set(times.map { $0.isFinite ? Int(($0 * 1000).rounded()) : 0 }).count
        var labels: [String] = []
        for decimals in 0...3 {
            labels = times.map { format($0, withHours: withHours, decimals: decimals) }
            if Set(labels).count >= moments { break }
        }
        return labels
    }
}
