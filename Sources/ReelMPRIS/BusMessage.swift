import CSystemdBus

/// A negative errno from sd-bus, thrown by ``BusMessage``.
struct BusStatus: Error {
    /// The negative errno.
    var code: Int32

    /// Throws for a negative `result`, returns it otherwise.
    @discardableResult
    static func check(_ result: Int32) throws(BusStatus) -> Int32 {
        guard result >= 0 else { throw BusStatus(code: result) }
        return result
    }
}

/// Appends values to and reads values from one sd-bus message, on its connection's thread.
///
/// sd-bus's `append_basic` and `read_basic` take the type as a character: strings and object
/// paths are passed as the C string itself, the other types through a pointer to the value.
struct BusMessage {
    /// The `sd_bus_message *`.
    let pointer: OpaquePointer

    static func type(_ character: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: character)) }

    func append(_ value: String, as type: Unicode.Scalar = "s") throws(BusStatus) {
        let result = value.withCString { sd_bus_message_append_basic(pointer, Self.type(type), $0) }
        try BusStatus.check(result)
    }

    func append(_ value: Bool) throws(BusStatus) {
        var flag: Int32 = value ? 1 : 0
        try BusStatus.check(sd_bus_message_append_basic(pointer, Self.type("b"), &flag))
    }

    func append(_ value: Double) throws(BusStatus) {
        var number = value
        try BusStatus.check(sd_bus_message_append_basic(pointer, Self.type("d"), &number))
    }

    func append(_ value: Int64) throws(BusStatus) {
        var number = value
        try BusStatus.check(sd_bus_message_append_basic(pointer, Self.type("x"), &number))
    }

    func append(_ value: UInt32) throws(BusStatus) {
        var number = value
        try BusStatus.check(sd_bus_message_append_basic(pointer, Self.type("u"), &number))
    }

    /// Appends an array of strings (`as`).
    func append(_ values: [String]) throws(BusStatus) {
        try open("a", "s")
        for value in values { try append(value) }
        try close()
    }

    /// Opens a container: an array (`a`), a dictionary entry (`e`), a variant (`v`) or a
    /// structure (`r`), holding `contents`.
    func open(_ type: Unicode.Scalar, _ contents: String) throws(BusStatus) {
        let result = contents.withCString { sd_bus_message_open_container(pointer, Self.type(type), $0) }
        try BusStatus.check(result)
    }

    /// Closes the innermost open container.
    func close() throws(BusStatus) { try BusStatus.check(sd_bus_message_close_container(pointer)) }

    /// Appends one `{sv}` entry of a dictionary: `key` and a variant of `type` made by `body`.
    func appendEntry(
        _ key: String, type: String, _ body: (BusMessage) throws(BusStatus) -> Void
    ) throws(BusStatus) {
        try open("e", "sv")
        try append(key)
        try open("v", type)
        try body(self)
        try close()
        try close()
    }

    func readString(as type: Unicode.Scalar = "s") throws(BusStatus) -> String {
        var text: UnsafePointer<CChar>?
        try BusStatus.check(sd_bus_message_read_basic(pointer, Self.type(type), &text))
        return text.map { String(cString: $0) } ?? ""
    }

    func readBool() throws(BusStatus) -> Bool {
        var flag: Int32 = 0
        try BusStatus.check(sd_bus_message_read_basic(pointer, Self.type("b"), &flag))
        return flag != 0
    }

    func readDouble() throws(BusStatus) -> Double {
        var number = 0.0
        try BusStatus.check(sd_bus_message_read_basic(pointer, Self.type("d"), &number))
        return number
    }

    func readInt64() throws(BusStatus) -> Int64 {
        var number: Int64 = 0
        try BusStatus.check(sd_bus_message_read_basic(pointer, Self.type("x"), &number))
        return number
    }

    func readUInt32() throws(BusStatus) -> UInt32 {
        var number: UInt32 = 0
        try BusStatus.check(sd_bus_message_read_basic(pointer, Self.type("u"), &number))
        return number
    }
}
