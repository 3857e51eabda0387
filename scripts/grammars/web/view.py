import sys, ast
# view.py TOKENS [start_line] [count]: prints lines with each token's innermost scope
start = int(sys.argv[2]) if len(sys.argv) > 2 else 1
count = int(sys.argv[3]) if len(sys.argv) > 3 else 40
line = 1; out = []
cur = ""
for raw in open(sys.argv[1]):
    if raw.startswith("DISABLED"): print(raw); continue
    text, _, scopes = raw.rstrip("\n").rpartition('"  ')
    try:
        text = ast.literal_eval(text + '"')
    except Exception:
        text = text[1:]
    last = scopes.split()[-1] if scopes.split() else "-"
    last = last.rsplit(".", 1)[0]
    nl = text.endswith("\n")
    t = text.rstrip("\n")
    if t.strip():
        cur += f"{t}⟨{last}⟩" if last not in ("meta.block","meta.brace.round","meta.var.expr","meta.objectliteral","meta.function","meta.type.annotation","meta.interface.body","meta.class.body","meta.method.declaration","meta.parameters","meta.return.type","meta.field.declaration","meta.type.declaration") else t
    else:
        cur += t
    if nl:
        if start <= line < start + count: print(f"{line}: {cur}")
        line += 1; cur = ""
