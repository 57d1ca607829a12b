extension ContainerStrings {
    /// One text the container or its window shows: the key of every language's table.
    ///
    /// A key's placeholders are the `{name}`s of its English text (``placeholders``); every
    /// language's text for it has the same ones, in any order.
    public enum Key: String, Hashable, Sendable, CaseIterable, Codable {
        // MARK: Menus

        /// The speed menu's title (the settings menu).
        case speedMenu
        /// The audio track menu's title.
        case audioMenu
        /// The subtitle menu's title.
        case subtitlesMenu
        /// The queue menu's title.
        case playlistMenu
        /// The picture (framing) menu's title.
        case pictureMenu
        /// The streaming quality menu's title.
        case qualityMenu
        /// The chapters menu's title.
        case chaptersMenu
        /// A chapter without a title: `{number}` is its number, from 1.
        case untitledChapter
        /// The audio output menu's title.
        case audioOutputMenu
        /// The secondary subtitle menu's title.
        case secondarySubtitlesMenu
        /// The subtitle style menu's title.
        case subtitleStyleMenu
        /// The title of the menu of subtitle files beside the item.
        case subtitleFilesMenu
        /// The entry that opens the audio output menu: `{device}` is the output that plays.
        case audioOutputEntry
        /// The entry that opens the subtitle files menu.
        case subtitleFilesEntry
        /// The entry that opens the secondary subtitle menu: `{track}` is the one shown.
        case secondarySubtitlesEntry
        /// The entry that opens the subtitle style menu.
        case subtitleStyleEntry
        /// An entry that opens any other menu: `{menu}` is that menu's title.
        case menuEntry

        // MARK: Menu entries

        /// The speed 1×, in the speed menu.
        case normalSpeed
        /// A speed: `{speed}` is the number ("1.5×").
        case speed
        /// No subtitle track.
        case off
        /// The system's default audio output.
        case automaticOutput
        /// A track with neither title nor language: `{number}` is its number.
        case untitledTrack
        /// A track this machine cannot decode, in a menu: `{name}` is its name.
        case unplayableTrack
        /// A stream variant with neither height nor bit rate: `{number}` is its track's number.
        case untitledVariant
        /// The picture fits the view (``/ReelCore/VideoGravity/fit``).
        case fitGravity
        /// The picture fills the view, cropped (``/ReelCore/VideoGravity/fill``).
        case fillGravity
        /// The picture is stretched to the view (``/ReelCore/VideoGravity/stretch``).
        case stretchGravity
        /// The video's own aspect ratio.
        case originalAspect
        /// The engine's choice of stream variant (the quality button).
        case automaticQuality
        /// The engine's choice in the quality menu: `{variant}` is the variant it chose.
        case automaticQualityChosen
        /// A subtitle size entry: `{size}` is one of the size names below.
        case subtitleSize
        /// The size below the standard one.
        case smallSize
        /// The standard size.
        case normalSize
        /// The size above the standard one.
        case largeSize
        /// The box behind subtitles, on or off.
        case subtitleBackground

        // MARK: Feedback

        /// The bubble when the sound is muted.
        case muted
        /// The volume bubble: `{percent}` is a whole number.
        case volume
        /// The brightness bubble: `{level}` is a whole number with its sign ("+20", "0", "-35").
        case brightness
        /// The speed bubble: `{speed}` is a `speed` text.
        case speedChanged
        /// The bubble when there are no subtitles to cycle through.
        case noSubtitles
        /// The bubble of the subtitle key: `{track}` is the track shown, or `off`.
        case subtitlesChanged
        /// The bubble of the audio key: `{track}` is the track heard.
        case audioChanged
        /// The bubble of a skip ahead: `{seconds}` is the number.
        case skippedAhead
        /// The bubble of a skip back: `{seconds}` is the number.
        case skippedBack
        /// The A-B loop toast with its start set: `{start}` is a time.
        case abLoopStart
        /// The A-B loop toast with both ends set: `{start}` and `{end}` are times.
        case abLoopRange
        /// The A-B loop toast when the loop is cleared.
        case abLoopOff
        /// The zoom bubble: `{percent}` is a whole number.
        case zoom
        /// The toast after a screenshot: `{file}` is its file's name.
        case screenshotTaken
        /// The toast when drops are turned off (``ContainerConfiguration/dropPolicy`` is nil).
        case dropsTurnedOff
        /// What ``DropHint`` says while nothing is loaded.
        case dropHint
        /// The toast when a dropped folder holds no media files: `{folder}` is its name.
        case emptyFolder
        /// The toast when a dropped file joins the queue: `{file}` is its name.
        case addedToQueue
        /// The picture menu's entry that resets the colour adjustments (a brightness drag's).
        case resetAdjustments
        /// The toast when several dropped items join the queue: `{count}` is how many.
        case addedItemsToQueue
        /// A live stream's label at its live edge (the live button, the time labels).
        case live

        // MARK: Errors

        /// The error view's button that loads the item again.
        case retry
        /// The window's words for ``/ReelCore/PlayerError/Code/fileNotFound``.
        case fileNotFoundError
        /// The window's words for ``/ReelCore/PlayerError/Code/unsupportedFormat``.
        case unsupportedFormatError
        /// The window's words for ``/ReelCore/PlayerError/Code/nothingToPlay``.
        case nothingToPlayError
        /// The window's words for ``/ReelCore/PlayerError/Code/networkUnreachable``.
        case networkUnreachableError
        /// The window's words for ``/ReelCore/PlayerError/Code/httpStatus(_:)``: `{status}` is the
        /// HTTP status.
        case httpStatusError
        /// The window's words for ``/ReelCore/PlayerError/Code/connectionLost(at:)``: `{position}`
        /// is where playback stopped (``ContainerStrings/seconds(_:)``).
        case connectionLostError
        /// The window's words for ``/ReelCore/PlayerError/Code/decoderFailure``.
        case decoderFailureError
        /// The window's words for ``/ReelCore/PlayerError/Code/refusedScheme(_:)``: `{scheme}` is
        /// the address's scheme.
        case refusedSchemeError
        /// The window's words for ``/ReelCore/PlayerError/Code/refusedScheme(_:)`` of an address
        /// without a scheme.
        case missingSchemeError
        /// The window's words for ``/ReelCore/PlayerError/Code/engineGone``.
        case engineGoneError
        /// The window's words for ``/ReelCore/PlayerError/Code/invalidArgument``.
        case invalidArgumentError
        /// The window's words for ``/ReelCore/PlayerError/Code/commandFailed``.
        case commandFailedError
        /// The window's words for ``/ReelCore/PlayerError/Code/timedOut``.
        case timedOutError
        /// The window's words for ``/ReelCore/PlayerError/Code/liveStreamStopped``.
        case liveStreamStoppedError
        /// The window's words for ``/ReelCore/PlayerError/Code/unknown``.
        case unknownError

        // MARK: Statistics

        /// The statistics' decoder line.
        case decoderStatistic
        /// The statistics' start-up line.
        case startStatistic
        /// The statistics' bit rate line.
        case bitrateStatistic
        /// The statistics' line of bytes transferred.
        case transferStatistic
        /// The statistics' stall line.
        case stallsStatistic
        /// The statistics' frame line.
        case framesStatistic
        /// The statistics' session line.
        case sessionStatistic
        /// The decoder of an item without video.
        case noVideo
        /// The time to the first frame: `{time}` is a `seconds` text.
        case firstFrame
        /// No frame shown yet.
        case noFrameYet
        /// The time until playback started: `{time}` is a `seconds` text.
        case playingAfter
        /// The video's bit rate: `{rate}` is a bit rate.
        case videoBitrate
        /// The audio's bit rate: `{rate}` is a bit rate.
        case audioBitrate
        /// The bit rate the stream declares: `{rate}` is a bit rate.
        case declaredBitrate
        /// The bit rate measured on the network: `{rate}` is a bit rate.
        case networkBitrate
        /// Frames the output dropped: `{count}`.
        case droppedFrames
        /// Frames the decoder dropped: `{count}`.
        case decoderDroppedFrames
        /// Frames shown late: `{count}`.
        case delayedFrames
        /// The statistics without an item.
        case noItem
        /// One item in the session: `{count}` is 1.
        case oneItem
        /// Any other number of items: `{count}`.
        case items
        /// Items that failed: `{count}`.
        case failedItems
        /// The session's playing time: `{time}` is a `seconds` text.
        case playedTime
        /// One stall: `{count}` is 1, `{time}` a `seconds` text.
        case oneStall
        /// Any other number of stalls: `{count}`, and `{time}`, a `seconds` text.
        case stalls
        /// The share of time spent rebuffering: `{percent}` has one decimal.
        case rebuffering

        // MARK: Units

        /// Seconds: `{value}` has two decimals.
        case seconds
        /// Megabits per second: `{value}` has decimals.
        case megabitsPerSecond
        /// Kilobits per second: `{value}` is whole.
        case kilobitsPerSecond
        /// Megabytes (10⁶ bytes): `{value}` has two decimals.
        case megabytes
        /// Kilobytes (10³ bytes): `{value}` has one decimal.
        case kilobytes
        /// The character between a number's whole part and its decimals.
        case decimalSeparator

        // MARK: Windows

        /// A player window's title: `{name}` is the item's file name.
        case windowTitle
        /// The picture-in-picture window's title: `{title}` is the main window's.
        case pictureInPictureTitle
    }
}
