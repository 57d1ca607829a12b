import ReelCore

/// What a ``Player`` does when an interruption ends: MPlayerKit resumes when the system says it
/// should, and the app decides whether it may.
public enum InterruptionPolicy: String, Hashable, Sendable, CaseIterable {
    /// Stays paused; the user resumes.
    case never
    /// Resumes when the interruption paused playback and nothing changed the intent since
    /// (the default).
    case ifWasPlaying
    /// Plays when the interruption ends, even when the player was paused before it began, unless
    /// something changed the intent during it.
    case always
}

/// A ``Player``'s bookkeeping of the interruption in progress.
struct InterruptionRecord: Sendable {
    /// What happens at the end of an interruption.
    var policy: InterruptionPolicy = .ifWasPlaying
    /// Whether an interruption began and has not ended.
    var isActive = false
    /// Whether the player wanted to play when the interruption began.
    var wasPlaying = false
    /// The intent right after the interruption began: any other at its end means someone acted.
    var intentAfterBegin: PlayIntent?
    /// Whether something during the interruption (the audio output going away) ruled out resuming.
    var resumeForfeited = false
}

extension Player {
    /// What the player does when an interruption ends (default ``InterruptionPolicy/ifWasPlaying``).
    public var interruptionPolicy: InterruptionPolicy {
        get { interruption.policy }
        set { interruption.policy = newValue }
    }

    /// Whether an interruption began (``beginInterruption()``) and has not ended.
    public var isInterrupted: Bool { interruption.isActive }

    /// The system takes playback away (it is about to sleep, the audio output went away): a
    /// playing player pauses with the reason ``IntentReason/interruption``, so ``state`` becomes
    /// `paused(reason: .interrupted)`. A paused player stays as it is. Does nothing after
    /// ``shutdown()``.
    public func beginInterruption() {
        guard !isShutDown else { return }
        let wasPlaying =
            playback.intent.playWhenReady && (playback.status == .loading || playback.status == .ready)
        if wasPlaying { try? pause(reason: .interruption) }
        interruption.isActive = true
        interruption.wasPlaying = wasPlaying
        interruption.intentAfterBegin = playback.intent
        interruption.resumeForfeited = false
    }

    /// The system took playback away for good (the audio output went away): a playing player
    /// pauses with the reason ``IntentReason/interruption``, so ``state`` becomes
    /// `paused(reason: .interrupted)`, and nothing resumes it, not even the end of an
    /// interruption in progress. Does nothing after ``shutdown()``.
    public func interrupt() {
        guard !isShutDown else { return }
        if interruption.isActive {
            interruption.resumeForfeited = true
        } else if playback.intent.playWhenReady {
            try? pause(reason: .interruption)
        }
    }

    /// The interruption is over. `shouldResume` is the system's word (true after waking from
    /// sleep); with it, ``interruptionPolicy`` decides whether playback resumes, with the reason
    /// ``IntentReason/interruption``. Returns whether it resumed.
    @discardableResult
    public func endInterruption(shouldResume: Bool = true) -> Bool {
        guard interruption.isActive else { return false }
        interruption.isActive = false
        let untouched = playback.intent == interruption.intentAfterBegin
        let playable = playback.status == .loading || playback.status == .ready
        let resumes =
            switch interruption.policy {
            case .never: false
            case .ifWasPlaying: interruption.wasPlaying
            case .always: true
            }
        guard !isShutDown, shouldResume, !interruption.resumeForfeited, untouched, playable, resumes else {
            return false
        }
        do {
            try play(reason: .interruption)
            return true
        } catch {
            return false
        }
    }
}
