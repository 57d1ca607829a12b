import Foundation

/// Where ``ResumePositionFeature`` keeps the last position of each item, by URL.
///
/// ```swift
/// let positions = PositionStore.inMemory()
/// await positions.save(url, 42)
/// await positions.load(url)  // 42
/// await positions.clear(url)
/// ```
///
/// An app backs it with its own storage (user defaults, a database, a server); tests use
/// ``inMemory(_:)``.
public struct PositionStore: Sendable {
    /// The saved position of an item, in seconds, if any.
    public var load: @Sendable (URL) async -> Double?
    /// Saves the position of an item, in seconds.
    public var save: @Sendable (URL, Double) async -> Void
    /// Forgets the position of an item (it was watched to the end).
    public var clear: @Sendable (URL) async -> Void

    /// Creates a store from its operations.
    public init(
        load: @escaping @Sendable (URL) async -> Double?, save: @escaping @Sendable (URL, Double) async -> Void,
        clear: @escaping @Sendable (URL) async -> Void
    ) {
        self.load = load
        self.save = save
        self.clear = clear
    }

    /// A store that keeps positions in memory, starting with `positions`.
    public static func inMemory(_ positions: [URL: Double] = [:]) -> PositionStore {
        let storage = InMemoryPositions(positions)
        return PositionStore(
            load: { await storage.position(of: $0) },
            save: { await storage.set($1, for: $0) },
            clear: { await storage.set(nil, for: $0) })
    }
}

/// The storage of ``PositionStore/inMemory(_:)``.
private actor InMemoryPositions {
    private var positions: [URL: Double]

    init(_ positions: [URL: Double]) { self.positions = positions }

    func position(of url: URL) -> Double? { positions[url] }

    func set(_ position: Double?, for url: URL) { positions[url] = position }
}
