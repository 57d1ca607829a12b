/// Turns the bytes a terminal sends into ``Key``s, across reads: an escape sequence may arrive
/// split over several reads.
///
/// Understands space, `q`/`Q`, `>` and Enter (next), `<` (previous), `.`/`,` (a frame forward or
/// back), and the cursor keys as `ESC [ C`/`ESC [ D` (and `ESC O C`/`ESC O D`
/// in application cursor mode). Every other byte or sequence is skipped.
struct KeyDecoder: Sendable {
    private enum Phase: Sendable {
        case ground
        /// After `ESC`.
        case escape
        /// After `ESC [` or `ESC O`, until a final byte (0x40…0x7E).
        case sequence
    }

    private var phase = Phase.ground

    /// Creates a decoder that expects the start of a key.
    init() {}

    /// Feeds bytes; returns the keys they complete, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            if let key = feed(byte) { keys.append(key) }
        }
        return keys
    }

    private mutating func feed(_ byte: UInt8) -> Key? {
        switch phase {
        case .ground:
            switch byte {
            case 0x1B: phase = .escape
            case UInt8(ascii: " "): return .space
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
            case UInt8(ascii: ">"), 0x0D, 0x0A: return .next
            case UInt8(ascii: "<"): return .previous
            case UInt8(ascii: "."): return .frameForward
            case UInt8(ascii: ","): return .frameBack
            default: break
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "O"): phase = .sequence
            case 0x1B: phase = .escape
            default:
                // A lone ESC followed by an ordinary key: the key counts.
                phase = .ground
                return feed(byte)
            }
        case .sequence:
            // Parameter and intermediate bytes (0x20…0x3F) continue the sequence; a final byte ends it.
            guard (0x40...0x7E).contains(byte) else {
                if !(0x20...0x3F).contains(byte) { phase = .ground }
                return nil
            }
            phase = .ground
            switch byte {
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            default: break
            }
        }
        return nil
    }
}
