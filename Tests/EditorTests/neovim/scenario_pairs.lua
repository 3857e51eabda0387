-- The bracket pair at the cursor, with Neovim's matchparen plugin loaded as a user's startup
-- loads it, and `map_percent = true`. The cursor is moved by real keys; after each move the
-- scenario waits for the plugin's `User HighlightdPair` and reports the HighlightdMatchParen
-- marks and the window's matches (matchparen's). Then it jumps with :HighlightdMatchBracket and
-- `%`, deletes with `d%`, and visits a Lua buffer (no grammar: matchparen's again) and back.
-- Environment (besides the harness's): HL_SAMPLE, HL_LUA (a Lua file), HL_PROBES: a JSON
-- object of {row, col} places (zero-based, byte columns).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

local events = {}

-- The (row, col) ranges of the pair's marks in `buf`.
local function pair_marks(buf)
  local namespace = api.nvim_get_namespaces()["highlightd_pair"]
  local marks = {}
  for _, mark in ipairs(api.nvim_buf_get_extmarks(buf, namespace, 0, -1, { details = true })) do
    local details = mark[4]
    marks[#marks + 1] = { mark[2], mark[3], details.end_row, details.end_col, details.hl_group }
  end
  return marks
end

-- The window's matches in the MatchParen group (matchparen's), as {row, col} (zero-based).
local function matchparen_matches()
  local found = {}
  for _, match in ipairs(vim.fn.getmatches()) do
    if match.group == "MatchParen" then
      for key, position in pairs(match) do
        if key:match("^pos%d+$") then
          found[#found + 1] = { position[1] - 1, position[2] - 1 }
        end
      end
    end
  end
  table.sort(found, function(a, b)
    return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2])
  end)
  return found
end

-- Types `keys`, waits for the pair the plugin then shows (or its absence) and reports it.
local function after_keys(keys)
  local seen = #events
  H.type(keys)
  local event = H.wait(function()
    return #events > seen and events[#events]
  end, "the pair after " .. keys)
  local buf = api.nvim_get_current_buf()
  return {
    bracket = event.bracket or vim.NIL,
    partner = event.partner or vim.NIL,
    marks = pair_marks(buf),
    matchparen = matchparen_matches(),
  }
end

-- The keys that put the cursor on a probe's place.
local function go(place)
  return string.format("%dG%d|", place[1] + 1, place[2] + 1)
end

local function cursor()
  local position = api.nvim_win_get_cursor(0)
  return { position[1] - 1, position[2] }
end

H.run(function()
  vim.cmd("filetype on")
  vim.cmd("runtime plugin/matchparen.vim") -- -u NONE loads no plugins; a user's startup does
  api.nvim_create_autocmd("User", {
    pattern = "HighlightdPair",
    callback = function(event)
      events[#events + 1] = event.data
    end,
  })
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, map_percent = true })
  local probes = vim.json.decode(os.getenv("HL_PROBES"))
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  H.wait(function()
    return vim.fn.exists("#matchparen#CursorMoved") == 0
  end, "matchparen to be switched off in the Rust buffer")

  local result = {}
  result.on_bracket = after_keys(go(probes.on_bracket))
  result.in_string = after_keys(go(probes.in_string))
  -- Insert mode: the cursor after a "{" at the end of a line.
  result.inserting = after_keys(go(probes.line_end_brace) .. "A")
  H.type("<Esc>")

  -- Jumps.
  api.nvim_win_set_cursor(0, { probes.on_bracket[1] + 1, probes.on_bracket[2] })
  vim.cmd("HighlightdMatchBracket")
  result.command_jump = cursor()
  vim.cmd("messages clear")
  api.nvim_win_set_cursor(0, { probes.in_string[1] + 1, probes.in_string[2] })
  vim.cmd("HighlightdMatchBracket")
  result.command_in_string = cursor()
  H.type(go(probes.brace) .. "%")
  H.wait(function()
    return cursor()[1] ~= probes.brace[1]
  end, "% to jump")
  result.percent_jump = cursor()
  H.type("``")
  result.jumped_back = cursor()
  H.type(go(probes.before_bracket) .. "%")
  H.sleep(50)
  result.percent_fallback = cursor()
  H.type(go(probes.delete_from) .. "d%")
  H.wait(function()
    return api.nvim_buf_get_lines(buf, probes.delete_from[1], probes.delete_from[1] + 1, false)[1]
      ~= probes.delete_line
  end, "d% to delete")
  result.deleted_line = api.nvim_buf_get_lines(buf, probes.delete_from[1], probes.delete_from[1] + 1, false)[1]

  -- A buffer the daemon has no grammar for keeps Neovim's matchparen; back here it goes again.
  vim.cmd("split " .. vim.fn.fnameescape(os.getenv("HL_LUA")))
  H.wait(function()
    local state = highlightd.status().buffers
    for _, entry in ipairs(state) do
      if entry.buf == api.nvim_get_current_buf() and entry.highlighted == false then
        return true
      end
    end
  end, "the daemon's answer on the Lua file")
  H.type(go(probes.lua_bracket))
  result.lua_matchparen = H.wait(function()
    local found = matchparen_matches()
    return #found > 0 and found
  end, "matchparen in the Lua buffer")
  result.lua_pair_marks = pair_marks(api.nvim_get_current_buf())
  vim.cmd("wincmd p")
  H.settle(buf, "the edit")
  H.sleep(100) -- the question entering the window asks
  result.back = after_keys(go(probes.on_bracket))
  H.result.pairs = result
end)
