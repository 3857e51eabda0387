-- A daemon that cannot be started: said once, and typing goes on without errors.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api

H.run(function()
  vim.cmd("filetype on")
  local messages = {}
  vim.notify = function(message, level)
    messages[#messages + 1] = { message = message, level = level }
  end
  require("highlightd").setup({ cmd = { "/nonexistent/highlightd", "serve" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  H.type("ggO")
  H.type_each(H.keys_of("// typed without a daemon"), 1)
  H.type("<Esc>")
  vim.cmd("split")
  H.type("Gdd")
  H.wait(function()
    return api.nvim_buf_get_lines(0, 0, 1, false)[1] == "// typed without a daemon"
  end, "the typing")
  H.sleep(100)
  H.result.messages = messages
  H.result.errmsg = vim.v.errmsg
end)
