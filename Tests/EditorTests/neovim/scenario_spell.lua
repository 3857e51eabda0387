-- Spell checking by token kind: with `:set spell spelllang=en`, what `spellbadword()` finds on
-- each line of the file (from the line's start; it moves the cursor to the bad word it finds),
-- and again on a comment typed with real keys. Also what it says of each misspelt word given as
-- a string (the dictionary's verdict, whatever the buffer), and the buffer's 'spelloptions'.
-- Environment (besides the harness's): HL_SAMPLE, HL_WORDS (a JSON list of words).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

-- Per line of the buffer: {bad word or "", its byte column or -1}.
local function bad_words(buf)
  local found = {}
  for row = 1, api.nvim_buf_line_count(buf) do
    api.nvim_win_set_cursor(0, { row, 0 })
    local word = vim.fn.spellbadword()[1]
    local position = api.nvim_win_get_cursor(0)
    found[#found + 1] = { word, word ~= "" and position[1] == row and position[2] or -1 }
  end
  return found
end

H.run(function()
  vim.cmd("filetype on")
  require("highlightd").setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")
  vim.cmd("set spell spelllang=en")
  H.result.spelloptions = vim.bo[buf].spelloptions
  H.result.verdicts = {}
  for _, word in ipairs(vim.json.decode(os.getenv("HL_WORDS"))) do
    H.result.verdicts[word] = vim.fn.spellbadword(word)[2]
  end
  H.result.opened = bad_words(buf)
  H.type("Go// a comment typed with a mistaek<Esc>")
  H.settle(buf, "the typed comment")
  H.result.typed = bad_words(buf)
end)
