/// The core's values are the protocol's types (`Day`, `Morning.TaskState`,
/// `Morning.Error`), so whoever imports the core has them too.
@_exported import MorningProtocol
