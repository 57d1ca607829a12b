import CCairo
import ReelCanvas

/// One line of text laid out with Pango in DejaVu Sans, for a ``CairoCanvas``.
///
/// Reuses one `PangoLayout` and one font description per ``/ReelCanvas/Font``; sizes are absolute, in the
/// canvas's logical pixels (cairo's transform turns them into device pixels).
final class TextLayout {
    /// The typeface every font request maps to: installed by `fonts-dejavu-core`.
    static let family = "DejaVu Sans"

    private let layout: OpaquePointer
    private let tabularDigits: OpaquePointer
    private let noAttributes: OpaquePointer
    private var descriptions: [Font: OpaquePointer] = [:]

    /// A layout drawing with `context` (`cairo_t *`).
    init(context: OpaquePointer) {
        layout = pango_cairo_create_layout(context)
        tabularDigits = pango_attr_list_new()
        pango_attr_list_insert(tabularDigits, pango_attr_font_features_new("tnum 1"))
        noAttributes = pango_attr_list_new()
    }

    deinit {
        for description in descriptions.values { pango_font_description_free(description) }
        pango_attr_list_unref(tabularDigits)
        pango_attr_list_unref(noAttributes)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Lays `text` out in `font` and returns its size in logical pixels.
    func set(_ text: String, font: Font) -> Size {
        pango_layout_set_font_description(layout, description(for: font))
        pango_layout_set_attributes(layout, font.monospacedDigits ? tabularDigits : noAttributes)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return Size(width: Double(width) / Double(REEL_PANGO_SCALE), height: Double(height) / Double(REEL_PANGO_SCALE))
    }

    /// Draws the text last given to ``set(_:font:)`` with its top left at cairo's current point.
    func show(on context: OpaquePointer) {
        pango_cairo_update_layout(context, layout)
        pango_cairo_show_layout(context, layout)
    }

    private func description(for font: Font) -> OpaquePointer {
        if let description = descriptions[font] { return description }
        let name = font.weight == .bold ? "\(Self.family) Bold" : Self.family
        let description = pango_font_description_from_string(name)!
        pango_font_description_set_absolute_size(description, font.size * Double(REEL_PANGO_SCALE))
        descriptions[font] = description
        return description
    }
}
