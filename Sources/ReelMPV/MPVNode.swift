import CMPV
import Foundation

/// A libmpv value (`mpv_node`) copied into Swift, so it outlives the event it came with.
enum MPVNode: Hashable, Sendable {
    case none
    case string(String)
    case flag(Bool)
    case int(Int64)
    case double(Double)
    case array([MPVNode])
    case map([String: MPVNode])

    /// Copies a C node. The pointer is only read during the call.
    init(_ node: UnsafePointer<mpv_node>) {
        let value = node.pointee
        switch value.format {
        case MPV_FORMAT_STRING: self = .string(value.u.string.map { String(cString: $0) } ?? "")
        case MPV_FORMAT_FLAG: self = .flag(value.u.flag != 0)
        case MPV_FORMAT_INT64: self = .int(value.u.int64)
        case MPV_FORMAT_DOUBLE: self = .double(value.u.double_)
        case MPV_FORMAT_NODE_ARRAY:
            guard let list = value.u.list?.pointee else {
                self = .array([])
                return
            }
            self = .array((0..<Int(list.num)).map { MPVNode(list.values.advanced(by: $0)) })
        case MPV_FORMAT_NODE_MAP:
            guard let list = value.u.list?.pointee else {
                self = .map([:])
                return
            }
            var map: [String: MPVNode] = [:]
            for index in 0..<Int(list.num) {
                guard let key = list.keys[index] else { continue }
                map[String(cString: key)] = MPVNode(list.values.advanced(by: index))
            }
            self = .map(map)
        default: self = .none
        }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        switch self {
        case .flag(let value): value
        case .string("yes"): true
        case .string("no"): false
        default: nil
        }
    }

    var double: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }

    var int: Int? {
        switch self {
        case .int(let value): Int(value)
        case .double(let value) where value.isFinite: Int(value)
        default: nil
        }
    }

    var array: [MPVNode] {
        if case .array(let values) = self { return values }
        return []
    }

    subscript(key: String) -> MPVNode {
        if case .map(let map) = self { return map[key] ?? .none }
        return .none
    }
}

/// Builds a C `mpv_node` tree for the duration of a call and frees it afterwards.
///
/// Every string and list is allocated with `malloc` and released when `body` returns; libmpv
/// copies what it keeps (commands are parsed before `mpv_command_node*` returns).
func withMPVNode<Result>(_ value: MPVNode, _ body: (UnsafeMutablePointer<mpv_node>) -> Result) -> Result {
    let arena = NodeArena()
    defer { arena.free() }
    let node = UnsafeMutablePointer<mpv_node>.allocate(capacity: 1)
    arena.track(node)
    arena.fill(node, with: value)
    return body(node)
}

private final class NodeArena {
    private var releases: [() -> Void] = []

    func track<T>(_ pointer: UnsafeMutablePointer<T>) { releases.append { pointer.deallocate() } }

    func string(_ text: String) -> UnsafeMutablePointer<CChar> {
        let copy = strdup(text)!
        releases.append { Foundation.free(copy) }
        return copy
    }

    func fill(_ node: UnsafeMutablePointer<mpv_node>, with value: MPVNode) {
        var result = mpv_node()
        switch value {
        case .none: result.format = MPV_FORMAT_NONE
        case .string(let text):
            result.format = MPV_FORMAT_STRING
            result.u.string = string(text)
        case .flag(let flag):
            result.format = MPV_FORMAT_FLAG
            result.u.flag = flag ? 1 : 0
        case .int(let int):
            result.format = MPV_FORMAT_INT64
            result.u.int64 = int
        case .double(let double):
            result.format = MPV_FORMAT_DOUBLE
            result.u.double_ = double
        case .array(let values):
            result.format = MPV_FORMAT_NODE_ARRAY
            result.u.list = list(values.map { (nil, $0) })
        case .map(let map):
            result.format = MPV_FORMAT_NODE_MAP
            result.u.list = list(map.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
        node.initialize(to: result)
    }

    private func list(_ entries: [(String?, MPVNode)]) -> UnsafeMutablePointer<mpv_node_list> {
        let list = UnsafeMutablePointer<mpv_node_list>.allocate(capacity: 1)
        track(list)
        let count = max(1, entries.count)
        let values = UnsafeMutablePointer<mpv_node>.allocate(capacity: count)
        track(values)
        let keys = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: count)
        track(keys)
        for (index, entry) in entries.enumerated() {
            fill(values.advanced(by: index), with: entry.1)
            keys[index] = entry.0.map(string)
        }
        let hasKeys = entries.contains { $0.0 != nil }
        list.initialize(to: mpv_node_list(num: Int32(entries.count), values: values, keys: hasKeys ? keys : nil))
        return list
    }

    func free() {
        for release in releases.reversed() { release() }
        releases.removeAll()
    }
}
