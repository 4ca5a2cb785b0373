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
# Tests/MorningProtocolTests/FrameFuzzTests.swift once it is fixed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out="$root/.build-fuzz/libfuzzer"
mkdir -p "$out" "$here/corpus" "$here/artifacts"

# MorningProtocol embeds the interface file as SwiftPM's PackageResources; stand in for it.
{
    printf 'enum PackageResources {\n    static let org_bettermorning_Morning_varlink: [UInt8] = Array(#"""\n'
    cat "$root/Sources/MorningProtocol/org.bettermorning.Morning.varlink"
    printf '"""#.utf8)\n}\n'
} > "$out/Resources.swift"

swiftc -Onone -g -parse-as-library -module-name FrameFuzzer \
    -sanitize=fuzzer,address \
    "$root"/Sources/MorningProtocol/*.swift "$out/Resources.swift" "$here/FrameFuzzer.swift" \
    -o "$out/frame-fuzzer"
echo "built $out/frame-fuzzer"

seconds=${1:-60}
[ "$seconds" = 0 ] && exit 0
cp -n "$here"/seeds/* "$here/corpus/" 2>/dev/null || true
"$out/frame-fuzzer" -max_total_time="$seconds" -max_len=70000 -rss_limit_mb=2048 \
    -artifact_prefix="$here/artifacts/" "$here/corpus"
