-- Buffer-wide operations: a rename (:saveas), deleting every line and typing into the empty
-- buffer, reloading from disk (:e!), and closing (:bdelete). Snapshots after each for the
-- oracle. Environment (besides the harness's): HL_SAMPLE, HL_RECORD.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  local highlightd = require("highlightd")
  highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve", "--record", os.getenv("HL_RECORD") } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.settle(buf, "the opening highlight")

  H.type(":saveas renamed.rs<CR>")
  H.wait(function()
    return highlightd.status().buffers[1].uri:match("renamed%.rs$")
  end, "the renamed document")
  H.type("Go// after the rename: https://example.com/renamed<Esc>")
  H.settle(buf, "the renamed buffer")
  H.result.renamed = H.snapshot(buf)
  H.result.renamed.uri = highlightd.status().buffers[1].uri

  H.type("ggdG")
  H.type('ifn fresh() -> &\'static str { "typed into an empty buffer" }<Esc>')
  H.settle(buf, "the emptied buffer")
  H.result.emptied = H.snapshot(buf)

  H.type(":e!<CR>")
  H.wait(function()
    return api.nvim_buf_get_lines(buf, 0, 1, false)[1]:match("^//! A small inventory")
  end, "the reload")
  H.settle(buf, "the reloaded buffer")
  H.result.reloaded = H.snapshot(buf)

  -- :bdelete shows the alternate buffer (the old name, sample.rs) in the window instead.
  H.type(":bdelete<CR>")
  H.wait(function()
    for _, entry in ipairs(highlightd.status().buffers) do
      if entry.buf == buf then
        return false
      end
    end
    return true
  end, "the buffer to be closed")
  H.sleep(100) -- let the daemon receive the didClose before the editor quits
end)
