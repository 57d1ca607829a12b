import Foundation

/// Seeded mutation of media files for fuzzing: the same input and seed always give the same
/// damaged file, so any case a fuzz run reports can be made again from its seed.
///
/// ```swift
/// let (damaged, mutations) = MediaMutator.mutate(try Data(contentsOf: clip), seed: 42)
/// ```
///
/// Each call applies one to four mutations, chosen at random: byte flips anywhere, a chunk
/// deleted or duplicated, a truncation, or a 32-bit header field overwritten with a boundary
/// value (0, 1, 2³¹−1, 2³², …) — at the start of an MP4 box when the file has boxes, so sizes and
/// counts are hit, otherwise in the first kilobyte.
public enum MediaMutator {
    /// One change made to a file.
    public enum Mutation: Hashable, Sendable, CustomStringConvertible {
        /// `count` bytes from `offset` on replaced by random values.
        case flipBytes(offset: Int, count: Int)
        /// `count` bytes at `offset` removed.
        case deleteChunk(offset: Int, count: Int)
        /// `count` bytes at `offset` inserted again right after themselves.
        case duplicateChunk(offset: Int, count: Int)
        /// Everything from `length` on removed.
        case truncate(length: Int)
        /// The big-endian 32-bit field at `offset` set to `value`.
        case overwriteField(offset: Int, value: UInt32)

        public var description: String {
            switch self {
            case .flipBytes(let offset, let count): "flip \(count) bytes at \(offset)"
            case .deleteChunk(let offset, let count): "delete \(count) bytes at \(offset)"
            case .duplicateChunk(let offset, let count): "duplicate \(count) bytes at \(offset)"
            case .truncate(let length): "truncate to \(length) bytes"
            case .overwriteField(let offset, let value): "set the field at \(offset) to \(value)"
            }
        }
    }

    /// Boundary values that make sizes, counts and offsets overflow, vanish or point past the end.
    static let boundaryValues: [UInt32] = [0, 1, 8, 0x7F, 0xFF, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]

    /// `data` damaged by one to four mutations drawn from `seed`, and the mutations in the order
    /// they were applied. Data shorter than 16 bytes comes back unchanged.
    public static func mutate(_ data: Data, seed: UInt64) -> (data: Data, mutations: [Mutation]) {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8](data)
        guard bytes.count >= 16 else { return (data, []) }
        let fieldOffsets = MP4Box.topLevel(in: data).map(\.offset).filter { $0 + 4 <= bytes.count }
        var applied: [Mutation] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) where bytes.count >= 16 {
            let mutation = draw(for: bytes.count, fieldOffsets: fieldOffsets, using: &generator)
            apply(mutation, to: &bytes, using: &generator)
            applied.append(mutation)
        }
        return (Data(bytes), applied)
    }

    private static func draw(
        for size: Int, fieldOffsets: [Int], using generator: inout SeededGenerator
    ) -> Mutation {
        func chunk(_ limit: Int, _ generator: inout SeededGenerator) -> Int {
            Int.random(in: 1...max(1, min(limit, size / 4)), using: &generator)
        }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<3:
            let count = chunk(16, &generator)
            return .flipBytes(offset: Int.random(in: 0...(size - count), using: &generator), count: count)
        case 3:
            let count = chunk(4096, &generator)
            return .deleteChunk(offset: Int.random(in: 0...(size - count), using: &generator), count: count)
        case 4:
            let count = chunk(4096, &generator)
            return .duplicateChunk(offset: Int.random(in: 0...(size - count), using: &generator), count: count)
        case 5:
            return .truncate(length: Int.random(in: 8..<size, using: &generator))
        default:
            let value =
                Bool.random(using: &generator)
                ? boundaryValues.randomElement(using: &generator)!
                : UInt32.random(in: 0...UInt32.max, using: &generator)
            let inBox = !fieldOffsets.isEmpty && Bool.random(using: &generator)
            let offset =
                inBox
                ? fieldOffsets.randomElement(using: &generator)! + 4 * Int.random(in: 0...3, using: &generator)
                : Int.random(in: 0...min(1024, size - 4), using: &generator)
            return .overwriteField(offset: min(offset, size - 4), value: value)
        }
    }

    private static func apply(_ mutation: Mutation, to bytes: inout [UInt8], using generator: inout SeededGenerator) {
        switch mutation {
        case .flipBytes(let offset, let count):
            for index in offset..<offset + count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        case .deleteChunk(let offset, let count):
            bytes.removeSubrange(offset..<offset + count)
        case .duplicateChunk(let offset, let count):
            bytes.insert(contentsOf: bytes[offset..<offset + count], at: offset + count)
        case .truncate(let length):
            bytes.removeSubrange(length...)
        case .overwriteField(let offset, let value):
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
    }
}
