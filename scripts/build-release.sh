#!/usr/bin/env bash
# Builds the release binary that install.sh and package-deb.sh ship: optimized, with the
# Swift runtime and Foundation linked statically (the binary then needs only Debian's
# libraries: PCRE2, Oniguruma, ICU, HarfBuzz, fontconfig, libpsl, zlib, libstdc++).
#
#   scripts/build-release.sh              build (in .build-static/)
#   scripts/build-release.sh --print-path print the binary's path
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-static
if [ "${1:-}" = "--print-path" ]; then
    echo "$PWD/$scratch/release/highlightd"
    exit 0
fi
# Linked by lld, with relative relocations packed (DT_RELR) where the C library reads them
# (glibc 2.36 on): the position-independent binary has about 96,000, which gold writes as a
# 2.3 MB table the loader reads at every start; packed, they take 18 KB. `highlightd
# --version` started in 6.2 ms against 6.6–7.1 with gold (perf stat -r 40), a 1.3 KB file
# highlighted in 15.2 ms against 15.7. A packed binary needs glibc 2.36 where it runs, so it
# is only packed where the machine that builds it has that.
link_flags=(-Xswiftc -use-ld=lld)
# Generic types' metadata made through calls to their accessors, not by demangling a name at
# run time: each name demangled asks the runtime whether a type conforms to a protocol, and
# the first answer for each pair scans all 7,100 conformance records of the binary. Those
# scans were 14% of a 1 KB file's `highlight` (3.1 ms of perf-sampled time, 1.7 after; what
# is left is ArgumentParser's reflection, whose field types are always names). It applies to
# every module built from source here, dependencies included; the code grows by 0.3%.
swift_flags=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [ -n "$glibc" ] && [ "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -n1)" = 2.36 ]; then
    link_flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
fi
swift build -c release --product highlightd --static-swift-stdlib --scratch-path "$scratch" \
    "${swift_flags[@]}" "${link_flags[@]}" >&2
