from common import *

S = "css"
NAMED_COLORS = """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen
darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey
darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite
forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink
indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral
lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta
maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
whitesmoke yellow yellowgreen transparent currentcolor""".split()
# Common keyword values of properties (a representative set, from the CSS specifications).
VALUE_KEYWORDS = """auto none inherit initial unset revert revert-layer normal block inline
inline-block flex inline-flex grid inline-grid contents table table-cell table-row list-item
flow-root hidden visible scroll clip absolute relative fixed sticky static solid dashed dotted
double groove ridge inset outset bold bolder lighter italic oblique underline overline line-through
uppercase lowercase capitalize nowrap pre pre-wrap pre-line break-word break-all left right center
top bottom middle baseline justify start end stretch space-between space-around space-evenly
row column row-reverse column-reverse wrap wrap-reverse pointer default text move not-allowed grab
help wait crosshair progress zoom-in zoom-out ease ease-in ease-out ease-in-out linear step-start
step-end infinite alternate alternate-reverse forwards backwards both running paused cover contain
fill repeat no-repeat repeat-x repeat-y round space border-box content-box padding-box
collapse separate serif sans-serif monospace cursive fantasy system-ui ui-monospace ui-sans-serif
ui-serif emoji math min-content max-content fit-content dense smooth thin medium thick
uppercase small-caps all-small-caps ltr rtl outside inside disc circle square decimal
upper-roman lower-roman upper-alpha lower-alpha subgrid masonry isolate
currentColor""".split()
FUNCTIONS = """var calc rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix light-dark min max clamp
translate translateX translateY translateZ translate3d rotate rotateX rotateY rotateZ rotate3d scale
scaleX scaleY scaleZ scale3d skew skewX skewY matrix matrix3d perspective linear-gradient
radial-gradient conic-gradient repeating-linear-gradient repeating-radial-gradient
repeating-conic-gradient image-set cross-fade element attr counter counters env format local
cubic-bezier steps minmax repeat fit-content blur brightness contrast drop-shadow grayscale
hue-rotate invert opacity saturate sepia inset circle ellipse polygon path round mod rem sin cos
tan asin acos atan atan2 pow sqrt hypot log exp abs sign""".split()

def sc(name):
    return name + "." + S

repo = {}
repo["comment"] = {
    "begin": r"/\*", "end": r"\*/", "name": sc("comment.block"),
    "beginCaptures": {"0": {"name": sc("punctuation.definition.comment.begin")}},
    "endCaptures": {"0": {"name": sc("punctuation.definition.comment.end")}},
}
repo["escape"] = {"match": r"\\(?:\h{1,6}\s?|[^\h\n])", "name": sc("constant.character.escape")}
repo["string"] = {"patterns": [
    {"begin": q, "end": rf"{q}|(?<!\\)(?=$\n?)", "name": sc(f"string.quoted.{kind}"),
     "beginCaptures": {"0": {"name": sc("punctuation.definition.string.begin")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.string.end")}},
     "patterns": [{"match": r"\\$", "name": sc("constant.character.escape.newline")}] + inc("#escape")}
    for q, kind in (('"', "double"), ("'", "single"))
]}
IDENT = r"(?:-?(?:[a-zA-Z_]|[^\x00-\x7F]|\\.)(?:[\w-]|[^\x00-\x7F]|\\.)*|--[\w-]+)"
repo["numeric"] = {
    "match": r"(?<![\w\\-])([-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?)(?:(%)|([a-zA-Z]+)\b)?",
    "captures": {
        "1": {"name": sc("constant.numeric")},
        "2": {"name": sc("keyword.other.unit.percentage")},
        "3": {"name": "keyword.other.unit.${3:/downcase}.css"},
    },
}
repo["color"] = {"patterns": [
    {"match": r"(#)(?:\h{8}|\h{6}|\h{3,4})\b", "name": sc("constant.other.color.rgb-value.hex"),
     "captures": {"1": {"name": sc("punctuation.definition.constant")}}},
    {"match": r"(?<![\w-])(?i:" + "|".join(NAMED_COLORS) + r")(?![\w-])",
     "name": sc("support.constant.color.w3c-standard-color-name")},
]}
repo["url"] = {
    "begin": r"(?i)(?<![\w-])(url|url-prefix|domain)(\()",
    "beginCaptures": {"1": {"name": sc("support.function.url")},
                      "2": {"name": sc("punctuation.section.function.begin.bracket.round")}},
    "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.section.function.end.bracket.round")}},
    "name": sc("meta.function.url"),
    "patterns": inc("#string", "#comment") + [
        {"match": r"[^'\")\s]+", "name": sc("variable.parameter.url")}],
}
repo["function"] = {
    "begin": r"(?<![\w-])(" + IDENT + r")(\()",
    "beginCaptures": {"1": {"name": sc("support.function.misc")},
                      "2": {"name": sc("punctuation.section.function.begin.bracket.round")}},
    "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.section.function.end.bracket.round")}},
    "name": sc("meta.function"),
    "patterns": inc("#property-values") + [
        {"match": r"(?<=[\s(])[-+](?=\s)|[*/]", "name": sc("keyword.operator.arithmetic")},
    ],
}
repo["custom-property-name"] = {"match": r"(?<![\w-])--[\w-]+", "name": sc("variable.other.custom-property")}
repo["property-values"] = {"patterns": inc("#comment", "#string", "#escape", "#url") + [
    {"match": r"!\s*important(?![\w-])", "name": sc("keyword.other.important")},
    {"begin": r"(?i)(?<![\w-])(" + "|".join(FUNCTIONS) + r")(\()",
     "beginCaptures": {"1": {"name": sc("support.function")},
                       "2": {"name": sc("punctuation.section.function.begin.bracket.round")}},
     "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.section.function.end.bracket.round")}},
     "name": sc("meta.function"),
     "patterns": inc("#property-values") + [
         {"match": r"(?<=[\s(])[-+](?=\s)|[*/]", "name": sc("keyword.operator.arithmetic")}]},
    {"include": "#function"},
    {"include": "#color"},
    {"include": "#custom-property-name"},
    {"include": "#numeric"},
    {"match": r"(?<![\w-])(?:" + "|".join(VALUE_KEYWORDS) + r")(?![\w-])",
     "name": sc("support.constant.property-value")},
    {"match": r"(?<![\w-])U\+[\h?]+(?:-\h+)?", "name": sc("constant.other.unicode-range")},
    {"match": ",", "name": sc("punctuation.separator.list.comma")},
    {"match": "/", "name": sc("keyword.operator.slash")},
    {"begin": r"\{", "end": r"\}", "name": sc("meta.block"),
     "beginCaptures": {"0": {"name": sc("punctuation.section.block.begin.bracket.curly")}},
     "endCaptures": {"0": {"name": sc("punctuation.section.block.end.bracket.curly")}},
     "patterns": inc("#property-values")},
]}
repo["declaration"] = {
    # A name and a colon not followed on this line by a `{` before `;` or `}`; otherwise the
    # text is a nested selector such as `a:hover {`.
    "begin": r"(?<![\w-])(?:(--[\w-]+)|(-?[a-zA-Z_][\w-]*))\s*(:)(?!:)(?![^;{}]*\{)",
    "beginCaptures": {"1": {"name": sc("variable.other.custom-property")},
                      "2": {"name": sc("support.type.property-name")},
                      "3": {"name": sc("punctuation.separator.key-value")}},
    "end": r"(;)|(?=\})",
    "endCaptures": {"1": {"name": sc("punctuation.terminator.rule")}},
    "contentName": sc("meta.property-value"),
    "patterns": inc("#property-values"),
}
repo["selector-parts"] = {"patterns": inc("#comment", "#escape") + [
    {"match": r"&", "name": sc("entity.name.tag.nesting")},
    {"match": r"\*", "name": sc("entity.name.tag.wildcard")},
    {"match": r"(\.)((?:[\w-]|[^\x00-\x7F]|\\.)+)",
     "captures": {"1": {"name": sc("punctuation.definition.entity")},
                  "2": {"name": sc("entity.other.attribute-name.class")}}},
    {"match": r"(#)((?:[\w-]|[^\x00-\x7F]|\\.)+)",
     "captures": {"1": {"name": sc("punctuation.definition.entity")},
                  "2": {"name": sc("entity.other.attribute-name.id")}}},
    {"match": r"(?<![\w-])(?:from|to)(?![\w-])|(?<![\w.-])\d+(?:\.\d+)?%",
     "name": sc("entity.other.keyframe-offset")},
    {"begin": r"((::?)(?i:not|is|where|has|matches|-webkit-any|-moz-any|host|host-context|slotted|part|global|local|deep|state))(\()",
     "beginCaptures": {"1": {"name": sc("entity.other.attribute-name.pseudo-class")},
                       "2": {"name": sc("punctuation.definition.entity")},
                       "3": {"name": sc("punctuation.section.function.begin.bracket.round")}},
     "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.section.function.end.bracket.round")}},
     "patterns": inc("#selector-parts")},
    {"begin": r"((:)(?i:nth-child|nth-last-child|nth-of-type|nth-last-of-type|nth-col|nth-last-col|lang|dir|highlight))(\()",
     "beginCaptures": {"1": {"name": sc("entity.other.attribute-name.pseudo-class")},
                       "2": {"name": sc("punctuation.definition.entity")},
                       "3": {"name": sc("punctuation.section.function.begin.bracket.round")}},
     "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.section.function.end.bracket.round")}},
     "patterns": [
         {"match": r"(?<![\w-])(?:odd|even)(?![\w-])", "name": sc("support.constant.parity")},
         {"match": r"[-+]?\d*n|[-+]?\d+", "name": sc("constant.numeric")},
         {"match": r"(?<![\w-])of(?![\w-])", "name": sc("keyword.operator.of")},
         {"match": r"[-+]", "name": sc("keyword.operator.arithmetic")},
     ] + inc("#string", "#selector-parts")},
    {"match": r"(::)(-?[a-zA-Z][\w-]*)|(:)((?i:before|after|first-line|first-letter))(?![\w-])",
     "captures": {"1": {"name": sc("punctuation.definition.entity")},
                  "2": {"name": sc("entity.other.attribute-name.pseudo-element")},
                  "3": {"name": sc("punctuation.definition.entity")},
                  "4": {"name": sc("entity.other.attribute-name.pseudo-element")}}},
    {"match": r"(:)(-?[a-zA-Z][\w-]*)",
     "captures": {"1": {"name": sc("punctuation.definition.entity")},
                  "2": {"name": sc("entity.other.attribute-name.pseudo-class")}}},
    {"begin": r"\[", "end": r"\]", "name": sc("meta.attribute-selector"),
     "beginCaptures": {"0": {"name": sc("punctuation.definition.entity.begin.bracket.square")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.entity.end.bracket.square")}},
     "patterns": inc("#comment", "#string") + [
         {"match": r"[~|^$*]?=", "name": sc("keyword.operator.pattern")},
         {"match": r"(?<=\s)[iIsS](?=\s*\])", "name": sc("storage.modifier.ignore-case")},
         {"match": r"(?<==)\s*((?:[\w-]|[^\x00-\x7F]|\\.)+)", "captures": {"1": {"name": sc("string.unquoted.attribute-value")}}},
         {"match": r"(?:[\w-]|[^\x00-\x7F]|\\.)+", "name": sc("entity.other.attribute-name")},
         {"match": r"\|", "name": sc("punctuation.separator.namespace")},
     ]},
    {"match": r"(?<![\w-])[a-zA-Z][\w-]*", "name": sc("entity.name.tag")},
    {"match": r">>>|[>+~]", "name": sc("keyword.operator.combinator")},
    {"match": ",", "name": sc("punctuation.separator.list.comma")},
]}
repo["selector"] = {
    "begin": r"(?=[.#&:*\[>+~|\\\w-]|[^\x00-\x7F])",
    "end": r"(?=[{;}])",
    "name": sc("meta.selector"),
    "patterns": inc("#selector-parts"),
}
repo["block"] = {
    "begin": r"\{", "end": r"\}",
    "beginCaptures": {"0": {"name": sc("punctuation.section.property-list.begin.bracket.curly")}},
    "endCaptures": {"0": {"name": sc("punctuation.section.property-list.end.bracket.curly")}},
    "name": sc("meta.property-list"),
    "patterns": inc("#block-contents"),
}
repo["block-contents"] = {"patterns": inc("#comment", "#at-rule", "#declaration", "#selector", "#block") + [
    {"match": ";", "name": sc("punctuation.terminator.rule")},
]}
MEDIA = inc("#comment", "#string", "#url") + [
    {"match": r"(?i)(?<![\w-])(?:and|not|only|or)(?![\w-])", "name": sc("keyword.operator.logical")},
    {"match": r"(?i)(?<![\w-])(?:all|print|screen|speech)(?![\w-])", "name": sc("support.constant.media")},
    {"match": r"(?i)(?<![\w-])(?:layer|supports)(?=\()", "name": sc("support.function")},
    {"match": r"<=|>=|[<>=]", "name": sc("keyword.operator.comparison")},
    {"begin": r"\(", "end": r"\)", "name": sc("meta.media-feature"),
     "beginCaptures": {"0": {"name": sc("punctuation.definition.parameters.begin.bracket.round")}},
     "endCaptures": {"0": {"name": sc("punctuation.definition.parameters.end.bracket.round")}},
     "patterns": [
         {"match": r"(?<=\()\s*(-?[a-zA-Z_][\w-]*)\s*(?=[:<>=)])",
          "captures": {"1": {"name": sc("support.type.property-name.media")}}},
         {"match": ":", "name": sc("punctuation.separator.key-value")},
     ] + inc("#property-values")},
    {"include": "#property-values"},
]
repo["at-rule"] = {"patterns": [
    {"begin": r"(?i)((@)(?:-[a-z]+-)?keyframes)(?![\w-])\s*([^\s{;]*)",
     "beginCaptures": {"1": {"name": sc("keyword.control.at-rule.keyframes")},
                       "2": {"name": sc("punctuation.definition.keyword")},
                       "3": {"name": sc("variable.parameter.keyframe-list")}},
     "end": r"(?<=\})|;", "endCaptures": {"0": {"name": sc("punctuation.terminator.rule")}},
     "patterns": inc("#comment") + [
         {"begin": r"\{", "end": r"\}", "name": sc("meta.at-rule.keyframes.body"),
          "beginCaptures": {"0": {"name": sc("punctuation.section.keyframes.begin.bracket.curly")}},
          "endCaptures": {"0": {"name": sc("punctuation.section.keyframes.end.bracket.curly")}},
          "patterns": inc("#block-contents")}]},
    {"begin": r"(?i)((@)(media|supports|container|layer|scope|document|-moz-document|starting-style|custom-media|import|charset|namespace|font-face|page|property|counter-style|font-feature-values|font-palette-values|view-transition|position-try|[\w-]+))(?![\w-])",
     "beginCaptures": {"1": {"name": sc("keyword.control.at-rule")},
                       "2": {"name": sc("punctuation.definition.keyword")}},
     "end": r"(;)|(?<=\})",
     "endCaptures": {"1": {"name": sc("punctuation.terminator.rule")}},
     "name": sc("meta.at-rule"),
     "patterns": inc("#block") + MEDIA},
]}
write("css", {
    "name": "CSS",
    "scopeName": "source.css",
    "fileTypes": ["css"],
    "patterns": inc("#comment", "#at-rule", "#selector", "#block") + [
        {"match": ";", "name": sc("punctuation.terminator.rule")},
    ],
    "repository": repo,
})
