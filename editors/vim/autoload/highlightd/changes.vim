vim9script
# A buffer's text, sent to the daemon: whole at `didOpen`, then each batch of changes that
# listener_add() reports (one per redraw, or per listener_flush()) as one
# `textDocument/didChange` replacing whole lines. LSP positions in UTF-8 are (line, byte
# column), and whole lines need no column. Each change is also logged in doc.edits as
# [version, offset, oldLength, newLength] (bytes) for properties.vim's client rule.

import autoload 'highlightd/daemon.vim'
import autoload 'highlightd/text.vim'

var counters = {changes: 0, fullSyncs: 0}

export def Counters(): dict<number>
  return copy(counters)
enddef

# doc: {buf, uri, languageId, version, openVersion, size, lines, edits, needsOpen, stale}
export def Open(doc: dict<any>)
  doc.needsOpen = true
  listener_flush(doc.buf)
  var lines = getbufline(doc.buf, 1, '$')
  var contents = join(lines, "\n") .. "\n"
  doc.version += 1
  doc.openVersion = doc.version
  doc.edits = []
  doc.size = strlen(contents)
  doc.lines = len(lines)
  doc.stale = false
  doc.needsOpen = false
  var item: dict<any> = {uri: doc.uri, version: doc.version, text: contents}
  if doc.languageId != ''
    item.languageId = doc.languageId
  endif
  daemon.Notify('textDocument/didOpen', {textDocument: item})
enddef

export def Close(doc: dict<any>)
  if !doc.needsOpen
    daemon.Notify('textDocument/didClose', {textDocument: {uri: doc.uri}})
  endif
enddef

# The listener's report. Each entry's line numbers hold after the entries before it; they
# fold into one range of the old text, lines [first, oldEnd), replaced by the buffer's
# lines [first, newEnd).
export def OnChanges(doc: dict<any>, changes: list<any>)
  if doc.needsOpen || !daemon.Ready()
    return
  endif
  var first = -1
  var newEnd = 0
  var shift = 0
  for change in changes
    var lnum: number = change.lnum
    var lend: number = change.end
    if first < 0
      first = lnum
      newEnd = lend
    else
      first = min([first, lnum])
      newEnd = max([newEnd, lend])
    endif
    newEnd += change.added
    shift += change.added
  endfor
  if first < 0
    return
  endif
  var oldEnd = newEnd - shift
  if !text.InBuffer(doc.buf, () => SendLines(doc, first, oldEnd, newEnd))
    # No window shows the buffer, so no byte offsets: the whole text goes.
    FullSync(doc)
  endif
enddef

def SendLines(doc: dict<any>, first: number, oldEnd: number, newEnd: number)
  var lineCount = line('$')
  if doc.lines + newEnd - oldEnd != lineCount || first > doc.lines + 1
    # Vim's buffer of one empty line after deleting every line, for one.
    FullSync(doc)
    return
  endif
  var lines = newEnd > first ? getline(first, newEnd - 1) : []
  var replacement = empty(lines) ? '' : join(lines, "\n") .. "\n"
  var size = text.Size()
  var offset = text.LineOffset(first)
  var oldLength = strlen(replacement) - (size - doc.size)
  if oldLength < 0 || offset + oldLength > doc.size
    FullSync(doc)
    return
  endif
  doc.version += 1
  doc.edits->add([doc.version, offset, oldLength, strlen(replacement)])
  doc.size = size
  doc.lines = lineCount
  counters.changes += 1
  daemon.Notify('textDocument/didChange', {
    textDocument: {uri: doc.uri, version: doc.version},
    contentChanges: [{range: {start: {line: first - 1, character: 0},
                              end: {line: oldEnd - 1, character: 0}},
                      text: replacement}]})
enddef

# The whole text as one change.
export def FullSync(doc: dict<any>)
  var lines = getbufline(doc.buf, 1, '$')
  var whole = join(lines, "\n") .. "\n"
  doc.version += 1
  doc.edits->add([doc.version, 0, doc.size, strlen(whole)])
  doc.size = strlen(whole)
  doc.lines = len(lines)
  counters.fullSyncs += 1
  daemon.Notify('textDocument/didChange', {
    textDocument: {uri: doc.uri, version: doc.version},
    contentChanges: [{text: whole}]})
enddef
