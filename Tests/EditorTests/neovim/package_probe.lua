-- Sourced (-S) into a Neovim started as a user's (no -u NONE: its init.lua, its packages), by
-- test_neovim.py's package test: waits until the plugin has decided about the first buffer
-- (the daemon's answer, or a message), then writes what it holds to HL_RESULT and quits.
local highlightd = require("highlightd")

local function said()
  return vim.fn.execute("messages"):find("highlightd:", 1, true) ~= nil
end

vim.wait(30000, function()
  local buffer = highlightd.status().buffers[1]
  return (buffer and buffer.highlighted ~= nil) or said()
end, 20)
vim.wait(200, function()
  return false -- anything said after the first message
end)
local file = assert(io.open(assert(os.getenv("HL_RESULT")), "w"))
file:write(vim.json.encode({
  status = highlightd.status(),
  messages = vim.fn.execute("messages"),
  syntax = vim.bo.syntax,
  runtimepath = vim.o.runtimepath,
}))
file:close()
vim.cmd("qall!")
