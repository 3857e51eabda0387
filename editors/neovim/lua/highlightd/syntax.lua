-- Neovim's own highlighting of a buffer (regex `syntax` and Tree-sitter): switched off in the
-- buffers the daemon highlights with a grammar, and given back where it turns out not to.
local M = {}

local api = vim.api

-- buf -> { syntax = the 'syntax' to give back, treesitter = whether Tree-sitter highlighted it }
local taken = {}

local function treesitter_on(buf)
  local highlighter = vim.treesitter and vim.treesitter.highlighter
  return highlighter ~= nil and highlighter.active ~= nil and highlighter.active[buf] ~= nil
end

--- Turns off `buf`'s regex syntax and Tree-sitter highlighting, remembering them. Called
--- again when 'syntax' is set anew (a new filetype): that value is the one to give back.
function M.take(buf)
  if not api.nvim_buf_is_loaded(buf) then
    return
  end
  local saved = taken[buf]
  if not saved then
    saved = { syntax = vim.bo[buf].syntax, treesitter = false }
    taken[buf] = saved
  elseif vim.bo[buf].syntax ~= "OFF" then
    saved.syntax = vim.bo[buf].syntax
  end
  if treesitter_on(buf) then
    saved.treesitter = true
    -- Stopping runs the `syntaxset` FileType autocommands, which may set 'syntax' again; the
    -- Syntax autocommand then comes back here, and 'syntax' ends OFF either way.
    pcall(vim.treesitter.stop, buf)
  end
  if vim.bo[buf].syntax ~= "OFF" then
    vim.bo[buf].syntax = "OFF"
  end
end

--- Gives `buf` back the highlighting `take` turned off, if it did.
function M.give_back(buf)
  local saved = taken[buf]
  taken[buf] = nil
  if not saved or not api.nvim_buf_is_loaded(buf) then
    return
  end
  if vim.bo[buf].syntax == "OFF" and saved.syntax ~= "OFF" then
    vim.bo[buf].syntax = saved.syntax
  end
  if saved.treesitter then
    pcall(vim.treesitter.start, buf)
  end
end

--- Whether `take` holds `buf`'s highlighting.
function M.taken(buf)
  return taken[buf] ~= nil
end

--- Forgets a buffer that is unloaded (its options go with it).
function M.forget(buf)
  taken[buf] = nil
end

return M
