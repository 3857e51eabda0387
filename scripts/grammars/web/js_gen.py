from common import *
import sys

ID = r"[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*"
IDC = r"[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]"
# Word boundaries for identifiers: not inside another identifier, not a property (`a.x`).
B = r"(?<!" + IDC + r")(?<![^.]\.)"
E = r"(?!" + IDC + r")"
# Where an expression may start, so `/` and `<` begin a regex or a JSX element there.
OBJECT_START = r"(?<=[=(,:\[?!&|]|\breturn|\byield|\bawait|\bdefault|=>\s\(|=>\()"
OPERAND = (r"(?<=^|[=(,:\[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase|\bdo|\belse|\bin|\bof"
           r"|\bnew|\bdelete|\bvoid|\bthrow|\byield|\bawait|\bdefault|=>)")

def build(S, ts):
    def sc(name):
        return " ".join(part + "." + S for part in name.split())
    R = {}
    R["comments"] = {"patterns": [
        {"begin": r"/\*\*(?!/)", "end": r"\*/", "name": sc("comment.block.documentation"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.comment")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.comment")}},
         "patterns": [
             {"match": r"(?<=[\s*{])(@)(?:param|arg|argument|returns?|type|typedef|template|throws|exception|see|example|deprecated|since|default|property|prop|callback|private|public|protected|readonly|override|async|module|namespace|extends|augments|implements|class|constructor|const|enum|author|version|link|todo|yields|satisfies|import|overload|inheritdoc|internal|experimental|beta|alpha|remarks)\b",
              "name": "storage.type.class.jsdoc",
              "captures": {"1": {"name": "punctuation.definition.block.tag.jsdoc"}}},
             {"match": r"(?<=@param|@arg|@argument|@property|@prop|@typedef)\s+(\{[^}\n]*\})?\s*(\[?[\w$.]+)",
              "captures": {"1": {"name": "entity.name.type.instance.jsdoc"},
                           "2": {"name": "variable.other.jsdoc"}}},
             {"match": r"(?<=@returns|@return|@type|@throws|@yields|@satisfies)\s+(\{[^}\n]*\})",
              "captures": {"1": {"name": "entity.name.type.instance.jsdoc"}}},
         ]},
        {"begin": r"/\*", "end": r"\*/", "name": sc("comment.block"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.comment")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.comment")}}},
        {"match": r"(//).*", "name": sc("comment.line.double-slash"),
         "captures": {"1": {"name": sc("punctuation.definition.comment")}}},
    ]}
    R["escapes"] = {"patterns": [
        {"match": r"\\(?:x\h{2}|u\h{4}|u\{\h+\}|[0-3][0-7]{0,2}|[4-7][0-7]?|.|$)",
         "name": sc("constant.character.escape")},
    ]}
    R["strings"] = {"patterns": [
        {"begin": q, "end": rf"({q})|(?<!\\)$", "name": sc(f"string.quoted.{kind}"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.string.begin")}},
         "endCaptures": {"1": {"name": sc("punctuation.definition.string.end")}},
         "patterns": inc("#escapes")}
        for q, kind in (("'", "single"), ('"', "double"))
    ] + inc("#template")}
    R["template"] = {
        "begin": r"(" + ID + r")?(`)",
        "beginCaptures": {"1": {"name": sc("entity.name.function.tagged-template")},
                          "2": {"name": sc("string.template punctuation.definition.string.template.begin")}},
        "end": "`", "endCaptures": {"0": {"name": sc("string.template punctuation.definition.string.template.end")}},
        "contentName": sc("string.template"),
        "patterns": inc("#escapes", "#template-substitution"),
    }
    R["template-substitution"] = {
        "begin": r"\$\{", "end": r"\}", "name": sc("meta.template.expression"),
        "beginCaptures": {"0": {"name": sc("punctuation.definition.template-expression.begin")}},
        "endCaptures": {"0": {"name": sc("punctuation.definition.template-expression.end")}},
        "contentName": sc("meta.embedded.line"),
        "patterns": inc("#expression"),
    }
    R["regex"] = {
        "begin": OPERAND + r"\s*+(/)(?![/*])(?=(?:[^/\\\[\n]|\\.|\[(?:[^\]\\\n]|\\.)*+\])++/[dgimsuyv]*+(?!" + IDC + r"))",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.string.begin")}},
        "end": r"(/)([dgimsuyv]*)|(?=$)",
        "endCaptures": {"1": {"name": sc("punctuation.definition.string.end")},
                        "2": {"name": sc("keyword.other")}},
        "contentName": sc("string.regexp"),
        "patterns": inc("#regex-body"),
    }
    R["regex-body"] = {"patterns": [
        {"begin": r"(\[)(\^)?", "end": r"\]|(?=$)", "name": sc("constant.other.character-class.set.regexp"),
         "beginCaptures": {"1": {"name": sc("punctuation.definition.character-class.regexp")},
                           "2": {"name": sc("keyword.operator.negation.regexp")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.character-class.regexp")}},
         "patterns": [{"match": r"\\.", "name": sc("constant.character.escape.backslash.regexp")}]},
        {"match": r"\\[dDwWsSbB]|\.", "name": sc("constant.other.character-class.regexp")},
        {"match": r"\\(?:[1-9]\d*|k<[\w$]+>)", "name": sc("keyword.other.back-reference.regexp")},
        {"match": r"\\.", "name": sc("constant.character.escape.backslash.regexp")},
        {"match": r"\((?:\?(?::|=|!|<=|<!|<[\w$]+>))?|\)", "name": sc("punctuation.definition.group.regexp")},
        {"match": r"(?:[*+?]|\{\d+(?:,\d*)?\})\??", "name": sc("keyword.operator.quantifier.regexp")},
        {"match": r"\|", "name": sc("keyword.operator.or.regexp")},
        {"match": r"[\^$]", "name": sc("keyword.control.anchor.regexp")},
    ]}
    NUM_END = r"(?!" + IDC + r"|\.\d)"
    R["numbers"] = {"patterns": [
        {"match": B + r"0[xX]\h[\h_]*(n)?" + NUM_END, "name": sc("constant.numeric.hex"),
         "captures": {"1": {"name": sc("storage.type.numeric.bigint")}}},
        {"match": B + r"0[bB][01][01_]*(n)?" + NUM_END, "name": sc("constant.numeric.binary"),
         "captures": {"1": {"name": sc("storage.type.numeric.bigint")}}},
        {"match": B + r"0[oO][0-7][0-7_]*(n)?" + NUM_END, "name": sc("constant.numeric.octal"),
         "captures": {"1": {"name": sc("storage.type.numeric.bigint")}}},
        {"match": B + r"0[0-7]+" + NUM_END, "name": sc("constant.numeric.octal")},
        {"match": r"(?<!" + IDC + r"|[^.]\.)(?:\d[\d_]*(n)" + NUM_END + r"|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)" + NUM_END,
         "name": sc("constant.numeric.decimal"),
         "captures": {"1": {"name": sc("storage.type.numeric.bigint")}}},
    ]}
    R["constants"] = {"patterns": [
        {"match": B + r"true" + E, "name": sc("constant.language.boolean.true")},
        {"match": B + r"false" + E, "name": sc("constant.language.boolean.false")},
        {"match": B + r"null" + E, "name": sc("constant.language.null")},
        {"match": B + r"undefined" + E, "name": sc("constant.language.undefined")},
        {"match": B + r"NaN" + E, "name": sc("constant.language.nan")},
        {"match": B + r"Infinity" + E, "name": sc("constant.language.infinity")},
    ]}
    R["keywords"] = {"patterns": [
        {"match": B + r"(?:if|else|switch|case|default)" + E, "name": sc("keyword.control.conditional")},
        {"match": B + r"(?:for|while|do)" + E, "name": sc("keyword.control.loop")},
        {"match": B + r"(?:break|continue|return|throw|yield|await|goto)" + E, "name": sc("keyword.control.flow")},
        {"match": B + r"(?:try|catch|finally)" + E, "name": sc("keyword.control.trycatch")},
        {"match": B + r"with" + E, "name": sc("keyword.control.with")},
        {"match": B + r"debugger" + E, "name": sc("keyword.other.debugger")},
        {"match": B + r"(?:import|export|from)" + E, "name": sc("keyword.control.import")},
        {"match": B + r"(new)\s+(?!(?:function|class|this|super|new|import)" + E + r")(" + ID + r"(?:\s*\.\s*" + ID + r")*)",
         "captures": {"1": {"name": sc("keyword.operator.new")},
                      "2": {"name": sc("entity.name.type.instance")}}},
        {"match": B + r"new" + E, "name": sc("keyword.operator.new")},
        {"match": B + r"(?:typeof|instanceof|in|of|void|delete)" + E, "name": sc("keyword.operator.expression")},
        {"match": B + r"(?:const|let|var|using)" + E, "name": sc("storage.type")},
        {"match": B + r"(?:async|static|get|set|extends|implements|public|private|protected|readonly|abstract|override|declare|accessor)" + E + r"(?=\s*[\w$#\[{*(<])" if ts else B + r"(?:async|static|get|set|extends)" + E + r"(?=\s*[\w$#\[{*(])",
         "name": sc("storage.modifier")},
        {"match": B + r"(?:function)" + E, "name": sc("storage.type.function")},
        {"match": B + r"class" + E, "name": sc("storage.type.class")},
        {"match": B + r"this" + E, "name": sc("variable.language.this")},
        {"match": B + r"super" + E, "name": sc("variable.language.super")},
        {"match": B + r"arguments" + E, "name": sc("variable.language.arguments")},
        {"match": B + r"new\.target" + E, "name": sc("variable.language.new-target")},
        {"match": B + r"import\.meta" + E, "name": sc("variable.language.import-meta")},
    ]}
    R["operators"] = {"patterns": [
        {"match": r"=>", "name": sc("storage.type.function.arrow")},
        {"match": r"\?\.", "name": sc("punctuation.accessor.optional")},
        {"match": r"\.\.\.", "name": sc("keyword.operator.spread")},
        {"match": r"===|!==|==|!=", "name": sc("keyword.operator.comparison")},
        {"match": r"&&=|\|\|=|\?\?=|\*\*=|>>>=|<<=|>>=|[-+*/%&|^]=", "name": sc("keyword.operator.assignment.compound")},
        {"match": r"<=|>=|<(?!<)|(?<!>)>(?![>=])", "name": sc("keyword.operator.relational")},
        {"match": r"=", "name": sc("keyword.operator.assignment")},
        {"match": r"&&|\|\||\?\?|!", "name": sc("keyword.operator.logical")},
        {"match": r"\+\+", "name": sc("keyword.operator.increment")},
        {"match": r"--", "name": sc("keyword.operator.decrement")},
        {"match": r"<<|>>>|>>|[&|^~]", "name": sc("keyword.operator.bitwise")},
        {"match": r"\*\*|[-+*/%]", "name": sc("keyword.operator.arithmetic")},
        {"match": r"\?|:", "name": sc("keyword.operator.ternary")},
        {"match": r";", "name": sc("punctuation.terminator.statement")},
        {"match": r",", "name": sc("punctuation.separator.comma")},
        {"match": r"\.", "name": sc("punctuation.accessor")},
    ]}
    BUILTIN_CLASSES = ("Object|Array|Function|Promise|Reflect|Symbol|Number|String|Boolean|BigInt|Date|RegExp|Map|Set|"
                       "WeakMap|WeakSet|WeakRef|Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|"
                       "AggregateError|Intl|Proxy|ArrayBuffer|SharedArrayBuffer|DataView|Atomics|Int8Array|Uint8Array|"
                       "Uint8ClampedArray|Int16Array|Uint16Array|Int32Array|Uint32Array|Float32Array|Float64Array|"
                       "BigInt64Array|BigUint64Array|JSON|Math")
    R["support"] = {"patterns": [
        {"match": B + r"(console)(?:\s*(\??\.)\s*(assert|clear|count|countReset|debug|dir|dirxml|error|group|groupCollapsed|groupEnd|info|log|table|time|timeEnd|timeLog|trace|warn)" + E + r")?",
         "captures": {"1": {"name": sc("support.class.console")},
                      "2": {"name": sc("punctuation.accessor")},
                      "3": {"name": sc("support.function.console")}}},
        {"match": B + r"(" + BUILTIN_CLASSES + r")" + E, "name": sc("support.class.builtin")},
        {"match": B + r"(?:window|document|navigator|globalThis|process|location|localStorage|sessionStorage|history)" + E,
         "name": sc("support.variable")},
        {"match": B + r"(?:require|setTimeout|setInterval|clearTimeout|clearInterval|queueMicrotask|structuredClone|fetch|parseInt|parseFloat|isNaN|isFinite|encodeURIComponent|decodeURIComponent|encodeURI|decodeURI|alert)" + E + r"(?=\s*\()",
         "name": sc("support.function")},
    ]}
    R["decorator"] = {
        "match": r"(?<![\w$])(@)(" + ID + r"(?:\." + ID + r")*)",
        "name": sc("meta.decorator"),
        "captures": {"1": {"name": sc("punctuation.decorator")},
                     "2": {"name": sc("entity.name.function.decorator")}},
    }
    R["identifiers"] = {"patterns": [
        # Calls: `f(`, `f?.(`, and in TypeScript `f<T>(`.
        {"match": r"(?<![\w$#])(#?" + ID + r")(?=\s*(?:\?\.\s*)?\(" + (r"|\s*<(?:[^<>()=;]|<[^<>()=;]*>)*>\s*\()" if ts else ")"),
         "captures": {"1": {"name": sc("entity.name.function")}},
         "name": sc("meta.function-call")},
        {"match": r"(?<![\w$#])(#?" + ID + r")(?=\s*\??\.\s*[#\w$])",
         "patterns": [],
         "captures": {"1": {"patterns": [
             {"match": r"^[A-Z][A-Z0-9_$]*$", "name": sc("variable.other.constant.object")},
             {"match": r".+", "name": sc("variable.other.object")}]}}},
        {"match": r"(?<=\.)\s*(#?" + ID + r")",
         "captures": {"1": {"patterns": [
             {"match": r"^[A-Z][A-Z0-9_$]+$", "name": sc("variable.other.constant.property")},
             {"match": r".+", "name": sc("variable.other.property")}]}}},
        {"match": B + r"[A-Z][A-Z0-9_$]*(?:_[A-Z0-9$]+)*" + E + r"(?<=..)", "name": sc("variable.other.constant")},
        {"match": B + r"#?" + ID, "name": sc("variable.other.readwrite")},
    ]}
    R["object-key"] = {
        "match": r"(?<=^|[{,])\s*(?:(" + ID + r")|('[^'\\]*'|\"[^\"\\]*\")|(\d+))\s*(:)(?!:)",
        "captures": {"4": {"name": sc("punctuation.separator.key-value")},"1": {"name": sc("meta.object-literal.key")},
                     "2": {"name": sc("meta.object-literal.key string.quoted")},
                     "3": {"name": sc("meta.object-literal.key constant.numeric.decimal")}},
    }
    # In statements `default:` is a switch label, not a key.
    R["statement-key"] = dict(R["object-key"], match=R["object-key"]["match"].replace(
        r"(?<=^|[{,])\s*(?:", r"(?<=^|[{,])\s*(?!default\s*:)(?:", 1))
    R["function-name-assignment"] = {
        # `name = function`, `name = (a) =>`, `name: async x =>`: the name is a function.
        "match": r"(?<![\w$#])(" + ID + r")(?=\s*[=:]\s*(?:async\s+)?(?:function\b|(?:<[^<>()=;]*(?:<[^<>()=;]*>[^<>()=;]*)*>\s*)?\((?:[^()]|\([^()]*\))*\)\s*(?::[^=;{}]*?)?=>|" + ID + r"\s*=>))",
        "captures": {"1": {"name": sc("entity.name.function")}},
    }
    # Parameters of functions and arrows.
    param_patterns = inc("#comments", "#decorator") + [
        {"match": r"\.\.\.", "name": sc("keyword.operator.rest")},
        {"begin": r"=", "end": r"(?=[,)])", "beginCaptures": {"0": {"name": sc("keyword.operator.assignment")}},
         "patterns": inc("#expression")},
        {"begin": r"\{", "end": r"\}", "name": sc("meta.parameter.object-binding-pattern"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}},
         "patterns": inc("#binding-body")},
        {"begin": r"\[", "end": r"\]", "name": sc("meta.parameter.array-binding-pattern"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}},
         "patterns": inc("#binding-body")},
    ]
    if ts:
        param_patterns += [
            {"match": B + r"(?:public|private|protected|readonly|override)" + E, "name": sc("storage.modifier")},
            {"match": B + r"this" + E, "name": sc("variable.language.this")},
            {"include": "#type-annotation"},
            {"match": r"\?", "name": sc("keyword.operator.optional")},
        ]
    param_patterns += [
        {"match": r"#?" + ID, "name": sc("variable.parameter")},
        {"match": ",", "name": sc("punctuation.separator.parameter")},
    ]
    R["binding-body"] = {"patterns": inc("#comments") + [
        {"match": r"\.\.\.", "name": sc("keyword.operator.rest")},
        {"match": r"(" + ID + r")\s*(:)", "captures": {"1": {"name": sc("variable.object.property")},
                                                       "2": {"name": sc("punctuation.destructuring")}}},
        {"begin": r"=", "end": r"(?=[,}\]])", "beginCaptures": {"0": {"name": sc("keyword.operator.assignment")}},
         "patterns": inc("#expression")},
        {"begin": r"\{", "end": r"\}", "patterns": inc("#binding-body"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}}},
        {"begin": r"\[", "end": r"\]", "patterns": inc("#binding-body"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}}},
        {"match": ID, "name": sc("variable.parameter")},
        {"match": ",", "name": sc("punctuation.separator.comma")},
    ]}
    R["catch-clause"] = {
        "begin": r"(?<![\w$.])(catch)\s*(\()",
        "beginCaptures": {"1": {"name": sc("keyword.control.trycatch")},
                          "2": {"name": sc("meta.brace.round")}},
        "end": r"\)", "endCaptures": {"0": {"name": sc("meta.brace.round")}},
        "patterns": param_patterns,
    }
    R["parameters"] = {
        "begin": r"\(", "end": r"\)", "name": sc("meta.parameters"),
        "beginCaptures": {"0": {"name": sc("punctuation.definition.parameters.begin")}},
        "endCaptures": {"0": {"name": sc("punctuation.definition.parameters.end")}},
        "patterns": param_patterns,
    }
    R["arrow-function"] = {"patterns": [
        {"match": r"(?<![\w$.])(?:(async)\s+)?(" + ID + r")\s*(?==>)",
         "captures": {"1": {"name": sc("storage.modifier.async")}, "2": {"name": sc("variable.parameter")}}},
        {"begin": r"(?<![\w$.])(?:(async)\s*)?(\()(?=(?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*(?::[^;{}]*?)?=>)",
         "beginCaptures": {"1": {"name": sc("storage.modifier.async")},
                           "2": {"name": sc("punctuation.definition.parameters.begin")}},
         "end": r"\)", "endCaptures": {"0": {"name": sc("punctuation.definition.parameters.end")}},
         "name": sc("meta.parameters"),
         "patterns": param_patterns},
    ]}
    func_patterns = inc("#comments")
    if ts:
        func_patterns += inc("#type-parameters")
    func_patterns += inc("#parameters")
    if ts:
        func_patterns += inc("#return-type")
    func_patterns += inc("#block")
    R["function"] = {
        "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(default)\s+)?(?:(declare)\s+)?(?:(async)\s+)?(function)(?:\s*(\*))?(?:\s*(" + ID + r"))?",
        "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("keyword.control.export")},
                          "3": {"name": sc("storage.modifier")},
                          "4": {"name": sc("storage.modifier.async")}, "5": {"name": sc("storage.type.function")},
                          "6": {"name": sc("keyword.generator.asterisk")}, "7": {"name": sc("entity.name.function")}},
        "end": r"(?<=\})|(?=[;,)\]])",
        "name": sc("meta.function"),
        "patterns": func_patterns,
    }
    class_header = inc("#comments")
    if ts:
        class_header += inc("#type-parameters")
    class_header += [
        {"match": B + r"(?:extends|implements)" + E, "name": sc("storage.modifier")},
        {"match": r"(" + ID + r")(?=\s*(?:[.{<,]|$|\bimplements\b))" if ts else r"(" + ID + r")(?=\s*[.{(]|\s*$)",
         "captures": {"1": {"name": sc("entity.other.inherited-class")}}},
        {"match": r"\.", "name": sc("punctuation.accessor")},
        {"match": r",", "name": sc("punctuation.separator.comma")},
        {"begin": r"\{", "end": r"\}", "name": sc("meta.class.body"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
         "patterns": inc("#class-body")},
    ]
    if ts:
        class_header.append({"include": "#type"})
    else:
        class_header.append({"include": "#expression"})
    R["class"] = {
        "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(default)\s+)?(?:(declare)\s+)?(?:(abstract)\s+)?(class)" + E + r"(?:\s+(?!extends\b|implements\b)(" + ID + r"))?",
        "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("keyword.control.export")},
                          "3": {"name": sc("storage.modifier")}, "4": {"name": sc("storage.modifier")},
                          "5": {"name": sc("storage.type.class")}, "6": {"name": sc("entity.name.type.class")}},
        "end": r"(?<=\})",
        "name": sc("meta.class"),
        "patterns": class_header,
    }
    MODS = r"static|get|set|async|accessor" + (r"|public|private|protected|readonly|abstract|override|declare" if ts else "")
    method_patterns = inc("#comments")
    if ts:
        method_patterns += inc("#type-parameters")
    method_patterns += inc("#parameters")
    if ts:
        method_patterns += inc("#return-type")
    method_patterns += inc("#block")
    R["class-body"] = {"patterns": inc("#comments", "#decorator") + [
        {"match": B + r"(?:" + MODS + r")" + E + r"(?=\s*[\w$#\[*\"'{])", "name": sc("storage.modifier")},
        {"begin": r"(?<![\w$.])(\*)?\s*(#?" + ID + r"|\[[^\]]*\])\s*(\?)?(?=\s*[(<])",
         "beginCaptures": {"1": {"name": sc("keyword.generator.asterisk")},
                           "2": {"patterns": [{"match": "^constructor$", "name": sc("storage.type.constructor")},
                                              {"match": r"^\[.*", "patterns": inc("#expression")},
                                              {"match": ".+", "name": sc("entity.name.function")}]},
                           "3": {"name": sc("keyword.operator.optional")}},
         "end": r"(?<=\})|(?=[;}])|(?<=\))(?=\s*$)" if not ts else r"(?<=\})|;|(?=\})",
         "name": sc("meta.method.declaration"),
         "patterns": method_patterns},
        {"begin": r"(?<![\w$.])(#?" + ID + r"|'[^']*'|\"[^\"]*\")\s*([?!])?(?=\s*[=;:}]|\s*$)",
         "beginCaptures": {"1": {"name": sc("meta.definition.property variable.object.property")},
                           "2": {"name": sc("keyword.operator.optional")}},
         "end": r"(;)|(?=\})|(?<=[^=,\s])(?=\s*$)",
         "endCaptures": {"1": {"name": sc("punctuation.terminator.statement")}},
         "name": sc("meta.field.declaration"),
         "patterns": (inc("#type-annotation") if ts else []) + [
             {"begin": "=", "end": r"(?=[;}])|(?<=[^=,\s(\[{:?&|+\-*/%<>!])(?=\s*$)", "beginCaptures": {"0": {"name": sc("keyword.operator.assignment")}},
              "patterns": inc("#expression")}]},
        {"include": "#block"},
        {"match": ";", "name": sc("punctuation.terminator.statement")},
        {"include": "#expression"},
    ]}
    var_patterns = inc("#comments") + [
        {"begin": r"\{", "end": r"\}", "name": sc("meta.object-binding-pattern-variable"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.object")}},
         "patterns": inc("#binding-body")},
        {"begin": r"\[", "end": r"\]", "name": sc("meta.array-binding-pattern-variable"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.binding-pattern.array")}},
         "patterns": inc("#binding-body")},
        {"include": "#function-name-assignment"},
        {"match": r"(?<![\w$.])(" + ID + r")(?=\s*[!:=,;]|\s*$|\s+(?:of|in)\b)",
         "captures": {"1": {"name": sc("VARNAME")}}},
    ]
    if ts:
        var_patterns += inc("#type-annotation")
    var_patterns += [
        {"begin": "=(?!=)", "end": r"(?=[,;)\]}])|(?<=[^=,\s(\[{:?&|+\-*/%<>!])(?=\s*$)",
         "beginCaptures": {"0": {"name": sc("keyword.operator.assignment")}},
         "patterns": inc("#expression")},
        {"match": ",", "name": sc("punctuation.separator.comma")},
        {"match": r"!", "name": sc("keyword.operator.definiteassignment")},
    ]
    def var_rule(kinds, varname):
        return {
            "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(declare)\s+)?(" + kinds + r")" + E,
            "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("storage.modifier")},
                              "3": {"name": sc("storage.type")}},
            "end": r"(?=[;)\]}])|(?<=[^,\s=])(?=\s*$)(?<!\bconst|\blet|\bvar)|(?=\s+(?:of|in)\b)",
            "name": sc("meta.var.expr"),
            "patterns": json.loads(json.dumps(var_patterns).replace("VARNAME", varname)),
        }
    R["variable-declaration"] = {"patterns": [var_rule("const", "variable.other.constant"),
                                              var_rule("let|var|using", "variable.other.readwrite")]}
    R["paren-expression"] = {
        "begin": r"\(", "end": r"\)", "name": sc("meta.brace.round"),
        "beginCaptures": {"0": {"name": sc("meta.brace.round")}},
        "endCaptures": {"0": {"name": sc("meta.brace.round")}},
        "patterns": inc("#expression"),
    }
    R["array"] = {
        "begin": r"\[", "end": r"\]", "name": sc("meta.array.literal"),
        "beginCaptures": {"0": {"name": sc("meta.brace.square")}},
        "endCaptures": {"0": {"name": sc("meta.brace.square")}},
        "patterns": inc("#expression"),
    }
    R["block"] = {
        "begin": r"\{", "end": r"\}", "name": sc("meta.block"),
        "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
        "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
        "patterns": inc("#statements"),
    }
    R["object-literal"] = {
        "begin": OBJECT_START + r"\s*+(\{)",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.block")}},
        "end": r"\}", "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
        "name": sc("meta.objectliteral"),
        "patterns": inc("#object-member", "#statements"),
    }
    R["object-member"] = {"patterns": inc("#comments") + [
        {"match": r"(?<=^|[{,])\s*(" + ID + r")\s*(:)(?=\s*(?:async\s+)?(?:function\b|\((?:[^()]|\([^()]*\))*\)\s*(?::[^=;{}]*?)?=>|" + ID + r"\s*=>))",
         "captures": {"1": {"name": sc("meta.object-literal.key entity.name.function")},
                      "2": {"name": sc("punctuation.separator.key-value")}}},
        {"begin": r"(?<![\w$.])(?:(async|get|set|static)\s+)?(\*)?\s*(?!(?:function|if|for|while|switch|catch|with|return)\b)(" + ID + r")\s*(?=\((?:[^()]|\([^()]*\))*\)\s*(?::[^{;]*)?\{)",
         "beginCaptures": {"1": {"name": sc("storage.modifier")}, "2": {"name": sc("keyword.generator.asterisk")},
                           "3": {"name": sc("entity.name.function")}},
         "end": r"(?<=\})", "name": sc("meta.method.declaration"),
         "patterns": method_patterns},
        {"include": "#object-key"},
    ]}
    R["jsx"] = {"patterns": [] if ts else inc("#jsx-element")}
    if not ts:
        R["jsx-element"] = {
            "begin": OPERAND + r"\s*+(<)(?!/)([\w$.:-]*)(?=[\s/>{]|$)",
            "beginCaptures": {"1": {"name": sc("meta.tag punctuation.definition.tag.begin")},
                              "2": {"patterns": inc("#jsx-tag-name")}},
            "end": r"(/>)|(</)([\w$.:-]*)\s*(>)(?<=</\2\s*>)|(</)(\2)\s*(>)",
            "endCaptures": {"1": {"name": sc("meta.tag punctuation.definition.tag.end")},
                            "5": {"name": sc("meta.tag punctuation.definition.tag.begin")},
                            "6": {"patterns": inc("#jsx-tag-name")},
                            "7": {"name": sc("meta.tag punctuation.definition.tag.end")}},
            "patterns": inc("#jsx-attributes", "#jsx-children"),
        }
        R["jsx-element"]["end"] = r"(/>)|(</)(\2)\s*(>)"
        R["jsx-element"]["endCaptures"] = {
            "1": {"name": sc("meta.tag punctuation.definition.tag.end")},
            "2": {"name": sc("meta.tag punctuation.definition.tag.begin")},
            "3": {"patterns": inc("#jsx-tag-name")},
            "4": {"name": sc("meta.tag punctuation.definition.tag.end")}}
        R["jsx-nested"] = {
            "begin": r"(<)([\w$.:-]*)(?=[\s/>{]|$)",
            "beginCaptures": R["jsx-element"]["beginCaptures"],
            "end": R["jsx-element"]["end"], "endCaptures": R["jsx-element"]["endCaptures"],
            "patterns": inc("#jsx-attributes", "#jsx-children"),
        }
        R["jsx-tag-name"] = {"patterns": [
            {"match": r"[A-Z][\w$]*(?:\.[\w$]+)*|[\w$]+(?:\.[\w$]+)+", "name": sc("support.class.component")},
            {"match": r"[\w$:-]+", "name": sc("entity.name.tag")},
        ]}
        R["jsx-attributes"] = {
            "begin": r"\G(?!/>)", "end": r"(?=/>)|(>)",
            "endCaptures": {"1": {"name": sc("punctuation.definition.tag.end")}},
            "name": sc("meta.tag"),
            "patterns": inc("#comments") + [
                {"match": r"[\w$-]+(?::[\w$-]+)?", "name": sc("entity.other.attribute-name")},
                {"match": "=", "name": sc("keyword.operator.assignment")},
            ] + [
                {"begin": q, "end": q, "name": sc(f"string.quoted.{kind}"),
                 "beginCaptures": {"0": {"name": sc("punctuation.definition.string.begin")}},
                 "endCaptures": {"0": {"name": sc("punctuation.definition.string.end")}},
                 "patterns": inc("#jsx-entities")}
                for q, kind in (("'", "single"), ('"', "double"))
            ] + inc("#jsx-embedded"),
        }
        R["jsx-embedded"] = {
            "begin": r"\{", "end": r"\}", "name": sc("meta.embedded.expression"),
            "beginCaptures": {"0": {"name": sc("punctuation.section.embedded.begin")}},
            "endCaptures": {"0": {"name": sc("punctuation.section.embedded.end")}},
            "patterns": inc("#expression"),
        }
        R["jsx-entities"] = {"match": r"(&)(?:[a-zA-Z]\w*|#\d+|#x\h+)(;)", "name": sc("constant.character.entity"),
                             "captures": {"1": {"name": sc("punctuation.definition.entity")},
                                          "2": {"name": sc("punctuation.definition.entity")}}}
        R["jsx-children"] = {
            "begin": r"(?<=>)", "end": r"(?=</)",
            "contentName": sc("meta.jsx.children"),
            "patterns": inc("#jsx-nested", "#jsx-embedded", "#jsx-entities"),
        }
    R["expression"] = {"patterns": inc(
        "#comments", "#strings", "#regex", "#jsx", "#numbers", "#constants", "#decorator",
        "#function", "#class", *(["#arrow-type-parameters"] if ts else []), "#arrow-function",
        *(["#arrow-return-type"] if ts else []), "#function-name-assignment",
        "#keywords-ts" if ts else "#keywords", "#support", "#object-literal", "#paren-expression", "#array",
        "#block", "#identifiers", *(["#type-arguments"] if ts else []), "#operators")}
    stmt = ["#comments"]
    if ts:
        stmt += ["#interface", "#type-alias", "#enum", "#namespace"]
    stmt += ["#import-export", "#variable-declaration", "#catch-clause", "#statement-key", "#expression"]
    R["statements"] = {"patterns": inc(*stmt)}
    R["import-export"] = {"patterns": [
        {"begin": r"(?<![\w$.])(?:(import)(?!\s*[(.])|(export)(?=\s*(?:type\s+)?[{*]))" + E,
         "beginCaptures": {"1": {"name": sc("keyword.control.import")}, "2": {"name": sc("keyword.control.export")}},
         "end": r"(;)|(?<=['\"])(?!\s*(?:with|assert)\b)|$",
         "endCaptures": {"1": {"name": sc("punctuation.terminator.statement")}},
         "name": sc("meta.import"),
         "patterns": inc("#comments", "#strings") + [
             {"match": B + r"type" + E + r"(?=\s*[\w${*])", "name": sc("keyword.control.type")},
             {"match": B + r"(?:from|with|assert)" + E, "name": sc("keyword.control.from")},
             {"match": r"\*", "name": sc("constant.language.import-export-all")},
             {"begin": r"\{", "end": r"\}", "name": sc("meta.block"),
              "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
              "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
              "patterns": inc("#comments", "#strings") + [
                  {"match": B + r"as" + E, "name": sc("keyword.control.as")},
                  {"match": B + r"type" + E + r"(?=\s+[\w$])", "name": sc("keyword.control.type")},
                  {"match": B + r"default" + E, "name": sc("keyword.control.default")},
                  {"match": ID, "name": sc("variable.other.readwrite.alias")},
                  {"match": ",", "name": sc("punctuation.separator.comma")}]},
             {"match": B + r"as" + E, "name": sc("keyword.control.as")},
             {"match": ID, "name": sc("variable.other.readwrite.alias")},
             {"match": ",", "name": sc("punctuation.separator.comma")},
         ]},
        {"match": r"(?<![\w$.])(export)\s+(default)" + E,
         "captures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("keyword.control.default")}}},
        {"match": r"(?<![\w$.])(export)" + E, "name": sc("keyword.control.export")},
    ]}
    if ts:
        add_typescript(R, sc, B, E)
    return R

def add_typescript(R, sc, B, E):
    R["keywords-ts"] = {"patterns": [
        {"match": B + r"(?:as|satisfies)" + E + r"(?=\s+const\b)", "name": sc("keyword.control.as")},
        {"begin": B + r"(as|satisfies)" + E + r"(?!\s*[,;)\]}=]|\s*$)",
         "beginCaptures": {"1": {"name": sc("keyword.control.as")}},
         "end": r"(?=[;,)\]}=:?]|&&|\|\||\?\?|$|\bas\b|\bsatisfies\b)|(?<=[\w$>\])])(?=\s*[+\-*/%.!])",
         "patterns": inc("#type")},
        {"match": B + r"(?:keyof|infer|is|asserts|unique)" + E, "name": sc("keyword.operator.type")},
        {"include": "#keywords"},
    ]}
    # `f<T>(x)`, `new Map<K, V>()`: type arguments written against a name, before a call.
    R["type-arguments"] = {
        "begin": r"(?<=[\w$])(<)(?=[^\s<>()=;](?:[^<>()=;]|<[^<>()=;]*>)*>\s*\()",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.typeparameters.begin")}},
        "end": ">", "endCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.end")}},
        "name": sc("meta.type.parameters"),
        "patterns": inc("#type"),
    }
    # The return type of an arrow function: `(a: T): R => …`.
    R["arrow-return-type"] = {
        "begin": r"(?<=\))\s*(:)(?=[^;{}]*?=>)", "beginCaptures": {"1": {"name": sc("keyword.operator.type.annotation")}},
        "end": r"(?==>)", "name": sc("meta.return.type.arrow"),
        "patterns": inc("#type"),
    }
    R["type-annotation"] = {
        "begin": r"(\??)(:)", "beginCaptures": {"1": {"name": sc("keyword.operator.optional")},
                                             "2": {"name": sc("keyword.operator.type.annotation")}},
        "end": r"(?=[,);}\]]|=(?!>)|=>)|(?<=[\w$>\])'\"])(?=\s*\{)|(?<=[^|&:,\s(<])(?=\s*$)",
        "name": sc("meta.type.annotation"),
        "patterns": inc("#type"),
    }
    R["return-type"] = {
        "begin": r"(?<=\))\s*(:)", "beginCaptures": {"1": {"name": sc("keyword.operator.type.annotation")}},
        "end": r"(?=[,);}\]]|=(?!>)|=>)|(?<=[\w$>\])'\"])(?=\s*\{)|(?<=[^|&:,\s(<])(?=\s*$)",
        "name": sc("meta.return.type"),
        "patterns": inc("#type"),
    }
    R["type-parameters"] = {
        "begin": r"<", "end": r">", "name": sc("meta.type.parameters"),
        "beginCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.begin")}},
        "endCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.end")}},
        "patterns": inc("#comments") + [
            {"match": B + r"(?:extends|in|out|const)" + E, "name": sc("storage.modifier")},
            {"match": r"=(?!>)", "name": sc("keyword.operator.assignment")},
        ] + inc("#type"),
    }
    # `<T>(x: T) => x`: the type parameters of a generic arrow function.
    R["arrow-type-parameters"] = {
        "begin": r"(?<=[=(,:?]|=>|\breturn)\s*+(<)(?=[^<>()=;]*(?:<[^<>()=;]*>[^<>()=;]*)*>\s*\()",
        "beginCaptures": {"1": {"name": sc("punctuation.definition.typeparameters.begin")}},
        "end": ">", "endCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.end")}},
        "name": sc("meta.type.parameters"),
        "patterns": R["type-parameters"]["patterns"],
    }
    R["type"] = {"patterns": inc("#comments", "#strings", "#numbers") + [
        {"match": B + r"(?:string|number|boolean|any|unknown|never|void|object|symbol|bigint|undefined|null|this)" + E,
         "name": sc("support.type.primitive")},
        {"match": B + r"(?:true|false)" + E, "name": sc("constant.language.boolean")},
        {"match": r"(?<![\w$.])(?:(asserts)\s+)?(" + ID + r")\s+(is)" + E,
         "captures": {"1": {"name": sc("keyword.operator.type.asserts")},
                      "2": {"name": sc("variable.parameter")},
                      "3": {"name": sc("keyword.operator.type")}}},
        {"match": B + r"(?:keyof|typeof|infer|is|asserts|unique|readonly|extends|new)" + E, "name": sc("keyword.operator.type")},
        {"begin": r"<", "end": r">", "name": sc("meta.type.parameters"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.begin")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.end")}},
         "patterns": [{"match": "=(?!>)", "name": sc("keyword.operator.assignment")}] + inc("#type")},
        {"begin": r"\{", "end": r"\}", "name": sc("meta.object.type"),
         "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
         "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
         "patterns": inc("#type-members")},
        {"begin": r"\((?=(?:[^()]|\([^()]*\))*\)\s*=>)", "end": r"\)\s*(=>)", "name": sc("meta.type.function"),
         "beginCaptures": {"0": {"name": sc("meta.brace.round")}},
         "endCaptures": {"1": {"name": sc("storage.type.function.arrow")}},
         "patterns": R["parameters"]["patterns"]},
        {"begin": r"\(", "end": r"\)", "name": sc("meta.type.paren.cover"),
         "beginCaptures": {"0": {"name": sc("meta.brace.round")}},
         "endCaptures": {"0": {"name": sc("meta.brace.round")}},
         "patterns": inc("#type")},
        {"begin": r"\[", "end": r"\]", "name": sc("meta.type.tuple"),
         "beginCaptures": {"0": {"name": sc("meta.brace.square")}},
         "endCaptures": {"0": {"name": sc("meta.brace.square")}},
         "patterns": [{"match": r"(" + ID + r")(\??)(?=\s*:)", "captures": {"1": {"name": sc("entity.name.label")}, "2": {"name": sc("keyword.operator.optional")}}},
                      {"match": ":", "name": sc("punctuation.separator.label")}] + inc("#type")},
        {"match": r"=>", "name": sc("storage.type.function.arrow")},
        {"match": r"[|&]", "name": sc("keyword.operator.type")},
        {"match": r"[?:]", "name": sc("keyword.operator.ternary")},
        {"match": r"\.\.\.", "name": sc("keyword.operator.rest")},
        {"match": r",", "name": sc("punctuation.separator.comma")},
        {"match": r"(" + ID + r")\s*(\.)", "captures": {"1": {"name": sc("entity.name.type.module")}, "2": {"name": sc("punctuation.accessor")}}},
        {"match": r"[A-Za-z_$][\w$]*", "name": sc("entity.name.type")},
    ]}
    R["type-members"] = {"patterns": inc("#comments") + [
        {"match": B + r"(?:readonly|static|public|private|protected)" + E + r"(?=\s*[\w$\[])", "name": sc("storage.modifier")},
        {"begin": r"(?<![\w$.])(" + ID + r"|'[^']*'|\"[^\"]*\")\s*(\??)(?=\s*[(<])",
         "beginCaptures": {"1": {"name": sc("entity.name.function")}, "2": {"name": sc("keyword.operator.optional")}},
         "end": r"(?=[;,}])|(?<=[^|&:,\s(<])(?=\s*$)", "name": sc("meta.method.declaration"),
         "patterns": inc("#type-parameters", "#parameters", "#return-type")},
        {"match": r"(?<![\w$.])(" + ID + r"|'[^']*'|\"[^\"]*\")\s*(?=\??\s*:)",
         "captures": {"1": {"name": sc("variable.object.property")}}},
        {"begin": r"\[(?=\s*" + ID + r"\s*(?::|\bin\b))", "end": r"\]", "name": sc("meta.indexer.declaration"),
         "beginCaptures": {"0": {"name": sc("meta.brace.square")}}, "endCaptures": {"0": {"name": sc("meta.brace.square")}},
         "patterns": [{"match": B + r"in" + E, "name": sc("keyword.operator.expression.in")},
                      {"match": r"(?<=\[)\s*(" + ID + r")", "captures": {"1": {"name": sc("variable.parameter")}}}] + inc("#type-annotation", "#type")},
        {"begin": r"(?=\(|<)", "end": r"(?=[;,}])|(?<=[^|&:,\s(<])(?=\s*$)", "name": sc("meta.method.declaration"),
         "patterns": inc("#type-parameters", "#parameters", "#return-type")},
        {"include": "#type-annotation"},
        {"match": r";", "name": sc("punctuation.terminator.statement")},
        {"match": r",", "name": sc("punctuation.separator.comma")},
        {"match": r"[-+]?\?", "name": sc("keyword.operator.optional")},
    ]}
    R["interface"] = {
        "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(declare)\s+)?(interface)\s+(" + ID + r")",
        "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("storage.modifier")},
                          "3": {"name": sc("storage.type.interface")}, "4": {"name": sc("entity.name.type.interface")}},
        "end": r"(?<=\})", "name": sc("meta.interface"),
        "patterns": inc("#comments", "#type-parameters") + [
            {"match": B + r"extends" + E, "name": sc("storage.modifier")},
            {"begin": r"\{", "end": r"\}", "name": sc("meta.interface.body"),
             "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
             "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
             "patterns": inc("#type-members")},
            {"match": r",", "name": sc("punctuation.separator.comma")},
            {"include": "#type"},
        ],
    }
    R["type-alias"] = {
        "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(declare)\s+)?(type)\s+(" + ID + r")(?=\s*[=<]|\s*$)",
        "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("storage.modifier")},
                          "3": {"name": sc("storage.type.type")}, "4": {"name": sc("entity.name.type.alias")}},
        "end": r"(;)|(?=^\s*$)|(?=^\s*(?:export|import|const|let|var|function|class|interface|type|declare|enum|namespace|module|abstract|async|@|\}|//|/\*)" + E + ")",
        "endCaptures": {"1": {"name": sc("punctuation.terminator.statement")}},
        "name": sc("meta.type.declaration"),
        "patterns": inc("#comments") + [
            {"begin": r"\G\s*(<)", "end": r">", "name": sc("meta.type.parameters"),
             "beginCaptures": {"1": {"name": sc("punctuation.definition.typeparameters.begin")}},
             "endCaptures": {"0": {"name": sc("punctuation.definition.typeparameters.end")}},
             "patterns": R["type-parameters"]["patterns"]},
            {"match": r"=(?!>)", "name": sc("keyword.operator.assignment")},
        ] + inc("#type"),
    }
    R["enum"] = {
        "begin": r"(?<![\w$.])(?:(export)\s+)?(?:(declare)\s+)?(?:(const)\s+)?(enum)\s+(" + ID + r")",
        "beginCaptures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("storage.modifier")},
                          "3": {"name": sc("storage.modifier")}, "4": {"name": sc("storage.type.enum")},
                          "5": {"name": sc("entity.name.type.enum")}},
        "end": r"(?<=\})", "name": sc("meta.enum.declaration"),
        "patterns": inc("#comments") + [
            {"begin": r"\{", "end": r"\}",
             "beginCaptures": {"0": {"name": sc("punctuation.definition.block")}},
             "endCaptures": {"0": {"name": sc("punctuation.definition.block")}},
             "patterns": inc("#comments", "#strings") + [
                 {"match": ID, "name": sc("variable.other.enummember")},
                 {"begin": "=", "end": r"(?=[,}])", "beginCaptures": {"0": {"name": sc("keyword.operator.assignment")}},
                  "patterns": inc("#expression")},
                 {"match": ",", "name": sc("punctuation.separator.comma")}]}],
    }
    R["namespace"] = {
        "match": r"(?<![\w$.])(?:(export)\s+)?(?:(declare)\s+)?(namespace|module|global)(?=\s+[\w$\"'{]|\s*\{)(?:\s+(" + ID + r"(?:\." + ID + r")*))?",
        "captures": {"1": {"name": sc("keyword.control.export")}, "2": {"name": sc("storage.modifier")},
                     "3": {"name": sc("storage.type.namespace")}, "4": {"name": sc("entity.name.type.module")}},
    }

write("javascript", {
    "name": "JavaScript",
    "scopeName": "source.js",
    "fileTypes": ["js", "mjs", "cjs", "jsx"],
    "firstLineMatch": r"^#!.*\b(?:node|nodejs|deno|bun)\b",
    "patterns": [{"match": r"\A(#!).*", "name": "comment.line.shebang.js",
                  "captures": {"1": {"name": "punctuation.definition.comment.js"}}}] + inc("#statements"),
    "repository": build("js", False),
})
write("typescript", {
    "name": "TypeScript",
    "scopeName": "source.ts",
    "fileTypes": ["ts", "mts", "cts"],
    "firstLineMatch": r"^#!.*\b(?:ts-node|deno|bun|tsx)\b",
    "patterns": [{"match": r"\A(#!).*", "name": "comment.line.shebang.ts",
                  "captures": {"1": {"name": "punctuation.definition.comment.ts"}}}] + inc("#statements"),
    "repository": build("ts", True),
})
