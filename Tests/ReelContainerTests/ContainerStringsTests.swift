import ReelContainer
import ReelCore
import Testing

/// The strings table: how the environment chooses its language (always an explicit
/// environment, never this process's), that every key has every built-in language, and how
/// placeholders and numbers are filled in.
@Suite("ContainerStrings")
struct ContainerStringsTests {
    private typealias Language = ContainerStrings.Language

    private func language(_ environment: [String: String]) -> Language {
        ContainerStrings(environment: environment).language
    }

    // MARK: - Choosing the language

    @Test func aGermanLocaleInAnyFormPicksGerman() {
        for locale in ["de_DE.UTF-8", "de_AT", "de", "de_CH.utf8@euro", "DE-de"] {
            #expect(language(["LANG": locale]) == .german, "LANG=\(locale)")
        }
    }

    @Test func cPosixUnsetAndUnknownLocalesPickEnglish() throws {
        for environment in [[:], ["LANG": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], ["LANG": "fr_FR.UTF-8"]] {
            #expect(language(environment) == .english, "\(environment)")
        }
        // A language without a table is still what the environment asked for.
        #expect(try Language.preferences(in: ["LANG": "fr_FR.UTF-8"]) == [Language("fr")])
    }

    @Test func lcAllBeatsLcMessagesWhichBeatsLang() {
        #expect(language(["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]) == .german)
        #expect(language(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"]) == .english)
        #expect(language(["LC_ALL": "en_GB.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(language(["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"]) == .german)
        // Empty variables count as unset, as in glibc.
        #expect(language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"]) == .german)
        // LC_ALL=C makes the locale C whatever LANG says.
        #expect(language(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == .english)
    }

    @Test func languageIsAListReadOnlyOutsideTheCLocale() throws {
        let french = try Language("fr")
        #expect(Language.preferences(in: ["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"]) == [french, .german])
        // The first listed language with a table wins.
        #expect(language(["LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"]) == .german)
        #expect(language(["LANGUAGE": "de", "LANG": "en_US.UTF-8"]) == .german)
        // gettext ignores LANGUAGE in the C locale, and when no locale is set at all.
        #expect(language(["LANGUAGE": "de", "LANG": "C.UTF-8"]) == .english)
        #expect(language(["LANGUAGE": "de"]) == .english)
        // Unreadable entries are skipped; a list of only those leaves the locale's language.
        #expect(Language.preferences(in: ["LANGUAGE": "C::de_AT", "LANG": "en_US"]) == [.german])
        #expect(language(["LANGUAGE": "::", "LANG": "de_DE.UTF-8"]) == .german)
        // As in gettext, a LANGUAGE list without a translation shows the source, English.
        #expect(language(["LANGUAGE": "fr", "LANG": "de_DE.UTF-8"]) == .english)
    }

    @Test func anAppForcesALanguageWhateverTheEnvironmentSays() {
        var strings = ContainerStrings(environment: ["LANG": "en_US.UTF-8"])
        strings.language = .german
        #expect(strings.language == .german)
        #expect(strings[.speedMenu] == "Geschwindigkeit")
        #expect(ContainerStrings(language: .german)[.off] == "Aus")
    }

    @Test func identifiersThatNameNoLanguageAreRefused() throws {
        for identifier in ["", "C", "POSIX", "12", "e", "_DE", "deutsch"] {
            #expect(throws: ContainerStringsError.self, "“\(identifier)”") { try Language(identifier) }
        }
        #expect(try Language("de_DE.UTF-8@euro") == .german)
        #expect(try Language("EN") == .english)
    }

    // MARK: - The tables

    @Test func everyKeyHasAnEnglishAndAGermanText() throws {
        for table in [ContainerStrings.Table.english, .german] {
            #expect(table.missingKeys.isEmpty, "\(table.language) lacks \(table.missingKeys)")
            for key in ContainerStrings.Key.allCases {
                #expect(table.texts[key]?.isEmpty == false, "\(table.language): \(key)")
            }
            // Every text has its key's placeholders, as an app's table must.
            _ = try ContainerStrings.Table(language: table.language, texts: table.texts)
        }
        #expect(ContainerStrings(language: .german).languages == [.german, .english].sorted())
    }

    @Test func theGermanTableIsATranslationNotACopy() {
        let translated = ContainerStrings.Key.allCases.filter {
            ContainerStrings.Table.german.texts[$0] != ContainerStrings.Table.english.texts[$0]
        }
        // Menus, entries, feedback, errors and units: what is the same in both is names and
        // signs ("Audio", "Start", "LIVE", "{speed}×", "{value} s").
        #expect(translated.count > ContainerStrings.Key.allCases.count * 3 / 4)
        for key: ContainerStrings.Key in [.speedMenu, .subtitlesMenu, .off, .playlistMenu, .retry, .fileNotFoundError] {
            #expect(translated.contains(key), "\(key)")
        }
    }

    @Test func aTextWithoutItsKeysPlaceholdersIsRefused() throws {
        #expect(ContainerStrings.Key.speedChanged.placeholders == ["speed"])
        #expect(ContainerStrings.Key.abLoopRange.placeholders == ["start", "end"])
        #expect(ContainerStrings.Key.off.placeholders.isEmpty)
        do {
            _ = try ContainerStrings.Table(language: .english, texts: [.speedChanged: "Tempo"])
            Issue.record("a text without {speed} was accepted")
        } catch {
            #expect(error.code == .placeholderMismatch(.speedChanged))
            #expect(error.message.contains("{speed}"))
        }
        #expect(throws: ContainerStringsError.self) {
            try ContainerStrings.Table(language: .german, texts: [.off: "Aus {speed}"])
        }
        #expect(throws: ContainerStringsError.self) {
            try ContainerStrings.Table(language: .german, texts: [.abLoopRange: "{start} bis {ende}"])
        }
        // Order is free, and braces that are not a placeholder are text.
        _ = try ContainerStrings.Table(language: .german, texts: [.abLoopRange: "{end} ← {start} {1}"])
    }

    @Test func anAppChangesSomeTextsAndAddsALanguage() throws {
        var strings = ContainerStrings(language: .english)
        strings.add(try ContainerStrings.Table(language: .english, texts: [.playlistMenu: "Queue"]))
        #expect(strings[.playlistMenu] == "Queue")
        #expect(strings[.speedMenu] == "Speed")

        let french = try ContainerStrings.Language("fr_FR.UTF-8")
        strings.add(
            try ContainerStrings.Table(language: french, texts: [.speedMenu: "Vitesse", .speed: "{speed} ×"]))
        strings.add(try ContainerStrings.Table(language: french, texts: [.off: "Désactivés"]))
        #expect(strings.language == .english, "added, not chosen")
        strings.preferredLanguages = Language.preferences(in: ["LANG": "fr_CA.UTF-8"])
        #expect(strings.language == french)
        #expect(strings[.speedMenu] == "Vitesse")
        #expect(strings[.off] == "Désactivés")
        #expect(strings.speed(1.5) == "1.5 ×", "a table without a decimal separator writes English numbers")
        // What French lacks shows in English, the app's English included.
        #expect(strings[.playlistMenu] == "Queue")
        #expect(strings.tables[french]?.missingKeys.contains(.retry) == true)
    }

    // MARK: - Placeholders and numbers

    @Test func placeholdersAreFilledInTheLanguagesOrder() throws {
        let english = ContainerStrings.english
        #expect(english.text(.abLoopRange, "0:12", "0:20") == "A-B loop: 0:12 – 0:20")
        #expect(ContainerStrings(language: .german).text(.abLoopRange, "0:12", "0:20") == "A-B-Schleife: 0:12 – 0:20")
        var reordered = ContainerStrings(language: .english)
        reordered.add(try ContainerStrings.Table(language: .english, texts: [.abLoopRange: "{end} ← {start}"]))
        #expect(reordered.text(.abLoopRange, "0:12", "0:20") == "0:20 ← 0:12")
        // A value is never read for placeholders; one left out stays visible.
        #expect(english.text(.screenshotTaken, "{file}.png") == "Screenshot: {file}.png")
        #expect(english.text(.abLoopRange, "0:12") == "A-B loop: 0:12 – {end}")
        #expect(english.text(.windowTitle, "clip.mkv") == "clip.mkv — Reel")
    }

    @Test func numbersUseTheLanguagesDecimalSeparator() {
        let english = ContainerStrings.english
        let german = ContainerStrings(language: .german)
        #expect([0.5, 0.75, 1, 1.5, 2, 1.25].map(english.speed) == ["0.5×", "0.75×", "1×", "1.5×", "2×", "1.25×"])
        #expect([0.5, 0.75, 1, 1.5, 2, 1.25].map(german.speed) == ["0,5×", "0,75×", "1×", "1,5×", "2×", "1,25×"])
        #expect(german.text(.speedChanged, german.speed(1.1)) == "Geschwindigkeit 1,1×")
        #expect(german.volume(0.7) == "Lautstärke 70 %")
        #expect(english.volume(0.7) == "Volume 70%")
        #expect(german.seconds(0.25) == "0,25 s")
        #expect(german.bitrate(2_500_000) == "2,50 Mbit/s")
        #expect(german.bitrate(640_000) == "640 kbit/s")
        #expect(german.bytes(2_500_000) == "2,50 MB")
        #expect(german.bytes(1500) == "1,5 kB")
        #expect(english.number(-0.001, upTo: 2) == "0")
        #expect(english.number(2.35, upTo: 2) == "2.35")
        #expect(german.number(1000.5, decimals: 1) == "1000,5")
    }

    @Test func errorsAreDescribedByTheirCode() {
        let german = ContainerStrings(language: .german)
        #expect(german.description(of: PlayerError(.fileNotFound)) == "Die Datei wurde nicht gefunden.")
        #expect(
            german.description(of: PlayerError(.httpStatus(404), message: "Not Found"))
                == "Der Server antwortete mit dem HTTP-Status 404.")
        #expect(
            german.description(of: PlayerError(.refusedScheme("ftp")))
                == "Adressen mit „ftp“ dürfen nicht abgespielt werden.")
        // URLPolicy's word for an address without a scheme is an empty one.
        #expect(german.description(of: PlayerError(.refusedScheme(""))) == "Die Adresse hat kein Schema (etwa https).")
        // The error's own English message, with its details, is for logs.
        let error = PlayerError(.invalidArgument, message: "Speed must be between 0.01 and 100.")
        #expect(ContainerStrings.english.description(of: error) == "That value is not allowed.")
        #expect(error.message == "Speed must be between 0.01 and 100.")
    }

    @Test func namesOfTracksVariantsAndOutputsAreInTheLanguage() {
        let german = ContainerStrings(language: .german)
        #expect(german.name(of: Track(id: 3, kind: .audio)) == "Spur 3")
        #expect(german.name(of: Track(id: 1, kind: .audio, language: "ger", title: "Deutsch")) == "Deutsch")
        // Language codes become the language's names in the table's language, in either ISO 639
        // form; a title keeps its language after it; an unknown code stays as it is.
        #expect(german.name(of: Track(id: 2, kind: .audio, language: "eng")) == "Englisch")
        #expect(
            german.name(of: Track(id: 2, kind: .audio, language: "fra", title: "Kommentar"))
                == "Kommentar (Französisch)")
        #expect(ContainerStrings.english.name(of: Track(id: 2, kind: .subtitle, language: "deu")) == "German")
        #expect(ContainerStrings.english.name(ofLanguageCode: "qqx") == "qqx")
        #expect(german.name(of: StreamVariant(id: 4)) == "Variante 4")
        #expect(german.name(of: StreamVariant(id: 4, height: 720, bitrate: 2_500_000)) == "720p · 2,5 Mbit/s")
        #expect(
            ContainerStrings.english.name(of: StreamVariant(id: 4, height: 720, bitrate: 2_500_000))
                == "720p · 2.5 Mb/s")
        #expect(german.name(of: AudioDevice.automatic) == "Automatisch")
        #expect(german.name(of: AudioDevice(name: "pulse/usb", description: "USB Headset")) == "USB Headset")
        #expect(german.name(of: VideoGravity.stretch) == "Strecken")
        #expect(german.title(of: .queue) == "Wiedergabeliste")
    }
}
