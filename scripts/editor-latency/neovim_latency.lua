-- Measurements of the Neovim plugin (editors/neovim) inside a real Neovim (a TUI in tmux), run by
-- scripts/editor-latency/neovim.py. Environment: HL_RTP, HL_OUT, HL_MODE ("keys" or "large"),
-- HL_FILE, HL_KEYS (keys mode), HIGHLIGHTD_BINARY.
--
-- keys: types the next HL_KEYS characters of the file again at the cursor, one at a time through
--   nvim_input, each after the previous one's highlight; the time runs from the key handed to
--   Neovim to the daemon's push for it applied and the screen redrawn.
-- large: opens HL_FILE and records the time to the first highlight on the window's lines, to
--   the settled document, how long `:edit` blocked, and the longest stall of a 10 ms timer.
local api = vim.api
local uv = vim.uv or vim.loop

vim.opt.rtp:prepend(os.getenv("HL_RTP"))
vim.opt.termguicolors = true
vim.opt.swapfile = false
vim.cmd("filetype on")
local highlightd = require("highlightd")
highlightd.setup({ cmd = { os.getenv("HIGHLIGHTD_BINARY"), "serve" }, theme = "dark" })

local function ms(since)
  return (uv.hrtime() - since) / 1e6
end

local function finish(result)
  local path = os.getenv("HL_OUT")
  local file = assert(io.open(path .. ".part", "w"))
  file:write(vim.json.encode(result))
  file:close()
  os.rename(path .. ".part", path)
  vim.cmd("qall!")
end

local function version_of(buf)
  for _, entry in ipairs(highlightd.status().buffers) do
    if entry.buf == buf then
      return entry.version, entry.applied_version
    end
  end
  return 0, 0
end

local function measure_keys()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_FILE")))
  local buf = api.nvim_get_current_buf()
  local count = tonumber(os.getenv("HL_KEYS")) or 300
  vim.opt_local.autoindent = false
  vim.opt_local.smartindent = false
  vim.opt_local.cindent = false
  vim.opt_local.indentexpr = ""
  vim.opt_local.formatoptions = ""
  vim.opt_local.textwidth = 0
  vim.opt_local.expandtab = false
  -- Start in the middle of the file; the characters to type are those that follow.
  local middle = math.floor(api.nvim_buf_line_count(buf) / 2)
  api.nvim_win_set_cursor(0, { middle, 0 })
  local following = table.concat(api.nvim_buf_get_lines(buf, middle - 1, middle + 200, false), "\n")
  local chars = vim.fn.split(following, "\\zs")
  local samples, index, started, target = {}, 0, nil, nil
  local step

  api.nvim_create_autocmd("User", {
    pattern = "HighlightdApplied",
    callback = function(event)
      if started and target and event.data.buf == buf and event.data.version >= target then
        vim.cmd("redraw")
        samples[#samples + 1] = ms(started)
        started, target = nil, nil
        vim.defer_fn(step, 20)
      end
    end,
  })
  local function wait_for_flush(before)
    -- The key's edit is sent on the tick after it is typed; its version is the target.
    local version = version_of(buf)
    if version > before then
      target = version
      local _, applied = version_of(buf)
      if applied >= target then -- already applied
        vim.cmd("redraw")
        samples[#samples + 1] = ms(started)
        started, target = nil, nil
        vim.defer_fn(step, 20)
      end
    elseif ms(started) > 10000 then
      finish({ error = "a keystroke was never sent" })
    else
      vim.defer_fn(function()
        wait_for_flush(before)
      end, 0)
    end
  end
  step = function()
    index = index + 1
    if index > count or index > #chars then
      api.nvim_input("<Esc>")
      finish({ samples = samples })
      return
    end
    local char = chars[index]
    local key = char == "\n" and "<CR>" or char == "<" and "<lt>" or char == "\t" and "<Tab>" or char
    local before = version_of(buf)
    started = uv.hrtime()
    api.nvim_input(key)
    vim.defer_fn(function()
      wait_for_flush(before)
    end, 0)
  end
  -- Wait for the opening highlight to settle, then enter insert mode and start.
  local function start()
    highlightd.sync(buf, function(_, answer)
      if not answer or answer.pending then
        vim.defer_fn(start, 100)
        return
      end
      api.nvim_input("i")
      vim.defer_fn(step, 200)
    end)
  end
  vim.defer_fn(start, 200)
end

local function measure_large()
  -- A 10 ms timer on Neovim's main loop: the longest gap between its runs is how long
  -- Neovim could not react (to keys, to anything) meanwhile.
  local main_stall, main_last, stop = 0, uv.hrtime(), false
  local function tick()
    if stop then
      return
    end
    local now = uv.hrtime()
    main_stall = math.max(main_stall, (now - main_last) / 1e6 - 10)
    main_last = now
    vim.defer_fn(tick, 10)
  end
  vim.defer_fn(tick, 10)
  local first_visible
  local started = uv.hrtime()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("HL_FILE")))
  local edit_ms = ms(started)
  local buf = api.nvim_get_current_buf()
  local namespace = api.nvim_get_namespaces()["highlightd"]
  api.nvim_create_autocmd("User", {
    pattern = "HighlightdApplied",
    callback = function(event)
      if first_visible or event.data.buf ~= buf then
        return
      end
      local top, bottom = vim.fn.line("w0") - 1, vim.fn.line("w$") - 1
      local marks = api.nvim_buf_get_extmarks(buf, namespace, { bottom, 0 }, { bottom, -1 }, { limit = 1 })
      local first = api.nvim_buf_get_extmarks(buf, namespace, { top, 0 }, { top, -1 }, { limit = 1 })
      if #marks > 0 and #first > 0 then
        vim.cmd("redraw")
        first_visible = ms(started)
      end
    end,
  })
  local function settle()
    highlightd.sync(buf, function(_, answer)
      if not answer or answer.pending or not first_visible then
        vim.defer_fn(settle, 50)
        return
      end
      stop = true
      finish({
        bytes = vim.fn.getfsize(os.getenv("HL_FILE")),
        edit_ms = edit_ms,
        first_visible_ms = first_visible,
        settled_ms = ms(started),
        longest_stall_ms = main_stall,
        marks = #api.nvim_buf_get_extmarks(buf, namespace, 0, -1, {}),
      })
    end, { offset = 0, length = 0 })
  end
  vim.defer_fn(settle, 50)
end

vim.defer_fn(function()
  if os.getenv("HL_MODE") == "large" then
    measure_large()
  else
    measure_keys()
  end
end, 100)
