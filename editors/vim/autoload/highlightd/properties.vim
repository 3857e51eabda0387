vim9script
# The client rule of docs/PROTOCOL.md, on Vim text properties. A push's changes are byte
# ranges of the text at the push's version: those of an older version are first moved
# through the edits the client made since (doc.edits), dropping what falls in text replaced
# since; then each change replaces this plugin's properties over its range with its runs
# (one property per run piece on a line, in the style's type), links (`highlightd_link`,
# whose id indexes linkTargets) and brackets (`highlightd_bracket_<style>`). A change without
# `brackets` (an attributes answer, which has none) leaves the brackets in its range alone.
#
# ApplyPush() runs in a window showing the document's buffer (text.InBuffer()).

import autoload 'highlightd/styles.vim'
import autoload 'highlightd/text.vim'

var linkTargets: list<string> = ['']  # link property id -> target
var linkIds: dict<number> = {}

var counters = {applied: 0, mapped: 0}

# doc: {buf, version, size, edits: [[version, offset, oldLength, newLength], ...]}
# Returns the [first, last] lines of the segments applied.
export def ApplyPush(doc: dict<any>, version: number, changes: list<any>): list<list<number>>
  var segments = mapnew(changes, (_, c) => ({start: c.offset, end: c.offset + c.length,
    runs: c.runs, links: c.links, brackets: get(c, 'brackets', null_list)}))
  for edit in doc.edits
    if edit[0] > version
      segments = MapSegments(segments, edit[1], edit[2], edit[3])
      counters.mapped += 1
    endif
  endfor
  PruneEdits(doc, version)
  var lines: list<list<number>> = []
  for segment in segments
    var applied = ApplySegment(doc, segment)
    if !empty(applied)
      lines->add(applied)
    endif
  endfor
  counters.applied += 1
  if exists('#User#HighlightdApplied')
    g:highlightd_applied = {buf: doc.buf, version: version, current: doc.version}
    doautocmd <nomodeline> User HighlightdApplied
  endif
  return lines
enddef

# Pushes come in version order: edits up to `version` will not be needed again.
export def PruneEdits(doc: dict<any>, version: number)
  while !empty(doc.edits) && doc.edits[0][0] <= version
    doc.edits->remove(0)
  endwhile
enddef

export def Counters(): dict<number>
  return copy(counters)
enddef

export def LinkTargets(): list<string>
  return linkTargets
enddef

# The target of the link at (lnum, col) of the current buffer, or ''.
export def LinkAt(lnum: number, col: number): string
  for p in prop_list(lnum, {types: [styles.linkType]})
    if p.col <= col && col < p.col + p.length && p.id > 0 && p.id < len(linkTargets)
      return linkTargets[p.id]
    endif
  endfor
  return ''
enddef

export def ClearLines(buf: number, first: number, last: number,
    types: list<string> = styles.OwnTypes())
  if last >= first
    prop_remove({types: types, bufnr: buf, all: true}, first, last)
  endif
enddef

# The segments after an edit that replaced [offset, offset + oldLength) by newLength bytes.
def MapSegments(segments: list<any>, offset: number, oldLength: number,
    newLength: number): list<any>
  var mapped = []
  var oldEnd = offset + oldLength
  var delta = newLength - oldLength
  for segment in segments
    if segment.end <= offset
      mapped->add(segment)
    elseif segment.start >= oldEnd
      mapped->add(Cut(segment, segment.start, segment.end, delta))
    else
      if segment.start < offset
        mapped->add(Cut(segment, segment.start, offset, 0))
      endif
      if segment.end > oldEnd
        mapped->add(Cut(segment, oldEnd, segment.end, delta))
      endif
    endif
  endfor
  return mapped
enddef

# The part [from, to) of a segment, moved by delta.
def Cut(segment: dict<any>, from: number, to: number, delta: number): dict<any>
  var runs = segment.runs
  if from != segment.start || to != segment.end
    runs = []
    var position: number = segment.start
    for [length, style] in segment.runs
      var a = max([position, from])
      var b = min([position + length, to])
      if b > a
        runs->add([b - a, style])
      endif
      position += length
      if position >= to
        break
      endif
    endfor
  endif
  return {start: from + delta, end: to + delta, runs: runs,
    links: ItemsInside(segment.links, from, to, delta),
    brackets: segment.brackets == null ? null_list
      : ItemsInside(segment.brackets, from, to, delta)}
enddef

# The links or brackets wholly inside [from, to), moved by delta.
def ItemsInside(items: list<any>, from: number, to: number, delta: number): list<any>
  var inside = []
  for item in items
    if item.offset >= from && item.offset + item.length <= to
      inside->add(delta == 0 ? item : extendnew(item, {offset: item.offset + delta}))
    endif
  endfor
  return inside
enddef

# Replaces the properties over [segment.start, segment.end) of the current buffer; returns
# the first and last lines it touched ([] for none).
def ApplySegment(doc: dict<any>, segment: dict<any>): list<number>
  var size: number = doc.size
  var start: number = segment.start
  var end: number = min([segment.end, size])
  if start >= end
    return []
  endif
  var buf: number = doc.buf
  var last = line('$')
  var startLine = text.OffsetToLine(start, size)
  var startCol = start - text.LineOffset(startLine)
  var endLine = text.OffsetToLine(end, size)
  var endCol = endLine > last ? 0 : end - text.LineOffset(endLine)
  var replaced = segment.brackets == null ? styles.TypesBesideBrackets() : styles.OwnTypes()
  ClearRange(buf, startLine, startCol, endLine, endCol, replaced)

  # Walk the runs with a cursor on the line holding each run's start; pieces[style]
  # collects [lnum, col, lnum, endCol] items for prop_add_list(). This is the hot loop of
  # a large file: no list-building builtins in it.
  var pieces: list<list<any>> = []
  # Like Vim's own syntax highlighting, none past 'synmaxcol' (each property on a line
  # costs a copy of the line's properties when added).
  var maxColumn: number = get(g:, 'highlightd_max_column', &l:synmaxcol)
  if maxColumn <= 0
    maxColumn = v:numbermax / 2
  endif
  var lnum = startLine
  var lineStart = start - startCol
  var lineLength = strlen(getline(lnum))
  var lineEnd = lineStart + lineLength
  var position = start
  for [length, style] in segment.runs
    var runStart: number = position
    position += length
    var runEnd: number = position < end ? position : end
    if style != 0 && runEnd > runStart
      if runStart > lineEnd
        if runStart - lineStart > 4096
          lnum = text.OffsetToLine(runStart, size)
          lineStart = text.LineOffset(lnum)
        else
          while runStart > lineEnd && lnum <= last
            lineStart = lineEnd + 1
            lnum += 1
            lineEnd = lineStart + strlen(getline(lnum))
          endwhile
        endif
        lineLength = strlen(getline(lnum))
        lineEnd = lineStart + lineLength
      endif
      while len(pieces) <= style
        pieces->add([])
      endwhile
      var bucket = pieces[style]
      var from = runStart
      while from < runEnd && lnum <= last
        var to = runEnd < lineEnd ? runEnd : lineEnd
        if to > lineStart + maxColumn
          to = lineStart + maxColumn
        endif
        if to > from
          bucket->add([lnum, from - lineStart + 1, lnum, to - lineStart + 1])
        endif
        if runEnd <= lineEnd
          break
        endif
        from = lineEnd + 1
        lineStart = from
        lnum += 1
        lineLength = strlen(getline(lnum))
        lineEnd = lineStart + lineLength
      endwhile
    endif
    if position >= end
      break
    endif
  endfor
  for style in range(len(pieces))
    if !empty(pieces[style]) && styles.Has(style)
      prop_add_list({type: 'highlightd_' .. style, bufnr: buf}, pieces[style])
    endif
  endfor
  for link in segment.links
    AddLink(buf, link, size)
  endfor
  if segment.brackets != null
    AddBrackets(buf, segment.brackets, size, maxColumn)
  endif
  return [startLine, min([endLine, last])]
enddef

# One property per bracket, in its style's bracket type, none past maxColumn.
def AddBrackets(buf: number, brackets: list<any>, size: number, maxColumn: number)
  var pieces: dict<list<any>> = {}
  for bracket in brackets
    if bracket.length <= 0 || bracket.offset + bracket.length > size
      continue
    endif
    var lnum = text.OffsetToLine(bracket.offset, size)
    var col = bracket.offset - text.LineOffset(lnum)
    var endCol = min([col + bracket.length, strlen(getline(lnum)), maxColumn])
    if endCol <= col
      continue
    endif
    var type = styles.BracketType(bracket.style)
    if !has_key(pieces, type)
      pieces[type] = []
    endif
    pieces[type]->add([lnum, col + 1, lnum, endCol + 1])
  endfor
  for [type, positions] in items(pieces)
    prop_add_list({type: type, bufnr: buf}, positions)
  endfor
enddef

def AddLink(buf: number, link: dict<any>, size: number)
  if link.offset + link.length > size || link.length <= 0
    return
  endif
  var lnum = text.OffsetToLine(link.offset, size)
  var col = link.offset - text.LineOffset(lnum)
  var length = min([link.length, strlen(getline(lnum)) - col])
  if length <= 0
    return
  endif
  var target: string = link.target
  if !has_key(linkIds, target)
    linkIds[target] = len(linkTargets)
    linkTargets->add(target)
  endif
  styles.EnsureLinkType()
  prop_add(lnum, col + 1, {type: styles.linkType, length: length, id: linkIds[target],
    bufnr: buf})
enddef

# Removes this plugin's properties of the given types over [(l1, c1), (l2, c2)): 0-based
# byte columns, l2 may be line('$') + 1 for the end of the text.
def ClearRange(buf: number, l1: number, c1: number, l2: number, c2: number,
    types: list<string>)
  var last = line('$')
  if l1 == l2
    ClearColumns(buf, l1, c1, c2, types)
    return
  endif
  var fullFrom = l1
  if c1 > 0
    ClearColumns(buf, l1, c1, v:numbermax, types)
    fullFrom = l1 + 1
  endif
  ClearLines(buf, fullFrom, min([l2 - 1, last]), types)
  if l2 <= last && c2 > 0
    ClearColumns(buf, l2, 0, c2, types)
  endif
enddef

# prop_remove() knows only whole lines: the properties of line lnum are removed and the
# parts outside [from, to) added again.
def ClearColumns(buf: number, lnum: number, from: number, to: number, types: list<string>)
  if from >= to || lnum > line('$')
    return
  endif
  var props = prop_list(lnum, {bufnr: buf, types: types})
  if empty(props)
    return
  endif
  if from == 0 && to > strlen(getline(lnum))
    ClearLines(buf, lnum, lnum, types)
    return
  endif
  var kept = []
  var touched = false
  for p in props
    var a: number = p.col - 1
    var b: number = a + p.length
    if b <= from || a >= to
      kept->add([a, b, p.type, p.id])
      continue
    endif
    touched = true
    if a < from
      kept->add([a, from, p.type, p.id])
    endif
    if b > to
      kept->add([to, b, p.type, p.id])
    endif
  endfor
  if !touched
    return
  endif
  ClearLines(buf, lnum, lnum, types)
  var length = strlen(getline(lnum))
  for [a, b, type, id] in kept
    var e = min([b, length])
    if e > a
      prop_add(lnum, a + 1, {type: type, end_col: e + 1, id: id, bufnr: buf})
    endif
  endfor
enddef
