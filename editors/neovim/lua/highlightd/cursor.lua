-- What follows the cursor of the current window: the bracket pair at it (brackets.lua) and the
-- language there, for 'commentstring' (comments.lua). Both are questions to the daemon, asked
-- once the cursor has rested `delay_ms` (or the text stopped changing), so a run of keys or a
-- held `j` costs one question, and answered asynchronously: typing never waits on them.
local M = {}

local api = vim.api
local uv = vim.uv or vim.loop
local document = require("highlightd.document")
local brackets = require("highlightd.brackets")
local comments = require("highlightd.comments")

M.delay_ms = 30

local timer = nil

local function ask()
  local win = api.nvim_get_current_win()
  local state = document.state(api.nvim_win_get_buf(win))
  if not state or not state.opened or not state.highlighted then
    brackets.clear()
    return
  end
  brackets.update(state, win)
  comments.update(state, win)
end

--- The cursor moved or the text changed: asks again after `delay_ms` without another call.
function M.moved()
  timer = timer or uv.new_timer()
  timer:stop()
  timer:start(M.delay_ms, 0, vim.schedule_wrap(ask))
end

return M
