#!/usr/bin/env bash
# Builds the Debian package: highlightd_VERSION_ARCH.deb with the binary in /usr/bin, the
# manual page, shell completions, the Neovim, Vim and Emacs plugins in their system folders
# (Emacs loads it from /etc/emacs/site-start.d), a copyright file and a changelog; Depends
# computed by dpkg-shlibdeps from the libraries the binary links, plus those it opens on first
# use. Prints the package's path.
#
#   scripts/package-deb.sh [--output DIR] [--binary PATH]
#
# --output  where to write the package (default dist/)
# --binary  package this binary instead of building one (scripts/build-release.sh)
#
# The maintainer is $DEBFULLNAME <$DEBEMAIL> (Debian's convention), else the author of the
# checked-out commit.
set -euo pipefail
cd "$(dirname "$0")/.."

output=dist
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package-deb.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
if [ -z "$binary" ]; then
    scripts/build-release.sh
    binary="$(scripts/build-release.sh --print-path)"
fi

maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/DaemonCore/HighlightdVersion.swift)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package="$work/package"
mkdir -p "$package"

# Debian ships binaries without debugging symbols (lintian: unstripped-binary-or-object).
stripped="$work/highlightd"
strip --strip-unneeded --remove-section=.comment --remove-section=.note -o "$stripped" "$binary"
scripts/stage-files.sh --binary "$stripped" --into "$package" --layout debian

doc="$package/usr/share/doc/highlightd"
install -d -m 755 "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: highlightd
Source: the highlightd source tree

Files: *
Copyright: 2026 the highlightd authors
License: highlightd
 Built from the highlightd source tree; its own code, grammars and themes. The binary
 links Debian's PCRE2, Oniguruma, ICU, HarfBuzz, fontconfig, libpsl, libxml2 and zlib
 dynamically; their licences are in their own packages' copyright files. It carries the
 Swift runtime and Foundation (Apache-2.0 with Runtime Library Exception), whose terms are
 in /usr/share/common-licenses/Apache-2.0.
COPYRIGHT
date=$(date -R)
# A native package (no Debian revision): its changelog is changelog.gz.
printf 'highlightd (%s) unstable; urgency=medium\n\n  * Package built from the source tree.\n\n -- %s  %s\n' \
    "$version" "$maintainer" "$date" | gzip -9 -n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"
# Yams, the YAML reader grammars may be written in, carries its own copy of libyaml (lintian's
# embedded-library); Debian's libyaml cannot stand in for it.
overrides="$package/usr/share/lintian/overrides"
install -d -m 755 "$overrides"
echo "highlightd: embedded-library libyaml [usr/bin/highlightd]" > "$overrides/highlightd"
chmod 644 "$overrides/highlightd"

# Depends from the libraries the binary links (dpkg-shlibdeps wants a debian/control).
mkdir -p "$work/source/debian"
printf 'Source: highlightd\n\nPackage: highlightd\nArchitecture: any\n' > "$work/source/debian/control"
depends=$(cd "$work/source" && dpkg-shlibdeps -O "$package/usr/bin/highlightd" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')
# ICU, HarfBuzz, fontconfig and libpsl are opened when first needed (`CLibrary`), not
# linked, so dpkg-shlibdeps does not see them: each one's package, at the version its shlibs
# file asks for, is added by hand. ICU's soname carries the major version built against.
icu=$(pkg-config --modversion icu-uc | cut -d. -f1)
for soname in "libicuuc.so.$icu" libharfbuzz.so.0 libfontconfig.so.1 libpsl.so.5; do
    name=${soname%%.so.*}
    major=${soname##*.so.}
    dependency=$(awk -v name="$name" -v major="$major" \
        '$1 == name && $2 == major { $1 = $2 = ""; sub(/^ +/, ""); print; exit }' /var/lib/dpkg/info/*.shlibs)
    if [ -z "$dependency" ]; then
        echo "package-deb: no installed package provides $soname" >&2
        exit 1
    fi
    depends="$depends, $dependency"
done

# A binary with packed relative relocations (scripts/build-release.sh) needs the loader of
# glibc 2.36, which dpkg-shlibdeps does not infer from its GLIBC_ABI_DT_RELR version.
# (grep reads all of readelf's output: with -q it can stop first, and under pipefail readelf's
# SIGPIPE then fails the pipeline, leaving the version at 2.35; seen once.)
if readelf -V "$package/usr/bin/highlightd" | grep GLIBC_ABI_DT_RELR > /dev/null; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6 \(>= [0-9.]+\)/libc6 (>= 2.36)/')
fi

installed_size=$(du -sk --exclude=DEBIAN "$package" | cut -f1)
install -d -m 755 "$package/DEBIAN"
cat > "$package/DEBIAN/control" <<CONTROL
Package: highlightd
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: vim-nox | neovim | emacs-nox
Section: editors
Priority: optional
Homepage: https://github.com/highlightd/highlightd
Description: syntax-highlighting text storage daemon
 Editors start highlightd and talk JSON-RPC to it; it keeps each open document
 as a text storage, re-highlights only the edited paragraphs with TextMate
 grammars, finds links, and streams attribute changes back. It is also a
 language server for semantic tokens and document links, and a command-line
 highlighter (ANSI, HTML, JSON). Grammars and themes are built in; VS Code
 extensions add more. Plugins for Neovim, Vim and Emacs are included.
CONTROL
echo "/etc/emacs/site-start.d/50highlightd.el" > "$package/DEBIAN/conffiles"
(cd "$package" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort \
    | xargs md5sum) > "$package/DEBIAN/md5sums"
chmod 644 "$package/DEBIAN/control" "$package/DEBIAN/conffiles" "$package/DEBIAN/md5sums"
find "$package" -type d -exec chmod 755 {} +

mkdir -p "$output"
deb="$(cd "$output" && pwd)/highlightd_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$package" "$deb" >&2
echo "$deb"
