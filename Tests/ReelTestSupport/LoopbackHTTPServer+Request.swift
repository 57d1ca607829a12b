import Foundation

extension LoopbackHTTPServer {
    /// A request the server received, as recorded for tests.
    public struct Request: Hashable, Sendable {
        /// The method, such as `"GET"` or `"HEAD"`.
        public var method: String
        /// The request target as sent, including any query.
        public var target: String
        /// The target's path, without the query.
        public var path: String
        /// The header fields, with lowercased names. A repeated field keeps its last value.
        public var headers: [String: String]

        /// Creates a record.
        public init(method: String, target: String, path: String, headers: [String: String]) {
            self.method = method
            self.target = target
            self.path = path
            self.headers = headers
        }

        /// The `Range` header, such as `"bytes=1000-"`, when there was one.
        public var range: String? { headers["range"] }
    }
}
