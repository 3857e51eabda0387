-- Spell checking in the buffers the daemon highlights. With 'syntax' OFF Neovim would check
-- every word of the buffer, code included (a "plain buffer"). Instead the daemon's comments and
-- strings carry `spell = true` extmarks (render.lua, from the styles' token kinds), and
-- 'spelloptions' gets "noplainbuffer", with which Neovim checks only the regions extmarks
-- designate: a misspelt word in a comment is marked, an identifier in code is not.
--
-- Prose (a grammar whose scope is not `source.*`: Markdown, LaTeX, commit messages, HTML) is
-- mostly neither comment nor string, so those buffers stay plain: every word is checked.
local M = {}

local taken = {} -- buf -> the 'spelloptions' to give back

local function without_plain_buffer(value)
  for flag in value:gmatch("[^,]+") do
    if flag == "noplainbuffer" then
      return value
    end
  end
  return value == "" and "noplainbuffer" or (value .. ",noplainbuffer")
end

local function set(buf, value)
  if vim.bo[buf].spelloptions ~= value then
    vim.bo[buf].spelloptions = value
  end
end

--- Spell checks `state`'s buffer by the daemon's token kinds (code) or whole (prose).
function M.take(state)
  local buf = state.buf
  if taken[buf] == nil then
    taken[buf] = vim.bo[buf].spelloptions
  end
  local code = (state.scope_name or ""):find("^source%.") ~= nil
  set(buf, code and without_plain_buffer(taken[buf]) or taken[buf])
end

--- Gives `buf` back the 'spelloptions' `take` changed, if it did.
function M.give_back(buf)
  if taken[buf] ~= nil and vim.api.nvim_buf_is_loaded(buf) then
    set(buf, taken[buf])
  end
  taken[buf] = nil
end

--- Forgets a buffer that is unloaded (its options go with it).
function M.forget(buf)
  taken[buf] = nil
end

return M
