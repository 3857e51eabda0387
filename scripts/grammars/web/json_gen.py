from common import *

def make(scope_suffix, comments):
    s = scope_suffix
    value = inc("#constant", "#number", "#string", "#array", "#object")
    if comments:
        value = inc("#comments") + value
    repo = {
        "value": {"patterns": value},
        "constant": {"match": r"\b(?:true|false|null)\b", "name": f"constant.language.json.{s}".replace(".json.json", ".json")},
        "number": {
            "match": r"-?(?:0|[1-9]\d*)(?:(?:\.\d+)?(?:[eE][+-]?\d+)?)",
            "name": "constant.numeric.decimal." + s,
        },
        "string": {
            "begin": '"', "end": '"',
            "beginCaptures": {"0": {"name": "punctuation.definition.string.begin." + s}},
            "endCaptures": {"0": {"name": "punctuation.definition.string.end." + s}},
            "name": "string.quoted.double." + s,
            "patterns": inc("#escape"),
        },
        "escape": {"patterns": [
            {"match": r'\\(?:["\\/bfnrt]|u\h{4})', "name": "constant.character.escape." + s},
            {"match": r"\\.", "name": "invalid.illegal.unrecognized-string-escape." + s},
        ]},
        "key": {
            "begin": '"', "end": '"',
            "beginCaptures": {"0": {"name": "punctuation.support.type.property-name.begin." + s}},
            "endCaptures": {"0": {"name": "punctuation.support.type.property-name.end." + s}},
            "name": f"string.quoted.double.{s} support.type.property-name.{s}",
            "patterns": inc("#escape"),
        },
        "array": {
            "begin": r"\[", "end": r"\]",
            "beginCaptures": {"0": {"name": "punctuation.definition.array.begin." + s}},
            "endCaptures": {"0": {"name": "punctuation.definition.array.end." + s}},
            "name": "meta.structure.array." + s,
            "patterns": inc("#value") + [
                {"match": ",", "name": "punctuation.separator.array." + s},
                {"match": r"[^\s\]/]", "name": "invalid.illegal.expected-array-separator." + s},
            ],
        },
        "object": {
            "begin": r"\{", "end": r"\}",
            "beginCaptures": {"0": {"name": "punctuation.definition.dictionary.begin." + s}},
            "endCaptures": {"0": {"name": "punctuation.definition.dictionary.end." + s}},
            "name": "meta.structure.dictionary." + s,
            "patterns": (inc("#comments") if comments else []) + inc("#key") + [
                {
                    "begin": ":", "end": r"(,)|(?=\})",
                    "beginCaptures": {"0": {"name": "punctuation.separator.dictionary.key-value." + s}},
                    "endCaptures": {"1": {"name": "punctuation.separator.dictionary.pair." + s}},
                    "name": "meta.structure.dictionary.value." + s,
                    "patterns": inc("#value") + [
                        {"match": r"[^\s,}/]", "name": "invalid.illegal.expected-dictionary-separator." + s},
                    ],
                },
                {"match": r"[^\s}/]", "name": "invalid.illegal.expected-dictionary-separator." + s},
            ],
        },
    }
    if comments:
        repo["comments"] = {"patterns": [
            {"begin": r"/\*\*(?!/)", "end": r"\*/", "name": "comment.block.documentation." + s,
             "captures": {"0": {"name": "punctuation.definition.comment." + s}}},
            {"begin": r"/\*", "end": r"\*/", "name": "comment.block." + s,
             "captures": {"0": {"name": "punctuation.definition.comment." + s}}},
            {"begin": r"(//)", "end": r"$", "name": "comment.line.double-slash." + s,
             "beginCaptures": {"1": {"name": "punctuation.definition.comment." + s}}},
        ]}
    return repo

write("json", {
    "name": "JSON",
    "scopeName": "source.json",
    "fileTypes": ["json", "webmanifest", "geojson", "jsonld", "har", "code-workspace"],
    "patterns": inc("#value"),
    "repository": make("json", False),
})
write("jsonc", {
    "name": "JSON with Comments",
    "scopeName": "source.json.comments",
    "fileTypes": ["jsonc", ".eslintrc", ".eslintrc.json", ".babelrc", ".jshintrc", ".jscsrc",
                  "tsconfig.json", "jsconfig.json", ".swcrc", "devcontainer.json"],
    "patterns": inc("#value"),
    "repository": make("json.comments", True),
})
