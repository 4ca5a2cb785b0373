import VarlinkGenerator

#if canImport(Glibc)
import Glibc
#endif

// varlink-swift INTERFACE-FILE NAMESPACE [--runtime-module MODULE | --in-runtime]
// Prints the Swift binding of the interface file.
/// Writes `text` to standard error.
func complain(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

let usage = "usage: varlink-swift INTERFACE-FILE NAMESPACE [--in-runtime]\n"
var arguments = Array(CommandLine.arguments.dropFirst())
let inRuntime = arguments.contains("--in-runtime")
arguments.removeAll { $0 == "--in-runtime" }
guard arguments.count == 2 else {
    complain(usage)
    exit(2)
}
let path = arguments[0]
guard let file = fopen(path, "r") else {
    complain("varlink-swift: cannot open \(path): \(String(cString: strerror(errno)))\n")
    exit(1)
}
var bytes: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65_536)
while true {
    let n = fread(&chunk, 1, chunk.count, file)
    if n == 0 { break }
    bytes += chunk[..<n]
}
fclose(file)
do {
    let interface = try Interface(parsing: String(decoding: bytes, as: UTF8.self))
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let options = SwiftGenerator.Options(namespace: arguments[1], runtimeModule: inRuntime ? nil : "Varlink", sourceName: name)
    print(SwiftGenerator(interface: interface, options: options).source(), terminator: "")
} catch {
    complain("varlink-swift: \(path): \(error)\n")
    exit(1)
}
