// `import Reel`: everything an app needs to play media with Reel's engine, controls and window.
//
// The modules stay importable on their own (`import ReelPlayer` for a headless player on another
// engine, `import ReelArchitecture` for reducers alone); see README.md and docs/ARCHITECTURE.md.

@_exported import ReelArchitecture
@_exported import ReelCanvas
@_exported import ReelComposable
@_exported import ReelContainer
@_exported import ReelCore
@_exported import ReelDesktop
@_exported import ReelDrawing
@_exported import ReelFeed
@_exported import ReelMPV
@_exported import ReelPlayer
@_exported import ReelPreview
@_exported import ReelSDL
@_exported import ReelSnapshot
