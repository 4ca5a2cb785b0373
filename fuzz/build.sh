#!/bin/sh
# Builds the libFuzzer target for the varlink frame splitter and call decoders
# (fuzz/FrameFuzzer.swift) with swiftc directly, outside SwiftPM, and runs it.
#
#   fuzz/build.sh            build, then fuzz for 60 s
#   fuzz/build.sh 600        build, then fuzz for 600 s
#   fuzz/build.sh 0          build only
#
# Crashing inputs land in fuzz/artifacts/; the corpus grows in fuzz/corpus/ (seeded
# from fuzz/seeds/). Keep a crashing input as a regression case in
# Tests/VarlinkTests/FrameFuzzTests.swift once it is fixed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$root/.build-fuzz/libfuzzer"
mkdir -p "$out" "$here/corpus" "$here/artifacts"

# The runtime first, as a module of its own that the binding imports; then the binding
# and the entry point, linked with it.
(cd "$out" && swiftc -Onone -g -parse-as-library -module-name Varlink -sanitize=fuzzer,address \
    -emit-module -emit-module-path "$out/Varlink.swiftmodule" -c "$root"/Sources/Varlink/*.swift)
swiftc -Onone -g -parse-as-library -module-name FrameFuzzer -sanitize=fuzzer,address -I "$out" \
    "$root"/Sources/MorningProtocol/*.swift "$here/FrameFuzzer.swift" "$out"/*.o \
    -o "$out/frame-fuzzer"
echo "built $out/frame-fuzzer"

seconds=${1:-60}
[ "$seconds" = 0 ] && exit 0
cp -n "$here"/seeds/* "$here/corpus/" 2>/dev/null || true
"$out/frame-fuzzer" -max_total_time="$seconds" -max_len=70000 -rss_limit_mb=2048 \
    -artifact_prefix="$here/artifacts/" "$here/corpus"
