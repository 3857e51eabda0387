vim9script
# The language at the cursor line, from `textStorage/language` with a position (a Markdown
# file's fenced JavaScript is JavaScript): its comment markers become the buffer's
# 'commentstring' (g:highlightd_commentstring), and its bracket strings are added to those
# pairs.vim looks for at the cursor before asking the daemon about a pair.
#
# Asked without waiting when the cursor moves to another line, at that line's first
# non-blank character (what a line comment command comments), one question at a time per
# document: an answer for a line the cursor has left asks again about the new one.

import autoload 'highlightd/daemon.vim'

# Per document (doc.language): {line (the cursor line last seen, 1-based), asking (the line
# asked about, 0 for none), tokens (bracket string -> true), before (the 'commentstring' the
# plugin replaced, when it did), set (the one it set)}.
def State(doc: dict<any>): dict<any>
  if !has_key(doc, 'language')
    doc.language = {line: 0, asking: 0, tokens: {}, before: null, set: ''}
  endif
  return doc.language
enddef

# The strings pairs.vim asks the daemon about: the bracket strings of the document's
# languages met so far, and 'matchpairs' (where matchparen would show a pair, the daemon's
# answer must replace it, even if matchparen's autocommands came last).
export def Tokens(doc: dict<any>): list<string>
  var tokens = copy(State(doc).tokens)
  for character in split(&matchpairs, '[:,]')
    tokens[character] = true
  endfor
  return keys(tokens)
enddef

# A `textStorage/language` answer, with or without a position.
export def Apply(doc: dict<any>, answer: dict<any>)
  var state = State(doc)
  for pair in get(answer, 'brackets', [])
    for token in pair
      if type(token) == v:t_string && token != ''
        state.tokens[token] = true
      endif
    endfor
  endfor
  var comments = get(answer, 'comments', v:null)
  if type(comments) == v:t_dict
    SetCommentString(doc, state, CommentString(comments))
  endif
enddef

# "// %s" from a line comment, else "/* %s */" from a block comment; '' for none.
def CommentString(comments: dict<any>): string
  var line = get(comments, 'lineComment', v:null)
  if type(line) == v:t_string && line != ''
    return line .. ' %s'
  endif
  var block = get(comments, 'blockComment', v:null)
  if type(block) == v:t_list && len(block) == 2
    return block[0] .. ' %s ' .. block[1]
  endif
  return ''
enddef

def SetCommentString(doc: dict<any>, state: dict<any>, value: string)
  if !get(g:, 'highlightd_commentstring', true) || value == '' || !bufloaded(doc.buf)
    return
  endif
  var current = getbufvar(doc.buf, '&commentstring')
  if current ==# value
    return
  endif
  if state.before == null || current !=# state.set
    # Set by someone else since (a filetype plugin): that is the one to give back.
    state.before = current
  endif
  setbufvar(doc.buf, '&commentstring', value)
  state.set = value
enddef

# Gives the buffer back the 'commentstring' it had, unless it was changed since.
export def GiveBack(doc: dict<any>)
  var state = State(doc)
  if state.before != null && bufloaded(doc.buf)
      && getbufvar(doc.buf, '&commentstring') ==# state.set
    setbufvar(doc.buf, '&commentstring', state.before)
  endif
  state.before = null
enddef

# CursorMoved and CursorMovedI in a window on doc's buffer.
export def CursorMoved(doc: dict<any>)
  var state = State(doc)
  var lnum = line('.')
  if lnum == state.line
    return
  endif
  state.line = lnum
  if state.asking == 0
    Ask(doc, state)
  endif
enddef

# (The callbacks are partials, not closures: Vim 9.0.1378 crashes when a closure assigns
# to a member of an argument it captured.)
def Ask(doc: dict<any>, state: dict<any>)
  var lnum = state.line
  var character = max([0, match(getline(lnum), '\S')])
  # The daemon must have the line as it is now.
  listener_flush(doc.buf)
  state.asking = lnum
  daemon.Request('textStorage/language', {textDocument: {uri: doc.uri},
    position: {line: lnum - 1, character: character}},
    function(Answered, [doc, state, lnum, doc.openVersion]), function(Unanswered, [state]))
enddef

def Answered(doc: dict<any>, state: dict<any>, lnum: number, openVersion: number,
    answer: dict<any>)
  state.asking = 0
  if doc.openVersion != openVersion || doc.needsOpen
    return
  endif
  Apply(doc, answer)
  if state.line != lnum && bufnr() == doc.buf
    Ask(doc, state)
  endif
enddef

def Unanswered(state: dict<any>)
  state.asking = 0
enddef
