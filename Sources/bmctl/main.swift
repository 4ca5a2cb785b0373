import Glibc
import MorningControl
// ArgumentParser uses FoundationEssentials (an internal import), whose own libraries
// (_FoundationCollections among them) the static link of bmctl takes only from a module
// of the program that imports it: this one does, and calls nothing of it.
import FoundationEssentials

exit(BMCtlMain.run(Array(CommandLine.arguments.dropFirst())))
