import MorningProtocol

/// The Routines page's calls to bmd, each answered as a `RoutinesEvent`.
extension BmdLink {
    func run(routines effect: RoutinesEffect) {
        switch effect {
        case .loadCatalog:
            call(Morning.Call.explore()) { .routines(.catalog($0.routines)) }
        case .loadOwn:
            call(Morning.Call.stats()) { .routines(.own($0.routines)) }
        case .loadDraft:
            call(Morning.Call.draftShow()) { .routines(.draft($0)) }
        case .activate(let routine):
            call(Morning.Call.activate(routine: routine)) { .routines(.activated($0)) }
        case .draftTitle(let title):
            call(Morning.Call.draftTitle(title: title)) { .routines(.titled($0)) }
        case .draftAdd(let time, let title):
            call(Morning.Call.draftAdd(time: time, title: title)) { .routines(.added($0)) }
        case .draftRemove(let position):
            call(Morning.Call.draftRemove(position: position)) { .routines(.removed($0)) }
        case .draftSave:
            call(Morning.Call.draftSave()) { .routines(.saved($0)) }
        case .draftDiscard:
            call(Morning.Call.draftDiscard()) { .routines(.discarded($0)) }
        }
    }
}
