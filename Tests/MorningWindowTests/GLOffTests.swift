import Glibc
@testable import MorningWindow
import Testing

/// When the window keeps GTK from setting up OpenGL: asked for cairo, or left to choose on
/// a machine whose GL could only be software.
@Suite struct GLOffTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let renderer: String?
        let gdkDebug: String?
        let hasRenderNode: Bool
        let keepsOff: Bool
        var testDescription: String {
            "GSK_RENDERER=\(renderer ?? "unset") GDK_DEBUG=\(gdkDebug ?? "unset") \(hasRenderNode ? "GPU" : "no GPU")"
        }
    }

    static let cases: [Case] = [
        // Cairo asked for: GL is never used, so it is never set up.
        Case(renderer: "cairo", gdkDebug: nil, hasRenderNode: true, keepsOff: true),
        Case(renderer: "cairo", gdkDebug: nil, hasRenderNode: false, keepsOff: true),
        // Nothing asked: a GPU draws with GL; without one GL would be llvmpipe, and cairo draws.
        Case(renderer: nil, gdkDebug: nil, hasRenderNode: true, keepsOff: false),
        Case(renderer: nil, gdkDebug: nil, hasRenderNode: false, keepsOff: true),
        Case(renderer: "", gdkDebug: nil, hasRenderNode: false, keepsOff: true),
        Case(renderer: "", gdkDebug: nil, hasRenderNode: true, keepsOff: false),
        // A renderer the person named is theirs, GPU or not.
        Case(renderer: "gl", gdkDebug: nil, hasRenderNode: false, keepsOff: false),
        Case(renderer: "ngl", gdkDebug: nil, hasRenderNode: true, keepsOff: false),
        Case(renderer: "vulkan", gdkDebug: nil, hasRenderNode: false, keepsOff: false),
        // So is a GDK_DEBUG they set: the window never writes over it.
        Case(renderer: "cairo", gdkDebug: "misc", hasRenderNode: false, keepsOff: false),
        Case(renderer: nil, gdkDebug: "", hasRenderNode: false, keepsOff: false),
    ]

    @Test("GL is kept off when cairo is asked for, or when nothing is asked and there is no GPU", arguments: cases)
    func decision(_ c: Case) {
        var asked = false
        #expect(GLOff.keepsGLOff(renderer: c.renderer, gdkDebug: c.gdkDebug,
                                 hasRenderNode: { asked = true; return c.hasRenderNode }) == c.keepsOff)
        // /dev/dri is read only when nothing the person set decides.
        #expect(asked == ((c.renderer ?? "").isEmpty && c.gdkDebug == nil))
    }

    @Test("a render node in the folder is a GPU; a card alone, or no folder, is none")
    func renderNodes() throws {
        var template = Array("/tmp/bm-dri-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = rmdir(folder) }
        #expect(!GLOff.hasUsableRenderNode(in: folder + "/missing"))
        #expect(!GLOff.hasUsableRenderNode(in: folder))
        // A display controller without a render node (simpledrm, a plain virtual GPU): Mesa draws in software.
        let card = folder + "/card0"
        close(open(card, O_CREAT | O_WRONLY, 0o600))
        defer { unlink(card) }
        #expect(!GLOff.hasUsableRenderNode(in: folder))
        let node = folder + "/renderD128"
        close(open(node, O_CREAT | O_WRONLY, 0o600))
        defer { unlink(node) }
        #expect(GLOff.hasUsableRenderNode(in: folder))
    }
}
