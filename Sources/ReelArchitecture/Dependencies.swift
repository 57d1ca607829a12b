/// A dependency's key in ``DependencyValues``: its type, and the value a store uses unless told
/// otherwise. TCA's `DependencyKey`, without a test value: a test sets what it needs.
///
/// ```swift
/// struct Analytics: Sendable {
///     var track: @Sendable (String) -> Void
/// }
/// enum AnalyticsKey: DependencyKey {
///     static let liveValue = Analytics { name in print("event:", name) }
/// }
/// extension DependencyValues {
///     var analytics: Analytics {
///         get { self[AnalyticsKey.self] }
///         set { self[AnalyticsKey.self] = newValue }
///     }
/// }
/// ```
public protocol DependencyKey {
    /// The dependency's type.
    associatedtype Value: Sendable
    /// The value a store uses when nothing set another.
    static var liveValue: Value { get }
}

/// The dependencies a store gives its synchronous effects (``Effect/sync(_:)``): the world a
/// feature touches (a client, an engine), kept out of its reducer. TCA's `DependencyValues`, set
/// when a store is made instead of through task-locals, with no macros.
///
/// A feature declares each dependency with a ``DependencyKey`` and a property in an extension of
/// `DependencyValues`, as SwiftUI's environment does; its effects read the property when they
/// run. A ``Store`` holds one set of values (``Store/init(initialState:reducer:withDependencies:)``)
/// and a test store another, so a test replaces what a feature touches without changing it.
public struct DependencyValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Every dependency at its live value (stores make these).
    package init() {}

    /// The value for `key`: the one set, else the key's ``DependencyKey/liveValue``.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            guard let value = values[ObjectIdentifier(key)] else { return Key.liveValue }
            // Only this subscript stores under the key, always a `Key.Value`.
            return value as! Key.Value
        }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
