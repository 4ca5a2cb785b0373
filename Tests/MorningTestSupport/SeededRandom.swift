import Foundation

/// A random number generator that a seed fully decides (SplitMix64): the same sequence
/// for the same seed on every machine, so a randomized test that fails can be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    /// A number in `0..<n`.
    public mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) } }
}

/// The fuzz tests' run: one fixed seed, so that `make test` repeats itself, unless
/// `BM_FUZZ_SEED` (decimal or 0x hex) replays another; `BM_FUZZ_SCALE=<n>` runs n times
/// as many cases, for a longer hunt by hand.
public enum FuzzRun {
    public static let seed: UInt64 = {
        let fixed: UInt64 = 0x6D6F_726E_696E_67
        guard let text = ProcessInfo.processInfo.environment["BM_FUZZ_SEED"] else { return fixed }
        return (text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)) ?? fixed
    }()
    public static let scale = Int(ProcessInfo.processInfo.environment["BM_FUZZ_SCALE"] ?? "") ?? 1

    /// A generator per test, so that each test's cases do not depend on the others'.
    public static func random(_ salt: UInt64) -> SeededRandom { SeededRandom(seed: seed ^ (salt &* 0x1000_0000_01B3)) }
    /// What a failure message says to replay the run.
    public static var tag: String { "seed \(seed) (BM_FUZZ_SEED=\(seed) replays)" }
}

/// The seed of a randomized test that roams (crash loop, load): a fresh one each run,
/// unless `BM_TEST_SEED` replays one.
public func testSeed() -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["BM_TEST_SEED"], let seed = UInt64(text) { return seed }
    return UInt64.random(in: 1...UInt64.max)
}

extension SeededRandom {
    /// A short string of what JSON escaping must get right: control characters, quotes,
    /// backslashes, slashes, line separators and any other scalar below the surrogates.
    public mutating func textToEscape() -> String {
        let length = below(12)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            switch below(6) {
            case 0: scalars.append(Unicode.Scalar(UInt8(below(0x20))))
            case 1: scalars.append(pick(["\"", "\\", "/", "\u{7f}", "\u{2028}", "é", "✓", "😀"].map { $0.unicodeScalars.first! }))
            case 2: scalars.append(Unicode.Scalar(UInt32(0x80 + below(0xD7FF - 0x80)))!)
            default: scalars.append(Unicode.Scalar(UInt8(0x20 + below(0x5F))))
            }
        }
        return String(scalars)
    }
}
