import CMPV
import Foundation
import ReelCore
import Testing

@testable import ReelMPV

/// How libmpv's error codes and log lines become a ``PlayerError``.
@Suite("ErrorClassifier")
struct ErrorClassifierTests {
    let remote = URL(string: "http://127.0.0.1:9/tone.m4a")!

    @Test func anHTTPErrorInTheLogExplainsALoadingFailure() {
        let error = ErrorClassifier.classify(
            code: MPV_ERROR_LOADING_FAILED.rawValue, url: remote, log: ["[ffmpeg] http: HTTP error 404 Not Found"])
        #expect(error.code == .httpStatus(404))
    }

    @Test func nothingToPlayStaysNothingToPlayWhateverTheLogSays() {
        // libmpv gives FFmpeg's messages to one instance per process: the 404 may be another's.
        let error = ErrorClassifier.classify(
            code: MPV_ERROR_NOTHING_TO_PLAY.rawValue, url: remote, log: ["[ffmpeg] http: HTTP error 404 Not Found"])
        #expect(error.code == .nothingToPlay)
    }

    @Test func libmpvsGenericErrorAfterADecoderFailedIsADecoderFailure() {
        let log = ["[vd] Failed to initialize a decoder for codec ''.", "[cplayer] Video: no video"]
        let error = ErrorClassifier.classify(code: MPV_ERROR_GENERIC.rawValue, url: remote, log: log)
        #expect(error.code == .decoderFailure)
        #expect(error.message.hasSuffix("no decoder could be set up for its video (a codec FFmpeg does not know)."))
        let audio = ErrorClassifier.classify(
            code: MPV_ERROR_GENERIC.rawValue, url: remote, log: ["[ad] Failed to initialize a decoder for codec 'xyz'."]
        )
        #expect(audio.message.hasSuffix("its audio (the codec xyz)."))
        // Without the log line, still a typed failure to set playback up.
        let bare = ErrorClassifier.classify(code: MPV_ERROR_GENERIC.rawValue, url: nil, log: [])
        #expect(bare.code == .decoderFailure)
        #expect(bare.engineCode == -20)
    }

    @Test func aGenericFailureWaitsForItsDecoderLineAndALocalOneForNothingElse() {
        let file = URL(fileURLWithPath: "/tmp/clip.mp4")
        let generic = MPV_ERROR_GENERIC.rawValue
        #expect(!ErrorClassifier.isExplained(code: generic, url: file, log: ["[cplayer] Video: no video"]))
        #expect(
            ErrorClassifier.isExplained(
                code: generic, url: file, log: ["[vd] Failed to initialize a decoder for codec ''."]))
        #expect(ErrorClassifier.isExplained(code: MPV_ERROR_UNKNOWN_FORMAT.rawValue, url: file, log: []))
        #expect(!ErrorClassifier.isExplained(code: MPV_ERROR_LOADING_FAILED.rawValue, url: remote, log: []))
        #expect(
            ErrorClassifier.isExplained(
                code: MPV_ERROR_LOADING_FAILED.rawValue, url: remote, log: ["[ffmpeg] http: HTTP error 404 Not Found"]))
    }
}
