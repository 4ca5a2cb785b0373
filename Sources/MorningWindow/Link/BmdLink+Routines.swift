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
        case .draftTitle(let title, let revision):
            call(Morning.Call.draftTitle(title: title, revision: revision), refusals: .routines) { .routines(.titled($0)) }
        case .draftAdd(let time, let title, let revision):
            call(Morning.Call.draftAdd(time: time, title: title, revision: revision), refusals: .routines) { .routines(.added($0)) }
        case .draftRemove(let position, let revision):
            call(Morning.Call.draftRemove(position: position, revision: revision), refusals: .routines) { .routines(.removed($0)) }
        case .draftSave(let revision):
            call(Morning.Call.draftSave(revision: revision), refusals: .routines) { .routines(.saved($0)) }
        case .draftDiscard(let revision):
            call(Morning.Call.draftDiscard(revision: revision), refusals: .routines) { .routines(.discarded($0)) }
        }
    }
}
