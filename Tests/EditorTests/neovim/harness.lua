-- Runs a test scenario inside a real Neovim: a coroutine that types through real input
-- (nvim_input, processed by Neovim's main loop like a user's keys), waits on conditions by
-- polling with timers (never a fixed sleep as the assertion), and writes its findings as JSON
-- for the Python side to compare with the oracle.
--
-- Environment: HL_RTP (editors/neovim), HL_RESULT (the JSON file to write), HL_TIMEOUT_MS.
local H = {}

local api = vim.api
local uv = vim.uv or vim.loop

H.result = { ok = false, notes = {} }
local scenario
local timeout_ms = tonumber(os.getenv("HL_TIMEOUT_MS") or "") or 60000
local started = uv.now()

local function finish()
  local file = assert(io.open(assert(os.getenv("HL_RESULT"), "HL_RESULT not set"), "w"))
  file:write(vim.json.encode(H.result))
  file:close()
  vim.cmd("qall!")
end

function H.fail(message)
  H.result.ok = false
  H.result.error = message
  finish()
  error(message)
end

local function resume(...)
  local ok, err = coroutine.resume(scenario, ...)
  if not ok then
    H.result.ok = false
    H.result.error = debug.traceback(scenario, err)
    finish()
  end
end

--- Runs `body` as the scenario; the result is written when it returns (or fails).
function H.run(body)
  vim.opt.rtp:prepend(assert(os.getenv("HL_RTP"), "HL_RTP not set"))
  scenario = coroutine.create(function()
    body()
    H.result.ok = true
    H.result.elapsed_ms = uv.now() - started
    finish()
  end)
  vim.schedule(resume)
end

--- Yields to the main loop for `ms` milliseconds (typed keys and messages get processed).
function H.sleep(ms)
  vim.defer_fn(resume, ms)
  coroutine.yield()
end

--- Polls `condition` every 10 ms until it holds; fails with `what` after the timeout.
function H.wait(condition, what, limit_ms)
  local deadline = uv.now() + (limit_ms or timeout_ms)
  while true do
    local value = condition()
    if value then
      return value
    end
    if uv.now() > deadline then
      H.fail("timed out waiting for " .. what)
    end
    H.sleep(10)
  end
end

--- Types `keys` as real input, then lets the main loop process them.
function H.type(keys)
  api.nvim_input(keys)
  H.sleep(1)
end

--- Types each key of `keys` (a list of key notations) as its own input event, `gap_ms` apart.
function H.type_each(keys, gap_ms)
  for _, key in ipairs(keys) do
    api.nvim_input(key)
    H.sleep(gap_ms or 1)
  end
end

--- Splits text into key notations for insert mode (one key per character; "<" escaped).
function H.keys_of(text)
  local keys = {}
  for _, char in ipairs(vim.fn.split(text, "\\zs")) do
    if char == "<" then
      char = "<lt>"
    elseif char == "\n" then
      char = "<CR>"
    end
    keys[#keys + 1] = char
  end
  return keys
end

--- Starts the plugin on the built daemon, opens the sample file and waits for its first
--- highlight: what most scenarios begin with. Returns the plugin and the sample's buffer.
function H.open_sample()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = vim.api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  return highlightd, buf
end

--- Waits until the daemon answered textStorage/attributes for `buf` at the buffer's current
--- version with no background work pending: every push before that answer has been applied.
function H.settle(buf, what)
  local highlightd = require("highlightd")
  local answer
  H.wait(function()
    if answer and not answer.pending and answer.version == answer.client_version then
      return true
    end
    if answer ~= false then
      answer = false
      highlightd.sync(buf, function(_, result)
        answer = result or nil
      end, { offset = 0, length = 0 })
    end
    return false
  end, what or "the highlight to settle")
  return answer
end

local function resolve(group)
  local spec = api.nvim_get_hl(0, { name = group, link = false })
  local font = {}
  for _, word in ipairs({ "bold", "italic", "strikethrough", "underline" }) do
    if spec[word] then
      font[#font + 1] = word
    end
  end
  local function hex(value)
    return value and string.format("#%06X", value) or nil
  end
  return { fg = hex(spec.fg), bg = hex(spec.bg), font = font }
end

--- The background of `HighlightdNormal` (the theme's default style) as "#RRGGBB", or vim.NIL
--- while the plugin does not know it yet.
function H.normal_background()
  return resolve("HighlightdNormal").bg or vim.NIL
end

--- Rows `first`..`last` (zero-based) of `buf`: per row its text and marks `{start_col,
--- end_col, group}`, with the groups resolved.
function H.rows(buf, first, last)
  local namespace = api.nvim_get_namespaces()["highlightd"]
  local rows, groups = {}, { HighlightdNormal = resolve("HighlightdNormal") }
  for row = first, last do
    local marks = {}
    local found = api.nvim_buf_get_extmarks(buf, namespace, { row, 0 }, { row, -1 }, { details = true })
    for _, mark in ipairs(found) do
      local details = mark[4]
      marks[#marks + 1] = { mark[3], details.end_row == row and details.end_col or -1, details.hl_group }
      groups[details.hl_group] = groups[details.hl_group] or resolve(details.hl_group)
    end
    rows[#rows + 1] = { row = row, text = api.nvim_buf_get_lines(buf, row, row + 1, false)[1], marks = marks }
  end
  return { rows = rows, groups = groups }
end

-- The bracket pair colours of `buf`: `{start, end, fg}` per extmark of the highlightd_brackets
-- namespace (byte offsets from `starts`, the byte offset of each row), collapsed ones left out.
local function bracket_colours(buf, starts)
  local namespace = api.nvim_get_namespaces()["highlightd_brackets"]
  local brackets = {}
  for _, mark in ipairs(api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { details = true })) do
    local details = mark[4]
    local start, finish = starts[mark[2]] + mark[3], starts[details.end_row] + details.end_col
    if finish > start then
      brackets[#brackets + 1] = { start, finish, resolve(details.hl_group).fg or vim.NIL }
    end
  end
  return brackets
end

--- The editor's own highlight state of `buf`: its text, every extmark of the highlightd
--- namespace (byte offsets), the groups they use (resolved colours), its links and its
--- bracket pair colours.
function H.snapshot(buf)
  local lines = api.nvim_buf_get_lines(buf, 0, -1, false)
  local starts, offset = {}, 0
  for i, line in ipairs(lines) do
    starts[i - 1] = offset
    offset = offset + #line + 1
  end
  local namespace = api.nvim_get_namespaces()["highlightd"]
  local marks, groups = {}, {}
  for _, mark in ipairs(api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { details = true })) do
    local details = mark[4]
    local group = details.hl_group
    local empty = details.end_row < mark[2] or (details.end_row == mark[2] and details.end_col <= mark[3])
    if not empty then -- deletions collapse marks; those paint nothing
      if not starts[mark[2]] or not starts[details.end_row] then
        H.fail("an extmark past the last line: " .. vim.inspect({ mark, #lines }))
      end
      marks[#marks + 1] = { starts[mark[2]] + mark[3], starts[details.end_row] + details.end_col, group }
      groups[group] = true
    end
  end
  groups.HighlightdNormal = true
  local resolved = {}
  for group in pairs(groups) do
    resolved[group] = resolve(group)
  end
  local links = {}
  for _, link in ipairs(require("highlightd").links(buf)) do
    links[#links + 1] = { starts[link[1]] + link[2], starts[link[1]] + link[3], link[4] }
  end
  return {
    text = table.concat(lines, "\n") .. "\n",
    marks = marks,
    groups = resolved,
    links = links,
    brackets = bracket_colours(buf, starts),
    status = require("highlightd").status(),
  }
end

return H
