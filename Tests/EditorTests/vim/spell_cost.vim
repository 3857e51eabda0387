vim9script
# Helpers spell_cost.py types as commands: each writes its result as JSON to a file.

# The mean time of a full redraw of the window, at six places through the buffer.
def g:HighlightdCostRedraw(path: string)
  var total = 0.0
  var last = line('$')
  for target in [1, last / 5, 2 * last / 5, 3 * last / 5, 4 * last / 5, last - winheight(0)]
    execute 'normal! ' .. max([1, target]) .. 'Gzt'
    var started = reltime()
    redraw!
    total += reltimefloat(reltime(started)) * 1000.0
  endfor
  writefile([json_encode(total / 6.0)], path)
enddef

# ]s from the top to the last bad word: [words, milliseconds].
def g:HighlightdCostSpellWalk(path: string)
  var started = reltime()
  normal! gg0
  var wrapscan = &wrapscan
  set nowrapscan
  var words = 0
  while true
    var before = getpos('.')
    silent! normal! ]s
    if getpos('.') == before
      break
    endif
    words += 1
  endwhile
  &wrapscan = wrapscan
  writefile([json_encode([words, reltimefloat(reltime(started)) * 1000.0])], path)
enddef
