vim9script
# The one `highlightd serve` of this Vim session: started with job_start(), spoken to in
# JSON-RPC with LSP's Content-Length framing, initialized with UTF-8 positions and attribute
# pushes, restarted when it exits unasked. It knows nothing about buffers:
# autoload/highlightd.vim passes its handlers to Start().
#
# The channel is raw and the framing done here: Vim 9.0's own "lsp" channel mode can stop
# reading in the middle of a message ("Incomplete message ... wait 100 msec for more") and
# never deliver it, which a large file's burst of pushes brings about.

var job: job = null_job
var channel: channel = null_channel
var ready = false           # `initialize` answered and `initialized` sent
var sentTheme = ''          # the theme the daemon was last given
var stopping = false        # an exit we asked for: no restart
var gaveUp = false          # too many exits in a minute: wait for :HighlightdRestart
var failedToStart = false   # the command could not run (said once)
var exits: list<number> = []          # localtime() of recent unexpected exits
var stderrTail: list<string> = []     # the daemon's last lines on stderr and logMessages
var serverInfo: dict<any> = {}
var restarts = 0
var received = ''                     # output not yet parsed into messages
var nextId = 0
var answers: dict<func> = {}          # request id -> func(response)

# {initialized: func(), message: func(dict<any>), exited: func()}
var handlers: dict<any> = {}

export def Warn(message: string)
  echohl WarningMsg
  echomsg 'highlightd: ' .. message
  echohl None
enddef

# An error that stops the plugin until :HighlightdRestart, in :messages and v:errmsg. Not
# :echoerr, which would abort the autocommand that opened the buffer. Shown once the event
# that opened the buffer is over: then it replaces the file's "N lines" message instead of
# adding a line to it (two lines ask to press ENTER).
def Error(message: string)
  timer_start(0, (_) => {
    v:errmsg = 'highlightd: ' .. message
    echohl ErrorMsg
    echomsg v:errmsg
    echohl None
  })
enddef

# Why `cmd` cannot run: what executable() found wrong with its program.
def WhyNotExecutable(cmd: list<string>): string
  if empty(cmd) || cmd[0] == ''
    return 'the command is empty'
  endif
  var program = cmd[0]
  if program !~ '/'
    return 'not found on $PATH'
  elseif isdirectory(program)
    return 'a folder, not a program'
  elseif getftype(program) == ''
    return 'no such file'
  endif
  return 'not executable'
enddef

export def Command(): list<string>
  var cmd = get(g:, 'highlightd_command', ['highlightd', 'serve'])
  return type(cmd) == v:t_string ? split(cmd) : cmd
enddef

# The theme: g:highlightd_theme, or when it is unset or 'auto' the one g:highlightd_themes
# maps the colour scheme to, else the 'background' ('dark' or 'light').
export def Theme(): string
  var theme = get(g:, 'highlightd_theme', 'auto')
  if theme !=# '' && theme !=# 'auto'
    return theme
  endif
  var mapped = get(get(g:, 'highlightd_themes', {}), get(g:, 'colors_name', ''), '')
  return mapped !=# '' ? mapped : &background
enddef

# Sends the theme again when it changed (the colour scheme or 'background' did); returns
# whether it was sent. The daemon then highlights every document again and pushes it whole.
export def FollowTheme(): bool
  var theme = Theme()
  if !ready || theme ==# sentTheme
    return false
  endif
  sentTheme = theme
  Notify('workspace/didChangeConfiguration', {settings: {highlightd: {theme: theme}}})
  return true
enddef

export def Ready(): bool
  return ready
enddef

# The options that tell the daemon where grammars and VS Code extensions are, and which
# language a file name means: `initializationOptions` (and `settings.highlightd` of
# `workspace/didChangeConfiguration`).
export def Settings(): dict<any>
  var settings: dict<any> = {
    vscodeExtensions: get(g:, 'highlightd_use_vscode_extensions', false) ? 'auto' : 'off'}
  var grammarPaths = get(g:, 'highlightd_grammar_paths', [])
  if !empty(grammarPaths)
    settings.grammarPaths = grammarPaths
  endif
  var extensionPaths = get(g:, 'highlightd_extension_paths', [])
  if !empty(extensionPaths)
    settings.extensionPaths = mapnew(extensionPaths, (_, path) => AbsolutePath(path))
  endif
  var associations = get(g:, 'highlightd_file_associations', {})
  if !empty(associations)
    settings.fileAssociations = associations
  endif
  return settings
enddef

# `~` and environment variables expanded, relative to the current directory, no final slash.
def AbsolutePath(path: string): string
  var absolute = fnamemodify(expand(path), ':p')
  return absolute =~ './$' ? absolute[0 : -2] : absolute
enddef

# Sends a notification or, with Callback (given the response), a request; false when there
# is no daemon.
export def Send(message: dict<any>, Callback: any = null): bool
  if channel == null_channel || ch_status(channel) != 'open'
    return false
  endif
  var framed = extend({jsonrpc: '2.0'}, message)
  if Callback != null
    nextId += 1
    framed.id = nextId
    answers[nextId] = Callback
  endif
  var body = json_encode(framed)
  try
    ch_sendraw(channel, 'Content-Length: ' .. strlen(body) .. "\r\n\r\n" .. body)
  catch
    if Callback != null
      answers->remove(nextId)
    endif
    return false
  endtry
  return true
enddef

# Output as it comes. Messages are handled in arrival order for at most budgetMs per turn
# of Vim's main loop (a large file's burst of pushes is megabytes of JSON); the rest waits
# in `received`, from byte `consumed` on.
const budgetMs = 20.0
var consumed = 0
var parseTimer = 0

def OnOutput(_: channel, data: string)
  received ..= data
  if parseTimer == 0
    Parse()
  endif
enddef

def Parse()
  parseTimer = 0
  var started = reltime()
  while true
    var headerEnd = stridx(received, "\r\n\r\n", consumed)
    if headerEnd < 0
      break
    endif
    var header = strpart(received, consumed, headerEnd - consumed)
    var length = str2nr(matchstr(header, '\c\<content-length:\s*\zs\d\+'))
    var bodyStart = headerEnd + 4
    if strlen(received) - bodyStart < length
      break
    endif
    var body = strpart(received, bodyStart, length)
    consumed = bodyStart + length
    var message: any
    try
      message = json_decode(body)
    catch
      OnStderr(null_channel, 'undecodable message: ' .. strpart(body, 0, 200))
      continue
    endtry
    if type(message) == v:t_dict
      OnMessage(message)
    endif
    if reltimefloat(reltime(started)) * 1000.0 > budgetMs
      parseTimer = timer_start(0, (_) => Parse())
      break
    endif
  endwhile
  received = strpart(received, consumed)
  consumed = 0
enddef

export def Notify(method: string, params: dict<any>)
  if ready
    Send({method: method, params: params})
  endif
enddef

# A request whose answer's `result` goes to Callback; Failed(), if given, gets whatever
# else happens: no daemon, an error answer, or a daemon replaced since.
export def Request(method: string, params: dict<any>, Callback: func, Failed: any = null)
  var forJob = job
  var sent = ready && Send({method: method, params: params}, (response) => {
    # A result is an object, or a list (textDocument/foldingRange); null is a failure here.
    if forJob == job && index([v:t_dict, v:t_list], type(get(response, 'result', 0))) >= 0
      Callback(response.result)
    else
      if has_key(response, 'error')
        OnStderr(null_channel, printf('%s failed: %s', method, string(response.error)))
      endif
      if Failed != null
        Failed()
      endif
    endif
  })
  if !sent && Failed != null
    Failed()
  endif
enddef

export def Start(eventHandlers: dict<any>): bool
  handlers = eventHandlers
  if job != null_job && job_status(job) == 'run'
    return true
  endif
  if gaveUp || failedToStart
    return false
  endif
  # Said once: later buffers find failedToStart and keep Vim's syntax, until
  # :HighlightdRestart.
  var cmd = Command()
  if empty(cmd) || !executable(cmd[0])
    failedToStart = true
    Error(printf('cannot start "%s": %s (g:highlightd_command)', join(cmd),
      WhyNotExecutable(cmd)))
    return false
  endif
  ready = false
  stopping = false
  received = ''
  consumed = 0
  answers = {}
  job = job_start(cmd, {
    in_mode: 'raw', out_mode: 'raw', err_mode: 'nl', noblock: true,
    out_cb: OnOutput, err_cb: OnStderr, exit_cb: OnExit, stoponexit: 'term'})
  if job_status(job) != 'run'
    failedToStart = true
    Error(printf('cannot start "%s": job_start() says "%s" (g:highlightd_command)', join(cmd),
      job_status(job)))
    job = null_job
    return false
  endif
  channel = job_getchannel(job)
  sentTheme = Theme()
  var options: dict<any> = extend({attributeDeltas: true, theme: sentTheme,
    bracketPairs: !!get(g:, 'highlightd_bracket_pairs', true)}, Settings())
  Send({method: 'initialize', params: {
    processId: getpid(),
    clientInfo: {name: 'vim', version: string(v:version)},
    capabilities: {general: {positionEncodings: ['utf-8']}},
    initializationOptions: options}}, function(OnInitialize, [job]))
  return true
enddef

def OnInitialize(forJob: job, response: dict<any>)
  if forJob != job
    return
  endif
  var result = get(response, 'result', 0)
  if type(result) != v:t_dict
    Warn('initialize failed: ' .. string(get(response, 'error', response)))
    Stop()
    return
  endif
  var capabilities = get(result, 'capabilities', {})
  if get(capabilities, 'positionEncoding', 'utf-16') != 'utf-8'
    Warn('the daemon does not offer UTF-8 positions; not using it')
    Stop()
    return
  endif
  serverInfo = get(result, 'serverInfo', {})
  Send({method: 'initialized', params: {}})
  ready = true
  handlers.initialized()
enddef

def OnMessage(message: dict<any>)
  var method = get(message, 'method', '')
  if method == '' && has_key(message, 'id')
    if has_key(answers, message.id)
      var Answer = remove(answers, message.id)
      Answer(message)
    endif
  elseif method ==# 'window/logMessage' || method ==# 'window/showMessage'
    OnStderr(null_channel, get(get(message, 'params', {}), 'message', ''))
  elseif method != '' && has_key(message, 'id')
    Send({id: message.id, error: {code: -32601, message: 'not supported by the Vim client'}})
  elseif method != ''
    handlers.message(message)
  endif
enddef

def OnStderr(_: channel, line: string)
  stderrTail->add(line)
  if len(stderrTail) > 20
    stderrTail->remove(0)
  endif
enddef

# An unasked exit is said once; the daemon is restarted (after 100, 200, 300 ms) unless it
# exited four times within a minute.
def OnExit(forJob: job, status: number)
  if forJob != job
    return
  endif
  ready = false
  channel = null_channel
  job = null_job
  FailRequests()
  if stopping
    return
  endif
  var now = localtime()
  exits = exits->filter((_, t) => now - t < 60)->add(now)
  handlers.exited()
  if len(exits) > 3
    gaveUp = true
    Warn(printf('the daemon keeps exiting (status %d); not restarting it (:HighlightdRestart)',
      status))
    return
  endif
  if len(exits) == 1
    Warn(printf('the daemon exited (status %d); restarting it', status))
  endif
  restarts += 1
  timer_start(100 * len(exits), (_) => Start(handlers))
enddef

export def Stop()
  stopping = true
  ready = false
  if job != null_job
    job_stop(job)
  endif
  job = null_job
  channel = null_channel
  FailRequests()
enddef

# Requests of a daemon that is gone get an error answer.
def FailRequests()
  var waiting = values(answers)
  answers = {}
  for Answer in waiting
    Answer({error: {code: -32099, message: 'the daemon exited'}})
  endfor
enddef

# Forgets earlier failures, so that the next Start() tries again.
export def Reset()
  gaveUp = false
  failedToStart = false
  exits = []
enddef

export def Info(): dict<any>
  return {ready: ready, gaveUp: gaveUp, pid: ready ? job_info(job).process : 0,
    command: Command(), theme: Theme(), server: serverInfo, restarts: restarts,
    stderr: copy(stderrTail)}
enddef
