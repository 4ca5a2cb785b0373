import CAdwaita
import Glibc

/// Keeps GTK from setting up OpenGL when the window is to draw with cairo: when the
/// person asks for cairo, and when the machine has no GPU to draw with.
///
/// On X11, GDK sets up GL (through Mesa's EGL or GLX) as it opens the display, whichever
/// renderer then draws: it picks the visual a GL renderer would need. With no GPU that is
/// Mesa's llvmpipe, and LLVM with it, mapped and partly written for the whole session:
/// the smallest libadwaita window drawn with cairo on Xvfb holds 88 MiB (20 MiB written),
/// 29 MiB (6.5 MiB) without GL (bench/window). A window asked to draw with cairo
/// (`GSK_RENDERER=cairo`) never uses that GL, so GDK is told not to set it up
/// (`GDK_DEBUG=gl-disable`, which GTK reads once, as it starts); GSK's renderers are then
/// tried in turn and cairo is the one that works.
///
/// Without a GPU render node (`/dev/dri/renderD*`) the person can use, GL could only be
/// llvmpipe, which draws this window's first frame slower than cairo does and holds
/// more than four times its memory (bench/window); newer GTK releases stop choosing GL on
/// llvmpipe for the same reason. So a window that was told no renderer draws with cairo
/// there too. A GPU the person can use, or a `GSK_RENDERER` other than cairo, leaves GTK
/// to choose.
///
/// The setting is taken back once GTK has started, so that nothing the window starts
/// (bmd, the help viewer) inherits it. A `GDK_DEBUG` the person set is left as it is.
enum GLOff {
    /// Whether GL is to be kept off, from what the person set and, only when nothing they
    /// set decides it, whether a GPU is there.
    static func keepsGLOff(renderer: String?, gdkDebug: String?, hasRenderNode: () -> Bool) -> Bool {
        guard gdkDebug == nil else { return false }
        switch renderer {
        case "cairo": return true
        case nil, "": return !hasRenderNode()
        default: return false
        }
    }

    /// Sets `GDK_DEBUG` when the window is to draw with cairo and the person did not set
    /// it; says whether it did.
    @MainActor
    static func whenDrawingWithCairo() -> Bool {
        let renderer = getenv("GSK_RENDERER").map { String(cString: $0) }
        let gdkDebug = getenv("GDK_DEBUG").map { String(cString: $0) }
        guard keepsGLOff(renderer: renderer, gdkDebug: gdkDebug, hasRenderNode: { hasUsableRenderNode() }) else { return false }
        setenv("GDK_DEBUG", "gl-disable", 1)
        return true
    }

    /// Takes back the `GDK_DEBUG` that `whenDrawingWithCairo` set, once GTK has read its
    /// settings: the window's own children get the environment as it was.
    @MainActor
    static func giveBack() {
        unsetenv("GDK_DEBUG")
    }

    /// Whether `folder` holds a GPU render node this process may open for reading and
    /// writing, as Mesa needs to draw on it.
    static func hasUsableRenderNode(in folder: String = "/dev/dri") -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("renderD"), access(folder + "/" + name, R_OK | W_OK) == 0 { return true }
        }
        return false
    }
}
