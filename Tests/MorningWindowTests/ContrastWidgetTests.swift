import CAdwaita
import Glibc
@testable import MorningWindow
import Testing

/// Every date on the Today page's scroller reads at 4.5:1 or more against what is behind
/// it, in light and in dark style, as GTK draws it: the test draws each date as the
/// window does and measures the colours it drew.
@Suite(.serialized) @MainActor struct ContrastWidgetTests {
    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    @Test("past, today, upcoming and the chosen upcoming date all read at 4.5:1, in light and dark style",
          arguments: [ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK])
    func datesReadable(scheme: AdwColorScheme) throws {
        let manager = adw_style_manager_get_default()
        adw_style_manager_set_color_scheme(manager, scheme)
        defer { adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT) }
        // The colours at rest, not halfway through the theme's transitions.
        animations(false)
        defer { animations(true) }
        let dark = scheme == ADW_COLOR_SCHEME_FORCE_DARK
        let w = WindowWidgetTests.Window()
        defer { w.close() }
        func date(_ iso: String) -> UnsafeMutablePointer<GtkWidget> { w.today.dateButtons.first { $0.day.description == iso }!.button.pointer }
        // The chosen date: an upcoming one.
        gtk_widget_activate(date("2026-11-27"))
        #expect(spin { w.controller.model.shownDay?.date == "2026-11-27" })
        // The style is the scheme's, and drawn, once the window's background is.
        #expect(spin { (luminance(windowBackground(w.window)) < 0.2) == dark && drawn(date("2026-11-27")) })
        for (iso, what) in [("2026-11-22", "a past date"), ("2026-11-25", "today"), ("2026-11-26", "an upcoming date"),
                            ("2026-11-27", "the chosen upcoming date")] {
            let ratio = try #require(contrast(of: date(iso), over: windowBackground(w.window)), "\(what) drew nothing")
            #expect(ratio >= 4.5, "\(what) reads at \(ratio):1 in \(dark ? "dark" : "light") style")
        }
    }

    /// Turns GTK's animations (the theme's colour transitions among them) on or off.
    func animations(_ on: Bool) {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(UnsafeMutableRawPointer(gtk_settings_get_default()).assumingMemoryBound(to: GObject.self),
                              "gtk-enable-animations", &value)
    }

    /// Whether `widget` has been laid out and drawn.
    func drawn(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_width(widget) > 0
    }

    /// The window's background colour as the theme resolves it now.
    func windowBackground(_ window: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        var color = GdkRGBA()
        gtk_style_context_lookup_color(gtk_widget_get_style_context(window), "window_bg_color", &color)
        return color
    }

    /// The contrast of the text `widget` draws against its background: the widget drawn
    /// over the window's background, its background the colour it drew most, its text
    /// the colour farthest from that (a glyph's stem, where antialiasing leaves the
    /// colour whole).
    func contrast(of widget: UnsafeMutablePointer<GtkWidget>, over background: GdkRGBA) -> Double? {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0 else { return nil }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        // The paintable holds what the widget drew at its next frame.
        gtk_widget_queue_draw(widget)
        var drawing: OpaquePointer?
        _ = spin {
            let snapshot = gtk_snapshot_new()!
            gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
            drawing = gtk_snapshot_free_to_node(snapshot)
            return drawing != nil
        }
        guard let node = drawing else { return nil }
        defer { gsk_render_node_unref(node) }
        // Over the window's background, in the renderer the window draws with.
        var rect = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        var back = background
        var layers: [OpaquePointer?] = [gsk_color_node_new(&back, &rect), node]
        let whole = gsk_container_node_new(&layers, 2)!
        defer { gsk_render_node_unref(layers[0]); gsk_render_node_unref(whole) }
        guard let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget)),
              let texture = gsk_renderer_render_texture(renderer, whole, &rect) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        // Each pixel as 0xAARRGGBB (Cairo's ARGB32), whole over the opaque background.
        let columns = Int(gdk_texture_get_width(texture)), rows = Int(gdk_texture_get_height(texture))
        var pixels = [UInt32](repeating: 0, count: columns * rows)
        pixels.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(columns * 4)) }
        var counts: [UInt32: Int] = [:]
        for pixel in pixels { counts[pixel & 0xFFFFFF, default: 0] += 1 }
        guard let most = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        let backLight = luminance(most)
        let ratios = counts.keys.map { pixel in
            let light = luminance(pixel)
            return (max(light, backLight) + 0.05) / (min(light, backLight) + 0.05)
        }
        return ratios.max()
    }
}

/// The relative luminance of a colour (WCAG's formula).
func luminance(red: Double, green: Double, blue: Double) -> Double {
    func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
}

func luminance(_ pixel: UInt32) -> Double {
    luminance(red: Double((pixel >> 16) & 0xFF) / 255, green: Double((pixel >> 8) & 0xFF) / 255, blue: Double(pixel & 0xFF) / 255)
}

func luminance(_ color: GdkRGBA) -> Double {
    luminance(red: Double(color.red), green: Double(color.green), blue: Double(color.blue))
}
