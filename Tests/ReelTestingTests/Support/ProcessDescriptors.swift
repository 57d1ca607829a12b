import Foundation

/// What the test process holds open, read from `/proc`.
enum ProcessDescriptors {
    /// The number of open file descriptors (entries in `/proc/self/fd`).
    static func count() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    /// This process's TCP sockets whose local or remote port is one of `ports`, as
    /// `/proc/net/tcp` lines. Exact even while other tests open descriptors of their own.
    static func sockets(touching ports: Set<Int>) -> [String] {
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var inodes: Set<String> = []
        for name in names {
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
                link.hasPrefix("socket:[")
            else { continue }
            inodes.insert(String(link.dropFirst("socket:[".count).dropLast()))
        }
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            guard fields.count > 9, inodes.contains(String(fields[9])) else { return false }
            return [fields[1], fields[2]].contains { ports.contains(port(of: $0)) }
        }.map(String.init)
    }

    /// The port of a `/proc/net/tcp` address such as `0100007F:1F90`.
    private static func port(of address: Substring) -> Int {
        address.split(separator: ":").last.flatMap { Int($0, radix: 16) } ?? -1
    }
}
