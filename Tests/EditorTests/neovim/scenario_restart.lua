-- The daemon is killed mid-session: the plugin says so once, restarts it, resends the buffer,
-- and the buffer ends highlighted correctly. A second crash soon after is not restarted (one
-- more message); :HighlightdRestart brings it back.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api
local uv = vim.uv or vim.loop

H.run(function()
  local messages = {}
  vim.notify = function(message, level)
    messages[#messages + 1] = { message = message, level = level }
  end
  local highlightd, buf = H.open_sample()
  local function pid()
    return highlightd.status().pid
  end

  local first = pid()
  H.type("3GO")
  H.type_each(H.keys_of("/* before the crash"), 1)
  uv.kill(first, "sigkill")
  -- Typing goes on while the daemon is dead and while it restarts.
  H.type_each(H.keys_of(" … after it */"), 1)
  H.type("<Esc>")
  H.wait(function()
    return pid() and pid() ~= first and highlightd.status().ready
  end, "the daemon to restart")
  H.type("Go// https://example.com/restarted 😀<Esc>")
  H.settle(buf, "the highlight after the restart")
  H.result.after_restart = H.snapshot(buf)
  H.result.messages_after_restart = vim.deepcopy(messages)

  -- A second crash within 30 seconds: reported, not restarted; the editor keeps working.
  local second = pid()
  uv.kill(second, "sigkill")
  H.wait(function()
    return #messages == 2
  end, "the second crash to be reported")
  H.type("ggO// typed while stopped<Esc>")
  H.wait(function()
    return api.nvim_buf_get_lines(buf, 0, 1, false)[1] == "// typed while stopped"
  end, "typing while the daemon is stopped")
  H.result.stopped_pid = pid()
  H.type(":HighlightdRestart<CR>")
  H.wait(function()
    return pid() and pid() ~= second and highlightd.status().ready
  end, ":HighlightdRestart")
  H.settle(buf, "the highlight after :HighlightdRestart")
  H.result.snapshot = H.snapshot(buf)
  H.result.messages = messages
end)
