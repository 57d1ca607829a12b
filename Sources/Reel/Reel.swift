// `import Reel`: everything an app needs to play media with Reel's engine, controls and window.
//
// The modules stay importable on their own (`import ReelPlayer` for a headless player on another
// engine, `import ReelComposable` for reducers alone); see README.md and docs/ARCHITECTURE.md.

@_exported import ReelComposable
@_exported import ReelContainer
@_exported import ReelCore
@_exported import ReelDrawing
@_exported import ReelMPV
@_exported import ReelPlayer
@_exported import ReelPreview
@_exported import ReelSDL

// The desktop's side (MPRIS, sleep, the screensaver, the audio output) joins here as
// `@_exported import ReelDesktop` when that module lands; add it to the Reel target in
// Package.swift too.
