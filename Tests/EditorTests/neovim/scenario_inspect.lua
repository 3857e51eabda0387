-- :HighlightdInspect and require("highlightd").inspect at a few places of the sample: the
-- daemon's scopes, kind and theme rule for the character under the cursor, typed text
-- included (the edit is sent before the question).
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  local highlightd, buf = H.open_sample()
  -- A new line typed at the top, not yet flushed when the question is asked.
  api.nvim_buf_set_lines(buf, 0, 0, false, { "let typed = \"words\";" })
  local answers = {}
  for _, probe in ipairs(vim.json.decode(os.getenv("HL_PROBES"))) do
    local answer, failure
    highlightd.inspect(buf, probe[1], probe[2], function(error, result)
      answer, failure = result, error or false
    end)
    H.wait(function()
      return failure ~= nil
    end, "the inspect answer")
    if failure then
      H.fail("inspect failed: " .. vim.inspect(failure))
    end
    answers[#answers + 1] = { scopes = answer.scopes, kind = answer.tokenKind, rule = answer.themeRule, text = answer.text }
  end
  H.result.answers = answers
  -- The command shows the same, innermost scope first, in the message area.
  api.nvim_win_set_cursor(0, { 1, 14 })
  vim.cmd("messages clear")
  vim.cmd("HighlightdInspect")
  H.wait(function()
    return vim.fn.execute("messages"):find("scopes", 1, true) ~= nil
  end, "the command's message")
  H.result.messages = vim.fn.execute("messages")
end)
