/// Speeds as labels in English: "2×", "1.5×", "0.75×" (``ContainerStrings/speed(_:)`` in any
/// language).
public enum SpeedFormat {
    /// `speed` with up to two decimals and a multiplication sign.
    public static func label(_ speed: Double) -> String { ContainerStrings.english.speed(speed) }
}

/// Volumes as labels in English: "Volume 70%" (``ContainerStrings/volume(_:)`` in any language).
public enum VolumeFormat {
    /// `level` (0…1) as a percentage.
    public static func label(_ level: Double) -> String { ContainerStrings.english.volume(level) }
}

/// Brightness levels as labels in English: "Brightness +20", "Brightness 0", "Brightness -35"
/// (``ContainerStrings/brightness(_:)`` in any language).
public enum BrightnessFormat {
    /// `level` (−100…100) rounded to a whole number, with its sign.
    public static func label(_ level: Double) -> String { ContainerStrings.english.brightness(level) }
}
