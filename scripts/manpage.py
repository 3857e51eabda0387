#!/usr/bin/env python3
"""Writes highlightd(1) in roff from the command's own help model
(`highlightd --experimental-dump-help`, swift-argument-parser's description of every
subcommand, option and argument), so the manual says what `--help` says.

    scripts/manpage.py BINARY > highlightd.1
"""
import datetime
import json
import subprocess
import sys


def escape(text: str) -> str:
    """Text as roff: backslashes doubled, a leading dot or quote kept literal."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line[:1] in (".", "'") else line for line in text.split("\n"))


def synopsis(argument: dict) -> str:
    if argument["kind"] == "positional":
        text = f"\\fI{argument['valueName']}\\fR" + ("..." if argument.get("isRepeating") else "")
    else:
        name = argument["preferredName"]
        dashes = "-" if name["kind"] == "short" else "--"
        text = f"\\fB{dashes}{escape(name['name'])}\\fR"
        if argument["kind"] == "option":
            text += f" \\fI{escape(argument.get('valueName', 'value'))}\\fR"
    return f"[{text}]" if argument.get("isOptional") else text


def argument_lines(argument: dict) -> list:
    if argument["kind"] == "positional":
        label = f"\\fI{argument['valueName']}\\fR"
    else:
        names = []
        for name in argument.get("names", []):
            dashes = "-" if name["kind"] == "short" else "--"
            names.append(f"\\fB{dashes}{escape(name['name'])}\\fR")
        label = ", ".join(names)
        if argument["kind"] == "option":
            label += f" \\fI{escape(argument.get('valueName', 'value'))}\\fR"
    lines = [".TP", label]
    about = argument.get("abstract", "")
    if argument.get("defaultValue"):
        about += f" (default: {argument['defaultValue']})"
    if argument.get("allValues"):
        about += " Values: " + ", ".join(argument["allValues"]) + "."
    lines.append(escape(about) if about else "")
    return lines


def main() -> None:
    binary = sys.argv[1]
    tool = json.loads(subprocess.run([binary, "--experimental-dump-help"], capture_output=True, check=True).stdout)
    command = tool["command"]
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    date = datetime.date.today().isoformat()
    out = [
        f'.TH HIGHLIGHTD 1 "{date}" "highlightd {version}" "User Commands"',
        ".SH NAME",
        f"highlightd \\- {escape(command['abstract'])}",
        ".SH SYNOPSIS",
        ".B highlightd",
        "\\fIsubcommand\\fR [\\fIoptions\\fR]",
        ".br",
        ".B highlightd",
        "\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR",
        ".SH DESCRIPTION",
        escape(command.get("discussion", "")),
    ]
    for sub in command.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        arguments = [a for a in sub.get("arguments", []) if a.get("shouldDisplay", True)]
        visible = [a for a in arguments if a["valueName"] not in ("help", "version")]
        out += [
            f".SH {escape(sub['commandName']).upper()}",
            f".B highlightd {escape(sub['commandName'])}",
            " ".join(synopsis(a) for a in visible),
            ".PP",
            escape(sub.get("abstract", "")),
        ]
        if sub.get("discussion"):
            out += [".PP", escape(sub["discussion"])]
        for argument in visible:
            out += argument_lines(argument)
    out += [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBHIGHLIGHTD_GRAMMARS\\fR",
        "A Grammars folder (languages.json, Languages/, Themes/) to use instead of the grammars built into the binary.",
        ".TP",
        "\\fBNO_COLOR\\fR, \\fBCOLORTERM\\fR",
        "NO_COLOR turns terminal colour off; COLORTERM=truecolor or 24bit allows 24\\-bit colour on a terminal (else 256 colours).",
        ".SH FILES",
        "VS Code extensions are read from the paths given with \\fB\\-\\-extensions\\fR, and with "
        "\\fB\\-\\-vscode\\-extensions auto\\fR from ~/.vscode/extensions, ~/.vscode\\-oss/extensions, "
        "~/.vscode\\-server/extensions and an installed VS Code's resources/app/extensions. Unpacked .vsix files are "
        "cached in $XDG_CACHE_HOME/highlightd/vsix.",
        ".SH SEE ALSO",
        "The protocol of \\fBhighlightd serve\\fR: docs/PROTOCOL.md in the source tree.",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
