import Foundation

/// The top-level boxes of an ISO base media (MP4) file: enough to cut a file after its index or to
/// find the fields a mutator overwrites.
struct MP4Box: Hashable, Sendable {
    /// The four-character type, such as `"moov"`.
    var type: String
    /// Where the box starts (its size field).
    var offset: Int
    /// The whole box's length in bytes, header included.
    var size: Int

    /// The boxes of `data` from the start, stopping at the first box whose size does not fit.
    static func topLevel(in data: Data) -> [MP4Box] {
        var boxes: [MP4Box] = []
        var offset = 0
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if size == 1, offset + 16 <= bytes.count {
                size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= 8, offset + size <= bytes.count else {
                boxes.append(MP4Box(type: type, offset: offset, size: bytes.count - offset))
                break
            }
            boxes.append(MP4Box(type: type, offset: offset, size: size))
            offset += size
        }
        return boxes
    }
}
