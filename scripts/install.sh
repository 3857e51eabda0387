#!/usr/bin/env bash
# Installs highlightd for one user or system-wide: the binary, its manual page, shell
# completions, and the Neovim, Vim and Emacs plugins where each editor finds them.
#
#   scripts/install.sh [--prefix DIR] [--binary PATH] [--uninstall]
#
# --prefix   where to install (default ~/.local): DIR/bin/highlightd,
#            DIR/share/man/man1/highlightd.1, DIR/share/{bash-completion,zsh,fish}/…,
#            DIR/share/nvim/site/pack/highlightd/start/highlightd,
#            DIR/share/emacs/site-lisp/highlightd (with highlightd-autoloads.el), and the Vim
#            plugin in ~/.vim/pack/highlightd/start/highlightd for a prefix inside $HOME, else
#            DIR/share/vim/vimfiles/pack/highlightd/start/highlightd.
# --binary   install this binary instead of building one (release, static Swift runtime).
# --uninstall removes exactly what the last install into DIR wrote (its list is kept in
#            DIR/share/highlightd/installed-files).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

prefix="$HOME/.local"
binary=""
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
manifest="$prefix/share/highlightd/installed-files"

if $uninstall; then
    [ -f "$manifest" ] || { echo "install.sh: nothing installed in $prefix (no $manifest)" >&2; exit 1; }
    # The list names files and the folders the install made (its own folder too), sorted:
    # backwards, every file goes before its folder, and a folder goes only if now empty.
    entries=$(tac "$manifest")
    rm -f "$manifest"
    while IFS= read -r path; do
        if [ -d "$path" ] && [ ! -L "$path" ]; then rmdir "$path" 2>/dev/null || true; else rm -f "$path"; fi
    done <<< "$entries"
    echo "install.sh: removed highlightd from $prefix"
    exit 0
fi

if [ -z "$binary" ]; then
    scripts/build-release.sh
    binary="$(scripts/build-release.sh --print-path)"
fi

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
scripts/stage-files.sh --binary "$binary" --into "$staging" --layout user --prefix "$prefix"

# Record every file and every folder this install creates (the list's own folder too), then
# copy; --uninstall walks the list backwards.
mkdir -p "$staging$(dirname "$manifest")"
record=$(mktemp)
(cd "$staging" && find . -mindepth 1 | sort) | while IFS= read -r relative; do
    target="/${relative#./}"
    if [ -d "$staging/$relative" ]; then
        [ -d "$target" ] || { mkdir -p "$target"; echo "$target" >> "$record"; }
    else
        cp -P "$staging/$relative" "$target"
        echo "$target" >> "$record"
    fi
done
mv "$record" "$manifest"
chmod 644 "$manifest"
echo "install.sh: installed highlightd $("$prefix/bin/highlightd" --version) into $prefix"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "install.sh: add $prefix/bin to PATH" ;; esac
