-- Folding from the daemon (option `folding = true`): each attached window whose buffer the
-- daemon highlights folds by expression, and the expression reads the levels the daemon's
-- textDocument/foldingRange answer gives, fetched again after the pushes of each change.
local M = {}

local api = vim.api
local client = require("highlightd.client")

local levels = {} -- buf -> { [lnum] = fold level or ">N" }, 1-based lines
local pending = {} -- buf -> true while a request is out or scheduled

--- The 'foldexpr' of attached windows: the level of line `lnum` (default v:lnum).
function M.foldexpr(lnum)
  local buf = api.nvim_get_current_buf()
  local known = levels[buf]
  return known and known[lnum or vim.v.lnum] or 0
end

-- Each line's level from the ranges (0-based, endLine included): the number of ranges that
-- hold it, with ">" on the line a range starts.
local function levels_of(ranges, line_count)
  local depth, starts = {}, {}
  for _, range in ipairs(ranges) do
    local first, last = range.startLine + 1, math.min(range.endLine + 1, line_count)
    starts[first] = true
    for lnum = first, last do
      depth[lnum] = (depth[lnum] or 0) + 1
    end
  end
  local result = {}
  for lnum = 1, line_count do
    local level = depth[lnum] or 0
    result[lnum] = starts[lnum] and (">" .. level) or level
  end
  return result
end

--- Asks the daemon for `state`'s folding ranges and, when they changed, has the windows
--- showing it recompute their folds.
function M.refresh(state)
  local buf = state.buf
  if pending[buf] then
    return
  end
  pending[buf] = true
  vim.defer_fn(function()
    local sent = client.request("textDocument/foldingRange", { textDocument = { uri = state.uri } }, function(error, ranges)
      pending[buf] = nil
      if error or type(ranges) ~= "table" or not api.nvim_buf_is_valid(buf) then
        return
      end
      local computed = levels_of(ranges, api.nvim_buf_line_count(buf))
      if vim.deep_equal(computed, levels[buf]) then
        return
      end
      levels[buf] = computed
      for _, win in ipairs(vim.fn.win_findbuf(buf)) do
        if vim.wo[win].foldmethod == "expr" then
          api.nvim_win_call(win, function()
            vim.cmd("silent! normal! zx")
          end)
        end
      end
      api.nvim_exec_autocmds("User", { pattern = "HighlightdFolded", modeline = false, data = { buf = buf } })
    end)
    if not sent then
      pending[buf] = nil
    end
  end, 50)
end

--- Folds `win` by the daemon's ranges (window-local options, as Tree-sitter folding does).
function M.enable(win)
  api.nvim_set_option_value("foldmethod", "expr", { win = win, scope = "local" })
  api.nvim_set_option_value("foldexpr", "v:lua.require'highlightd.folding'.foldexpr()", { win = win, scope = "local" })
end

function M.forget(buf)
  levels[buf], pending[buf] = nil, nil
end

return M
