import ArgumentParser
import ReelCore

/// `--gravity fit|fill|stretch`.
extension VideoGravity: ExpressibleByArgument {}
