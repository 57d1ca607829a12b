extension ContainerStrings {
    /// A language the container's texts can be in: a lowercase ISO 639 code, without a region
    /// (`de_AT` and `de_CH` are German).
    public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The ISO 639 code: "en", "de".
        public let code: String

        private init(code: String) { self.code = code }

        /// The language of a locale identifier as the environment writes it: "de", "de_DE.UTF-8",
        /// "de-AT", "pt_BR", "sr@latin".
        ///
        /// - Throws: ``ContainerStringsError/Code/notALanguage`` for "C", "POSIX", an empty
        ///   identifier, or one that does not start with a code of two or three letters.
        public init(_ identifier: String) throws(ContainerStringsError) {
            let head = identifier.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }
            let code = head.lowercased()
            guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw ContainerStringsError(
                    .notALanguage, message: "“\(identifier)” is not a language such as de, de_AT or de_DE.UTF-8.")
            }
            self.code = code
        }

        /// English, the source language: every key has an English text.
        public static let english = Language(code: "en")
        /// German.
        public static let german = Language(code: "de")

        /// The code.
        public var description: String { code }

        /// Orders by code.
        public static func < (lhs: Language, rhs: Language) -> Bool { lhs.code < rhs.code }

        /// The languages `environment` asks for, most wanted first, read as gettext reads them:
        /// the locale of messages is the first non-empty one of `LC_ALL`, `LC_MESSAGES` and
        /// `LANG`; when it is unset, `C` or `POSIX` (also `C.UTF-8`) the answer is empty (English).
        /// Otherwise `LANGUAGE`, a colon-separated list ("de:fr"), when it names a language, or
        /// else the locale's language. Unreadable entries are skipped. A pure function: pass
        /// `ProcessInfo.processInfo.environment` for the process's own.
        ///
        /// Unlike gettext, the locale need not be installed: `LANG=de_DE.UTF-8` asks for German
        /// on a system without that locale too.
        public static func preferences(in environment: [String: String]) -> [Language] {
            let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]
            guard let locale = variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
                !isCLocale(locale)
            else { return [] }
            var languages: [Language] = []
            for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
                if let language = try? Language(String(entry)), !languages.contains(language) {
                    languages.append(language)
                }
            }
            if languages.isEmpty, let language = try? Language(locale) { languages.append(language) }
            return languages
        }

        private static func isCLocale(_ locale: String) -> Bool {
            locale == "C" || locale == "POSIX" || locale.hasPrefix("C.") || locale.hasPrefix("C@")
        }
    }
}
