-- The one `highlightd serve` process of this Neovim session: spawning, LSP framing over its
-- stdio, requests and notifications, and restarting it once when it dies.
local M = {}

local uv = vim.uv or vim.loop

local state = {
  generation = 0, -- bumped per process; messages of an older process are ignored
  process = nil, -- { write = function(data), close = function(), pid = integer }
  ready = false, -- `initialize` answered
  capabilities = nil,
  next_id = 0,
  callbacks = {},
  stopping = false,
  last_restart = nil, -- uv.now() of the last automatic restart
  gave_up = false,
  handlers = nil, -- { notification, ready, exited, reconfigured }: see M.configure
  options = nil,
  settings = nil, -- M.settings() as the running daemon last got them
}

local function log(level, message)
  vim.notify("highlightd: " .. message, level)
end

--- A framing decoder: feed it chunks, it calls `emit(body)` per complete message.
local function decoder(emit)
  local chunks, have, need = {}, 0, nil
  return function(data)
    chunks[#chunks + 1] = data
    have = have + #data
    while true do
      if not need then
        local text = table.concat(chunks)
        local header_end = text:find("\r\n\r\n", 1, true)
        if not header_end then
          chunks, have = { text }, #text
          return
        end
        local length = text:sub(1, header_end - 1):lower():match("content%-length:%s*(%d+)")
        text = text:sub(header_end + 4)
        chunks, have, need = { text }, #text, tonumber(length) or 0
      end
      if have < need then
        return
      end
      local text = table.concat(chunks)
      local body = text:sub(1, need)
      text = text:sub(need + 1)
      chunks, have, need = { text }, #text, nil
      emit(body)
    end
  end
end

local function write(message)
  local process = state.process
  if not process then
    return false
  end
  local body = vim.json.encode(message)
  return pcall(process.write, "Content-Length: " .. #body .. "\r\n\r\n" .. body)
end

local function dispatch(generation, body)
  if generation ~= state.generation then
    return
  end
  local ok, message = pcall(vim.json.decode, body, { luanil = { object = true, array = true } })
  if not ok or type(message) ~= "table" then
    return
  end
  if message.method then
    if message.id ~= nil then -- a request from the server: none is expected
      write({ jsonrpc = "2.0", id = message.id, error = { code = -32601, message = "not supported" } })
    else
      local handled, more = pcall(state.handlers.notification, message.method, message.params or {})
      if not handled then
        M.last_error = more
      elseif type(more) == "function" then
        return more
      end
    end
  elseif message.id ~= nil then
    local callback = state.callbacks[message.id]
    state.callbacks[message.id] = nil
    if callback then
      local handled, err = pcall(callback, message.error, message.result)
      if not handled then
        M.last_error = err
      end
    end
  end
end

-- Messages wait in an inbox and are handled on the main loop within a time budget per turn,
-- so a burst of large pushes (a big file's background slices) never keeps keys waiting. A
-- handler may return a continuation (the rest of a large push): it runs before the next
-- message, in later turns if the budget is spent.
local inbox, inbox_head, inbox_tail, draining, continuation = {}, 1, 0, false, nil
local function drain()
  local deadline = uv.hrtime() + (state.options.apply_budget_ms or 8) * 1000 * 1000
  while true do
    if continuation then
      local ok, more = pcall(continuation)
      if not ok then
        M.last_error = more
      end
      continuation = ok and type(more) == "function" and more or nil
    elseif inbox_head <= inbox_tail then
      local item = inbox[inbox_head]
      inbox[inbox_head] = nil
      inbox_head = inbox_head + 1
      continuation = dispatch(item[1], item[2])
    else
      break
    end
    if (continuation or inbox_head <= inbox_tail) and uv.hrtime() > deadline then
      -- 1 ms, not 0: a due-now timer would run in this same loop turn, before any key.
      vim.defer_fn(drain, 1)
      return
    end
  end
  inbox, inbox_head, inbox_tail, draining = {}, 1, 0, false
end

-- Called from the process's output callback (a fast context): only queues.
local function receive(generation, body)
  inbox_tail = inbox_tail + 1
  inbox[inbox_tail] = { generation, body }
  if not draining then
    draining = true
    vim.schedule(drain)
  end
end

local function spawn(command, on_stdout, on_stderr, on_exit)
  if vim.system then
    local ok, process = pcall(vim.system, command, {
      stdin = true,
      stdout = function(_, data)
        if data then
          on_stdout(data)
        end
      end,
      stderr = function(_, data)
        if data then
          on_stderr(data)
        end
      end,
    }, function(result)
      on_exit(result.code, result.signal)
    end)
    if not ok then
      return nil, process
    end
    return {
      pid = process.pid,
      write = function(data)
        process:write(data)
      end,
      close = function()
        process:write(nil)
      end,
    }
  end
  -- Neovim 0.9: jobstart splits output at newlines; joining the pieces gives the chunk back.
  local started, job = pcall(vim.fn.jobstart, command, {
    on_stdout = function(_, data)
      on_stdout(table.concat(data, "\n"))
    end,
    on_stderr = function(_, data)
      on_stderr(table.concat(data, "\n"))
    end,
    on_exit = function(_, code)
      on_exit(code, 0)
    end,
  })
  if not started then
    return nil, job
  elseif job <= 0 then
    return nil, job == -1 and "not executable" or "invalid command"
  end
  return {
    pid = vim.fn.jobpid(job),
    write = function(data)
      vim.fn.chansend(job, data)
    end,
    close = function()
      vim.fn.chanclose(job, "stdin")
    end,
  }
end

-- Why `command` could not be spawned, from the error vim.system raised ("vim/_system.lua:0:
-- ENOENT: no such file or directory (cmd): '/x'"): without the Lua location and the repeated
-- program name, and saying where a bare name was looked for.
local function spawn_failure(command, err)
  local reason = tostring(err):gsub("^[^:]*%.lua:%d+: ", ""):gsub("%s*%(cmd%):.*$", "")
  if reason:find("ENOENT", 1, true) and not tostring(command[1]):find("/", 1, true) then
    reason = "not found on PATH"
  end
  return reason
end

local function exited(generation, code, signal)
  if generation ~= state.generation then
    return
  end
  state.process, state.ready, state.callbacks = nil, false, {}
  state.handlers.exited()
  if state.stopping then
    return
  end
  local how = signal and signal ~= 0 and ("signal " .. signal) or ("status " .. tostring(code))
  local now = uv.now()
  if state.last_restart and now - state.last_restart < 30000 then
    state.gave_up = true
    log(
      vim.log.levels.ERROR,
      "the daemon exited again (" .. how .. "); not restarting it. :HighlightdRestart tries again"
    )
    return
  end
  state.last_restart = now
  log(vim.log.levels.WARN, "the daemon exited (" .. how .. "); restarted it")
  M.start()
end

local function absolute_paths(paths)
  local result = {}
  for _, path in ipairs(paths or {}) do
    local absolute = vim.fn.fnamemodify(vim.fn.expand(path), ":p")
    result[#result + 1] = (absolute:gsub("(.)/$", "%1")) -- a folder's, without its final "/"
  end
  return result
end

--- The daemon settings the options make: extra grammars, VS Code extensions (folders of
--- extensions, single extension folders or .vsix files; "auto" also searches
--- ~/.vscode/extensions), and glob -> language id associations. Sent in `initialize` and, when
--- they change, in `workspace/didChangeConfiguration`.
function M.settings(options)
  local associations = options.file_associations
  return {
    theme = M.theme(options),
    grammarPaths = absolute_paths(options.grammar_paths),
    extensionPaths = absolute_paths(options.extension_paths),
    vscodeExtensions = options.use_vscode_extensions and "auto" or "off",
    fileAssociations = (type(associations) == "table" and next(associations)) and associations
      or vim.empty_dict(),
  }
end

-- The settings as `initializationOptions`: empty lists and tables left out.
local function initialization_options(options, settings)
  return {
    attributeDeltas = true,
    theme = settings.theme,
    grammarPaths = #settings.grammarPaths > 0 and settings.grammarPaths or nil,
    extensionPaths = #settings.extensionPaths > 0 and settings.extensionPaths or nil,
    vscodeExtensions = settings.vscodeExtensions,
    fileAssociations = next(settings.fileAssociations) and settings.fileAssociations or nil,
    bracketPairs = options.bracket_pairs ~= false, -- read at start-up only
  }
end

--- Starts the daemon if it is not running, and initializes it; `handlers.ready()` runs once it
--- answered `initialize`.
function M.start()
  if state.process or state.gave_up then
    return
  end
  local options = state.options
  state.generation = state.generation + 1
  state.stopping = false
  local generation = state.generation
  local feed = decoder(function(body)
    receive(generation, body)
  end)
  local stderr_tail = {}
  local process, err = spawn(options.cmd, feed, function(data)
    stderr_tail[#stderr_tail + 1] = data
    if #stderr_tail > 20 then
      table.remove(stderr_tail, 1)
    end
  end, function(code, signal)
    vim.schedule(function()
      M.stderr_tail = table.concat(stderr_tail)
      exited(generation, code, signal)
    end)
  end)
  if not process then
    -- Said once per session: every later buffer finds `gave_up` and stays with Neovim's own
    -- highlighting, until :HighlightdRestart. Said after the autocommand that opened the
    -- buffer, which would otherwise head it with "Error in BufReadPost Autocommands".
    state.gave_up = true
    local command = table.concat(vim.tbl_map(tostring, options.cmd), " ")
    local message = ("cannot start `%s`: %s (set `cmd` in setup())"):format(
      command,
      spawn_failure(options.cmd, err)
    )
    vim.schedule(function()
      log(vim.log.levels.ERROR, message)
    end)
    return
  end
  state.process = process
  local settings = M.settings(options)
  M.request("initialize", {
    processId = vim.fn.getpid(),
    clientInfo = { name = "highlightd.nvim" },
    capabilities = { general = { positionEncodings = { "utf-8" } } },
    initializationOptions = initialization_options(options, settings),
  }, function(error, result)
    if error or not result then
      log(vim.log.levels.ERROR, "initialize failed: " .. vim.inspect(error))
      return
    end
    if result.capabilities.positionEncoding ~= "utf-8" then
      log(vim.log.levels.ERROR, "the daemon does not speak UTF-8 offsets")
      return
    end
    state.capabilities = result.capabilities
    state.settings = settings
    state.ready = true
    M.notify("initialized", vim.empty_dict())
    -- setup() may have changed the options while the daemon was starting.
    local current = M.settings(state.options)
    if not vim.deep_equal(current, settings) then
      state.settings = current
      M.notify("workspace/didChangeConfiguration", { settings = { highlightd = current } })
    end
    state.handlers.ready()
  end, true)
end

--- Stops the daemon (`shutdown`, `exit`, then closes its input) without restarting it.
function M.stop()
  if not state.process then
    return
  end
  state.stopping = true
  -- Requests are handled in order, so `exit` comes after `shutdown` without waiting for it.
  M.request("shutdown", nil, function() end, true)
  write({ jsonrpc = "2.0", method = "exit" })
  pcall(state.process.close)
end

--- Restarts by hand: forgets earlier crashes.
function M.restart()
  state.gave_up, state.last_restart = false, nil
  if state.process then
    state.stopping = true
    local pid = state.process.pid
    state.generation = state.generation + 1 -- its exit is no longer ours to report
    state.process, state.ready = nil, false
    state.handlers.exited()
    pcall(uv.kill, pid, "sigterm")
  end
  M.start()
end

--- Sends a notification; dropped (false) while the daemon is not initialized.
function M.notify(method, params)
  if not state.ready and method ~= "initialized" then
    return false
  end
  return write({ jsonrpc = "2.0", method = method, params = params })
end

--- Sends a request; `callback(error, result)` runs on the main loop.
function M.request(method, params, callback, before_ready)
  if not state.ready and not before_ready then
    return false
  end
  state.next_id = state.next_id + 1
  state.callbacks[state.next_id] = callback
  return write({ jsonrpc = "2.0", id = state.next_id, method = method, params = params })
end

--- Takes the options and the handlers: `notification(method, params)` for each notification,
--- `ready()` once `initialize` is answered, `exited()` when the daemon is gone, and
--- `reconfigured()` after new settings went to a running daemon (`setup()` called again with
--- other grammar or extension options), whose languages may then differ.
function M.configure(options, handlers)
  state.options, state.handlers = options, handlers
  if state.ready then
    local settings = M.settings(options)
    if not vim.deep_equal(settings, state.settings) then
      state.settings = settings
      M.notify("workspace/didChangeConfiguration", { settings = { highlightd = settings } })
      handlers.reconfigured()
    end
  end
end

--- The theme the options ask for: `theme` itself, or with "auto" (the default) the one
--- `themes` maps the current colour scheme to, else "dark" on a dark 'background' and
--- "light" on a light one.
function M.theme(options)
  if options.theme ~= "auto" then
    return options.theme
  end
  local mapped = type(options.themes) == "table" and options.themes[vim.g.colors_name or ""]
  return mapped or (vim.o.background == "light" and "light" or "dark")
end

--- Sends the settings again if what they depend on changed (the colour scheme or
--- 'background' for the theme); returns whether the theme changed.
function M.refresh_settings()
  if not state.ready then
    return false
  end
  local settings = M.settings(state.options)
  if vim.deep_equal(settings, state.settings) then
    return false
  end
  local theme_changed = settings.theme ~= state.settings.theme
  state.settings = settings
  M.notify("workspace/didChangeConfiguration", { settings = { highlightd = settings } })
  return theme_changed
end

function M.is_ready()
  return state.ready
end

function M.capabilities()
  return state.capabilities
end

function M.pid()
  return state.process and state.process.pid
end

function M.generation()
  return state.generation
end

return M
