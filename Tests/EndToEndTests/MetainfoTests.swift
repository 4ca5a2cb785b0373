import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The window's AppStream metainfo, as a software centre shows its page.
// Rule U4: it ships with AppStream metainfo.
@Suite("The window's software centre page")
struct MetainfoTests {
    static let path = packageRoot.appendingPathComponent("packaging/window/org.bettermorning.BetterMorning.metainfo.xml").path

    @Test("the page has captioned screenshots of pictures the project makes, notes for each release, a bug tracker, the source and the app's colours")
    func pageIsWhole() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let document = try XMLDocument(xmlString: text)
        func nodes(_ path: String) throws -> [XMLNode] { try document.nodes(forXPath: path) }
        let screenshots = try nodes("/component/screenshots/screenshot")
        #expect(screenshots.count >= 3)
        for screenshot in screenshots {
            let caption = try screenshot.nodes(forXPath: "caption").first?.stringValue ?? ""
            let image = try screenshot.nodes(forXPath: "image").first?.stringValue ?? ""
            #expect(!caption.isEmpty, "a screenshot without a caption: \(image)")
            let picture = packageRoot.appendingPathComponent("docs/pictures/" + (image.split(separator: "/").last.map(String.init) ?? ""))
            #expect(FileManager.default.fileExists(atPath: picture.path), "\(image) is no picture scripts/make-pictures makes")
        }
        #expect(try nodes("/component/screenshots/screenshot[@type='default']").count == 1)
        let releases = try nodes("/component/releases/release")
        #expect(!releases.isEmpty)
        for release in releases {
            #expect(try !release.nodes(forXPath: "description/*").isEmpty, "release \(release) has no notes")
        }
        for kind in ["homepage", "bugtracker", "vcs-browser"] {
            #expect(try nodes("/component/url[@type='\(kind)']").count == 1, "no \(kind) address")
        }
        for scheme in ["light", "dark"] {
            #expect(try nodes("/component/branding/color[@type='primary'][@scheme_preference='\(scheme)']").count == 1,
                    "no \(scheme) colour")
        }
    }

    @Test("appstreamcli's pedantic check finds nothing but the capitals of the reverse-DNS id",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/appstreamcli")))
    func pedantic() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        var env = box.baseEnvironment
        env["LANG"] = "C.UTF-8"
        let checked = try box.run("/usr/bin/appstreamcli", ["validate", "--pedantic", "--no-net", Self.path], environment: env)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let findings = checked.stdout.split(separator: "\n").filter { $0.count > 2 && $0.dropFirst().hasPrefix(": ") }
        #expect(findings.allSatisfy { $0.contains("cid-contains-uppercase-letter") }, "\(checked.stdout)")
    }
}
