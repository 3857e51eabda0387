-- 'commentstring' from the language at the cursor: `textStorage/language` with a position names
-- the language there (CSS in an HTML <style>, Rust in a Markdown fence) and its comment tokens,
-- so `gc` comments out a line in the language it is written in.
local M = {}

local api = vim.api
local client = require("highlightd.client")
local document = require("highlightd.document")

local asked = {} -- buf -> number of its last question: answers to older ones are dropped
local saved = {} -- buf -> its 'commentstring' before the first one set here

--- The 'commentstring' for a language's `comments` (`{lineComment, blockComment}` of the
--- daemon's answer): "// %s" from a line comment, else "/* %s */" from a block comment; nil
--- when the language has neither.
function M.commentstring(comments)
  if type(comments) ~= "table" then
    return nil
  end
  local line = comments.lineComment
  if type(line) == "string" and line ~= "" then
    return line .. " %s"
  end
  local block = comments.blockComment
  if type(block) == "table" and type(block[1]) == "string" and type(block[2]) == "string" then
    return block[1] .. " %s " .. block[2]
  end
  return nil
end

local function set(buf, value)
  if vim.bo[buf].commentstring ~= value then
    vim.bo[buf].commentstring = value
  end
end

--- Asks for the language at the cursor of `win` (on `state`'s buffer) and sets the buffer's
--- 'commentstring' from its comments; where the language has none, the buffer's own value
--- (its filetype plugin's) comes back. Asynchronous.
function M.update(state, win)
  local buf = state.buf
  document.flush(state) -- the position must be in the text the daemon has
  local cursor = api.nvim_win_get_cursor(win)
  asked[buf] = (asked[buf] or 0) + 1
  local question = asked[buf]
  local params = {
    textDocument = { uri = state.uri },
    position = { line = cursor[1] - 1, character = cursor[2] }, -- UTF-8 units: bytes
  }
  client.request("textStorage/language", params, function(error, result)
    if asked[buf] ~= question or error or type(result) ~= "table" or not api.nvim_buf_is_valid(buf) then
      return
    end
    local value = M.commentstring(result.comments)
    if value then
      if saved[buf] == nil then
        saved[buf] = vim.bo[buf].commentstring
      end
      set(buf, value)
    elseif saved[buf] ~= nil then
      set(buf, saved[buf])
    end
  end)
end

--- Gives `buf` back the 'commentstring' it had before (the daemon no longer highlights it).
function M.give_back(buf)
  if saved[buf] ~= nil and api.nvim_buf_is_valid(buf) then
    set(buf, saved[buf])
  end
  M.forget(buf)
end

--- Forgets `buf`'s saved value: unloaded, or its filetype plugin set a new one.
function M.forget(buf)
  saved[buf], asked[buf] = nil, nil
end

return M
