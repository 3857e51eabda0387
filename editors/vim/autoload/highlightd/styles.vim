vim9script
# The daemon's styles as Vim sees them: each style id of the connection is a text property
# type `highlightd_<id>` whose highlight group `HighlightdStyle<id>` has the style's colours
# (24-bit with 'termguicolors', the nearest xterm-256 colour otherwise) or, with
# g:highlightd_use_standard_groups, links to Comment, String, Keyword... by semantic token
# type. Links are the property type `highlightd_link` (group HighlightdLink, underlined).
# A style used as a bracket's colour also has the type `highlightd_bracket_<id>` (the same
# group, a higher priority), so that it is painted over the syntax runs' colour and is
# replaced only by changes that carry brackets.

export const linkType = 'highlightd_link'
const bracketPrefix = 'highlightd_bracket_'
# Priorities: syntax runs 0, links 1 (combined with what is under them), brackets 2.
const bracketPriority = 2

var styles: dict<dict<any>> = {}     # style id (a string) -> its definition
var defaultStyle: dict<any> = {}     # style 0, the theme's default (never pushed)
var typeNames: list<string> = []     # every property type made here
var bracketTypeNames: list<string> = []  # those of them that are brackets' types

const standardGroups = {
  comment: 'Comment', string: 'String', regexp: 'String', keyword: 'Keyword',
  number: 'Number', operator: 'Operator', function: 'Function', method: 'Function',
  macro: 'Macro', type: 'Type', class: 'Type', struct: 'Structure', enum: 'Type',
  interface: 'Type', typeParameter: 'Type', namespace: 'Include', enumMember: 'Constant',
  variable: 'Identifier', parameter: 'Identifier', property: 'Identifier',
  event: 'Identifier', decorator: 'PreProc', label: 'Label', modifier: 'StorageClass',
}

# Definitions from a push (or an attributes answer): ids are only valid on one connection.
export def Define(definitions: dict<any>)
  for [id, definition] in items(definitions)
    if id == '0'
      SetDefault(definition)
      continue
    endif
    styles[id] = definition
    DefineGroup(id, definition)
    var name = 'highlightd_' .. id
    if empty(prop_type_get(name))
      prop_type_add(name, {highlight: 'HighlightdStyle' .. id, priority: 0})
      typeNames->add(name)
    endif
  endfor
enddef

export def Has(id: number): bool
  return has_key(styles, string(id))
enddef

# The property type of a bracket painted in style `id` (made on first use).
export def BracketType(id: number): string
  var name = bracketPrefix .. id
  if index(bracketTypeNames, name) < 0
    if empty(prop_type_get(name))
      prop_type_add(name, {highlight: 'HighlightdStyle' .. id, priority: bracketPriority})
    endif
    typeNames->add(name)
    bracketTypeNames->add(name)
  endif
  return name
enddef

# What a style's text is, as spell checking and bracket matching read it: `comment`,
# `string`, `regex` or `other` (its definition's `kind`; a daemon that sends none is read
# by its semantic token type).
export def Kind(id: string): string
  var definition = get(styles, id, {})
  var kind = get(definition, 'kind', v:null)
  if type(kind) == v:t_string
    return kind
  endif
  var tokenType = get(definition, 'semanticTokenType', v:null)
  return index(['comment', 'string'], tokenType) >= 0 ? tokenType : 'other'
enddef

# The property types of the syntax styles whose kind is in `kinds`.
export def TypesOfKinds(kinds: list<string>): list<string>
  return keys(styles)->filter((_, id) => index(kinds, Kind(id)) >= 0)
    ->map((_, id) => 'highlightd_' .. id)
enddef

# A new connection numbers its styles anew.
export def Forget()
  styles = {}
enddef

export def SetDefault(definition: dict<any>)
  defaultStyle = definition
  Refresh()
enddef

# Every property type of this plugin, for prop_remove() and prop_list().
export def OwnTypes(): list<string>
  EnsureLinkType()
  return typeNames + [linkType]
enddef

# The same without the brackets' types: what a change without brackets replaces.
export def TypesBesideBrackets(): list<string>
  return OwnTypes()->filter((_, name) => index(bracketTypeNames, name) < 0)
enddef

export def EnsureLinkType()
  if empty(prop_type_get(linkType))
    highlight default HighlightdLink gui=underline cterm=underline term=underline
    prop_type_add(linkType, {highlight: 'HighlightdLink', priority: 1, combine: true})
  endif
enddef

export def State(): dict<any>
  return {styles: styles, defaultStyle: defaultStyle}
enddef

# Defines the groups again (after :colorscheme cleared them, or once style 0 is known).
export def Refresh()
  for [id, definition] in items(styles)
    DefineGroup(id, definition)
  endfor
  highlight default HighlightdLink gui=underline cterm=underline term=underline
  DefineNormal()
enddef

def DefineGroup(id: string, definition: dict<any>)
  var group = 'HighlightdStyle' .. id
  var tokenType = get(definition, 'semanticTokenType', v:null)
  if get(g:, 'highlightd_use_standard_groups', false) && type(tokenType) == v:t_string
      && has_key(standardGroups, tokenType)
    execute 'highlight! link' group standardGroups[tokenType]
    return
  endif
  execute 'highlight! link' group 'NONE'
  var foreground = Color(get(definition, 'foreground', v:null))
  var background = Color(get(definition, 'background', v:null))
  # The theme's own background is left to the window (see DefineNormal).
  if empty(defaultStyle) || background ==? Color(get(defaultStyle, 'background', v:null))
    background = ''
  endif
  var font = split(get(definition, 'fontStyle', '') ?? '')
    ->filter((_, a) => index(['bold', 'italic', 'underline', 'strikethrough'], a) >= 0)
  var attributes = empty(font) ? 'NONE' : join(font, ',')
  execute 'highlight' group 'gui=' .. attributes 'cterm=' .. attributes
    .. ' ' .. ColorArguments(foreground, background)
enddef

def ColorArguments(foreground: string, background: string): string
  var parts = ['guifg=' .. (foreground ?? 'NONE'), 'guibg=' .. (background ?? 'NONE')]
  if str2nr(&t_Co) >= 256
    parts += ['ctermfg=' .. (foreground == '' ? 'NONE' : string(Xterm256(foreground))),
      'ctermbg=' .. (background == '' ? 'NONE' : string(Xterm256(background)))]
  endif
  return join(parts)
enddef

# HighlightdNormal: the theme's default colours, for the windows of attached buffers when
# g:highlightd_colors is 'theme'.
def DefineNormal()
  if empty(defaultStyle)
    return
  endif
  var foreground = Color(get(defaultStyle, 'foreground', v:null))
  var background = Color(get(defaultStyle, 'background', v:null))
  execute 'highlight HighlightdNormal' ColorArguments(foreground, background)
enddef

# Gives the windows showing an attached buffer the theme's colours ('wincolor'), and gives
# other windows back theirs.
export def UpdateWindows(attached: dict<any>)
  var theme = get(g:, 'highlightd_colors', 'theme') ==# 'theme' && !empty(defaultStyle)
  for info in getwininfo()
    var winid: number = info.winid
    var current = getwinvar(winid, '&wincolor')
    if theme && has_key(attached, info.bufnr)
      if current !=# 'HighlightdNormal'
        setwinvar(winid, 'highlightd_wincolor', current)
        setwinvar(winid, '&wincolor', 'HighlightdNormal')
      endif
    elseif current ==# 'HighlightdNormal'
      setwinvar(winid, '&wincolor', getwinvar(winid, 'highlightd_wincolor', ''))
    endif
  endfor
enddef

# "#RRGGBB" or "#RRGGBBAA" -> "#RRGGBB"; anything else -> "".
def Color(value: any): string
  if type(value) != v:t_string || value !~ '^#\x\{6}'
    return ''
  endif
  return value[0 : 6]
enddef

# The nearest colour of the xterm 256-colour palette (its 6x6x6 cube or its grey ramp).
export def Xterm256(color: string): number
  var rgb = [str2nr(color[1 : 2], 16), str2nr(color[3 : 4], 16), str2nr(color[5 : 6], 16)]
  var levels = [0, 95, 135, 175, 215, 255]
  var cube = []
  for value in rgb
    var best = 0
    for i in range(6)
      if abs(levels[i] - value) < abs(levels[best] - value)
        best = i
      endif
    endfor
    cube->add(best)
  endfor
  var cubeRgb = mapnew(cube, (_, i) => levels[i])
  var grey = (rgb[0] + rgb[1] + rgb[2]) / 3
  var greyIndex = grey < 8 ? 0 : min([23, (grey - 8 + 5) / 10])
  var greyValue = 8 + 10 * greyIndex
  if Distance(rgb, [greyValue, greyValue, greyValue]) < Distance(rgb, cubeRgb)
    return 232 + greyIndex
  endif
  return 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
enddef

def Distance(a: list<number>, b: list<number>): number
  return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1])
    + (a[2] - b[2]) * (a[2] - b[2])
enddef
