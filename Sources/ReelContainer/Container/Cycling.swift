import ReelComposable
import ReelCore

/// The rules of the cycling keys: subtitles (with Off), audio, and the A-B loop.
package enum Cycling {
    /// The subtitle after the selected one, Off (nil) after the last, the first after Off.
    package static func nextSubtitle(in tracks: [Track]) -> Int? {
        guard let index = tracks.firstIndex(where: \.isSelected) else { return tracks.first?.id }
        return index + 1 < tracks.count ? tracks[index + 1].id : nil
    }

    /// The audio track after the selected one, wrapping around.
    package static func nextAudio(in tracks: [Track]) -> Int? {
        guard let index = tracks.firstIndex(where: \.isSelected) else { return tracks.first?.id }
        return tracks[(index + 1) % tracks.count].id
    }

    /// A at `position` when no loop is set, then B at `position`, then off.
    package static func nextABLoop(after loop: ABLoop, at position: Double) -> ABLoop {
        switch (loop.a, loop.b) {
        case (nil, _): ABLoop(a: position, b: nil)
        case (let a?, nil): ABLoop(a: a, b: position)
        case (_?, _?): .off
        }
    }

    /// "A-B loop: A 0:12", "A-B loop: 0:12 – 0:20" or "A-B loop off", in `strings`' language.
    package static func abLoopLabel(_ loop: ABLoop, withHours: Bool = false, strings: ContainerStrings) -> String {
        let format = { TimeLabel.format($0, withHours: withHours) }
        switch (loop.a, loop.b) {
        case (let a?, nil): return strings.text(.abLoopStart, format(a))
        case (let a?, let b?): return strings.text(.abLoopRange, format(a), format(b))
        default: return strings[.abLoopOff]
        }
    }

    /// "+10 s" or "-2.5 s", in `strings`' language.
    package static func skipLabel(_ seconds: Double, strings: ContainerStrings) -> String {
        strings.text(seconds < 0 ? .skippedBack : .skippedAhead, strings.number(abs(seconds), upTo: 3))
    }
}
