import Foundation

/// Language codes as items carry them (``MediaItem/preferredAudioLanguages``).
public enum LanguageList {
    /// Splits a comma-separated list (`"ja,en"`, as mpv's `alang` takes it) into codes, trimmed,
    /// empty ones dropped.
    public static func parse(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Throws unless every code is 1 to 16 letters, digits or hyphens (`"en"`, `"pt-BR"`, `"und"`).
    public static func check(_ codes: [String]) throws(PlayerError) {
        for code in codes
        where code.isEmpty || code.count > 16
            || !code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            throw PlayerError(.invalidArgument, message: "\"\(code)\" is not a language code such as en or pt-BR.")
        }
    }
}
