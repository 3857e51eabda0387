vim9script
# Bracket pairs from the daemon (`textStorage/matchBracket`), which knows which brackets are
# code: the pair under the cursor, in place of matchparen's, and the jump to a bracket's
# partner (:HighlightdMatchBracket).
#
# matchparen skips brackets in strings and comments by the names of Vim's syntax items,
# which a buffer whose 'syntax' is off has none of: there it would pair a "(" in a string
# with a ")" of the code. Its autocommands run in every buffer, so in the daemon's buffers
# this replaces what they show. Update() runs after them (plugin/highlightd.vim defines its
# autocommands once every plugin is loaded): it removes matchparen's match, asks the daemon
# without waiting, and shows the answer with matchparen's own match id and group, so that
# matchparen's next removal (w:paren_hl_on), :NoMatchParen and its WinLeave clear it as
# they clear theirs. Were matchparen's autocommands defined again after these
# (:DoMatchParen), its match would show until the daemon answers: each answer removes
# whatever holds the id before showing the pair.

import autoload 'highlightd/daemon.vim'
import autoload 'highlightd/text.vim'

const matchId = 3        # matchparen's
const waitMs = 1000      # the longest a jump waits for the daemon, in all
const maxJumpTries = 32  # brackets asked about, at most, for a jump from a non-bracket

var latest: dict<number> = {}  # window id -> the serial of its latest question
var serial = 0
var counters = {pairQuestions: 0, pairAnswers: 0, pairsShown: 0}

export def Counters(): dict<number>
  return copy(counters)
enddef

# matchparen is on until :NoMatchParen, and never when g:loaded_matchparen was set before
# it loaded: then no pair is shown here either.
export def MatchparenOn(): bool
  return exists('#matchparen#CursorMoved')
enddef

# From the cursor and text events of the current window, showing doc's buffer: the pair
# of the bracket at the cursor, else (Insert and Replace mode, as matchparen) of the one
# just before it. `tokens`: the strings to ask about (language.Tokens()).
export def Update(doc: dict<any>, tokens: list<string>)
  var winid = win_getid()
  serial += 1
  latest[string(winid)] = serial
  if !MatchparenOn()
    # (Id 3 is then free for :3match.)
    return
  endif
  Hide(winid)
  if pumvisible()
    return
  endif
  var lineText = getline('.')
  var col = col('.') - 1
  var columns = Starts(lineText, col, col, tokens)
  if mode() =~# '^[iR]'
    columns += Ends(lineText, col, tokens)
  endif
  if empty(columns)
    return
  endif
  listener_flush(doc.buf)
  var lineStart = text.LineOffset(line('.'))
  Ask(doc, winid, serial, getbufvar(doc.buf, 'changedtick'),
    mapnew(columns, (_, c) => lineStart + c))
enddef

# Asks about offsets[0], then the next offset while the answer is no pair. (Partials, not
# closures, answer: see language.vim.)
def Ask(doc: dict<any>, winid: number, asked: number, tick: number, offsets: list<number>)
  counters.pairQuestions += 1
  var question = {doc: doc, winid: winid, asked: asked, tick: tick, offsets: offsets}
  daemon.Request('textStorage/matchBracket', {uri: doc.uri, offset: offsets[0]},
    function(Answered, [question]), function(Answered, [question, null]))
enddef

# The answer (null: no pair, or none) to a question of Ask(), if it is still the window's
# latest and the text has not changed since.
def Answered(question: dict<any>, result: any)
  counters.pairAnswers += 1
  var [doc, winid, offsets] = [question.doc, question.winid, question.offsets]
  if get(latest, string(winid), 0) != question.asked || winbufnr(winid) != doc.buf
      || getbufvar(doc.buf, 'changedtick') != question.tick
    return
  endif
  if type(result) == v:t_dict
    Show(winid, result)
  elseif len(offsets) > 1
    Ask(doc, winid, question.asked, question.tick, offsets[1 :])
  else
    Hide(winid)
  endif
enddef

def Show(winid: number, answer: dict<any>)
  var positions: list<list<number>> = []
  text.InWindow(winid, () => {
    var size = text.Size()
    for range in [answer.bracket, answer.partner]
      var lnum = text.OffsetToLine(range.offset, size)
      if lnum <= line('$')
        positions->add([lnum, range.offset - text.LineOffset(lnum) + 1, range.length])
      endif
    endfor
  })
  Hide(winid)
  if len(positions) == 2
    matchaddpos('MatchParen', positions, 10, matchId, {window: winid})
    setwinvar(winid, 'paren_hl_on', 1)
    counters.pairsShown += 1
  endif
enddef

# Removes the match holding matchparen's id (its own or ours) from the window.
def Hide(winid: number)
  if !empty(getmatches(winid)->filter((_, m) => m.id == matchId))
    matchdelete(matchId, winid)
  endif
  if getwinvar(winid, 'paren_hl_on', 0)
    setwinvar(winid, 'paren_hl_on', 0)
  endif
enddef

# The byte columns in [from, to] of lineText where one of tokens starts, in order.
def Starts(lineText: string, from: number, to: number, tokens: list<string>): list<number>
  var columns: list<number> = []
  for col in range(from, min([to, strlen(lineText) - 1]))
    for token in tokens
      if strpart(lineText, col, strlen(token)) ==# token
        columns->add(col)
        break
      endif
    endfor
  endfor
  return columns
enddef

# The byte columns where one of tokens starts and ends just before column `col`.
def Ends(lineText: string, col: number, tokens: list<string>): list<number>
  var columns: list<number> = []
  for token in tokens
    var start = col - strlen(token)
    if start >= 0 && strpart(lineText, start, strlen(token)) ==# token
        && index(columns, start) < 0
      columns->add(start)
    endif
  endfor
  return columns
enddef

# ---------------------------------------------------------------------------------------
# The jump

# Where `%` would go, by the daemon's pairs: the partner of the bracket at the cursor or,
# as `%`, of the first bracket after it on the line ([] for none). Waits for the daemon
# (at most waitMs in all).
export def Partner(doc: dict<any>, tokens: list<string>): list<number>
  listener_flush(doc.buf)
  var lineText = getline('.')
  var lineStart = text.LineOffset(line('.'))
  var columns = Starts(lineText, col('.') - 1, strlen(lineText), tokens)
  var started = reltime()
  for col in columns[: maxJumpTries - 1]
    var left = waitMs - reltimefloat(reltime(started)) * 1000.0
    if left <= 0
      break
    endif
    var answer = AskNow(doc, lineStart + col, left)
    if type(answer) == v:t_dict
      var size = text.Size()
      var lnum = text.OffsetToLine(answer.offset, size)
      if lnum <= line('$')
        return [lnum, answer.offset - text.LineOffset(lnum) + 1]
      endif
    endif
  endfor
  return []
enddef

# The daemon's answer about the bracket at `offset`, or null (no pair, no answer within
# `timeoutMs`). While this waits, :sleep lets Vim read the channel and run its callbacks.
def AskNow(doc: dict<any>, offset: number, timeoutMs: float): any
  var answer: any = null
  var done = false
  counters.pairQuestions += 1
  daemon.Request('textStorage/matchBracket', {uri: doc.uri, offset: offset}, (result) => {
    answer = result
    done = true
  }, () => {
    done = true
  })
  var started = reltime()
  while !done && reltimefloat(reltime(started)) * 1000.0 < timeoutMs
    sleep 1m
  endwhile
  counters.pairAnswers += done ? 1 : 0
  return answer
enddef

# Moves the cursor as `%` would, by the daemon's pairs; Vim's own `%` with a count (N
# percent of the file) or where the daemon has no pairs (`doc` {}). In Operator-pending mode
# it selects from the cursor to the partner, which makes the motion inclusive as `%`'s is.
# Returns false where there is nowhere to go (the mapping then cancels the operator).
export def Jump(doc: dict<any>, tokens: list<string>): bool
  var count = v:count
  var pending = mode(1) =~# '^no'
  var target = count > 0 || empty(doc) ? BuiltinTarget(count) : Partner(doc, tokens)
  if empty(target)
    return false
  endif
  if pending
    execute 'normal! ' .. (count > 0 ? 'V' : 'v')
  elseif mode() ==# 'n'
    normal! m'
  endif
  cursor(target[0], target[1])
  return true
enddef

# Where Vim's `%` (with `count`, `count%`) would go, [] when it would not move.
def BuiltinTarget(count: number): list<number>
  var before = getcurpos()
  execute 'silent! normal! ' .. (count > 0 ? string(count) : '') .. '%'
  var after = getcurpos()
  setpos('.', before)
  return after[1 : 2] == before[1 : 2] ? [] : after[1 : 2]
enddef
