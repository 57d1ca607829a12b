import Foundation

/// The benchmark's results: per metric, Reel's and mpv's summaries and their ratio, printed as an
/// aligned text table and as Markdown, followed by the goal check.
struct BenchReport {
    /// One measured quantity.
    struct Row {
        /// What was measured, with its unit.
        var metric: String
        /// Reel's samples, summarized.
        var reel: Summary
        /// mpv's samples, summarized.
        var mpv: Summary
        /// Digits after the decimal point.
        var precision: Int

        /// Reel's median over mpv's.
        var ratio: Double { reel.median / mpv.median }
    }

    /// A goal on a row: a bound on Reel's median against mpv's.
    struct Goal {
        /// How Reel's median may compare with mpv's.
        enum Bound {
            /// Reel's median over mpv's is at most this.
            case ratio(Double)
            /// Reel's median exceeds mpv's by at most this, in the row's unit.
            case excess(Double)
        }

        /// The row's metric.
        var metric: String
        /// The bound that meets the goal.
        var bound: Bound

        /// Whether `row` meets the goal.
        func isMet(by row: Row) -> Bool {
            switch bound {
            case .ratio(let maximum): row.ratio <= maximum
            case .excess(let maximum): row.reel.median - row.mpv.median <= maximum
            }
        }

        /// The goal in words, for the overview's column.
        var summary: String {
            switch bound {
            case .ratio(let maximum): String(format: "ratio ≤ %.2f", maximum)
            case .excess(let maximum): String(format: "≤ mpv + %g", maximum)
            }
        }

        /// The measured value the goal reads: the ratio, or the excess.
        func measured(_ row: Row) -> String {
            switch bound {
            case .ratio: String(format: "Reel/mpv %.4f", row.ratio)
            case .excess: String(format: "Reel − mpv %+.1f", row.reel.median - row.mpv.median)
            }
        }
    }

    /// A line that says what was measured.
    var title: String
    /// The rows, in order.
    var rows: [Row]
    /// The goals.
    var goals: [Goal]

    /// The overview's rows: CPU, time to first frame and memory against mpv.
    func overview() -> [Overview.Row] {
        let picks: [(String, String, Int)] = [
            (Benchmark.Metric.cpu, "Headless playback CPU, 1080p (s)", 3),
            (Benchmark.Metric.firstFrame, "Time to first frame, 1080p (s)", 3),
            (Benchmark.Metric.memory, "Headless playback max RSS (MiB)", 1),
        ]
        return picks.compactMap { metric, name, precision in
            guard let row = rows.first(where: { $0.metric == metric }) else { return nil }
            let goal = goals.first { $0.metric == metric }
            return Overview.Row(
                benchmark: name, reel: row.reel.median, peer: row.mpv.median, peerName: "mpv CLI", precision: precision,
                goal: goal?.summary ?? "—", met: goal?.isMet(by: row))
        }
    }

    /// The aligned text table and the goal check.
    func text() -> String {
        let header = ["Metric", "Reel median", "min", "max", "mpv median", "min", "max", "Reel/mpv"]
        let table = [header] + rows.map(cells)
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let lines = table.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: lines[0].count)
        return ([title, "", lines[0], rule] + lines.dropFirst() + ["", "Goals:"] + goalLines()).joined(separator: "\n")
            + "\n"
    }

    /// The same table as Markdown, with the goal check as a list.
    func markdown() -> String {
        let header = ["Metric", "Reel median", "Reel min", "Reel max", "mpv median", "mpv min", "mpv max", "Reel/mpv"]
        var lines = ["**\(title)**", "", "| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + header.indices.map { $0 == 0 ? " --- |" : " ---: |" }.joined())
        lines += rows.map { "| " + cells($0).joined(separator: " | ") + " |" }
        lines.append("")
        lines += goalLines().map { "- " + $0.trimmingCharacters(in: .whitespaces) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func cells(_ row: Row) -> [String] {
        func format(_ value: Double) -> String { String(format: "%.\(row.precision)f", value) }
        return [
            row.metric, format(row.reel.median), format(row.reel.minimum), format(row.reel.maximum),
            format(row.mpv.median), format(row.mpv.minimum), format(row.mpv.maximum),
            String(format: "%.3f", row.ratio),
        ]
    }

    private func goalLines() -> [String] {
        goals.map { goal in
            guard let row = rows.first(where: { $0.metric == goal.metric }) else {
                return "  \(goal.metric) \(goal.summary): not measured"
            }
            return
                "  \(goal.metric): \(goal.summary) — \(goal.isMet(by: row) ? "met" : "not met") (\(goal.measured(row)))"
        }
    }
}
