import ReelDesktop
import ReelSDL

// MPRIS's Raise and Quit reach `reel play`'s window through DesktopIntegration. The conformance
// lives here because ReelSDL does not depend on the desktop modules (nor should it: D-Bus and
// the sound server are no part of a window); an umbrella module that imports both ReelSDL and
// ReelDesktop is its proper home, and the tool's copy goes once that carries it.
extension PlayerWindow: DesktopWindow {}
