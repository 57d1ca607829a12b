import ReelComposable
import ReelCore

/// The labels of the container's feedback: the A-B loop and skips (the feature cycles).
package enum Cycling {
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
