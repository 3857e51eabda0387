-- The theme changes while the plugin's question for the default style (which gives the
-- theme's background) is on its way: the server answers it with the theme before, and that
-- answer must not stay. Reports the background once everything settled.
local H = dofile(os.getenv("HL_HARNESS"))
local api = vim.api


H.run(function()
  vim.cmd("filetype on")
  local switched = false
  -- The first push is applied and the question asked in one turn of the main loop; this
  -- runs at its end, before the answer can be read.
  api.nvim_create_autocmd("User", {
    pattern = "HighlightdApplied",
    once = true,
    nested = true, -- so that setting the option runs the plugin's OptionSet handler
    callback = function()
      vim.o.background = "light"
      switched = true
    end,
  })
  require("highlightd").setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" } })
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_SAMPLE")))
  local buf = api.nvim_get_current_buf()
  H.wait(function()
    return switched
  end, "the first push")
  H.settle(buf, "the light theme")
  H.wait(function()
    return H.normal_background() ~= vim.NIL
  end, "the default style")
  -- Time for an answer that is still on its way to be read (and wrongly kept).
  H.sleep(300)
  H.settle(buf, "the light theme, again")
  H.result.background = H.normal_background()
  H.result.option = vim.o.background
end)
