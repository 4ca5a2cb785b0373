import MorningProtocol

/// The Routines page's calls to bmd, each answered as a `RoutinesEvent`; a change's
/// refusal goes to the page too, to be said where the person made it.
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
            call(Morning.Call.activate(routine: routine), refusals: .routines) { .routines(.activated($0)) }
        case .draftTitle(let title):
            call(Morning.Call.draftTitle(title: title), refusals: .routines) { .routines(.titled($0)) }
        case .draftAdd(let time, let title):
            call(Morning.Call.draftAdd(time: time, title: title), refusals: .routines) { .routines(.added($0)) }
        case .draftRemove(let position):
            call(Morning.Call.draftRemove(position: position), refusals: .routines) { .routines(.removed($0)) }
        case .draftSave:
            call(Morning.Call.draftSave(), refusals: .routines) { .routines(.saved($0)) }
        case .draftDiscard:
            call(Morning.Call.draftDiscard(), refusals: .routines) { .routines(.discarded($0)) }
        }
    }
}
