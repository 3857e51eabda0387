-- Buffers as highlightd documents: open, edits from `on_bytes` (batched per event-loop tick),
-- visible ranges per window, close, and applying pushes by the client rule.
local M = {}

local api = vim.api
local client = require("highlightd.client")
local edits = require("highlightd.edits")
local render = require("highlightd.render")
local styles = require("highlightd.styles")

local options = {}
local handlers = { language = function() end }
local documents = {} -- buf -> state
local by_uri = {} -- uri -> state
local asking_default = false

--- Neovim filetype -> LSP language id, where they differ or Neovim has several names.
M.languages = {
  tex = "latex",
  plaintex = "latex",
  sh = "shellscript",
  bash = "shellscript",
  zsh = "shellscript",
  gitcommit = "git-commit",
}

--- Takes the options, and `handlers.language(state)`: called when the daemon said how it
--- highlights a document (`state.highlighted`, `state.scope_name`).
function M.configure(new_options, new_handlers)
  options = new_options
  handlers = new_handlers or handlers
  M.languages = vim.tbl_extend("force", M.languages, new_options.languages or {})
end

-- Whether the daemon knows language `id`: a grammar's language id, or a language of its
-- `languages` (those of VS Code extensions among them).
local function knows_language(id)
  local capabilities = client.capabilities() or {}
  local text_storage = (capabilities.experimental or {}).textStorage or {}
  for _, language in ipairs(text_storage.languages or {}) do
    if language.id == id then
      return true
    end
  end
  for _, grammar in ipairs(text_storage.grammars or {}) do
    for _, known in ipairs(grammar.languageIds or {}) do
      if known == id then
        return true
      end
    end
  end
  return false
end

-- The language id to send: the mapped filetype if the daemon knows it, else nil (the daemon
-- then picks a grammar from the file name or the first line).
local function language_of(buf)
  local filetype = vim.bo[buf].filetype
  if filetype == "" then
    return nil
  end
  local id = M.languages[filetype] or filetype
  return knows_language(id) and id or nil
end

-- The buffer as the daemon sees it: lines joined by "\n", with a final "\n".
local function buffer_text(buf)
  return table.concat(api.nvim_buf_get_lines(buf, 0, -1, false), "\n") .. "\n"
end

-- The text between two positions, where the end may be the start of the line after the last
-- (the final newline, which `nvim_buf_get_text` cannot address).
local function text_between(buf, start_row, start_col, end_row, end_col)
  local count = api.nvim_buf_line_count(buf)
  local suffix = ""
  if end_row >= count then
    suffix = string.rep("\n", end_row - count + 1)
    end_row = count - 1
    end_col = #(api.nvim_buf_get_lines(buf, end_row, end_row + 1, false)[1] or "")
    if start_row > end_row then
      return suffix
    end
  end
  return table.concat(api.nvim_buf_get_text(buf, start_row, start_col, end_row, end_col, {}), "\n") .. suffix
end

local function byte_size(buf)
  local count = api.nvim_buf_line_count(buf)
  local last = api.nvim_buf_get_lines(buf, count - 1, count, false)[1] or ""
  return api.nvim_buf_get_offset(buf, count - 1) + #last + 1
end

-- The (row, col) of a byte offset; the end of the text is (line count, 0).
local function position(buf, offset, size)
  local count = api.nvim_buf_line_count(buf)
  if offset >= size then
    return count, 0
  end
  local low, high = 0, count - 1
  while low < high do
    local middle = math.floor((low + high + 1) / 2)
    if api.nvim_buf_get_offset(buf, middle) <= offset then
      low = middle
    else
      high = middle - 1
    end
  end
  return low, offset - api.nvim_buf_get_offset(buf, low)
end

--- The zero-based (row, byte column) of byte `offset` of `buf` (the daemon's offsets: lines
--- joined by "\n", with a final "\n"); the end of the text is (line count, 0).
function M.position(buf, offset)
  return position(buf, offset, byte_size(buf))
end

--- Sends the changes gathered since the last flush as one `textStorage/edit`. The texts are
--- read now, not in on_bytes: some commands (`J`) report a change before making it.
function M.flush(state)
  state.scheduled = false
  if not state.opened or #state.regions == 0 then
    return
  end
  local buf = state.buf
  local size = byte_size(buf)
  if size ~= state.size then
    -- on_bytes and the buffer disagree (a Neovim quirk we do not know of): start over.
    state.resyncs = state.resyncs + 1
    M.open(state)
    return
  end
  state.version = state.version + 1
  local sent, logged = {}, {}
  for i, region in ipairs(state.regions) do
    local start_row, start_col = position(buf, region[1], size)
    local end_row, end_col = position(buf, region[2], size)
    local text = region[2] > region[1] and text_between(buf, start_row, start_col, end_row, end_col) or ""
    sent[i] = { offset = region[1], length = region[3], text = text }
    logged[i] = { region[1], region[3], region[2] - region[1] }
  end
  state.regions = {}
  state.log[#state.log + 1] = { version = state.version, edits = logged }
  client.notify("textStorage/edit", { uri = state.uri, version = state.version, edits = sent })
end

local function schedule_flush(state)
  if not state.scheduled then
    state.scheduled = true
    vim.schedule(function()
      if documents[state.buf] == state then
        M.flush(state)
      end
    end)
  end
end

local theme_highlight = "Normal:HighlightdNormal,NormalNC:HighlightdNormal"

-- The theme's default colours in a window on a document the daemon highlights; none in one
-- whose own highlighting stays (it was made for the user's colours).
local function theme_window(win, state)
  if options.colors ~= "theme" or not styles.knows_default() or state.highlighted == nil then
    return
  end
  api.nvim_win_call(win, function()
    local current = vim.wo.winhighlight
    local themed = current:find(theme_highlight, 1, true) ~= nil
    if state.highlighted and not themed then
      vim.opt_local.winhighlight = current == "" and theme_highlight
        or (current .. "," .. theme_highlight)
    elseif not state.highlighted and themed then
      local rest = current:gsub(vim.pesc(theme_highlight), ""):gsub(",,+", ",")
      vim.opt_local.winhighlight = (rest:gsub("^,", ""):gsub(",$", ""))
    end
  end)
end

--- Sends `textStorage/viewport` for each window showing an open document whose visible lines
--- changed (all of them with `force`). The view id is the window id.
function M.update_viewports(force)
  for _, win in ipairs(api.nvim_list_wins()) do
    local buf = api.nvim_win_get_buf(win)
    local state = documents[buf]
    if state and state.opened then
      local top, bottom = vim.fn.line("w0", win), vim.fn.line("w$", win)
      local key = top .. ":" .. bottom
      if force or state.views[win] ~= key then
        state.views[win] = key
        M.flush(state)
        local start = api.nvim_buf_get_offset(buf, top - 1)
        local finish = bottom < api.nvim_buf_line_count(buf) and api.nvim_buf_get_offset(buf, bottom)
          or byte_size(buf)
        client.notify("textStorage/viewport", {
          uri = state.uri,
          viewId = win,
          range = { offset = start, length = math.max(finish - start, 0) },
        })
      end
      theme_window(win, state)
    end
  end
end

--- Asks the daemon how it highlights the document of `state` (`textStorage/language`):
--- `scope_name` is its grammar's scope, nil for plain text, and `bracket_pairs` its language's
--- bracket pairs (`{{"(", ")"}, ...}`: the pairs the daemon colours and matches);
--- `handlers.language` gets the answer.
function M.ask_language(state)
  local open_version = state.open_version
  local params = { textDocument = { uri = state.uri } }
  client.request("textStorage/language", params, function(error, result)
    if documents[state.buf] ~= state or not state.opened or state.open_version ~= open_version then
      return -- closed or reopened since: the later question decides
    end
    if error or type(result) ~= "table" then
      client.last_error = "textStorage/language: " .. vim.inspect(error or result)
      return
    end
    state.scope_name = result.scopeName
    state.highlighted = result.scopeName ~= nil
    state.bracket_pairs = result.brackets or {}
    handlers.language(state)
  end)
end

--- Asks again for every open document (after new settings, with which the daemon may detect
--- other languages).
function M.ask_languages()
  for _, state in pairs(documents) do
    if state.opened then
      M.ask_language(state)
    end
  end
end

--- Opens (or reopens) the document of `state` with the buffer's whole text.
function M.open(state)
  if not client.is_ready() or documents[state.buf] ~= state or not api.nvim_buf_is_loaded(state.buf) then
    return
  end
  if state.opened then
    client.notify("textDocument/didClose", { textDocument = { uri = state.uri } })
  end
  local text = buffer_text(state.buf)
  state.language = language_of(state.buf)
  state.version = state.version + 1
  state.open_version, state.opened = state.version, true
  state.regions, state.log, state.size, state.views = {}, {}, #text, {}
  client.notify("textDocument/didOpen", {
    textDocument = { uri = state.uri, languageId = state.language, version = state.version, text = text },
  })
  M.ask_language(state)
  M.update_viewports(false)
end

local function on_bytes(state, buf, row, col, offset, old_end_row, old_end_col, old_length, new_length)
  if documents[buf] ~= state then
    return true -- detached (or attached anew after a rename): stop this listener
  end
  if old_length > 0 then
    local end_col = old_end_row == 0 and col + old_end_col or old_end_col
    render.drop_deleted(buf, row, col, row + old_end_row, end_col, state.targets)
  end
  if not state.opened then
    return
  end
  state.regions = edits.add_edit(state.regions, offset, old_length, new_length)
  state.size = state.size - old_length + new_length
  if state.size <= 0 then
    -- Deleting every line leaves one empty line ("\n"), which on_bytes does not report.
    state.regions = edits.add_edit(state.regions, 0, 0, 1)
    state.size = 1
  end
  schedule_flush(state)
end

--- Starts tracking `buf` (a loaded, named, normal buffer); its document is opened on the next
--- tick, once its filetype is known.
function M.attach(buf)
  if documents[buf] or not api.nvim_buf_is_loaded(buf) then
    return
  end
  local name = api.nvim_buf_get_name(buf)
  if name == "" or vim.bo[buf].buftype ~= "" then
    return
  end
  if options.filter and not options.filter(buf) then
    return
  end
  local uri = vim.uri_from_bufnr(buf)
  local state = {
    buf = buf,
    uri = uri,
    version = 0,
    open_version = 0,
    opened = false,
    regions = {}, -- changes since the last flush (edits.add_edit)
    log = {}, -- per version sent: its edits, until a push for it arrives
    resyncs = 0,
    size = 0,
    views = {},
    targets = {}, -- link extmark id -> target
    applied_version = 0,
    mapped_pushes = 0,
    highlighted = nil, -- whether the daemon highlights it with a grammar; nil until it said
    scope_name = nil, -- that grammar's scope
    bracket_pairs = {}, -- its language's bracket pairs
  }
  documents[buf], by_uri[uri] = state, state
  local attached = api.nvim_buf_attach(buf, false, {
    on_bytes = function(_, _, _, row, col, offset, old_end_row, old_end_col, old_length, _, _, new_length)
      return on_bytes(state, buf, row, col, offset, old_end_row, old_end_col, old_length, new_length)
    end,
    on_reload = function()
      if documents[buf] ~= state then
        return true
      end
      vim.schedule(function()
        M.open(state)
      end)
    end,
    on_detach = function()
      if documents[buf] == state then
        M.detach(buf)
      end
    end,
  })
  if not attached then
    documents[buf], by_uri[uri] = nil, nil
    return
  end
  client.start()
  vim.schedule(function()
    M.open(state)
  end)
end

--- Stops tracking `buf` and closes its document.
function M.detach(buf)
  local state = documents[buf]
  if not state then
    return
  end
  documents[buf] = nil
  if by_uri[state.uri] == state then
    by_uri[state.uri] = nil
  end
  if state.opened then
    client.notify("textDocument/didClose", { textDocument = { uri = state.uri } })
  end
  if api.nvim_buf_is_valid(buf) then
    render.clear_buffer(buf)
  end
end

--- After a filetype change or a rename: reopens if the language or the URI changed.
function M.refresh(buf)
  local state = documents[buf]
  if not state then
    M.attach(buf)
    return
  end
  local uri = vim.uri_from_bufnr(buf)
  if uri ~= state.uri then
    M.detach(buf)
    M.attach(buf)
  elseif state.opened and language_of(buf) ~= state.language then
    M.open(state)
  end
end

local function ask_default_style(state, range)
  asking_default = true
  local generation = styles.default_generation()
  client.request("textStorage/attributes", {
    uri = state.uri,
    range = { offset = range[1], length = math.min(range[2], 64) },
  }, function(_, result)
    asking_default = false
    if not result then
      return
    end
    if styles.default_generation() ~= generation then
      -- The theme changed while the question was on its way: the server answered it with
      -- the theme before (it reads messages in order), and that default must not stay. Ask
      -- again; this question follows the change.
      if by_uri[state.uri] == state and state.opened then
        ask_default_style(state, range)
      end
      return
    end
    styles.define_styles(result.styles)
    if styles.knows_default() then
      M.update_viewports(false)
    end
  end)
end

-- The edits sent after `version` (the push's), oldest first; forgets those before it.
local function edits_after(state, version)
  local later, kept = {}, {}
  for _, entry in ipairs(state.log) do
    if entry.version > version then
      kept[#kept + 1] = entry
      for _, edit in ipairs(entry.edits) do
        later[#later + 1] = edit
      end
    end
  end
  state.log = kept
  return later
end

--- Applies a `textStorage/didProcessEditing` push (PROTOCOL.md, "The client rule"). A large
--- push is applied piece by piece; the rest is returned as a continuation, which the client
--- runs before the next message. Pieces applied after further typing are mapped through it
--- like any push for an older version.
function M.apply_push(params)
  styles.define_styles(params.styles)
  local state = by_uri[params.uri]
  if not state or not state.opened or not api.nvim_buf_is_loaded(state.buf) then
    return nil
  end
  if params.version < state.open_version or params.version > state.version then
    return nil -- a push for an earlier opening of this URI
  end
  local pieces = render.split(params.changes or {}, options.piece_runs or 1000)
  local index = 0
  local function step()
    if documents[state.buf] ~= state or not state.opened or params.version < state.open_version then
      return nil -- closed or reopened meanwhile
    end
    -- Every edit the buffer holds must be in the log before mapping through it.
    M.flush(state)
    local later = edits_after(state, params.version)
    if #later > 0 and index == 0 then
      state.mapped_pushes = state.mapped_pushes + 1 -- a push for an older version (tests count them)
    end
    index = index + 1
    local piece = pieces[index]
    if piece then
      local default_range = render.apply(state.buf, piece, later, state.targets)
      if default_range and not styles.knows_default() and not asking_default then
        ask_default_style(state, default_range)
      end
    end
    if index < #pieces then
      return step
    end
    state.applied_version = params.version
    api.nvim_exec_autocmds("User", {
      pattern = "HighlightdApplied",
      modeline = false,
      data = { buf = state.buf, version = params.version },
    })
    return nil
  end
  return step()
end

--- The daemon rejected an edit of `uri` (`textStorage/didReject`): its copy of that buffer no
--- longer matches, so the buffer is sent again whole. `version` is what the daemon held when it
--- rejected; one below the buffer's last open predates that open (which already sent the text),
--- so a burst of rejections resends once.
function M.rejected(uri, version)
  local state = by_uri[uri]
  if not state or not state.opened then
    return
  end
  if version ~= nil and version ~= vim.NIL and version < state.open_version then
    return
  end
  state.resyncs = state.resyncs + 1
  M.open(state)
end

--- The daemon (re)started: open every tracked buffer.
function M.open_all()
  for _, state in pairs(documents) do
    M.open(state)
  end
end

--- The daemon is gone: documents wait for the next one (their highlights stay until then).
function M.lost_daemon()
  styles.reset_styles()
  asking_default = false
  for _, state in pairs(documents) do
    state.opened, state.regions, state.log = false, {}, {}
  end
end

function M.state(buf)
  return documents[buf]
end

function M.all()
  return documents
end

return M
