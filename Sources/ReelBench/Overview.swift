import Foundation

/// The one table `make bench` ends with: every benchmark's headline number next to its peer's,
/// measured in the same run, as a ratio where below 1 means Reel is cheaper or faster.
struct Overview {
    /// One benchmark's headline.
    struct Row {
        /// What was measured, with its unit.
        var benchmark: String
        /// Reel's median.
        var reel: Double
        /// The peer's median; nil when the benchmark has no peer (a goal only).
        var peer: Double?
        /// Who the peer is.
        var peerName: String
        /// Digits after the decimal point for both values.
        var precision: Int
        /// The goal, in words ("ratio ≤ 1.02", "≥ 1 M/s").
        var goal: String
        /// Whether the goal is met; nil without a goal.
        var met: Bool?

        /// Reel over the peer (nil without a peer, or when the peer's figure is 0).
        var ratio: Double? { peer.flatMap { $0 == 0 ? nil : reel / $0 } }
    }

    /// The rows, in the order the benchmarks ran.
    private(set) var rows: [Row] = []

    /// Adds a row.
    mutating func add(_ row: Row) { rows.append(row) }

    /// Adds rows.
    mutating func add(_ more: [Row]) { rows += more }

    /// The Markdown table.
    func markdown(title: String) -> String {
        var lines = [
            "### \(title)",
            "| Benchmark | Reel (median) | Peer (median) | Peer | Reel / peer | Goal | Met |",
            "|---|---:|---:|---|---:|---|---|",
        ]
        for row in rows {
            func format(_ value: Double) -> String { String(format: "%.\(row.precision)f", value) }
            let verdict = row.met.map { $0 ? "yes" : "no" } ?? "—"
            lines.append(
                "| \(row.benchmark) | \(format(row.reel)) | \(row.peer.map(format) ?? "—") | \(row.peerName) | "
                    + "\(row.ratio.map { String(format: "%.3f", $0) } ?? "—") | \(row.goal) | \(verdict) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
