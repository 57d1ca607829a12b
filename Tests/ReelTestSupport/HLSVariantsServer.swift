import Foundation
import ReelTesting

extension LoopbackHTTPServer {
    /// Where ``servingHLSVariants(at:)`` serves the master playlist of
    /// ``/ReelTesting/Fixture/hlsVariants`` under `prefix`.
    package static func hlsVariantsPath(_ prefix: String = "/v") -> String { "\(prefix)/master.m3u8" }

    /// The routes of ``/ReelTesting/Fixture/hlsVariants`` (its master playlist, each variant's
    /// playlist and segments) under `prefix`.
    package static func hlsVariantsRoutes(_ prefix: String = "/v") async throws -> [String: Behaviour] {
        let folder = try await MediaFixtures.url(for: .hlsVariants)
        var routes: [String: Behaviour] = [hlsVariantsPath(prefix): .file(folder.appendingPathComponent("master.m3u8"))]
        for height in Fixture.hlsVariantHeights {
            let name = "\(height)p"
            routes["\(prefix)/\(name)/index.m3u8"] = .file(folder.appendingPathComponent("\(name)/index.m3u8"))
            for index in 0..<6 {
                routes["\(prefix)/\(name)/segment\(index).ts"] = .file(
                    folder.appendingPathComponent("\(name)/segment\(index).ts"), contentType: "video/mp2t")
            }
        }
        return routes
    }
}
