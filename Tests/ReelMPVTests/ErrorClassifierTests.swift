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
}
