vim9script
# Byte offsets into a document's text (the buffer's lines each ending in "\n", as sent to
# the daemon) and back to lines. line2byte() and byte2line() only read the current buffer,
# so these run in a window showing it: InBuffer() gets there.

# The offset of line `lnum`'s first byte; the text's size for the line after the last.
export def LineOffset(lnum: number): number
  var last = line('$')
  if lnum > last
    return Size()
  endif
  var first = line2byte(1)
  if first < 0
    # A new, empty buffer has no byte count yet.
    return 0
  endif
  var offset = line2byte(lnum) - first
  if &fileformat ==# 'dos'
    # line2byte() counts "\r\n"; the daemon's text has "\n".
    offset -= lnum - 1
  endif
  return offset
enddef

export def Size(): number
  var last = line('$')
  return LineOffset(last) + strlen(getline(last)) + 1
enddef

# The line holding byte `offset` (a line's "\n" is part of it); line('$') + 1 at or past
# the end of a text of `size` bytes.
export def OffsetToLine(offset: number, size: number): number
  var last = line('$')
  if offset >= size
    return last + 1
  endif
  var first = line2byte(1)
  if first < 0
    return 1
  endif
  var lnum = byte2line(offset + first)
  if lnum < 0
    return last
  endif
  if &fileformat ==# 'dos'
    # Each line above adds a "\r" that `offset` does not count: converges from below.
    while true
      var next = byte2line(offset + first + lnum - 1)
      if next < 0
        return last
      elseif next <= lnum
        break
      endif
      lnum = next
    endwhile
  endif
  return lnum
enddef

export def LineCount(buf: number): number
  var info = getbufinfo(buf)
  return empty(info) ? 0 : info[0].linecount
enddef

# Runs F in a window showing `buf` (the current one if it does); false if none does.
export def InBuffer(buf: number, F: func): bool
  if bufnr() == buf
    F()
    return true
  endif
  var windows = win_findbuf(buf)
  if empty(windows)
    return false
  endif
  InWindow(windows[0], F)
  return true
enddef

var Deferred: func = null_function

export def InWindow(winid: number, F: func)
  if win_getid() == winid
    F()
    return
  endif
  Deferred = F
  win_execute(winid, 'RunDeferred()')
enddef

def RunDeferred()
  var F = Deferred
  Deferred = null_function
  F()
enddef
