-- The daemon rejects an edit of one buffer (`textStorage/didReject`): the plugin sends that
-- buffer again whole, leaves the other buffer alone, and both end highlighted correctly.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  local highlightd, buf = H.open_sample()
  local client = require("highlightd.client")
  vim.cmd("split " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE") .. ".other.rs"))
  local other = api.nvim_get_current_buf()
  api.nvim_buf_set_lines(other, 0, -1, false, { "fn other() {}" })
  H.settle(other, "the other buffer's highlight")
  vim.cmd("wincmd p")

  local function buffer_status(b)
    for _, entry in ipairs(highlightd.status().buffers) do
      if entry.buf == b then
        return entry
      end
    end
  end
  local before = buffer_status(buf)
  H.result.resyncs_before = before.resyncs
  H.result.other_resyncs_before = buffer_status(other).resyncs

  -- An edit the daemon cannot apply: far past the end of the text, with the next version.
  client.notify("textStorage/edit", {
    uri = before.uri,
    version = before.version + 1,
    edits = { { offset = 10000000, length = 0, text = "x" } },
  })
  H.wait(function()
    return buffer_status(buf).resyncs > before.resyncs
  end, "the buffer to be sent again")
  H.type("3GO// typed after the rejection https://example.com/again<Esc>")
  H.settle(buf, "the highlight after the rejection")
  H.result.snapshot = H.snapshot(buf)
  H.result.resyncs_after = buffer_status(buf).resyncs
  H.result.other_resyncs_after = buffer_status(other).resyncs
  H.result.last_error = highlightd.status().last_error
end)
