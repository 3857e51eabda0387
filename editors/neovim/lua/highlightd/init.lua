-- highlightd for Neovim: a native client of highlightd's attribute pushes.
--
--   require("highlightd").setup({ theme = "dark" })
--
-- starts one `highlightd serve` per Neovim session, sends every named buffer's text and edits
-- (UTF-8 byte offsets from `on_bytes`), and paints the pushed attribute runs, bracket pair
-- colours and links as extmarks; the pair at the cursor and 'commentstring' follow the cursor.
-- See editors/neovim/README.md and docs/PROTOCOL.md.
local M = {}

local api = vim.api
local client = require("highlightd.client")
local document = require("highlightd.document")
local render = require("highlightd.render")
local styles = require("highlightd.styles")
local syntax = require("highlightd.syntax")
local folding = require("highlightd.folding")
local brackets = require("highlightd.brackets")
local comments = require("highlightd.comments")
local cursor = require("highlightd.cursor")
local spell = require("highlightd.spell")

M.defaults = {
  cmd = { "highlightd", "serve" }, -- the daemon; found on PATH
  theme = "auto", -- "auto": follow the colour scheme (see themes); dark, light, a theme label or path
  themes = nil, -- { [colors_name] = theme }: the theme for each colour scheme, with theme = "auto"
  grammar_paths = nil, -- folders of extra TextMate grammars
  extension_paths = nil, -- VS Code extensions: folders of them, extension folders, .vsix files
  use_vscode_extensions = false, -- true: also the extensions VS Code installed (~/.vscode/...)
  file_associations = nil, -- { ["*.glob"] = "language id" }, as VS Code's files.associations
  colors = "theme", -- "theme": the theme's colours and background; "foreground": no backgrounds
  map_to_standard_groups = false, -- link styles to Comment, String, Keyword... by token type
  groups = nil, -- overrides of the token type -> group table used by map_to_standard_groups
  languages = nil, -- extra filetype -> language id entries
  filter = nil, -- function(buf) -> boolean: which named buffers to attach
  priority = 150, -- extmark priority (above Tree-sitter's 100 and LSP semantic tokens' 125)
  disable_syntax = true, -- turn off regex syntax and Tree-sitter where the daemon has a grammar
  gx = true, -- map gx in attached buffers to open the link under the cursor
  folding = false, -- fold windows of highlighted buffers by the daemon's folding ranges
  bracket_pairs = true, -- colour brackets by depth and match pairs by the daemon (at start-up)
  map_percent = false, -- map % in attached buffers to <Plug>(highlightd-match-bracket)
  open = nil, -- function(target): how links are opened (default: vim.ui.open or xdg-open)
  apply_budget_ms = 8, -- time per main-loop turn for applying pushes; the rest waits a turn
  piece_runs = 1000, -- a large push is applied in pieces of this many runs (about 3 ms each)
}

M.options = vim.deepcopy(M.defaults)

local function open_target(target)
  if M.options.open then
    M.options.open(target)
  elseif vim.ui.open then
    vim.ui.open(target)
  else
    vim.fn.jobstart({ vim.fn.has("mac") == 1 and "open" or "xdg-open", target }, { detach = true })
  end
end

--- The links of buffer `buf` (default: current) as `{row, start_col, end_col, target}`,
--- zero-based rows and byte columns, end exclusive.
function M.links(buf)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  local state = document.state(buf)
  local result = {}
  if not state then
    return result
  end
  for row = 0, api.nvim_buf_line_count(buf) - 1 do
    for _, link in ipairs(render.links_on_row(buf, row, state.targets)) do
      result[#result + 1] = { row, link[1], link[2], link[3] }
    end
  end
  return result
end

--- The target of the link under the cursor of the current window, or nil.
function M.link_under_cursor()
  local buf = api.nvim_get_current_buf()
  local state = document.state(buf)
  if not state then
    return nil
  end
  local cursor = api.nvim_win_get_cursor(0)
  local row, col = cursor[1] - 1, cursor[2]
  for _, link in ipairs(render.links_on_row(buf, row, state.targets)) do
    if col >= link[1] and col < link[2] then
      return link[3]
    end
  end
  return nil
end

--- Opens the link under the cursor; returns whether there was one.
function M.open_link()
  local target = M.link_under_cursor()
  if target then
    open_target(target)
    return true
  end
  return false
end

local function map_gx(buf)
  if not M.options.gx then
    return
  end
  vim.keymap.set("n", "gx", function()
    if not M.open_link() then
      local file = vim.fn.expand("<cfile>")
      if file ~= "" then
        open_target(file)
      end
    end
  end, { buffer = buf, desc = "highlightd: open the link under the cursor" })
end

local function map_percent(buf)
  if M.options.map_percent then
    vim.keymap.set({ "n", "x", "o" }, "%", "<Plug>(highlightd-match-bracket)", {
      buffer = buf,
      remap = true,
      desc = "highlightd: to the partner of the bracket under the cursor, else %",
    })
  end
end

local function attach(buf)
  if document.state(buf) then
    return
  end
  document.attach(buf)
  if document.state(buf) then
    map_gx(buf)
    map_percent(buf)
  end
end

-- The daemon said how it highlights a buffer: with a grammar, Neovim's own highlighting goes
-- (it would show through the characters of the default style); without one, the buffer keeps
-- it and gets only the daemon's links.
-- Folds the windows showing `state`'s buffer by the daemon's ranges (option `folding`).
local function fold_windows(state)
  if M.options.folding and state.highlighted then
    for _, win in ipairs(vim.fn.win_findbuf(state.buf)) do
      folding.enable(win)
    end
    folding.refresh(state)
  end
end

local function language_decided(state)
  fold_windows(state)
  if state.highlighted and M.options.disable_syntax then
    syntax.take(state.buf)
  else
    syntax.give_back(state.buf)
  end
  if state.highlighted then
    spell.take(state)
  else
    spell.give_back(state.buf)
    comments.give_back(state.buf)
  end
  if state.buf == api.nvim_get_current_buf() then
    brackets.follow_current_buffer()
    cursor.moved() -- the pair and 'commentstring' at the cursor, without waiting for a move
  end
  document.update_viewports(false)
end

--- Calls `callback(error, answer)` with the daemon's `textStorage/attributes` for `buf` (the whole
--- document, or `range`) after every push sent before it has been applied: a resynchronisation
--- point (the tests wait on it).
function M.sync(buf, callback, range)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  local state = document.state(buf)
  if not state or not state.opened then
    callback("not open", nil)
    return
  end
  document.flush(state)
  local version = state.version
  local params = { uri = state.uri, range = range }
  local sent = client.request("textStorage/attributes", params, function(error, result)
    if result then
      result.client_version = version
    end
    callback(error, result)
  end)
  if not sent then
    callback("daemon not running", nil)
  end
end

--- Calls `callback(error, answer)` with the daemon's `textStorage/inspect` of the character at
--- zero-based `row` and byte column `col` of `buf` (default: the current buffer and cursor):
--- the token's scopes (outermost first), language, kind, colours, theme rule and semantic
--- token type. Pending edits are sent first, so the answer is about the text on screen.
function M.inspect(buf, row, col, callback)
  buf = (buf == nil or buf == 0) and api.nvim_get_current_buf() or buf
  if row == nil then
    local cursor = api.nvim_win_get_cursor(0)
    row, col = cursor[1] - 1, cursor[2]
  end
  local state = document.state(buf)
  if not state or not state.opened then
    callback("this buffer is not open in the daemon", nil)
    return
  end
  document.flush(state)
  local offset = api.nvim_buf_get_offset(buf, row) + col
  local sent = client.request("textStorage/inspect", { uri = state.uri, offset = offset }, callback)
  if not sent then
    callback("daemon not running", nil)
  end
end

--- The lines `:HighlightdInspect` shows for an answer of `textStorage/inspect`.
function M.describe_inspection(answer)
  local function field(value)
    return (value == nil or value == vim.NIL or value == "") and "-" or tostring(value)
  end
  local lines = {
    "text        " .. vim.inspect(answer.text),
    "language    " .. field(answer.languageId),
    "token kind  " .. field(answer.tokenKind),
    "foreground  " .. field(answer.foreground),
    "background  " .. field(answer.background),
    "font style  " .. field(answer.fontStyle),
    "theme rule  " .. field(answer.themeRule),
    "semantic    " .. field(answer.semanticTokenType),
    "scopes",
  }
  for i = #answer.scopes, 1, -1 do
    lines[#lines + 1] = "  " .. answer.scopes[i]
  end
  return lines
end

--- What the plugin knows: daemon pid, and per buffer its version and the last applied push.
function M.status()
  local buffers = {}
  for buf, state in pairs(document.all()) do
    buffers[#buffers + 1] = {
      buf = buf,
      uri = state.uri,
      language = state.language,
      highlighted = state.highlighted,
      scope_name = state.scope_name,
      version = state.version,
      applied_version = state.applied_version,
      opened = state.opened,
      mapped_pushes = state.mapped_pushes,
      resyncs = state.resyncs,
    }
  end
  return { pid = client.pid(), ready = client.is_ready(), buffers = buffers, last_error = client.last_error }
end

local function define_commands()
  for _, mode in ipairs({ "n", "x", "o" }) do
    vim.keymap.set(mode, "<Plug>(highlightd-match-bracket)", function()
      brackets.percent(mode)
    end, { desc = "highlightd: to the partner of the bracket under the cursor, else %" })
  end
  api.nvim_create_user_command("HighlightdMatchBracket", function()
    if not brackets.jump() then
      vim.notify("highlightd: no bracket pair at the cursor", vim.log.levels.INFO)
    end
  end, { desc = "Jump to the partner of the bracket under the cursor" })
  api.nvim_create_user_command("HighlightdOpenLink", function()
    if not M.open_link() then
      vim.notify("highlightd: no link under the cursor", vim.log.levels.INFO)
    end
  end, { desc = "Open the link under the cursor" })
  api.nvim_create_user_command("HighlightdRestart", function()
    client.restart()
  end, { desc = "Restart the highlightd daemon" })
  api.nvim_create_user_command("HighlightdInspect", function()
    M.inspect(0, nil, nil, function(error, answer)
      if error then
        vim.notify("highlightd: " .. tostring(error.message or error), vim.log.levels.WARN)
        return
      end
      local chunks = {}
      for _, line in ipairs(M.describe_inspection(answer)) do
        chunks[#chunks + 1] = { line .. "\n" }
      end
      api.nvim_echo(chunks, true, {})
    end)
  end, { desc = "Show the scopes, style and theme rule of the token under the cursor" })
  api.nvim_create_user_command("HighlightdStatus", function()
    print(vim.inspect(M.status()))
  end, { desc = "Show the highlightd daemon and documents" })
end

--- Configures the plugin and attaches to every named buffer, now and later. Called again, it
--- sends changed grammar and extension options to the running daemon.
function M.setup(user_options)
  M.options = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), user_options or {})
  local options = M.options
  styles.configure(options)
  render.configure(options)
  brackets.configure(options)
  document.configure(options, { language = language_decided })
  client.configure(options, {
    notification = function(method, params)
      if method == "textStorage/didProcessEditing" then
        return document.apply_push(params)
      elseif method == "textStorage/didReject" then
        if params.method == "textStorage/edit" or params.method == "textDocument/didChange" then
          document.rejected(params.uri, params.version)
        end
      elseif method == "window/logMessage" and params.type == 1 then
        client.last_error = params.message
      end
    end,
    ready = document.open_all,
    exited = document.lost_daemon,
    reconfigured = document.ask_languages,
  })
  define_commands()
  local group = api.nvim_create_augroup("highlightd", { clear = true })
  api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = group,
    callback = function(event)
      attach(event.buf)
    end,
  })
  api.nvim_create_autocmd({ "FileType", "BufFilePost" }, {
    group = group,
    callback = function(event)
      if document.state(event.buf) then
        document.refresh(event.buf)
        -- Its filetype plugin set the buffer's own 'commentstring': ours follows again.
        comments.forget(event.buf)
        if event.buf == api.nvim_get_current_buf() then
          cursor.moved()
        end
        -- A filetype plugin may start Tree-sitter after this autocommand.
        vim.schedule(function()
          local state = document.state(event.buf)
          if state and state.highlighted and options.disable_syntax then
            syntax.take(event.buf)
          end
        end)
      else
        attach(event.buf)
      end
    end,
  })
  api.nvim_create_autocmd("User", {
    group = group,
    pattern = "HighlightdApplied",
    callback = function(event)
      local state = options.folding and document.state(event.data.buf)
      if state and state.highlighted then
        folding.refresh(state)
      end
    end,
  })
  api.nvim_create_autocmd("BufWinEnter", {
    group = group,
    callback = function(event)
      local state = document.state(event.buf)
      if state then
        fold_windows(state)
      end
    end,
  })
  api.nvim_create_autocmd({ "BufUnload", "BufWipeout" }, {
    group = group,
    callback = function(event)
      folding.forget(event.buf)
      document.detach(event.buf)
      syntax.forget(event.buf)
      spell.forget(event.buf)
      comments.forget(event.buf)
    end,
  })
  -- The pair at the cursor and the language there follow the cursor and the text.
  api.nvim_create_autocmd({ "CursorMoved", "CursorMovedI", "TextChanged", "TextChangedI" }, {
    group = group,
    callback = function(event)
      if document.state(event.buf) then
        cursor.moved()
      end
    end,
  })
  api.nvim_create_autocmd({ "BufEnter", "WinEnter" }, {
    group = group,
    callback = function()
      brackets.follow_current_buffer()
      cursor.moved()
    end,
  })
  -- The pair is the current window's, as matchparen's is.
  api.nvim_create_autocmd({ "BufLeave", "WinLeave" }, { group = group, callback = brackets.clear })
  api.nvim_create_autocmd({ "BufWinEnter", "WinScrolled", "WinResized", "VimResized" }, {
    group = group,
    callback = function()
      document.update_viewports(false)
    end,
  })
  api.nvim_create_autocmd("Syntax", {
    group = group,
    callback = function(event)
      -- `syntax on` sets 'syntax' on FileType, whatever order the autocommands run in.
      local state = document.state(event.buf)
      if options.disable_syntax and state and state.highlighted and event.match ~= "OFF" then
        syntax.take(event.buf)
      end
    end,
  })
  -- The editor's look changed: the theme may follow it (theme = "auto"). The daemon then
  -- highlights every document again with it and pushes them whole.
  local function follow_editor()
    if client.refresh_settings() then
      styles.forget_default()
    end
  end
  api.nvim_create_autocmd("ColorScheme", {
    group = group,
    callback = function()
      styles.redefine()
      follow_editor()
    end,
  })
  api.nvim_create_autocmd("OptionSet", { group = group, pattern = "background", callback = follow_editor })
  api.nvim_create_autocmd("VimLeavePre", { group = group, callback = client.stop })
  for _, buf in ipairs(api.nvim_list_bufs()) do
    attach(buf)
  end
end

return M
