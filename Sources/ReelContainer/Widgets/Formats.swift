/// Speeds as labels: "2×", "1.5×", "0.75×".
public enum SpeedFormat {
    /// `speed` with up to two decimals and a multiplication sign.
    public static func label(_ speed: Double) -> String {
        let hundredths = Int((speed * 100).rounded())
        var text = "\(hundredths / 100)"
        let fraction = hundredths % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text + "×"
    }
}

/// Volumes as labels: "Volume 70%".
public enum VolumeFormat {
    /// `level` (0…1) as a percentage.
    public static func label(_ level: Double) -> String { "Volume \(Int((level * 100).rounded()))%" }
}

/// Brightness levels as labels: "Brightness +20", "Brightness 0", "Brightness -35".
public enum BrightnessFormat {
    /// `level` (−100…100) rounded to a whole number, with its sign.
    public static func label(_ level: Double) -> String {
        let rounded = Int(level.rounded())
        return "Brightness " + (rounded > 0 ? "+\(rounded)" : "\(rounded)")
    }
}
