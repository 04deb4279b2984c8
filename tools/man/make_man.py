#!/usr/bin/env python3
"""Writes the manual pages colonial.6 and colonial-judge.6 from the programs' own
--help (and, for the judge, `help COMMAND` of each command), so the pages say what
the programs say: the options, and the controls from the one table of controls
(game/app/input/controls.cpp) that `colonial --help` prints. The judge's page is
also written in each language of po/LINGUAS, from its help in that language
(`colonial-judge --language LANG`), as LANG/colonial-judge.6, and so is the app's
(`colonial --language LANG --help`), as LANG/colonial.6.

    make_man.py COLONIAL COLONIAL_JUDGE OUT_DIR
"""
import os
import re
import subprocess
import sys

DATE = "2026"  # the pages' date: the year of the version they describe

# What the programs' help says in each language, and the pages' own words.
WORDS = {
    "en": {"usage": "usage:", "exit": "Exit codes", "section": "Games",
           "headings": ["NAME", "SYNOPSIS", "COMMANDS", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"],
           "controls": "Controls in the window:", "app_headings": ["OPTIONS", "DESCRIPTION", "CONTROLS"],
           "controls_intro": "The table of controls the app reads (its help screen shows the same)."},
    "fr": {"usage": "utilisation :", "exit": "Codes de sortie", "section": "Jeux",
           "headings": ["NOM", "SYNOPSIS", "COMMANDES", "ENVIRONNEMENT", "CODE DE RETOUR", "VOIR AUSSI"],
           "controls": "Commandes dans la fenêtre :", "app_headings": ["OPTIONS", "DESCRIPTION", "COMMANDES"],
           "controls_intro": "La table des commandes que lit l'application (son écran d'aide montre la même)."},
    "de": {"usage": "Aufruf:", "exit": "Rückgabewerte", "section": "Spiele",
           "headings": ["BEZEICHNUNG", "ÜBERSICHT", "BEFEHLE", "UMGEBUNG", "EXIT-STATUS", "SIEHE AUCH"],
           "controls": "Steuerung im Fenster:", "app_headings": ["OPTIONEN", "BESCHREIBUNG", "STEUERUNG"],
           "controls_intro": "Die Tabelle der Steuerung, die die App liest (ihr Hilfebildschirm zeigt dieselbe)."},
}


def run(*args):
    out = subprocess.run(args, check=True, capture_output=True, text=True, env=dict(os.environ, LANGUAGE="en"))
    return out.stdout


def roff(text):
    """Text as roff: backslashes, hyphens of options, lines starting with a dot."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def header(name, version, summary, words=WORDS["en"]):
    return [
        f'.TH {name.upper()} 6 "{DATE}" "Colonial {version}" "{words["section"]}"',
        f'.SH {words["headings"][0]}',
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


def colonial_page(binary, language="en"):
    words = WORDS[language]
    text = run(binary, "--language", language, "--help").splitlines()
    first = text[0]
    m = re.match(r"^(\S+) (\S+) - (.*)$", first)
    name, version, summary = m.group(1), m.group(2), m.group(3)
    page = header(name, version, summary, words)
    i = 1
    while not text[i].startswith(words["usage"]):
        i += 1
    page.append(f'.SH {words["headings"][1]}')
    while text[i].strip():
        page += [roff(text[i].replace(words["usage"], "").strip()), ".br"]
        i += 1
    page.append(f'.SH {words["app_headings"][0]}')
    opts = []
    i += 1
    while text[i].strip():
        opts.append(text[i])
        i += 1
    page += options(opts)
    controls = text.index(words["controls"])
    page.append(f'.SH {words["app_headings"][1]}')
    page += paragraphs(text[i + 1 : controls])
    page.append(f'.SH {words["app_headings"][2]}')
    page.append(roff(words["controls_intro"]))
    for line in text[controls + 1 :]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            page.append(f".SS {roff(line.rstrip(':').rstrip())}")
        elif line.startswith("    "):
            page.append(roff(line.strip()))
        else:
            page += [".TP", f"\\fI{roff(line.strip())}\\fR"]
    page += [f'.SH {words["headings"][5]}', "\\fBcolonial\\-judge\\fR(6)"]
    if language != "en":
        page.insert(0, '.\\" -*- coding: UTF-8 -*-')  # man-db reads it through preconv
    return name, "\n".join(page) + "\n"


def paragraph_from(text, start):
    """The lines of the paragraph whose first line starts with `start`."""
    for i, line in enumerate(text):
        if line.startswith(start):
            lines = []
            while i < len(text) and text[i].strip():
                lines.append(text[i].strip())
                i += 1
            return " ".join(lines)
    return ""


def judge_page(binary, language="en"):
    words = WORDS[language]
    judge = [binary, "--language", language]
    text = run(*judge, "--help").splitlines()
    m = re.match(r"^(\S+) - (.*)$", text[0])
    name, summary = m.group(1), m.group(2)
    version = run(binary, "--version").split()[-1]
    page = header(name, version, summary, words)
    page.append(f'.SH {words["headings"][1]}')
    commands = []
    i = 1
    while not text[i].startswith(words["usage"]):
        i += 1
    while text[i].strip():
        page += [roff(text[i].replace(words["usage"], "").strip()), ".br"]
        i += 1
    page.append(f'.SH {words["headings"][2]}')
    for line in text[i:]:
        m = re.match(r"^  ([a-z-]+)\s{2,}(.*)$", line)
        if m:
            commands.append(m.group(1))
    for command in commands:
        help_text = run(*judge, "help", command).splitlines()
        page.append(f".SS {roff(command)}")
        page.append(".nf")
        page += [roff(line) for line in help_text]
        page.append(".fi")
    environment = paragraph_from(text, "--language")
    if environment:
        page += [f'.SH {words["headings"][3]}', roff(environment)]
    tail = paragraph_from(text, words["exit"])
    if tail:
        page += [f'.SH {words["headings"][4]}', roff(tail)]
    page += [f'.SH {words["headings"][5]}', "\\fBcolonial\\fR(6)"]
    if language != "en":
        page.insert(0, '.\\" -*- coding: UTF-8 -*-')  # man-db reads it through preconv
    return name, "\n".join(page) + "\n"


def languages():
    """The translations' languages (po/LINGUAS)."""
    linguas = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "po", "LINGUAS")
    with open(linguas, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: make_man.py COLONIAL COLONIAL_JUDGE OUT_DIR")
    pages = [("", colonial_page(sys.argv[1])), ("", judge_page(sys.argv[2]))]
    pages += [(language, judge_page(sys.argv[2], language)) for language in languages()]
    pages += [(language, colonial_page(sys.argv[1], language)) for language in languages()]
    for language, (name, page) in pages:
        out_dir = os.path.join(sys.argv[3], language)
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, f"{name}.6"), "w", encoding="utf-8") as f:
            f.write(page)


if __name__ == "__main__":
    main()
