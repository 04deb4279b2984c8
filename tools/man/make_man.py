#!/usr/bin/env python3
"""Writes the manual pages colonial.6 and colonial-judge.6 from the programs' own
--help (and, for the judge, `help COMMAND` of each command), so the pages say what
the programs say: the options, and the controls from the one table of controls
(game/app/input/controls.cpp) that `colonial --help` prints.

    make_man.py COLONIAL COLONIAL_JUDGE OUT_DIR
"""
import re
import subprocess
import sys

DATE = "2026"  # the pages' date: the year of the version they describe


def run(*args):
    out = subprocess.run(args, check=True, capture_output=True, text=True)
    return out.stdout


def roff(text):
    """Text as roff: backslashes, hyphens of options, lines starting with a dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def header(name, version, summary):
    return [
        f'.TH {name.upper()} 6 "{DATE}" "Colonial {version}" "Games"',
        ".SH NAME",
        f"{roff(name)} \\- {roff(summary)}",
    ]


def options(lines):
    """Lines "  --opt ARG   text" and their continuations as .TP entries."""
    out = []
    for line in lines:
        m = re.match(r"^  (-\S+(?: [A-Za-z|,.\[\]]+)?)\s{2,}(.*)$", line)
        if m:
            out += [".TP", f"\\fB{roff(m.group(1))}\\fR", roff(m.group(2))]
        elif line.strip():
            out.append(roff(line.strip()))
    return out


def paragraphs(lines):
    out = []
    for line in lines:
        out.append(".PP" if not line.strip() else roff(line.strip()))
    return out


def colonial_page(binary):
    text = run(binary, "--help").splitlines()
    first = text[0]
    m = re.match(r"^(\S+) (\S+) - (.*)$", first)
    name, version, summary = m.group(1), m.group(2), m.group(3)
    page = header(name, version, summary)
    i = 1
    while not text[i].startswith("usage:"):
        i += 1
    page.append(".SH SYNOPSIS")
    while text[i].strip():
        page += [roff(text[i].replace("usage:", "").strip()), ".br"]
        i += 1
    page.append(".SH OPTIONS")
    opts = []
    i += 1
    while text[i].strip():
        opts.append(text[i])
        i += 1
    page += options(opts)
    controls = text.index("Controls in the window:")
    page.append(".SH DESCRIPTION")
    page += paragraphs(text[i + 1 : controls])
    page.append(".SH CONTROLS")
    page.append("The table of controls the app reads (its help screen shows the same).")
    for line in text[controls + 1 :]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            page.append(f".SS {roff(line.rstrip(':'))}")
        elif line.startswith("    "):
            page.append(roff(line.strip()))
        else:
            page += [".TP", f"\\fI{roff(line.strip())}\\fR"]
    page += [".SH SEE ALSO", "\\fBcolonial\\-judge\\fR(6)"]
    return name, "\n".join(page) + "\n"


def judge_page(binary):
    text = run(binary, "--help").splitlines()
    m = re.match(r"^(\S+) - (.*)$", text[0])
    name, summary = m.group(1), m.group(2)
    version = run(binary, "--version").split()[-1]
    page = header(name, version, summary)
    page.append(".SH SYNOPSIS")
    commands = []
    i = 1
    while not text[i].startswith("usage:"):
        i += 1
    while text[i].strip():
        page += [roff(text[i].replace("usage:", "").strip()), ".br"]
        i += 1
    page.append(".SH COMMANDS")
    for line in text[i:]:
        m = re.match(r"^  ([a-z-]+)\s{2,}(.*)$", line)
        if m:
            commands.append(m.group(1))
    for command in commands:
        help_text = run(binary, "help", command).splitlines()
        page.append(f".SS {roff(command)}")
        page.append(".nf")
        page += [roff(line) for line in help_text]
        page.append(".fi")
    tail = [line for line in text if line.startswith("Exit codes")]
    if tail:
        page += [".SH EXIT STATUS", roff(tail[0])]
    page += [".SH SEE ALSO", "\\fBcolonial\\fR(6)"]
    return name, "\n".join(page) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: make_man.py COLONIAL COLONIAL_JUDGE OUT_DIR")
    for name, page in (colonial_page(sys.argv[1]), judge_page(sys.argv[2])):
        with open(f"{sys.argv[3]}/{name}.6", "w", encoding="utf-8") as f:
            f.write(page)


if __name__ == "__main__":
    main()
