#!/usr/bin/env bash
# Lays out every file highlightd installs under a staging root, at its final absolute path:
# the binary, the manual page, shell completions and the three editor plugins. Shared by
# scripts/install.sh (a user or local prefix) and scripts/package-deb.sh (the Debian paths).
#
#   scripts/stage-files.sh --binary PATH --into ROOT --layout user|debian [--prefix DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

binary="" into="" layout="user" prefix=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        --into) into="$2"; shift 2 ;;
        --layout) layout="$2"; shift 2 ;;
        --prefix) prefix="$2"; shift 2 ;;
        *) echo "stage-files.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
[ -x "$binary" ] && [ -n "$into" ] || { echo "stage-files.sh: needs --binary and --into" >&2; exit 64; }

case "$layout" in
    debian)
        prefix=/usr
        vim_pack=/usr/share/vim/vimfiles/pack/highlightd/start/highlightd
        zsh_dir=/usr/share/zsh/vendor-completions
        ;;
    user)
        [ -n "$prefix" ] || { echo "stage-files.sh: --layout user needs --prefix" >&2; exit 64; }
        # Vim reads ~/.vim/pack by itself; other prefixes get the system-style folder.
        case "$prefix/" in
            "$HOME"/*) vim_pack="$HOME/.vim/pack/highlightd/start/highlightd" ;;
            *) vim_pack="$prefix/share/vim/vimfiles/pack/highlightd/start/highlightd" ;;
        esac
        zsh_dir="$prefix/share/zsh/site-functions"
        ;;
    *) echo "stage-files.sh: --layout is user or debian" >&2; exit 64 ;;
esac

put() { # put MODE SOURCE TARGET: copy a file to its place under the staging root.
    install -D -m "$1" "$2" "$into$3"
}
put_tree() { # put_tree SOURCE_DIR TARGET_DIR: every file of a plugin folder, 644.
    (cd "$1" && find . -type f ! -name '*.orig' | sort) | while IFS= read -r file; do
        put 644 "$1/$file" "$2/${file#./}"
    done
}

put 755 "$binary" "$prefix/bin/highlightd"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 scripts/manpage.py "$binary" > "$scratch/highlightd.1"
gzip -9 -n -c "$scratch/highlightd.1" > "$scratch/highlightd.1.gz"
put 644 "$scratch/highlightd.1.gz" "$prefix/share/man/man1/highlightd.1.gz"

# bash-completion files are sourced, not run: no #! line.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$scratch/bash"
"$binary" --generate-completion-script zsh > "$scratch/zsh"
"$binary" --generate-completion-script fish > "$scratch/fish"
put 644 "$scratch/bash" "$prefix/share/bash-completion/completions/highlightd"
put 644 "$scratch/zsh" "$zsh_dir/_highlightd"
put 644 "$scratch/fish" "$prefix/share/fish/vendor_completions.d/highlightd.fish"

put_tree editors/neovim "$prefix/share/nvim/site/pack/highlightd/start/highlightd"
put_tree editors/vim "$vim_pack"
put_tree editors/emacs "$prefix/share/emacs/site-lisp/highlightd"
# Byte-compiled, as package.el would: the plugin runs several times faster on large files.
if command -v emacs > /dev/null; then
    compiled="$scratch/emacs"
    cp -r editors/emacs "$compiled"
    emacs -Q --batch -L "$compiled" -f batch-byte-compile "$compiled"/*.el > /dev/null 2>&1
    for file in "$compiled"/*.elc; do
        put 644 "$file" "$prefix/share/emacs/site-lisp/highlightd/$(basename "$file")"
    done
fi

# Emacs: an autoloads file that puts the plugin on load-path and autoloads its modes; the
# Debian package also loads it at start-up from site-start.d.
cat > "$scratch/highlightd-autoloads.el" <<'ELISP'
;;; highlightd-autoloads.el --- load-path and autoloads for highlightd  -*- lexical-binding: t -*-
;;; Commentary:
;; Load this file (the Debian package does, from /etc/emacs/site-start.d) to put highlightd
;; on `load-path'; then (global-highlightd-mode 1) turns it on everywhere.
;;; Code:
(add-to-list 'load-path (directory-file-name (file-name-directory (or load-file-name buffer-file-name))))
(autoload 'highlightd-mode "highlightd" "Highlight this buffer with the highlightd daemon." t)
(autoload 'global-highlightd-mode "highlightd" "Toggle highlightd in every buffer it can highlight." t)
(provide 'highlightd-autoloads)
;;; highlightd-autoloads.el ends here
ELISP
put 644 "$scratch/highlightd-autoloads.el" "$prefix/share/emacs/site-lisp/highlightd/highlightd-autoloads.el"

if [ "$layout" = debian ]; then
    cat > "$scratch/50highlightd.el" <<'ELISP'
;;; 50highlightd.el --- put the highlightd plugin on Emacs's load-path  -*- lexical-binding: t -*-
(let ((autoloads "/usr/share/emacs/site-lisp/highlightd/highlightd-autoloads.el"))
  (when (file-readable-p autoloads) (load autoloads nil t)))
ELISP
    put 644 "$scratch/50highlightd.el" "/etc/emacs/site-start.d/50highlightd.el"
fi
