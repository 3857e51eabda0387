import json, os
# Generators of the bundled web grammars (JSON, CSS, JavaScript/TypeScript, HTML, Svelte,
# Markdown). Run `python3 scripts/grammars/web/<name>_gen.py` from anywhere; they write into
# Grammars/Languages/.
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "Grammars", "Languages")
def write(file, grammar):
    with open(os.path.join(OUT, file + ".tmLanguage.json"), "w") as f:
        json.dump(grammar, f, indent=2, ensure_ascii=False)
        f.write("\n")
def caps(*names):
    return {str(i + 1): {"name": n} for i, n in enumerate(names) if n}
def inc(*names):
    return [{"include": n} for n in names]
def words(ws):
    return r"(?:" + "|".join(ws) + r")"
