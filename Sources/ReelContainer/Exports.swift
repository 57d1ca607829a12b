// The container's widgets draw on ReelCanvas's `Canvas` with its geometry and receive its
// `InputEvent`s: every widget an app writes needs them, so `import ReelContainer` brings them.
@_exported import ReelCanvas
