// MPRIS's Raise and Quit reach a PlayerWindow through DesktopIntegration. The conformance lives
// here, where both modules are imported, because ReelSDL must not depend on D-Bus or the sound
// server, nor ReelDesktop on SDL. An app that imports the modules one by one declares it itself:
// `extension PlayerWindow: DesktopWindow {}`.
extension PlayerWindow: DesktopWindow {}
