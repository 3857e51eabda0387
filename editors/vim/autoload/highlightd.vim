vim9script
# highlightd for Vim: which buffers are documents of the daemon, and the events that move
# them (plugin/highlightd.vim's autocommands and commands call the exported functions).
#
#   highlightd/daemon.vim      the `highlightd serve` job and its JSON-RPC channel
#   highlightd/changes.vim     buffer text -> didOpen / didChange (listener_add)
#   highlightd/properties.vim  didProcessEditing pushes -> text properties (the client rule)
#   highlightd/styles.vim      style ids -> property types and highlight groups
#   highlightd/pairs.vim       the bracket pair under the cursor, and the jump to a partner
#   highlightd/language.vim    the cursor line's language -> 'commentstring', bracket strings
#   highlightd/spell.vim       'spell' in comments and strings only (syntax items)
#   highlightd/text.vim        byte offsets <-> lines
#
# Offsets are bytes of the document's text: the buffer's lines, each ending in "\n".

import autoload 'highlightd/changes.vim'
import autoload 'highlightd/daemon.vim'
import autoload 'highlightd/language.vim'
import autoload 'highlightd/pairs.vim'
import autoload 'highlightd/properties.vim'
import autoload 'highlightd/spell.vim'
import autoload 'highlightd/styles.vim'
import autoload 'highlightd/text.vim'

# Documents by buffer number:
#   buf, uri, languageId, version (the last sent), openVersion (of the didOpen),
#   size and lines (of the text the daemon has), edits (see changes.vim), listener,
#   needsOpen (not open on the daemon), stale (pushes skipped while no window showed it),
#   scopeName (of the grammar the daemon highlights it with, '' for none or not known yet),
#   ownsSyntax and syntaxBefore ('syntax' switched off here), mappedGx, mappedPercent,
#   language (language.vim's).
var docs: dict<dict<any>> = {}

var viewports: dict<string> = {}   # window id -> the range last sent for it
# resyncs: hidden buffers' attributes asked for again; rejections: buffers sent again because
# the daemon rejected an edit of theirs (once for a burst of rejected edits).
var counters = {pushes: 0, resyncs: 0, rejections: 0, slowestPushMs: 0.0, slowestOpenMs: 0.0}

const probeUri = 'highlightd:default-style'
const defaultFiletypes = {
  rust: 'rust', swift: 'swift', javascript: 'javascript', javascriptreact: 'javascriptreact',
  typescript: 'typescript', json: 'json', jsonc: 'jsonc', html: 'html', css: 'css',
  svelte: 'svelte', markdown: 'markdown', tex: 'latex', plaintex: 'latex', python: 'python',
  c: 'c', sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', yaml: 'yaml',
  toml: 'toml', diff: 'diff', gitcommit: 'git-commit',
}

# ---------------------------------------------------------------------------------------
# Attaching buffers

def LanguageId(buf: number): string
  var ft = getbufvar(buf, '&filetype')
  return get(extend(copy(defaultFiletypes), get(g:, 'highlightd_filetypes', {})), ft, ft)
enddef

def Uri(buf: number): string
  var name = bufname(buf)
  if name == ''
    return 'untitled:Untitled-' .. buf
  endif
  var path = fnamemodify(name, ':p')
  if path =~ '^\a\+://'
    return path
  endif
  return 'file://' .. substitute(path, '[^A-Za-z0-9/._~-]', (m) => PercentEncode(m[0]), 'g')
enddef

def PercentEncode(bytes: string): string
  var encoded = ''
  for i in range(strlen(bytes))
    encoded ..= printf('%%%02X', char2nr(strpart(bytes, i, 1)))
  endfor
  return encoded
enddef

def Wanted(buf: number): bool
  if !get(g:, 'highlightd_enabled', true) || !bufloaded(buf)
      || getbufvar(buf, 'highlightd_disabled', false) || getbufvar(buf, '&buftype') != ''
    return false
  endif
  var ft = getbufvar(buf, '&filetype')
  return index(get(g:, 'highlightd_ignore_filetypes', []), ft) < 0
    && (bufname(buf) != '' || ft != '')
enddef

# From FileType, BufNewFile, BufReadPost and BufFilePost: a new name or filetype makes a
# new document.
export def Attach(buf: number)
  if !Wanted(buf)
    Detach(buf)
    return
  endif
  var uri = Uri(buf)
  var languageId = LanguageId(buf)
  if has_key(docs, buf)
    if docs[buf].uri ==# uri && docs[buf].languageId ==# languageId
      return
    endif
    Detach(buf)
  endif
  var doc: dict<any> = {buf: buf, uri: uri, languageId: languageId, version: 0,
    openVersion: 1, size: 0, lines: 0, edits: [], needsOpen: true, stale: false,
    scopeName: '', ownsSyntax: false, syntaxBefore: '', mappedGx: false,
    mappedPercent: false}
  doc.listener = listener_add((_, _, _, _, entries) => changes.OnChanges(doc, entries), buf)
  docs[buf] = doc
  MapKeys(doc)
  if daemon.Ready()
    Open(doc)
  else
    daemon.Start(Handlers())
  endif
enddef

def Handlers(): dict<any>
  return {initialized: OnInitialized, message: OnMessage, exited: OnExited}
enddef

# `unloading`: the buffer's text, and its properties with it, is going anyway.
export def Detach(buf: number, unloading = false)
  if !has_key(docs, buf)
    return
  endif
  var doc = docs->remove(buf)
  listener_remove(doc.listener)
  changes.Close(doc)
  # Before Vim's syntax comes back: its items are not the plugin's to clear.
  spell.Forget(buf)
  if bufloaded(buf) && !unloading
    properties.ClearLines(buf, 1, text.LineCount(buf))
    GiveSyntaxBack(doc)
    language.GiveBack(doc)
    UnmapKeys(doc)
  endif
  styles.UpdateWindows(Themed())
enddef

export def Enable(buf: number)
  setbufvar(buf, 'highlightd_disabled', false)
  daemon.Reset()
  Attach(buf)
enddef

export def Disable(buf: number)
  setbufvar(buf, 'highlightd_disabled', true)
  Detach(buf)
enddef

def Open(doc: dict<any>)
  var started = reltime()
  changes.Open(doc)
  # didOpen makes a new document on the daemon, without the views of the one it replaces.
  ForgetViewports(doc.buf)
  AskLanguage(doc)
  SendViewports(doc.buf)
  NoteDuration('slowestOpenMs', started)
enddef

# Asks the daemon whether it highlights the document with a grammar (`textStorage/language`,
# after every didOpen). Vim's own syntax stays on until it answers, and where it answers no.
def AskLanguage(doc: dict<any>)
  var openVersion = doc.openVersion
  daemon.Request('textStorage/language', {textDocument: {uri: doc.uri}}, (result) => {
    if get(docs, doc.buf, {}) isnot doc || doc.needsOpen || doc.openVersion != openVersion
      return
    endif
    var scopeName = get(result, 'scopeName', v:null)
    doc.scopeName = type(scopeName) == v:t_string ? scopeName : ''
    if doc.scopeName != ''
      TakeSyntax(doc)
      FoldWindows(doc)
      language.Apply(doc, result)
      spell.Refresh(doc)
    else
      spell.Forget(doc.buf)
      GiveSyntaxBack(doc)
    endif
    styles.UpdateWindows(Themed())
  })
enddef

# ---------------------------------------------------------------------------------------
# Folding (g:highlightd_folding): the windows of documents the daemon highlights fold by
# expression, and the expression reads the levels of the daemon's textDocument/foldingRange
# answer, asked again after the pushes of each change.

var foldLevels: dict<list<any>> = {}  # buffer number -> the level of each line ('>N' at starts)
var foldTimers: dict<number> = {}     # buffer number -> the timer of the next question

# The 'foldexpr' of those windows.
export def FoldLevel(lnum: number): any
  var levels = get(foldLevels, string(bufnr()), [])
  return lnum >= 1 && lnum <= len(levels) ? levels[lnum - 1] : 0
enddef

def FoldWindows(doc: dict<any>)
  if !get(g:, 'highlightd_folding', false) || doc.scopeName == ''
    return
  endif
  for win in win_findbuf(doc.buf)
    setwinvar(win, '&foldmethod', 'expr')
    setwinvar(win, '&foldexpr', 'highlightd#FoldLevel(v:lnum)')
  endfor
  RefreshFolds(doc)
enddef

def RefreshFolds(doc: dict<any>)
  var key = string(doc.buf)
  if !get(g:, 'highlightd_folding', false) || doc.scopeName == '' || has_key(foldTimers, key)
    return
  endif
  foldTimers[key] = timer_start(50, (_) => {
    remove(foldTimers, key)
    if get(docs, doc.buf, {}) isnot doc || doc.needsOpen || !daemon.Ready()
      return
    endif
    daemon.Request('textDocument/foldingRange', {textDocument: {uri: doc.uri}}, (ranges) => {
      if get(docs, doc.buf, {}) isnot doc || type(ranges) != v:t_list
        return
      endif
      var lineCount = getbufinfo(doc.buf)[0].linecount
      var depth = repeat([0], lineCount)
      var starts: dict<bool> = {}
      for fold in ranges
        starts[string(fold.startLine)] = true
        for lnum in range(fold.startLine, min([fold.endLine, lineCount - 1]))
          depth[lnum] += 1
        endfor
      endfor
      var levels: list<any> = mapnew(depth, (i, d) => has_key(starts, string(i)) ? '>' .. d : d)
      if levels != get(foldLevels, key, [])
        foldLevels[key] = levels
        for win in win_findbuf(doc.buf)
          win_execute(win, 'silent! normal! zx')
        endfor
      endif
    })
  })
enddef

# The documents the daemon highlights with a grammar: their windows get the theme's colours.
# The others keep the user's, which their own syntax highlighting was made for.
def Themed(): dict<any>
  return filter(copy(docs), (_, doc) => doc.scopeName != '')
enddef

# Vim's own syntax highlighting would show through the characters left in the default
# style: it is switched off where the daemon has a grammar (g:highlightd_keep_syntax keeps
# it).
def TakeSyntax(doc: dict<any>)
  if get(g:, 'highlightd_keep_syntax', false)
    return
  endif
  var current = getbufvar(doc.buf, '&syntax')
  if current !=# 'OFF'
    if !doc.ownsSyntax
      doc.syntaxBefore = current
    endif
    setbufvar(doc.buf, '&syntax', 'OFF')
  endif
  doc.ownsSyntax = true
enddef

# Gives the buffer back the 'syntax' TakeSyntax switched off, if it did.
def GiveSyntaxBack(doc: dict<any>)
  if doc.ownsSyntax && bufloaded(doc.buf) && getbufvar(doc.buf, '&syntax') ==# 'OFF'
    setbufvar(doc.buf, '&syntax', doc.syntaxBefore)
  endif
  doc.ownsSyntax = false
enddef

export def OnSyntax(buf: number)
  if has_key(docs, buf) && docs[buf].ownsSyntax && expand('<amatch>') !=# 'OFF'
    docs[buf].syntaxBefore = expand('<amatch>')
    timer_start(0, (_) => {
      if has_key(docs, buf) && docs[buf].scopeName != ''
        TakeSyntax(docs[buf])
        # Switching 'syntax' cleared the spell items too.
        spell.Refresh(docs[buf])
      endif
    })
  endif
enddef

def MapKeys(doc: dict<any>)
  if bufnr() != doc.buf
    return
  endif
  if !doc.mappedGx && get(g:, 'highlightd_map_gx', true) && !HasBufferMap('gx', 'n')
    nnoremap <buffer> <silent> gx <Cmd>call highlightd#OpenLink(v:true)<CR>
    doc.mappedGx = true
  endif
  if !doc.mappedPercent && get(g:, 'highlightd_map_percent', false)
      && !HasBufferMap('%', 'n') && !HasBufferMap('%', 'x') && !HasBufferMap('%', 'o')
    nmap <buffer> % <Plug>(HighlightdMatchBracket)
    xmap <buffer> % <Plug>(HighlightdMatchBracket)
    omap <buffer> % <Plug>(HighlightdMatchBracket)
    doc.mappedPercent = true
  endif
enddef

def HasBufferMap(lhs: string, mode: string): bool
  return get(maparg(lhs, mode, false, true), 'buffer', 0) != 0
enddef

def UnmapKeys(doc: dict<any>)
  if bufnr() != doc.buf
    return
  endif
  if doc.mappedGx
    silent! nunmap <buffer> gx
    doc.mappedGx = false
  endif
  if doc.mappedPercent
    silent! nunmap <buffer> %
    silent! xunmap <buffer> %
    silent! ounmap <buffer> %
    doc.mappedPercent = false
  endif
enddef

# ---------------------------------------------------------------------------------------
# Viewports: each window is a view, viewId its window id.

def SendViewports(buf: number)
  for winid in win_findbuf(buf)
    SendViewport(winid)
  endfor
enddef

def SendViewport(winid: number)
  var buf = winbufnr(winid)
  if !has_key(docs, buf) || docs[buf].needsOpen || !daemon.Ready()
    return
  endif
  var doc = docs[buf]
  listener_flush(buf)
  var top = line('w0', winid)
  var bottom = line('w$', winid)
  var range = [0, 0]
  text.InWindow(winid, () => {
    range = [text.LineOffset(top), text.LineOffset(bottom + 1)]
  })
  var key = printf('%s %d %d', doc.uri, range[0], range[1])
  if get(viewports, winid, '') ==# key
    return
  endif
  viewports[winid] = key
  daemon.Notify('textStorage/viewport', {uri: doc.uri, viewId: winid,
    range: {offset: range[0], length: range[1] - range[0]}})
enddef

def ForgetViewports(buf: number)
  for winid in win_findbuf(buf)
    if has_key(viewports, string(winid))
      viewports->remove(string(winid))
    endif
  endfor
enddef

# WinScrolled, WinResized, VimResized.
export def ViewportsChanged()
  for winid in gettabinfo(tabpagenr())[0].windows
    SendViewport(winid)
    if has_key(docs, winbufnr(winid))
      spell.ViewChanged(docs[winbufnr(winid)])
    endif
  endfor
  for winid in keys(viewports)
    if win_id2tabwin(str2nr(winid)) == [0, 0]
      viewports->remove(winid)
    endif
  endfor
enddef

export def OnBufWinEnter(buf: number)
  styles.UpdateWindows(Themed())
  if !has_key(docs, buf)
    return
  endif
  var doc = docs[buf]
  MapKeys(doc)
  FoldWindows(doc)
  spell.Shown(doc)
  if doc.stale && !doc.needsOpen
    Resync(doc)
  endif
  timer_start(0, (_) => {
    ViewportsChanged()
    KeepCursorAutocmdsLast()
  })
enddef

# ---------------------------------------------------------------------------------------
# The cursor: the pair under it, and the language of its line

const cursorEvents = ['CursorMoved', 'CursorMovedI', 'WinEnter', 'BufWinEnter',
  'WinScrolled', 'TextChanged', 'TextChangedI']
const cursorGroup = 'highlightd_cursor'

# The events on which matchparen shows the pair under the cursor, in a group defined after
# matchparen's (at VimEnter, once every plugin is loaded) so that OnCursor() runs after it
# and replaces what it shows in the daemon's buffers (see pairs.vim).
export def DefineCursorAutocmds()
  if exists('#' .. cursorGroup)
    autocmd_delete([{group: cursorGroup, event: '*'}])
  endif
  autocmd_add([{group: cursorGroup, event: cursorEvents, pattern: '*',
    cmd: 'highlightd#OnCursor()'}])
enddef

# matchparen's autocommands defined again after these (:DoMatchParen): these are defined
# again after them, when a window next shows a buffer.
def KeepCursorAutocmdsLast()
  var groups = autocmd_get({event: 'CursorMoved'})->mapnew((_, a) => a.group)
  var ours = index(groups, cursorGroup)
  if ours >= 0 && index(groups, 'matchparen', ours) > ours
    DefineCursorAutocmds()
  endif
enddef

export def OnCursor()
  var doc = get(docs, bufnr(), {})
  if empty(doc) || doc.needsOpen || doc.scopeName == '' || !daemon.Ready()
    return
  endif
  pairs.Update(doc, language.Tokens(doc))
  language.CursorMoved(doc)
enddef

# :HighlightdMatchBracket and <Plug>(HighlightdMatchBracket): false where there is no pair.
export def MatchBracket(): bool
  var doc = get(docs, bufnr(), {})
  if empty(doc) || doc.needsOpen || doc.scopeName == '' || !daemon.Ready()
    # Vim's own `%`, where Vim's syntax is on or the daemon cannot answer.
    return pairs.Jump({}, [])
  endif
  return pairs.Jump(doc, language.Tokens(doc))
enddef

# OptionSet spell.
export def OnSpellSet()
  var doc = get(docs, bufnr(), {})
  if !empty(doc)
    spell.Refresh(doc)
  endif
enddef

# ---------------------------------------------------------------------------------------
# The daemon's events

def OnInitialized()
  styles.Forget()
  # A colour scheme set while the daemon started: its theme goes before anything else.
  daemon.FollowTheme()
  AskDefaultStyle()
  for doc in values(docs)
    if bufloaded(doc.buf)
      Open(doc)
    endif
  endfor
enddef

# The daemon is gone (and restarting): what it showed goes too, until the buffers are open
# on the next one.
def OnExited()
  for doc in values(docs)
    doc.needsOpen = true
    if bufloaded(doc.buf)
      properties.ClearLines(doc.buf, 1, text.LineCount(doc.buf))
    endif
  endfor
enddef

def OnMessage(message: dict<any>)
  if message.method ==# 'textStorage/didProcessEditing'
    OnPush(message.params)
  elseif message.method ==# 'textStorage/didReject'
    OnReject(get(message, 'params', {}))
  endif
enddef

# A rejected edit applied nothing: the daemon's text is no longer the buffer's, and every
# later edit would be made against the wrong text. The buffer is sent again, whole, as when
# it was opened. Other rejections change no text (the daemon's logMessage has them).
def OnReject(params: dict<any>)
  if index(['textStorage/edit', 'textDocument/didChange'], get(params, 'method', '')) < 0
    return
  endif
  var uri = get(params, 'uri', v:null)
  var doc = type(uri) == v:t_string ? DocForUri(uri) : {}
  if empty(doc) || doc.needsOpen || !bufloaded(doc.buf)
    return
  endif
  # The daemon handles messages in order, and holds openVersion or later once it has the
  # last didOpen: a rejection made holding less came before it, and that didOpen already
  # sent the text again (a burst of rejected edits sends the buffer once).
  var held = get(params, 'version', v:null)
  if type(held) == v:t_number && held < doc.openVersion
    return
  endif
  counters.rejections += 1
  Open(doc)
enddef

def DocForUri(uri: string): dict<any>
  for doc in values(docs)
    if doc.uri ==# uri
      return doc
    endif
  endfor
  return {}
enddef

def OnPush(params: dict<any>)
  # Styles first: the daemon defines each id once per connection, whoever it was for.
  styles.Define(get(params, 'styles', {}))
  var doc = DocForUri(params.uri)
  if empty(doc) || doc.needsOpen || params.version < doc.openVersion
    return
  endif
  counters.pushes += 1
  Enqueue(doc, params.version, params.changes)
enddef

# A buffer whose pushes were skipped gets the attributes of its whole text.
def Resync(doc: dict<any>)
  doc.stale = false
  counters.resyncs += 1
  daemon.Request('textStorage/attributes', {uri: doc.uri}, (result) => {
    styles.Define(get(result, 'styles', {}))
    if get(docs, doc.buf, {}) is doc && !doc.needsOpen && result.version >= doc.openVersion
      Enqueue(doc, result.version, [{offset: result.range.offset,
        length: result.range.length, runs: result.runs, links: result.links,
        brackets: get(result, 'brackets', [])}])
    endif
  })
enddef

# ---------------------------------------------------------------------------------------
# Applying pushes, a budget at a time: pushes wait in a queue (taking one costs nothing),
# are cut into pieces of at most pieceRuns runs, and pieces are applied for at most budgetMs
# per turn of Vim's main loop, so keys and redraws go on in between. A piece applied after
# more typing is moved through it by the client rule, as any push for an older version.

const pieceRuns = 1000
const budgetMs = 20.0
# {doc, version, changes, index (of the next change), run (its next run), offset (there),
#  bracket (its next bracket)}
var queue: list<dict<any>> = []
var drainTimer = 0

def Enqueue(doc: dict<any>, version: number, batch: list<any>)
  queue->add({doc: doc, version: version, changes: batch, index: 0, run: 0, offset: 0,
    bracket: 0})
  if drainTimer == 0
    # The push a keystroke waits for is small: applied at once.
    if len(queue) == 1 && len(batch) == 1 && len(batch[0].runs) <= pieceRuns
      Drain()
    else
      drainTimer = timer_start(0, (_) => Drain())
    endif
  endif
enddef

def Drain()
  drainTimer = 0
  var started = reltime()
  while !empty(queue)
    var item = queue[0]
    var piece = TakePiece(item)
    if item.index >= len(item.changes)
      queue->remove(0)
    endif
    ApplyPiece(item.doc, item.version, piece)
    if !empty(queue) && reltimefloat(reltime(started)) * 1000.0 > budgetMs
      drainTimer = timer_start(0, (_) => Drain())
      return
    endif
  endwhile
enddef

def ApplyPiece(doc: dict<any>, version: number, batch: list<any>)
  if get(docs, doc.buf, {}) isnot doc || doc.needsOpen || version < doc.openVersion
    return
  endif
  var started = reltime()
  # Changes Vim has not reported yet would be missing from doc.edits.
  listener_flush(doc.buf)
  var lines: list<list<number>> = []
  if !text.InBuffer(doc.buf, () => {
      lines = properties.ApplyPush(doc, version, batch)
    })
    doc.stale = true
    properties.PruneEdits(doc, version)
  endif
  spell.Changed(doc, lines)
  RefreshFolds(doc)
  NoteDuration('slowestPushMs', started)
enddef

# The next changes of a queued push, with at most pieceRuns runs (a change is cut between
# two runs, never inside a link or a bracket). A change's brackets come in document order:
# item.bracket is the first one the pieces taken so far have not had.
def TakePiece(item: dict<any>): list<dict<any>>
  var piece: list<dict<any>> = []
  var count = 0
  while item.index < len(item.changes) && count < pieceRuns
    var change = item.changes[item.index]
    var runs: list<any> = change.runs
    if item.run == 0 && len(runs) <= pieceRuns - count
      piece->add(change)
      count += len(runs)
      item.index += 1
      continue
    endif
    var first: number = item.run
    var start: number = first == 0 ? change.offset : item.offset
    var end = start
    var next = first
    var brackets: list<any> = get(change, 'brackets', null_list)
    if first == 0
      item.bracket = 0
    endif
    while next < len(runs) && (next - first < pieceRuns - count || InLink(change.links, end)
        || InBracket(brackets, item.bracket, end))
      end += runs[next][0]
      next += 1
    endwhile
    var cut = {offset: start, length: end - start, runs: runs[first : next - 1],
      links: filter(copy(change.links), (_, l) => l.offset >= start && l.offset < end)}
    if brackets != null
      var after = item.bracket
      while after < len(brackets) && brackets[after].offset < end
        after += 1
      endwhile
      cut.brackets = brackets[item.bracket : after - 1]
      item.bracket = after
    endif
    piece->add(cut)
    count += next - first
    if next >= len(runs)
      item.index += 1
      item.run = 0
    else
      item.run = next
      item.offset = end
    endif
  endwhile
  return piece
enddef

def InLink(links: list<any>, offset: number): bool
  for link in links
    if link.offset < offset && offset < link.offset + link.length
      return true
    endif
  endfor
  return false
enddef

# Whether `offset` falls inside one of brackets[from :] (those before it, in order).
def InBracket(brackets: list<any>, from: number, offset: number): bool
  var i = from
  while brackets != null && i < len(brackets) && brackets[i].offset < offset
    if offset < brackets[i].offset + brackets[i].length
      return true
    endif
    i += 1
  endwhile
  return false
enddef

def NoteDuration(key: string, started: list<any>)
  var ms = reltimefloat(reltime(started)) * 1000.0
  if ms > counters[key]
    counters[key] = ms
  endif
enddef

# Style 0 (the theme's default) is never pushed; a plain one-line document's attributes
# carry it.
def AskDefaultStyle()
  daemon.Notify('textDocument/didOpen', {textDocument: {uri: probeUri,
    languageId: 'plaintext', version: 1, text: "\n"}})
  daemon.Request('textStorage/attributes', {uri: probeUri}, (result) => {
    styles.Define(get(result, 'styles', {}))
    styles.UpdateWindows(Themed())
  })
  daemon.Notify('textDocument/didClose', {textDocument: {uri: probeUri}})
enddef

# The colour scheme or 'background' changed: the groups are defined again, and the theme
# follows (g:highlightd_theme 'auto'); its new default style is asked for.
export def OnColorScheme()
  styles.Refresh()
  if daemon.FollowTheme()
    AskDefaultStyle()
  endif
enddef

export def Restart()
  daemon.Stop()
  daemon.Reset()
  OnExited()
  if !empty(docs)
    daemon.Start(Handlers())
  endif
enddef

export def Shutdown()
  daemon.Stop()
enddef

# ---------------------------------------------------------------------------------------
# Links

export def OpenLink(fallback: bool)
  var target = properties.LinkAt(line('.'), col('.'))
  if target == ''
    if fallback && !empty(maparg('<Plug>NetrwBrowseX', 'n'))
      feedkeys("\<Plug>NetrwBrowseX", 'm')
    else
      daemon.Warn('no link under the cursor')
    endif
    return
  endif
  var opener = get(g:, 'highlightd_open_command',
    has('mac') ? ['open'] : has('win32') ? ['cmd', '/c', 'start', ''] : ['xdg-open'])
  if type(opener) == v:t_string
    opener = split(opener)
  endif
  if empty(opener) || !executable(opener[0])
    daemon.Warn(printf('cannot open %s: %s is not executable (g:highlightd_open_command)',
      target, string(opener)))
    return
  endif
  job_start(opener + [target], {stoponexit: '', in_io: 'null', out_io: 'null', err_io: 'null'})
  echo 'highlightd: opening ' .. target
enddef

# ---------------------------------------------------------------------------------------
# The inspector: what the daemon knows of the character under the cursor

# Asks the daemon (textStorage/inspect) about the character under the cursor, after the
# edits not sent yet, and shows the token's text, language, kind, colours, theme rule,
# semantic token type and scopes (innermost first) in the message history.
export def Inspect()
  var buf = bufnr()
  if !has_key(docs, buf) || docs[buf].needsOpen || !daemon.Ready()
    daemon.Warn('this buffer is not open in the daemon')
    return
  endif
  var doc = docs[buf]
  listener_flush(buf)
  var offset = text.LineOffset(line('.')) + col('.') - 1
  daemon.Request('textStorage/inspect', {uri: doc.uri, offset: offset}, (result) => {
    g:highlightd_last_inspection = result
    for line in DescribeInspection(result)
      echomsg line
    endfor
  })
enddef

export def DescribeInspection(answer: dict<any>): list<string>
  var Field = (key) => {
    var value = get(answer, key, '')
    return type(value) != v:t_string || value == '' ? '-' : value
  }
  var lines = [
    'text        ' .. string(get(answer, 'text', '')),
    'language    ' .. Field('languageId'),
    'token kind  ' .. Field('tokenKind'),
    'foreground  ' .. Field('foreground'),
    'background  ' .. Field('background'),
    'font style  ' .. Field('fontStyle'),
    'theme rule  ' .. Field('themeRule'),
    'semantic    ' .. Field('semanticTokenType'),
    'scopes',
  ]
  for scope in reverse(copy(get(answer, 'scopes', [])))
    lines->add('  ' .. scope)
  endfor
  return lines
enddef

# ---------------------------------------------------------------------------------------
# Status, and waiting for the daemon (tests, measurements, scripts)

export def State(): dict<any>
  var documents = {}
  for doc in values(docs)
    documents[doc.buf] = {uri: doc.uri, languageId: doc.languageId, version: doc.version,
      size: doc.size, lines: doc.lines, needsOpen: doc.needsOpen, edits: len(doc.edits),
      scopeName: doc.scopeName}
  endfor
  var info = daemon.Info()
  return extend(styles.State(), {ready: info.ready, pid: info.pid, docs: documents,
    linkTargets: properties.LinkTargets(), stderr: info.stderr,
    stats: extend(extend(extend(extend(extend(copy(counters), changes.Counters()),
      properties.Counters()), pairs.Counters()), spell.Counters()),
      {restarts: info.restarts})})
enddef

export def Status()
  var info = daemon.Info()
  var lines = [printf('highlightd: %s, command %s, theme %s',
    info.ready ? 'running (pid ' .. info.pid .. ')' : (info.gaveUp ? 'stopped' : 'not running'),
    string(info.command), info.theme)]
  for doc in values(docs)
    lines->add(printf('  buffer %d %s (%s, %s) version %d%s', doc.buf, doc.uri,
      doc.languageId == '' ? 'by file name' : doc.languageId,
      doc.scopeName == '' ? "Vim's syntax and links" : doc.scopeName, doc.version,
      doc.needsOpen ? ', not open' : ''))
  endfor
  lines->add('  ' .. string(State().stats))
  for line in info.stderr[-5 :]
    lines->add('  daemon: ' .. line)
  endfor
  echo join(lines, "\n")
enddef

# Calls Done() once the daemon has applied every edit of `buf` and has nothing pending on
# it, and its pushes until then (the answer comes after them) have been applied here.
export def Settle(buf: number, Done: func)
  if !has_key(docs, buf)
    if Wanted(buf)
      timer_start(50, (_) => Settle(buf, Done))
    endif
    return
  endif
  var doc = docs[buf]
  listener_flush(buf)
  if !daemon.Ready() || doc.needsOpen
    timer_start(50, (_) => Settle(buf, Done))
    return
  endif
  var version = doc.version
  var Again = () => {
    timer_start(50, (_) => Settle(buf, Done))
  }
  daemon.Request('textStorage/attributes', {uri: doc.uri, range: {offset: 0, length: 0}},
    (result) => {
      if result.version == version && !result.pending && get(docs, buf, {}) is doc
          && doc.version == version && !doc.stale && empty(queue)
        Done()
      else
        Again()
      endif
    }, Again)
enddef
