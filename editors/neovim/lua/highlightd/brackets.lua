-- Bracket matching by the daemon (`textStorage/matchBracket`), which counts only brackets in
-- code, never in strings or comments: the pair at the cursor highlighted with
-- `HighlightdMatchParen`, the jump to a bracket's partner (`:HighlightdMatchBracket`,
-- `<Plug>(highlightd-match-bracket)`), and Neovim's own matchparen plugin switched off where
-- the daemon pairs the brackets.
local M = {}

local api = vim.api
local client = require("highlightd.client")
local document = require("highlightd.document")
local render = require("highlightd.render")

M.namespace = api.nvim_create_namespace("highlightd_pair")

-- Above the runs, the brackets' colours and the links (render.lua): the pair's group is
-- combined over all of them, as Neovim's MatchParen is over syntax.
local pair_priority = render.link_priority + 1

local options = { priority = 150, bracket_pairs = true }
local shown_in = nil -- the buffer holding the pair's marks
local asked = 0 -- bumped per question: an answer to an older one is dropped

function M.configure(new_options)
  options = new_options
end

--- Whether the daemon pairs the brackets of `state`'s document: the bracket layer is on, and it
--- highlights the document with a grammar whose language has bracket pairs.
function M.pairs(state)
  return options.bracket_pairs ~= false
    and state ~= nil
    and state.opened
    and state.highlighted == true
    and #(state.bracket_pairs or {}) > 0
end

-- Asks the daemon for the partner of the bracket at byte `offset` of `state`'s document;
-- `callback(answer)` gets `{offset, partner, bracket}` or nil (no counted bracket there, or no
-- partner). Returns false when the daemon is not running.
local function ask(state, offset, callback)
  local params = { uri = state.uri, offset = offset }
  return client.request("textStorage/matchBracket", params, function(error, result)
    callback(not error and type(result) == "table" and result or nil)
  end)
end

-- The byte column where the character ending just before byte column `col` of `line` starts.
local function previous_character(line, col)
  local start = col - 1
  while start > 0 do
    local byte = line:byte(start + 1)
    if byte < 0x80 or byte >= 0xC0 then -- not a UTF-8 continuation byte
      break
    end
    start = start - 1
  end
  return start
end

-- Whether a bracket of `state`'s language can start at byte column `col` of `line`. Only there
-- is the daemon asked: a question makes it pair a document to its end first if it is still
-- highlighting one, which a cursor resting on a letter of a large file must not cost.
local function may_start_bracket(state, line, col)
  local byte = line:byte(col + 1)
  for _, pair in ipairs(state.bracket_pairs or {}) do
    if byte == pair[1]:byte(1) or byte == pair[2]:byte(1) then
      return true
    end
  end
  return false
end

local function inserting()
  local mode = api.nvim_get_mode().mode
  return mode:sub(1, 1) == "i" or mode:sub(1, 1) == "R"
end

--- Removes the pair's marks; answers still to come are dropped (the cursor left the window).
function M.clear()
  asked = asked + 1
  if shown_in and api.nvim_buf_is_valid(shown_in) then
    api.nvim_buf_clear_namespace(shown_in, M.namespace, 0, -1)
  end
  shown_in = nil
end

-- Shows `answer` (or nothing) in `buf`, and says so with `User HighlightdPair`: `data` has
-- the buffer and, when there is a pair, the zero-based (row, col) of the bracket and partner.
local function show(buf, answer)
  M.clear()
  local data = { buf = buf }
  if answer then
    for _, name in ipairs({ "bracket", "partner" }) do
      local range = answer[name]
      local sr, sc = document.position(buf, range.offset)
      local er, ec = document.position(buf, range.offset + range.length)
      api.nvim_buf_set_extmark(buf, M.namespace, sr, sc, {
        end_row = er,
        end_col = ec,
        hl_group = "HighlightdMatchParen",
        priority = options.priority + pair_priority,
        strict = false,
      })
      data[name] = { sr, sc }
    end
    shown_in = buf
  end
  api.nvim_exec_autocmds("User", { pattern = "HighlightdPair", modeline = false, data = data })
end

--- Highlights the pair of the bracket at the cursor of `win` (on `state`'s buffer), or, in
--- Insert and Replace mode, of the bracket just before the cursor, as matchparen does; clears
--- the highlight when there is none. Asynchronous: the answer is shown if nothing changed since.
function M.update(state, win)
  local buf = state.buf
  if not M.pairs(state) then
    M.clear()
    return
  end
  local cursor = api.nvim_win_get_cursor(win)
  local row, col = cursor[1] - 1, cursor[2]
  local line = api.nvim_buf_get_lines(buf, row, row + 1, false)[1] or ""
  local line_start = api.nvim_buf_get_offset(buf, row)
  local places = {} -- byte offsets to ask about, in order
  if may_start_bracket(state, line, col) then
    places[1] = line_start + col
  end
  if col > 0 and inserting() then
    local before = previous_character(line, math.min(col, #line))
    if may_start_bracket(state, line, before) then
      places[#places + 1] = line_start + before
    end
  end
  asked = asked + 1
  if #places == 0 then
    show(buf, nil)
    return
  end
  document.flush(state) -- the daemon must have the text the cursor is in
  local question, tick = asked, api.nvim_buf_get_changedtick(buf)
  local function answer_is_current()
    return question == asked and api.nvim_buf_is_valid(buf) and api.nvim_buf_get_changedtick(buf) == tick
  end
  local function ask_from(index)
    ask(state, places[index], function(answer)
      if not answer_is_current() then
        return
      elseif answer or index == #places then
        show(buf, answer)
      else
        ask_from(index + 1)
      end
    end)
  end
  ask_from(1)
end

-- The partner of the bracket under the cursor of the current window as a (1-based row,
-- byte column) cursor position, waiting for the daemon's answer (a second at most).
local function partner_under_cursor()
  local buf = api.nvim_get_current_buf()
  local state = document.state(buf)
  if not M.pairs(state) then
    return nil
  end
  local cursor = api.nvim_win_get_cursor(0)
  local line = api.nvim_get_current_line()
  if not may_start_bracket(state, line, cursor[2]) then
    return nil
  end
  document.flush(state)
  local offset = api.nvim_buf_get_offset(buf, cursor[1] - 1) + cursor[2]
  local done, answer = false, nil
  local sent = ask(state, offset, function(result)
    done, answer = true, result
  end)
  if not sent or not vim.wait(1000, function()
    return done
  end, 5) or not answer then
    return nil
  end
  local row, col = document.position(buf, answer.partner.offset)
  return { row + 1, col }
end

--- Moves the cursor to the partner of the bracket under it (a jump, as `%` is: `''` comes
--- back); returns whether there was one.
function M.jump()
  local partner = partner_under_cursor()
  if partner then
    vim.cmd("normal! m'")
    api.nvim_win_set_cursor(0, partner)
  end
  return partner ~= nil
end

--- `<Plug>(highlightd-match-bracket)` in `mode` ("n", "x" or "o"): to the partner the daemon
--- gives the bracket under the cursor; elsewhere (and with a count) what Neovim's `%` does, so
--- mapping `%` to it loses none of `%`: the next bracket on the line, `/* */`, `#if`, `50%`.
function M.percent(mode)
  local count = vim.v.count
  local partner = count == 0 and partner_under_cursor() or nil
  local from = api.nvim_win_get_cursor(0)
  if mode == "o" then
    -- The motion of a pending operator: `%` is inclusive, `N%` linewise.
    vim.cmd("normal! " .. (count > 0 and "V" or "v"))
  elseif mode == "n" and partner then
    vim.cmd("normal! m'")
  end
  if partner then
    api.nvim_win_set_cursor(0, partner)
    return
  end
  vim.cmd("normal! " .. (count > 0 and count or "") .. "%")
  local to = api.nvim_win_get_cursor(0)
  if mode == "o" and count == 0 and to[1] == from[1] and to[2] == from[2] then
    vim.cmd("normal! \27") -- `%` found nothing: the operator gets no text, as with `d%`
  end
end

-- Neovim's matchparen plugin pairs brackets by searching the text, skipping strings and
-- comments by their syntax groups. In the buffers the daemon highlights, 'syntax' is OFF, so
-- it would pair a bracket in a string with one in code, beside the daemon's pair. It has no
-- switch per buffer, only the global :NoMatchParen and :DoMatchParen, but it only highlights
-- in the current window: off while the current buffer is one the daemon pairs, and on again
-- when another one is current, is off in those buffers.
local paused = false -- whether we switched it off (and so switch it on again)
local switching = false -- :DoMatchParen visits every window; their BufEnter must not recurse

--- Switches Neovim's matchparen off or on for the current buffer (see above).
function M.follow_current_buffer()
  local state = document.state(api.nvim_get_current_buf())
  if switching or (state and state.opened and state.highlighted == nil) then
    return -- undecided: the daemon's answer on the buffer calls again
  end
  local paired = M.pairs(state)
  switching = true
  if paired and vim.fn.exists("#matchparen#CursorMoved") == 1 then
    pcall(vim.cmd, "noautocmd NoMatchParen")
    paused = true
  elseif not paired and paused then
    paused = false
    -- Without autocommands :DoMatchParen only installs the plugin's; then it runs here.
    pcall(vim.cmd, "noautocmd DoMatchParen")
    pcall(vim.cmd, "doautocmd <nomodeline> matchparen CursorMoved")
  end
  switching = false
end

return M
