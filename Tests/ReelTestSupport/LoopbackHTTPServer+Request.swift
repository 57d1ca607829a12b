import Foundation

extension LoopbackHTTPServer {
    /// A request the server received, as recorded for tests.
    package struct Request: Hashable, Sendable {
        /// The method, such as `"GET"` or `"HEAD"`.
        package var method: String
        /// The request target as sent, including any query.
        package var target: String
        /// The target's path, without the query.
        package var path: String
        /// The header fields, with lowercased names. A repeated field keeps its last value.
        package var headers: [String: String]

        /// Creates a record.
        package init(method: String, target: String, path: String, headers: [String: String]) {
            self.method = method
            self.target = target
            self.path = path
            self.headers = headers
        }

        /// The `Range` header, such as `"bytes=1000-"`, when there was one.
        package var range: String? { headers["range"] }
    }
}
