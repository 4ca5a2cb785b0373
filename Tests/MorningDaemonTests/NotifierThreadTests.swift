import Foundation
@testable import MorningDaemon
import Testing

/// The notifier's thread: jobs in order, and no thread kept while nothing needs one.
@Suite struct NotifierThreadTests {
    /// Runs a job on `thread` and waits for it; returns whether it ran on a thread an
    /// earlier job of this test ran on (each marks its thread).
    static func runsOnEarlierThread(_ thread: NotifierThread, mark: String) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let ran = Box()
        thread.submit {
            let dictionary = Thread.current.threadDictionary
            ran.seen = dictionary[mark] != nil
            dictionary[mark] = true
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        return ran.seen
    }

    final class Box: @unchecked Sendable { var seen = false }

    @Test("before GLib is loaded the thread ends once its jobs are done, and the next job starts another")
    func endsWhenIdle() {
        let ends = DispatchSemaphore(value: 0)
        let thread = NotifierThread(name: "test notifier", keepsRunning: { false }, ended: { ends.signal() })
        let mark = UUID().uuidString
        #expect(!Self.runsOnEarlierThread(thread, mark: mark))
        // A bound on a wait that ends at once, so that a thread that stays fails rather than hangs.
        #expect(ends.wait(timeout: .now() + 10) == .success, "the thread did not end")
        #expect(!Self.runsOnEarlierThread(thread, mark: mark))
        #expect(ends.wait(timeout: .now() + 10) == .success, "the thread did not end")
        thread.stop()
    }

    @Test("once GLib is loaded the thread stays: every job runs on the same one")
    func staysOnceLoaded() {
        let thread = NotifierThread(name: "test notifier", keepsRunning: { true })
        let mark = UUID().uuidString
        #expect(!Self.runsOnEarlierThread(thread, mark: mark))
        #expect(Self.runsOnEarlierThread(thread, mark: mark))
        thread.stop()
    }

    @Test("jobs submitted together run one after another, in order")
    func inOrder() {
        let thread = NotifierThread(name: "test notifier", keepsRunning: { false })
        let order = Order()
        let done = DispatchSemaphore(value: 0)
        for index in 0..<20 {
            thread.submit {
                order.append(index)
                if index == 19 { done.signal() }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(order.values == Array(0..<20))
        thread.stop()
    }

    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int] = []
        func append(_ value: Int) { lock.withLock { list.append(value) } }
        var values: [Int] { lock.withLock { list } }
    }
}
