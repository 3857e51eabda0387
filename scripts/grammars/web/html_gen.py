from common import *

def build(S, svelte):
    def sc(name):
        return " ".join(part + "." + S for part in name.split())
    R = {}
    R["comment"] = {
        "begin": r"<!--", "end": r"-->", "name": sc("comment.block"),
        "captures": {"0": {"name": sc("punctuation.definition.comment")}},
    }
    R["doctype"] = {
        "begin": r"(?i)(<!)(DOCTYPE)(?![\w-])", "end": r">",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.tag.begin")},
                          "2": {"name": sc("entity.name.tag.doctype")}},
        "endCaptures": {"0": {"name": sc("punctuation.definition.tag.end")}},
        "name": sc("meta.tag.metadata.doctype"),
        "patterns": [{"match": r"\"[^\"]*\"|'[^']*'", "name": sc("string.quoted.double")},
                     {"match": r"[^\s>]+", "name": sc("entity.other.attribute-name")}],
    }
    R["cdata"] = {
        "begin": r"<!\[CDATA\[", "end": r"\]\]>", "name": sc("string.unquoted.cdata"),
        "captures": {"0": {"name": sc("punctuation.definition.string")}},
    }
    R["processing-instruction"] = {
        "begin": r"<\?", "end": r"\?>", "name": sc("meta.tag.metadata.processing.xml"),
        "captures": {"0": {"name": sc("punctuation.definition.tag")}},
    }
    R["entities"] = {"patterns": [
        {"match": r"(&)(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#[xX]\h+)(;)", "name": sc("constant.character.entity"),
         "captures": {"1": {"name": sc("punctuation.definition.entity")},
                      "2": {"name": sc("punctuation.definition.entity")}}},
    ]}
    value_extra = inc("#interpolation") if svelte else []
    R["attribute-value"] = {"patterns": [
        {"begin": '"', "end": '"', "name": sc("string.quoted.double"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.string.begin")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.string.end")}},
         "patterns": inc("#entities") + value_extra},
        {"begin": "'", "end": "'", "name": sc("string.quoted.single"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.string.begin")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.string.end")}},
         "patterns": inc("#entities") + value_extra},
    ] + value_extra + [
        {"match": r"[^\s\"'=<>`{}]+", "name": sc("string.unquoted")},
    ]}
    attrs = []
    # style="…" holds CSS declarations; on…="…" holds JavaScript.
    attrs.append({
        "begin": r"(?i)(?<![\w:-])(style)\s*(=)\s*(\")", "end": r"\"",
        "beginCaptures": {"1": {"name": sc("entity.other.attribute-name")},
                          "2": {"name": sc("punctuation.separator.key-value")},
                          "3": {"name": sc("string.quoted.double punctuation.definition.string.begin")}},
        "endCaptures": {"0": {"name": sc("string.quoted.double punctuation.definition.string.end")}},
        "name": sc("meta.attribute.style"),
        "contentName": "source.css meta.embedded.line.css",
        # Not CSS's declaration rule: its value would run past the closing quote.
        "patterns": [
            {"match": r"(?<![\w-])(?:(--[\w-]+)|(-?[a-zA-Z_][\w-]*))\s*(:)",
             "captures": {"1": {"name": "variable.other.custom-property.css"},
                          "2": {"name": "support.type.property-name.css"},
                          "3": {"name": "punctuation.separator.key-value.css"}}},
            {"match": ";", "name": "punctuation.terminator.rule.css"},
        ] + inc("source.css#property-values"),
    })
    if not svelte:
        attrs.append({
            "begin": r"(?i)(?<![\w:-])(on[a-z]+)\s*(=)\s*(\")", "end": r"\"",
            "beginCaptures": {"1": {"name": sc("entity.other.attribute-name")},
                              "2": {"name": sc("punctuation.separator.key-value")},
                              "3": {"name": sc("string.quoted.double punctuation.definition.string.begin")}},
            "endCaptures": {"0": {"name": sc("string.quoted.double punctuation.definition.string.end")}},
            "name": sc("meta.attribute.event-handler"),
            "contentName": "source.js meta.embedded.line.js",
            "patterns": inc("source.js#expression"),
        })
    if svelte:
        attrs += [
            {"match": r"(?<![\w:-])(on|bind|class|style|use|transition|in|out|animate|let)(:)([\w$.-]+)((?:\|[\w]+)*)",
             "captures": {"1": {"name": sc("keyword.control.directive")},
                          "2": {"name": sc("punctuation.definition.keyword")},
                          "3": {"name": sc("entity.other.attribute-name")},
                          "4": {"name": sc("support.constant.modifier")}}},
            {"include": "#interpolation"},
        ]
    attrs += [
        {"match": r"[^\s\"'<>/=\x00-\x1f{}]+", "name": sc("entity.other.attribute-name")},
        {"begin": r"=", "end": r"(?<=[\"'}])|(?<=[^\s=])(?=[\s/>]|$)|(?=/?>)",
         "beginCaptures": {"0": {"name": sc("punctuation.separator.key-value")}},
         "patterns": inc("#attribute-value")},
    ]
    R["attributes"] = {"patterns": attrs}
    tagname = inc("#tag-name")
    R["tag-name"] = {"patterns": (
        [{"match": r"svelte:[\w-]+", "name": sc("support.class.component.svelte")},
         {"match": r"[A-Z][\w$]*(?:\.[\w$]+)*|[\w$]+(?:\.[\w$]+)+", "name": sc("support.class.component")}]
        if svelte else []) + [{"match": r".+", "name": sc("entity.name.tag")}]}

    def embedded(tag, type_lookahead, scope, meta, extra_patterns=()):
        return {
            "begin": r"(?i)(<)(" + tag + r")(?=[\s/>]|$)" + type_lookahead,
            "beginCaptures": {"1": {"name": sc("meta.tag.start punctuation.definition.tag.begin")},
                              "2": {"name": sc("meta.tag.start entity.name.tag")}},
            "end": r"(?i)(</)(" + tag + r")\s*(>)",
            "endCaptures": {"1": {"name": sc("meta.tag.end punctuation.definition.tag.begin")},
                            "2": {"name": sc("meta.tag.end entity.name.tag")},
                            "3": {"name": sc("meta.tag.end punctuation.definition.tag.end")}},
            "patterns": [
                {"begin": r"\G", "end": r"(/?>)", "name": sc("meta.tag.start"),
                 "endCaptures": {"1": {"name": sc("punctuation.definition.tag.end")}},
                 "patterns": inc("#attributes")},
                {"begin": r"(?<=>)(?!</(?i:" + tag + r")[\s>])", "end": r"(?=</(?i:" + tag + r")[\s>])",
                 "name": meta, "contentName": scope,
                 "patterns": list(extra_patterns) + inc(scope)},
            ],
        }
    guard = "</(?i:script)"
    js_guards = [
        {"begin": r"(//)", "end": r"(?=" + guard + r")|$", "name": "comment.line.double-slash.js",
         "beginCaptures": {"1": {"name": "punctuation.definition.comment.js"}}},
        {"begin": r"/\*", "end": r"\*/|(?=" + guard + r")", "name": "comment.block.js",
         "captures": {"0": {"name": "punctuation.definition.comment.js"}}},
        {"begin": "'", "end": r"'|(?=" + guard + r")|(?<!\\)$", "name": "string.quoted.single.js",
         "beginCaptures": {"0": {"name": "punctuation.definition.string.begin.js"}},
         "endCaptures": {"0": {"name": "punctuation.definition.string.end.js"}},
         "patterns": inc("source.js#escapes")},
        {"begin": '"', "end": r'"|(?=' + guard + r")|(?<!\\)$", "name": "string.quoted.double.js",
         "beginCaptures": {"0": {"name": "punctuation.definition.string.begin.js"}},
         "endCaptures": {"0": {"name": "punctuation.definition.string.end.js"}},
         "patterns": inc("source.js#escapes")},
    ]
    ts_guards = [dict(g, name=g["name"].replace(".js", ".ts")) for g in js_guards]
    non_js = r"(?=(?:[^>\"']|\"[^\"]*\"|'[^']*')*?\btype\s*=\s*[\"']?(?!(?:text/javascript|module|application/javascript|text/babel|text/jsx)[\"'\s>])[\w/+.-]+)"
    json_type = r"(?=(?:[^>\"']|\"[^\"]*\"|'[^']*')*?\btype\s*=\s*[\"']?(?:application/(?:ld\+)?json|importmap|speculationrules)[\"'\s>])"
    ts_lang = r"(?=(?:[^>\"']|\"[^\"]*\"|'[^']*')*?\blang\s*=\s*[\"']?(?:ts|typescript)[\"'\s>])"
    R["script"] = {"patterns": (
        [embedded("script", ts_lang, "source.ts", "meta.embedded.block.typescript", ts_guards)] if svelte else []) + [
        embedded("script", json_type, "source.json", "meta.embedded.block.json"),
        embedded("script", non_js, "text.html.basic" if not svelte else "source.svelte", "meta.embedded.block.html"),
        embedded("script", "", "source.js", "meta.embedded.block.javascript", js_guards),
    ]}
    R["style"] = embedded("style", "", "source.css", "meta.embedded.block.css")
    R["tag-start"] = {
        "begin": r"(<)([a-zA-Z][\w:.-]*)(?=[\s/>]|$)",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.tag.begin")},
                          "2": {"patterns": tagname}},
        "end": r"(/?>)", "endCaptures": {"1": {"name": sc("punctuation.definition.tag.end")}},
        "name": sc("meta.tag.start"),
        "patterns": inc("#attributes"),
    }
    R["tag-end"] = {
        "match": r"(</)([a-zA-Z][\w:.-]*)\s*(>)", "name": sc("meta.tag.end"),
        "captures": {"1": {"name": sc("punctuation.definition.tag.begin")},
                     "2": {"patterns": tagname},
                     "3": {"name": sc("punctuation.definition.tag.end")}},
    }
    return R, sc

html_repo, _ = build("html", False)
write("html", {
    "name": "HTML",
    "scopeName": "text.html.basic",
    "fileTypes": ["html", "htm", "xhtml", "shtml", "inc", "tmpl", "tpl"],
    "firstLineMatch": r"(?i)^\s*<!DOCTYPE\s+html|^\s*<html[\s>]",
    "patterns": inc("#comment", "#doctype", "#cdata", "#processing-instruction", "#script", "#style",
                    "#tag-start", "#tag-end", "#entities"),
    "repository": html_repo,
})

svelte_repo, sc = build("svelte", True)
svelte_repo["interpolation"] = {
    "begin": r"\{(?![#:/@])", "end": r"\}", "name": sc("meta.embedded.expression"),
    "beginCaptures": {"0": {"name": sc("punctuation.section.embedded.begin")}},
    "endCaptures": {"0": {"name": sc("punctuation.section.embedded.end")}},
    "contentName": "source.js meta.embedded.line.js",
    "patterns": inc("source.js#expression"),
}
svelte_repo["blocks"] = {"patterns": [
    {"begin": r"(\{)(#)(if|each|await|key|snippet)(?![\w$])", "end": r"\}",
     "beginCaptures": {"1": {"name": sc("punctuation.definition.block.begin")},
                       "2": {"name": sc("keyword.control punctuation.definition.keyword")},
                       "3": {"name": sc("keyword.control.$3")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.block.end")}},
     "name": sc("meta.special.start"),
     "contentName": "source.js meta.embedded.line.js",
     "patterns": [{"match": r"(?<![\w$.])(as|then|catch)(?![\w$])", "name": sc("keyword.control")}] + inc("source.js#expression")},
    {"begin": r"(\{)(:)(else(?:\s+if)?|then|catch)(?![\w$])", "end": r"\}",
     "beginCaptures": {"1": {"name": sc("punctuation.definition.block.begin")},
                       "2": {"name": sc("keyword.control punctuation.definition.keyword")},
                       "3": {"name": sc("keyword.control")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.block.end")}},
     "name": sc("meta.special.middle"),
     "contentName": "source.js meta.embedded.line.js",
     "patterns": inc("source.js#expression")},
    {"match": r"(\{)(/)(if|each|await|key|snippet)\s*(\})", "name": sc("meta.special.end"),
     "captures": {"1": {"name": sc("punctuation.definition.block.begin")},
                  "2": {"name": sc("keyword.control punctuation.definition.keyword")},
                  "3": {"name": sc("keyword.control")},
                  "4": {"name": sc("punctuation.definition.block.end")}}},
    {"begin": r"(\{)(@)(html|debug|const|render|attach)(?![\w$])", "end": r"\}",
     "beginCaptures": {"1": {"name": sc("punctuation.definition.block.begin")},
                       "2": {"name": sc("keyword.control punctuation.definition.keyword")},
                       "3": {"name": sc("keyword.control")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.block.end")}},
     "name": sc("meta.special.tag"),
     "contentName": "source.js meta.embedded.line.js",
     "patterns": inc("source.js#expression")},
]}
write("svelte", {
    "name": "Svelte",
    "scopeName": "source.svelte",
    "fileTypes": ["svelte"],
    "patterns": inc("#comment", "#blocks", "#interpolation", "#script", "#style", "#tag-start", "#tag-end",
                    "#entities", "#doctype"),
    "repository": svelte_repo,
})
