extension ContainerStrings {
    /// One language's texts, by key: a built-in table (``english``, ``german``) or an app's.
    ///
    /// An app's table may hold only some keys: ``ContainerStrings`` shows the others in English,
    /// and ``missingKeys`` lists them.
    public struct Table: Hashable, Sendable {
        /// The language of the texts.
        public let language: Language
        /// The texts, with their placeholders (`{speed}`) unfilled.
        public private(set) var texts: [Key: String]

        /// Creates a table of `texts` in `language`.
        ///
        /// - Throws: ``ContainerStringsError/Code/placeholderMismatch(_:)`` when a text's
        ///   placeholders are not exactly its key's (``Key/placeholders``): a text that drops
        ///   `{speed}` or names `{rate}` instead would show the wrong thing.
        public init(language: Language, texts: [Key: String]) throws(ContainerStringsError) {
            for (key, text) in texts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let found = Set(Template.placeholders(in: text))
                guard found == Set(key.placeholders) else {
                    throw ContainerStringsError(
                        .placeholderMismatch(key),
                        message: "The \(language) text of \(key.rawValue), “\(text)”, must have the placeholders "
                            + "\(Self.list(key.placeholders)) and no others; it has \(Self.list(found.sorted())).")
                }
            }
            self.language = language
            self.texts = texts
        }

        /// A table whose placeholders a test checks instead.
        init(builtIn language: Language, texts: [Key: String]) {
            self.language = language
            self.texts = texts
        }

        /// The keys without a text here, in declaration order.
        public var missingKeys: [Key] { Key.allCases.filter { texts[$0] == nil } }

        /// Takes `other`'s texts over this table's (same language).
        mutating func merge(_ other: Table) {
            texts.merge(other.texts) { _, new in new }
        }

        private static func list(_ names: [String]) -> String {
            names.isEmpty ? "none" : names.map { "{\($0)}" }.joined(separator: ", ")
        }
    }
}

extension ContainerStrings.Key {
    /// The names of the placeholders in the key's English text, in order: `["start", "end"]` for
    /// ``abLoopRange``.
    public var placeholders: [String] { Self.placeholdersByKey[self] ?? [] }

    private static let placeholdersByKey: [Self: [String]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, Template.placeholders(in: ContainerStrings.Table.englishText($0))) })
}

/// Why a language or a table of ``ContainerStrings`` was refused.
public struct ContainerStringsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Code: Hashable, Sendable {
        /// The identifier names no language ("C", "POSIX", "").
        case notALanguage
        /// A text's placeholders are not its key's.
        case placeholderMismatch(ContainerStrings.Key)
    }

    /// What was wrong.
    public var code: Code
    /// A sentence for the developer.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Placeholders in texts: `{name}`, a name of ASCII letters between braces. Other braces are
/// text.
enum Template {
    /// The names in `text`, in order of first appearance.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        scan(text) { piece in
            if case .placeholder(let name) = piece, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `text` with each placeholder replaced by its value in `values`; placeholders without a
    /// value stay as written. Values are inserted as they are, never read for placeholders.
    static func fill(_ text: String, with values: [String: String]) -> String {
        var result = ""
        scan(text) { piece in
            switch piece {
            case .text(let text): result += text
            case .placeholder(let name): result += values[name] ?? "{\(name)}"
            }
        }
        return result
    }

    private enum Piece {
        case text(Substring)
        case placeholder(String)
    }

    private static func scan(_ text: String, _ body: (Piece) -> Void) {
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            let name = rest[afterOpen...].prefix { $0.isASCII && $0.isLetter }
            guard !name.isEmpty, name.endIndex < rest.endIndex, rest[name.endIndex] == "}" else {
                body(.text(rest[...open]))
                rest = rest[afterOpen...]
                continue
            }
            body(.text(rest[..<open]))
            body(.placeholder(String(name)))
            rest = rest[rest.index(after: name.endIndex)...]
        }
        body(.text(rest))
    }
}
