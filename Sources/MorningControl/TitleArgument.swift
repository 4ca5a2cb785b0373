import MorningProtocol

/// Titles far longer than any title may be are refused by bmctl itself.
///
/// bmd judges every title, but a call must fit in one frame of at most 64 KiB: a 64 KiB
/// title sent whole would end in a protocol error instead of "too long". A title of
/// more than `sendLimit` characters cannot be valid (far more than
/// `Morning.routineTitleLength` and `Morning.taskTitleLength` allow), so it is refused here with the words bmd uses.
enum TitleArgument {
    static let sendLimit = 1_000

    enum Kind {
        case routine, task

        var rule: String {
            switch self {
            case .routine: "a routine's title has \(Morning.routineTitleLength.lowerBound) to \(Morning.routineTitleLength.upperBound) characters"
            case .task: "a task's title has \(Morning.taskTitleLength.lowerBound) to \(Morning.taskTitleLength.upperBound) characters"
            }
        }
    }

    static func check(_ title: String, _ kind: Kind) throws(ControlFailure) {
        let count = title.count
        guard count <= sendLimit else {
            throw .refused("\(kind.rule); this one has \(count), far too long")
        }
    }
}
