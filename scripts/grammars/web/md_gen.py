from common import *

def sc(name):
    return " ".join(part + ".markdown" for part in name.split())

START = r"(?:^|\G)"
# Info-string names → (embedded scope, name used in meta.embedded.block.<name>).
FENCE_LANGUAGES = [
    (r"javascript|js|jsx|mjs|cjs|javascriptreact|node", "source.js", "javascript"),
    (r"typescript|ts|tsx|mts|cts|typescriptreact", "source.ts", "typescript"),
    (r"jsonc|json5|json-with-comments", "source.json.comments", "json.comments"),
    (r"json|geojson|webmanifest", "source.json", "json"),
    (r"html|htm|xhtml|xml-html", "text.html.basic", "html"),
    (r"css", "source.css", "css"),
    (r"svelte", "source.svelte", "svelte"),
    (r"markdown|md", "text.html.markdown", "markdown"),
    (r"rust|rs", "source.rust", "rust"),
    (r"swift", "source.swift", "swift"),
    (r"python|py|python3|py3|gyp", "source.python", "python"),
    (r"c|h", "source.c", "c"),
    (r"shell|sh|bash|zsh|ksh|shellscript|console|shell-session|fish", "source.shell", "shellscript"),
    (r"yaml|yml", "source.yaml", "yaml"),
    (r"toml", "source.toml", "toml"),
    (r"diff|patch|udiff", "source.diff", "diff"),
    (r"latex|tex", "text.tex.latex", "latex"),
    (r"git-commit|gitcommit|commit", "text.git-commit", "git-commit"),
]

def fence(names, scope, meta):
    return {
        "begin": START + r"(\s*)(`{3,}|~{3,})\s*(?i:(" + names + r"))(?=$|[\s{,:;?])((?:(?!`).)*)$",
        "beginCaptures": {"2": {"name": sc("punctuation.definition")},
                          "3": {"name": sc("fenced_code.block.language")},
                          "4": {"name": sc("fenced_code.block.language.attributes")}},
        "end": START + r"(\s*)(\2[`~]*)\s*$",
        "endCaptures": {"2": {"name": sc("punctuation.definition")}},
        "name": sc("markup.fenced_code.block"),
        "patterns": [{
            # The embedded grammar is cut at a line that looks like a closing fence, whatever
            # state it is in (an unclosed string or block cannot swallow the fence).
            "begin": r"\G", "while": r"^(?!\s*(?:`{3,}|~{3,})\s*$)",
            "contentName": "meta.embedded.block." + meta,
            "patterns": inc(scope),
        }],
    }

BLOCK_TAGS = "|".join("""address article aside base basefont blockquote body caption center col colgroup dd
details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6
head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param
search section summary table tbody td tfoot th thead title tr track ul""".split())

R = {}
R["fenced-code"] = {"patterns": [fence(n, s, m) for n, s, m in FENCE_LANGUAGES] + [{
    "begin": START + r"(\s*)(`{3,}|~{3,})\s*((?:(?!`)\S)*)((?:(?!`).)*)$",
    "beginCaptures": {"2": {"name": sc("punctuation.definition")},
                      "3": {"name": sc("fenced_code.block.language")},
                      "4": {"name": sc("fenced_code.block.language.attributes")}},
    "end": START + r"(\s*)(\2[`~]*)\s*$",
    "endCaptures": {"2": {"name": sc("punctuation.definition")}},
    "name": sc("markup.fenced_code.block"),
    "contentName": sc("markup.raw.block"),
}]}
R["heading"] = {"patterns": [{
    "match": START + r" {0,3}(#{%d})(?!#)(?:[ \t]+(.*?))??(?:[ \t]+(#+))?[ \t]*$" % level,
    "name": sc("markup.heading heading.%d" % level),
    "captures": {"1": {"name": sc("punctuation.definition.heading")},
                 "2": {"name": sc("entity.name.section"), "patterns": inc("#inline")},
                 "3": {"name": sc("punctuation.definition.heading")}},
} for level in range(1, 7)]}
R["heading-setext"] = {"patterns": [
    {"match": START + r" {0,3}(={2,})[ \t]*$", "name": sc("markup.heading.setext.1"),
     "captures": {"1": {"name": sc("punctuation.definition.heading")}}},
]}
R["separator"] = {
    "match": START + r" {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$", "name": sc("meta.separator"),
}
R["blockquote"] = {
    "begin": START + r" {0,3}(>) ?", "while": START + r" {0,3}(>) ?",
    "beginCaptures": {"1": {"name": sc("punctuation.definition.quote.begin")}},
    "whileCaptures": {"1": {"name": sc("punctuation.definition.quote.begin")}},
    "name": sc("markup.quote"),
    "patterns": inc("#block"),
}
R["list"] = {"patterns": [
    {"begin": START + r"(\s*)([*+-])([ \t]+|$)(?:(\[)([ xX])(\])(?=\s))?",
     "beginCaptures": {"2": {"name": sc("punctuation.definition.list.begin")},
                       "4": {"name": sc("punctuation.definition.task.begin")},
                       "5": {"name": sc("constant.language.task")},
                       "6": {"name": sc("punctuation.definition.task.end")}},
     "end": r"$", "name": sc("markup.list.unnumbered"),
     "patterns": inc("#inline")},
    {"begin": START + r"(\s*)(\d{1,9}[.)])([ \t]+|$)",
     "beginCaptures": {"2": {"name": sc("punctuation.definition.list.begin")}},
     "end": r"$", "name": sc("markup.list.numbered"),
     "patterns": inc("#inline")},
]}
R["html-block"] = {
    # CommonMark's HTML block starts: raw-text elements, comments, declarations, block-level
    # tag names, or a line holding only one complete open or closing tag.
    "begin": START + r" {0,3}(?=<(?i:script|pre|style|textarea)(?:[\s>]|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\["
             r"|</?(?i:" + BLOCK_TAGS + r")(?:[\s/>]|$)"
             r"|<[a-zA-Z][\w-]*(?:\s+[^<>]*)?/?>[ \t]*$|</[a-zA-Z][\w-]*\s*>[ \t]*$)",
    "while": r"^(?!\s*$)",
    "contentName": "meta.embedded.block.html",
    "patterns": inc("text.html.basic"),
}
R["link-definition"] = {
    "match": START + r" {0,3}(\[)((?:[^\]\\]|\\.)+)(\])(:)[ \t]*(?:(<)([^>\n]*)(>)|(\S+))(?:[ \t]+(?:(\")([^\"]*)(\")|(')([^']*)(')|(\()([^)]*)(\))))?[ \t]*$",
    "name": sc("meta.link.reference.def"),
    "captures": {"1": {"name": sc("punctuation.definition.constant.begin")},
                 "2": {"name": sc("constant.other.reference.link")},
                 "3": {"name": sc("punctuation.definition.constant.end")},
                 "4": {"name": sc("punctuation.separator.key-value")},
                 "5": {"name": sc("punctuation.definition.link.begin")},
                 "6": {"name": sc("markup.underline.link")},
                 "7": {"name": sc("punctuation.definition.link.end")},
                 "8": {"name": sc("markup.underline.link")},
                 "9": {"name": sc("string.other.link.description.title punctuation.definition.string.begin")},
                 "10": {"name": sc("string.other.link.description.title")},
                 "11": {"name": sc("string.other.link.description.title punctuation.definition.string.end")},
                 "12": {"name": sc("string.other.link.description.title punctuation.definition.string.begin")},
                 "13": {"name": sc("string.other.link.description.title")},
                 "14": {"name": sc("string.other.link.description.title punctuation.definition.string.end")},
                 "15": {"name": sc("string.other.link.description.title punctuation.definition.string.begin")},
                 "16": {"name": sc("string.other.link.description.title")},
                 "17": {"name": sc("string.other.link.description.title punctuation.definition.string.end")}},
}
R["table"] = {
    "begin": START + r"(?=\|)", "end": r"$", "name": sc("markup.table"),
    "patterns": [
        {"match": r"(?<=\|)[ \t]*:?-+:?[ \t]*(?=\|)", "name": sc("punctuation.separator.table.alignment")},
        {"match": r"\|", "name": sc("punctuation.separator.table")},
    ] + inc("#inline"),
}
R["block"] = {"patterns": inc("#fenced-code", "#heading", "#separator", "#heading-setext", "#blockquote",
                              "#list", "#html-block", "#link-definition", "#table", "#inline")}
LINK_TEXT = r"((?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.)*\])*)"
DEST = r"(?:(<)([^>\n]*)(>)|((?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*))"
TITLE = r"(?:\s+(?:(\")([^\"]*)(\")|(')([^']*)(')))?"
def title_caps(start):
    names = ["punctuation.definition.string.begin", None, "punctuation.definition.string.end"] * 2
    return {str(start + i): {"name": sc("string.other.link.description.title" + ((" " + n) if n else ""))}
            for i, n in enumerate(names)}
R["inline"] = {"patterns": [
    {"match": r"\\[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~]", "name": sc("constant.character.escape")},
    {"match": r"(`+)(?!`)(.*?[^`]|)(\1)(?!`)", "name": sc("markup.inline.raw.string"),
     "captures": {"1": {"name": sc("punctuation.definition.raw")},
                  "3": {"name": sc("punctuation.definition.raw")}}},
    {"match": r"(!\[)" + LINK_TEXT + r"(\])(\()\s*" + DEST + TITLE + r"\s*(\))",
     "name": sc("meta.image.inline"),
     "captures": dict({"1": {"name": sc("punctuation.definition.link.description.begin")},
                       "2": {"name": sc("string.other.link.description")},
                       "3": {"name": sc("punctuation.definition.link.description.end")},
                       "4": {"name": sc("punctuation.definition.metadata")},
                       "5": {"name": sc("punctuation.definition.link")},
                       "6": {"name": sc("markup.underline.link.image")},
                       "7": {"name": sc("punctuation.definition.link")},
                       "8": {"name": sc("markup.underline.link.image")},
                       "15": {"name": sc("punctuation.definition.metadata")}}, **title_caps(9))},
    {"match": r"(\[)" + LINK_TEXT + r"(\])(\()\s*" + DEST + TITLE + r"\s*(\))",
     "name": sc("meta.link.inline"),
     "captures": dict({"1": {"name": sc("punctuation.definition.link.title.begin")},
                       "2": {"name": sc("string.other.link.title"), "patterns": inc("#inline-in-link")},
                       "3": {"name": sc("punctuation.definition.link.title.end")},
                       "4": {"name": sc("punctuation.definition.metadata")},
                       "5": {"name": sc("punctuation.definition.link")},
                       "6": {"name": sc("markup.underline.link")},
                       "7": {"name": sc("punctuation.definition.link")},
                       "8": {"name": sc("markup.underline.link")},
                       "15": {"name": sc("punctuation.definition.metadata")}}, **title_caps(9))},
    {"match": r"(!?\[)" + LINK_TEXT + r"(\])(\[)((?:[^\]\\]|\\.)*)(\])",
     "name": sc("meta.link.reference"),
     "captures": {"1": {"name": sc("punctuation.definition.link.title.begin")},
                  "2": {"name": sc("string.other.link.title"), "patterns": inc("#inline-in-link")},
                  "3": {"name": sc("punctuation.definition.link.title.end")},
                  "4": {"name": sc("punctuation.definition.constant.begin")},
                  "5": {"name": sc("constant.other.reference.link")},
                  "6": {"name": sc("punctuation.definition.constant.end")}}},
    {"match": r"(<)((?:https?|ftp|mailto|file|ssh|git|irc|news|tel):[^\s<>]*)(>)",
     "name": sc("meta.link.inet"),
     "captures": {"1": {"name": sc("punctuation.definition.link")},
                  "2": {"name": sc("markup.underline.link")},
                  "3": {"name": sc("punctuation.definition.link")}}},
    {"match": r"(<)([\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+)(>)",
     "name": sc("meta.link.email.lt-gt"),
     "captures": {"1": {"name": sc("punctuation.definition.link")},
                  "2": {"name": sc("markup.underline.link")},
                  "3": {"name": sc("punctuation.definition.link")}}},
    {"match": r"(?<![\w/(<\[])(?:https?://|www\.)[^\s<]*[^\s<.,:;\"')\]*_~?!]", "name": sc("markup.underline.link")},
    {"match": r"(\*\*|__)(?=\S)(?!\1)((?:[^*_\\`]|\\.|`[^`]*`|(?!\1)[*_])+?)(?<=\S)(\1)(?![\w*])|(?<![\w*])(\*\*)(?=\S)(.+?)(?<=\S)(\*\*)",
     "name": sc("markup.bold"),
     "captures": {"1": {"name": sc("punctuation.definition.bold")},
                  "2": {"patterns": inc("#inline")},
                  "3": {"name": sc("punctuation.definition.bold")},
                  "4": {"name": sc("punctuation.definition.bold")},
                  "5": {"patterns": inc("#inline")},
                  "6": {"name": sc("punctuation.definition.bold")}}},
    {"match": r"(?<![\w*\\])(\*)(?=[^\s*])((?:[^*\\`]|\\.|`[^`]*`|\*\*[^*]+\*\*)+?)(?<=[^\s*\\])(\*)(?!\*)|(?<![\w\\])(_)(?=[^\s_])((?:[^_\\`]|\\.|`[^`]*`)+?)(?<=[^\s_\\])(_)(?!\w)",
     "name": sc("markup.italic"),
     "captures": {"1": {"name": sc("punctuation.definition.italic")},
                  "2": {"patterns": inc("#inline")},
                  "3": {"name": sc("punctuation.definition.italic")},
                  "4": {"name": sc("punctuation.definition.italic")},
                  "5": {"patterns": inc("#inline")},
                  "6": {"name": sc("punctuation.definition.italic")}}},
    {"match": r"(~~)(?=\S)(.+?)(?<=\S)(~~)", "name": sc("markup.strikethrough"),
     "captures": {"1": {"name": sc("punctuation.definition.strikethrough")},
                  "2": {"patterns": inc("#inline")},
                  "3": {"name": sc("punctuation.definition.strikethrough")}}},
    {"include": "text.html.basic#comment"},
    {"include": "text.html.basic#tag-start"},
    {"include": "text.html.basic#tag-end"},
    {"include": "text.html.basic#entities"},
]}
R["inline-in-link"] = {"patterns": [
    {"match": r"\\[!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~]", "name": sc("constant.character.escape")},
    {"match": r"(`+)(?!`)(.*?[^`]|)(\1)(?!`)", "name": sc("markup.inline.raw.string"),
     "captures": {"1": {"name": sc("punctuation.definition.raw")},
                  "3": {"name": sc("punctuation.definition.raw")}}},
    {"match": r"(!\[)" + LINK_TEXT + r"(\])(\()\s*" + DEST + TITLE + r"\s*(\))",
     "name": sc("meta.image.inline"),
     "captures": {"2": {"name": sc("string.other.link.description")},
                  "6": {"name": sc("markup.underline.link.image")},
                  "8": {"name": sc("markup.underline.link.image")}}},
]}
R["front-matter"] = {
    "begin": r"\A(---)[ \t]*$", "end": r"^(---|\.\.\.)[ \t]*$",
    "beginCaptures": {"1": {"name": sc("punctuation.definition.frontmatter")}},
    "endCaptures": {"1": {"name": sc("punctuation.definition.frontmatter")}},
    "name": sc("meta.frontmatter"),
    "contentName": "meta.embedded.block.frontmatter",
    "patterns": inc("source.yaml"),
}
write("markdown", {
    "name": "Markdown",
    "scopeName": "text.html.markdown",
    "fileTypes": ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtxt", "mdtext", "workbook"],
    "patterns": inc("#front-matter", "#block"),
    "repository": R,
})
