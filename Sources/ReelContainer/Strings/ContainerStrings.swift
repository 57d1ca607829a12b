import Foundation

/// The texts the container and its window show — menus, bubbles, toasts, the error view, the
/// statistics, window titles — in one language, from tables compiled into the program.
///
/// English (``Table/english``, the source) and German (``Table/german``) are built in. The
/// language follows the environment as gettext does (``Language/preferences(in:)``: `LANGUAGE`,
/// `LC_ALL`, `LC_MESSAGES`, `LANG`) unless the app sets ``language``; a language without a table
/// shows English. An app adds a language, or changes some texts of one, with ``add(_:)``:
///
/// ```swift
/// var configuration = ContainerConfiguration.standard
/// configuration.strings.add(
///     try ContainerStrings.Table(
///         language: ContainerStrings.Language("fr"),
///         texts: [.speedMenu: "Vitesse", .off: "Désactivés", .speedChanged: "Vitesse {speed}"]))
/// configuration.strings.add(try ContainerStrings.Table(language: .english, texts: [.playlistMenu: "Queue"]))
/// configuration.strings.language = .german   // whatever the environment says
/// ```
///
/// A key the language's table lacks shows in English. Texts carry placeholders for values
/// (`"Geschwindigkeit {speed}"`), filled by ``text(_:_:)``; numbers are written with the
/// language's decimal separator (``number(_:decimals:)``: "1,5×" in German).
///
/// The tables are Swift code, not resource files: `reel` ships as one static executable (and in
/// a `.deb`) with nothing beside it to find at run time, so a table a `Bundle.module` would load
/// could go missing; a compiled one cannot, and each built-in language is a `switch` over every
/// ``Key`` that does not compile with a key left out.
public struct ContainerStrings: Hashable, Sendable {
    /// The languages asked for, most wanted first: the environment's, or the one the app set.
    public var preferredLanguages: [Language]
    /// Every language's table, the built-in ones with the app's additions.
    public private(set) var tables: [Language: Table] = [.english: .english, .german: .german]

    /// The texts in the language the environment asks for (`environment`: by default the
    /// process's), as gettext chooses it (``Language/preferences(in:)``).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        preferredLanguages = Language.preferences(in: environment)
    }

    /// The texts in `language`, whatever the environment says.
    public init(language: Language) {
        preferredLanguages = [language]
    }

    /// English texts: what `reel`'s terminal output and the English-only helpers use.
    public static let english = ContainerStrings(language: .english)

    /// The language texts show in: the first preferred language that has a table, or English.
    /// Setting it forces that language (``preferredLanguages`` becomes just it).
    public var language: Language {
        get { preferredLanguages.first { tables[$0] != nil } ?? .english }
        set { preferredLanguages = [newValue] }
    }

    /// The languages that have a table, in code order.
    public var languages: [Language] { tables.keys.sorted() }

    /// Adds `table`'s language, or replaces that language's texts for the keys `table` has.
    public mutating func add(_ table: Table) {
        if tables[table.language] == nil {
            tables[table.language] = table
        } else {
            tables[table.language]?.merge(table)
        }
    }

    /// The text of `key` in ``language`` (English when that table lacks it), placeholders
    /// unfilled.
    public subscript(key: Key) -> String {
        tables[language]?.texts[key] ?? tables[.english]?.texts[key] ?? Table.englishText(key)
    }

    /// The text of `key` with its placeholders (``Key/placeholders``, in that order) replaced by
    /// `values`: `strings.text(.speedChanged, strings.speed(1.5))` is "Speed 1.5×". A placeholder
    /// without a value stays as written.
    public func text(_ key: Key, _ values: String...) -> String {
        let names = key.placeholders
        guard !names.isEmpty else { return self[key] }
        var filled: [String: String] = [:]
        for (name, value) in zip(names, values) { filled[name] = value }
        return Template.fill(self[key], with: filled)
    }
}
