vim9script
# Spell checking in comments and strings only. Vim decides what 'spell' checks by syntax
# items: after `:syntax spell notoplevel` only text inside an item that contains @Spell is
# checked. With 'syntax' off in a buffer the daemon highlights, Vim would check all of it,
# code included; so, while a window on it has 'spell' set, the buffer gets syntax items
# without highlighting of their own over the text of its comment and string styles, rebuilt
# from the stored runs (the text properties, which move with edits) a moment after pushes.
#
# Vim tries every top-level item on every line it draws, so one item per comment line would
# cost a regex per item per line. Instead the lines are cut into blocks of blockLines: each
# block is one item, `highlightdSpellLine`, that matches any single line of the block and
# contains only the block's pieces (`highlightdSpell<block>`), so a line tries the blocks'
# anchored patterns (which fail at once) and the pieces of its own block. A piece starts
# with its first character, so the regex engine skips to that character's occurrences
# before it checks the line and column. Only single-line items: no syncing is needed.
#
# Typing inside lines rebuilds the blocks the pushes touched; a change that adds or removes
# lines moves every line number after it, and rebuilds everything. Each item costs every
# line drawn a little (about 1 ms a screen per 1,000 items): a buffer longer than
# wholeLines gets items only for the lines around its windows' views (margin lines on each
# side), built again as a view comes near their edge; ]s finds no bad word beyond them.

import autoload 'highlightd/styles.vim'
import autoload 'highlightd/text.vim'

const blockLines = 64
const delayMs = 250
const wholeLines = 10000
const margin = 1024
const lineGroup = 'highlightdSpellLine'
const pieceGroup = 'highlightdSpell'

# Buffer number -> {doc, timer, full (rebuild everything), dirty (block -> true), blocks
# (block -> true: its line item exists), built (items exist), covered ([first, last] lines
# that have items), listener}
var states: dict<dict<any>> = {}
var counters = {spellBuilds: 0, spellItems: 0, lastSpellBuildMs: 0.0,
  slowestSpellBuildMs: 0.0}

export def Counters(): dict<any>
  return copy(counters)
enddef

# Whether the buffer should get the items: g:highlightd_spell_comments_and_strings, a
# grammar of code (`source.*`; prose grammars, `text.*` as Markdown, are checked whole as
# Vim's own syntax for them does), 'syntax' switched off by the plugin, and a window on
# it with 'spell'.
def Wanted(doc: dict<any>): bool
  return get(g:, 'highlightd_spell_comments_and_strings', true)
    && doc.scopeName =~# '^source\.' && doc.ownsSyntax
    && !empty(win_findbuf(doc.buf)->filter((_, w) => getwinvar(w, '&spell')))
enddef

def State(doc: dict<any>): dict<any>
  var key = string(doc.buf)
  if !has_key(states, key) || states[key].doc isnot doc
    Forget(doc.buf)
    states[key] = {doc: doc, timer: 0, full: true, dirty: {}, blocks: {}, built: false,
      covered: [0, 0], listener: 0}
  endif
  return states[key]
enddef

# After a push: the lines [first, last] of each of `lines` have new runs.
export def Changed(doc: dict<any>, lines: list<list<number>>)
  if !has_key(states, string(doc.buf)) && !Wanted(doc)
    return
  endif
  var state = State(doc)
  for [first, last] in lines
    for block in range((first - 1) / blockLines, (last - 1) / blockLines)
      var dirty: dict<bool> = state.dirty
      dirty[string(block)] = true
    endfor
  endfor
  Schedule(doc)
enddef

# 'spell' set or reset, a window shown, 'syntax' cleared again: rebuilt whole.
export def Refresh(doc: dict<any>)
  if !has_key(states, string(doc.buf)) && !Wanted(doc)
    return
  endif
  var state = State(doc)
  state.full = true
  Schedule(doc, 0)
enddef

# A window on the buffer scrolled: a long buffer's items follow the view.
export def ViewChanged(doc: dict<any>)
  var state = get(states, string(doc.buf), {})
  if empty(state) || !state.built || state.full
    return
  endif
  var [first, last] = state.covered
  for winid in win_findbuf(doc.buf)
    var lineCount = line('$', winid)
    if first > 1 && line('w0', winid) - margin / 2 < first
        || last < lineCount && line('w$', winid) + margin / 2 > last
      state.full = true
      Schedule(doc, 50)
      return
    endif
  endfor
enddef

# A window shows the buffer: items it could not have while hidden are built.
export def Shown(doc: dict<any>)
  var state = get(states, string(doc.buf), {})
  if empty(state) ? Wanted(doc) : (state.full || !state.built)
    Refresh(doc)
  endif
enddef

def Schedule(doc: dict<any>, delay = delayMs)
  var state = State(doc)
  if state.timer != 0
    timer_stop(state.timer)
  endif
  state.timer = timer_start(delay, (_) => {
    state.timer = 0
    Update(doc)
  })
enddef

def Update(doc: dict<any>)
  var state = get(states, string(doc.buf), {})
  if empty(state) || state.doc isnot doc || !bufloaded(doc.buf)
    return
  endif
  if empty(win_findbuf(doc.buf))
    # :syntax needs a window on the buffer: rebuilt whole when one shows it (Shown()).
    state.full = true
  elseif !Wanted(doc)
    # No window checks its spelling: the items would only cost redraws.
    Forget(doc.buf)
  else
    text.InBuffer(doc.buf, () => Build(state))
  endif
enddef

# The items of the dirty blocks (all of them after a full rebuild), in the current window.
def Build(state: dict<any>)
  var started = reltime()
  var commands: list<string> = []
  var [first, last] = state.covered
  if state.full || !state.built
    [first, last] = Covered(state.doc.buf)
    state.covered = [first, last]
    commands += ['syntax clear', 'syntax spell notoplevel']
    state.blocks = {}
    if state.listener == 0
      state.listener = listener_add((_, _, _, added, _) => LinesMoved(state, added), state.doc.buf)
    endif
  else
    for block in keys(state.dirty)->mapnew((_, b) => str2nr(b))
      var from = block * blockLines + 1
      if has_key(state.blocks, string(block))
        commands->add('syntax clear ' .. pieceGroup .. block)
      endif
      if from >= first && from <= last
        commands += BlockItems(state, from, min([from + blockLines - 1, last]))
      endif
    endfor
    first = last + 1
  endif
  if first <= last
    commands += BlockItems(state, first, last)
  endif
  state.full = false
  state.dirty = {}
  state.built = true
  # From a timer: a piece Vim would not take must not stop the others or ask to press ENTER.
  execute(commands, 'silent!')
  counters.spellBuilds += 1
  counters.spellItems = len(commands)
  counters.lastSpellBuildMs = reltimefloat(reltime(started)) * 1000.0
  if counters.lastSpellBuildMs > counters.slowestSpellBuildMs
    counters.slowestSpellBuildMs = counters.lastSpellBuildMs
  endif
enddef

# The lines to make items for: all of them, or (a buffer longer than wholeLines) whole
# blocks around every window's view.
def Covered(buf: number): list<number>
  var lineCount = line('$')
  if lineCount <= wholeLines
    return [1, lineCount]
  endif
  var first = lineCount
  var last = 1
  for winid in win_findbuf(buf)
    first = min([first, line('w0', winid) - margin])
    last = max([last, line('w$', winid) + margin])
  endfor
  first = max([1, first]) - (max([1, first]) - 1) % blockLines
  return [first, min([lineCount, last])]
enddef

# The commands that define the pieces of lines [first, last] (whole blocks), and the line
# item of each block that has pieces and none yet.
def BlockItems(state: dict<any>, first: number, last: number): list<string>
  var types = styles.TypesOfKinds(['comment', 'string'])
  if empty(types)
    return []
  endif
  var commands: list<string> = []
  var pieceLine = 0
  var pieceStart = 0
  var pieceEnd = 0
  # Adjacent properties on a line (a comment's markers and its text) make one piece.
  for p in prop_list(first, {end_lnum: last, types: types})
    if p.lnum == pieceLine && p.col <= pieceEnd
      pieceEnd = max([pieceEnd, p.col + p.length])
      continue
    endif
    if pieceLine > 0
      commands += PieceItems(state, pieceLine, pieceStart, pieceEnd)
    endif
    [pieceLine, pieceStart, pieceEnd] = [p.lnum, p.col, p.col + p.length]
  endfor
  if pieceLine > 0
    commands += PieceItems(state, pieceLine, pieceStart, pieceEnd)
  endif
  return commands
enddef

# A piece: bytes [col, endCol) of line lnum (1-based columns).
def PieceItems(state: dict<any>, lnum: number, col: number, endCol: number): list<string>
  var block = (lnum - 1) / blockLines
  var commands: list<string> = []
  var blocks: dict<bool> = state.blocks
  if !has_key(blocks, string(block))
    blocks[string(block)] = true
    # Any one line of the block, whole: the container of its pieces.
    commands->add(printf('syntax match %s /^\%%>%dl\%%<%dl.*/ contains=%s%d', lineGroup,
      block * blockLines, (block + 1) * blockLines + 1, pieceGroup, block))
  endif
  var character = strcharpart(strpart(getline(lnum), col - 1), 0, 1)
  if character == '' || character == "\n"
    # (A NUL byte, which getline() gives as "\n", cannot be written in the command.)
    return commands
  endif
  commands->add(printf('syntax match %s%d /\V%s\%%%dc\%%%dl\.\*\%%%dc/ contained contains=@Spell',
    pieceGroup, block, escape(character, '\/'), col + strlen(character), lnum, endCol))
  return commands
enddef

# A change that adds or removes lines: every item after it is on the wrong line.
def LinesMoved(state: dict<any>, added: number)
  if added != 0 && !state.full
    state.full = true
    Schedule(state.doc)
  endif
enddef

def Clear(state: dict<any>)
  if state.built
    silent! syntax clear
    state.built = false
    state.full = true
  endif
  if state.listener != 0
    listener_remove(state.listener)
    state.listener = 0
  endif
enddef

# The buffer is no longer a document, or gives 'syntax' back: the items go (clearing
# is for the one who turned 'syntax' back on, or for Detach in the buffer's window).
export def Forget(buf: number)
  var key = string(buf)
  if !has_key(states, key)
    return
  endif
  var state = remove(states, key)
  if state.timer != 0
    timer_stop(state.timer)
  endif
  if bufloaded(buf)
    text.InBuffer(buf, () => Clear(state))
  endif
  if state.listener != 0
    listener_remove(state.listener)
  endif
enddef
