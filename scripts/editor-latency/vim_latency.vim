vim9script
# Measurements of the Vim plugin (editors/vim) inside a real Vim, run by
# scripts/editor-latency/vim.py:
#   g:HighlightdMeasureKeystrokes(out, count): types `count` characters one at a time, each
#     after the previous one's highlight, and records keystroke -> its push applied and the
#     screen redrawn, in milliseconds;
#   g:HighlightdMeasureLargeOpen(path, out): opens a large file and records the time to the
#     first highlight on the visible lines, to the settled document, and Vim's longest stall.

var samples: list<float> = []
var text: list<string> = []
var position = 0
var total = 0
var outPath = ''
var started: list<any> = []
var versionBefore = 0
var waiting = false
var watchdog = 0

def DocVersion(): number
  return get(get(highlightd#State().docs, string(bufnr()), {}), 'version', 0)
enddef

def g:HighlightdMeasureKeystrokes(out: string, count: number)
  outPath = out
  total = count
  samples = []
  # The next `count` characters of the file from the cursor on, typed again at the cursor.
  text = getline('.', line('$'))->join("\n")->split('\zs')->slice(0, count)
  position = 0
  setlocal noautoindent nosmartindent nocindent indentexpr= formatoptions= textwidth=0
  augroup HighlightdLatency
    autocmd!
    autocmd User HighlightdApplied OnApplied()
  augroup END
  feedkeys('i', 'n')
  timer_start(200, (_) => Step())
enddef

def Step()
  if position >= total || position >= len(text)
    autocmd! HighlightdLatency
    feedkeys("\<Esc>", 'n')
    writefile([json_encode({samples: samples})], outPath .. '.part')
    rename(outPath .. '.part', outPath)
    return
  endif
  var char = text[position]
  position += 1
  versionBefore = DocVersion()
  waiting = true
  started = reltime()
  feedkeys(char == "\n" ? "\<CR>" : char, 'n')
  watchdog = timer_start(5000, (_) => {
    # No push for this keystroke in 5 s: count it as 5 s and go on.
    if waiting
      waiting = false
      samples->add(5000.0)
      Step()
    endif
  })
enddef

def OnApplied()
  if !waiting || g:highlightd_applied.version <= versionBefore
      || g:highlightd_applied.version != g:highlightd_applied.current
    return
  endif
  redraw
  samples->add(reltimefloat(reltime(started)) * 1000.0)
  waiting = false
  timer_stop(watchdog)
  # A fast typist: the next key 30 ms after this one's highlight.
  timer_start(30, (_) => Step())
enddef

var openStarted: list<any> = []
var firstVisible = -1.0
var lastTick: list<any> = []
var longestStall = 0.0
var ticker = 0
var openedIn = 0.0
var stallEnded = 0.0

def g:HighlightdMeasureLargeOpen(path: string, out: string)
  outPath = out
  firstVisible = -1.0
  longestStall = 0.0
  augroup HighlightdLatency
    autocmd!
    autocmd User HighlightdApplied OnLargeApplied()
  augroup END
  lastTick = reltime()
  ticker = timer_start(10, (_) => Tick(), {repeat: -1})
  openStarted = reltime()
  execute 'edit' fnameescape(path)
  openedIn = reltimefloat(reltime(openStarted)) * 1000.0
  # Stalls are counted from here: the :edit itself (Vim reading the file, the plugin
  # sending it) is `opened`.
  lastTick = reltime()
  longestStall = 0.0
  redraw
  highlightd#Settle(bufnr(), () => LargeSettled())
enddef

def Tick()
  var gap = reltimefloat(reltime(lastTick)) * 1000.0
  if gap > longestStall
    longestStall = gap
    stallEnded = reltimefloat(reltime(openStarted)) * 1000.0
  endif
  lastTick = reltime()
enddef

def OnLargeApplied()
  if firstVisible >= 0
    return
  endif
  var visible = prop_list(line('w0'), {end_lnum: line('w$')})
    ->filter((_, p) => p.type =~# '^highlightd_\d')
  if !empty(visible)
    redraw
    firstVisible = reltimefloat(reltime(openStarted)) * 1000.0
  endif
enddef

def LargeSettled()
  var settled = reltimefloat(reltime(openStarted)) * 1000.0
  timer_stop(ticker)
  autocmd! HighlightdLatency
  var stats = highlightd#State().stats
  writefile([json_encode({opened: openedIn, firstVisible: firstVisible, settled: settled,
    longestStall: longestStall, stallEnded: stallEnded, lines: line('$'), bytes: line2byte(line('$') + 1) - 1,
    slowestPush: stats.slowestPushMs, slowestOpen: stats.slowestOpenMs,
    pushes: stats.pushes})],
    outPath .. '.part')
  rename(outPath .. '.part', outPath)
enddef
