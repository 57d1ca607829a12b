/// Which Reel this is: the one place the version is written. `reel --version` prints it, and
/// `make deb` reads it from the built `reel` for the package's version.
public enum ReelVersion {
    /// The release, as `MAJOR.MINOR.PATCH` (semantic versioning; `0.x` while the API still moves).
    public static let current = "0.1.0"
}
