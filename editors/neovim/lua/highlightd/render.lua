-- Turns pushed attribute changes into extmarks: one highlight group per style id, one extmark
-- per run and line in the `highlightd` namespace, one per link in `highlightd_links`.
local M = {}

local api = vim.api
local edits = require("highlightd.edits")

M.namespace = api.nvim_create_namespace("highlightd")
M.links_namespace = api.nvim_create_namespace("highlightd_links")

local options = { colors = "theme", priority = 150 }
local definitions = {} -- style id -> definition, for this connection
local has_overlap = vim.fn.has("nvim-0.10") == 1

-- Semantic token type -> standard group, for `map_to_standard_groups`.
M.standard_groups = {
  comment = "Comment",
  string = "String",
  regexp = "String",
  number = "Number",
  keyword = "Keyword",
  modifier = "StorageClass",
  operator = "Operator",
  ["function"] = "Function",
  method = "Function",
  macro = "Macro",
  decorator = "PreProc",
  type = "Type",
  class = "Type",
  enum = "Type",
  interface = "Type",
  struct = "Structure",
  typeParameter = "Type",
  namespace = "Type",
  enumMember = "Constant",
}

function M.configure(new_options)
  options = new_options
  M.standard_groups = vim.tbl_extend("force", M.standard_groups, new_options.groups or {})
  api.nvim_set_hl(0, "HighlightdLink", { underline = true, cterm = { underline = true }, default = true })
end

--- The group name of a style id.
function M.group(id)
  return id == 0 and "HighlightdNormal" or ("HighlightdStyle" .. id)
end

local function rgb(hex)
  if type(hex) ~= "string" or not hex:match("^#%x%x%x%x%x%x") then
    return nil
  end
  return hex:sub(1, 7)
end

-- The nearest colour of the xterm 256-colour palette, for terminals without 'termguicolors'.
local function xterm(hex)
  hex = rgb(hex)
  if not hex then
    return nil
  end
  local r, g, b = tonumber(hex:sub(2, 3), 16), tonumber(hex:sub(4, 5), 16), tonumber(hex:sub(6, 7), 16)
  local levels = { 0, 95, 135, 175, 215, 255 }
  local function nearest_level(v)
    local best = 1
    for i, level in ipairs(levels) do
      if math.abs(level - v) < math.abs(levels[best] - v) then
        best = i
      end
    end
    return best - 1
  end
  local ri, gi, bi = nearest_level(r), nearest_level(g), nearest_level(b)
  local function distance(r2, g2, b2)
    return (r - r2) ^ 2 + (g - g2) ^ 2 + (b - b2) ^ 2
  end
  local cube = distance(levels[ri + 1], levels[gi + 1], levels[bi + 1])
  local gray_index = math.max(0, math.min(23, math.floor(((r + g + b) / 3 - 8) / 10 + 0.5)))
  local gray_value = 8 + 10 * gray_index
  if distance(gray_value, gray_value, gray_value) < cube then
    return 232 + gray_index
  end
  return 16 + 36 * ri + 6 * gi + bi
end

local function standard_group(definition)
  local kind = definition.semanticTokenType
  local modifiers = {}
  for _, modifier in ipairs(definition.semanticTokenModifiers or {}) do
    modifiers[modifier] = true
  end
  if kind == "comment" and modifiers.documentation then
    return M.standard_groups.documentation or "SpecialComment"
  end
  if (kind == "variable" or kind == "property") and modifiers.readonly then
    return M.standard_groups.readonly or "Constant"
  end
  return kind and M.standard_groups[kind]
end

local function define(id, definition)
  local spec
  if options.map_to_standard_groups and id ~= 0 then
    local group = standard_group(definition)
    spec = group and { link = group } or {}
  else
    -- nocombine: the theme's style replaces what lower layers (syntax, other extmarks) set,
    -- so a keyword the syntax file makes bold is not bold unless the theme says so.
    local foreground = definition.foreground
    spec = { fg = rgb(foreground), ctermfg = xterm(foreground), cterm = {}, nocombine = true }
    if options.colors == "theme" then
      spec.bg, spec.ctermbg = rgb(definition.background), xterm(definition.background)
    end
    for word in (definition.fontStyle or ""):gmatch("%S+") do
      if word == "italic" or word == "bold" or word == "underline" or word == "strikethrough" then
        spec[word], spec.cterm[word] = true, true
      end
    end
  end
  api.nvim_set_hl(0, M.group(id), spec)
end

--- Records and defines the styles of a push (ids are per connection).
function M.define_styles(styles)
  for key, definition in pairs(styles or {}) do
    local id = tonumber(key)
    if id then
      definitions[id] = definition
      define(id, definition)
    end
  end
end

--- Whether the default style (id 0, never pushed) is known.
function M.knows_default()
  return definitions[0] ~= nil
end

--- Defines every known group again (after `:colorscheme`, which clears them).
function M.redefine()
  for id, definition in pairs(definitions) do
    define(id, definition)
  end
  api.nvim_set_hl(0, "HighlightdLink", { underline = true, cterm = { underline = true }, default = true })
end

--- Forgets the default style (id 0, never pushed): after a theme change it is asked again.
function M.forget_default()
  definitions[0] = nil
end

--- Forgets the styles of a previous connection (the next one numbers them anew).
function M.reset_styles()
  definitions = {}
end

-- Byte offsets of the buffer (lines joined by "\n", with a final "\n") to (row, col).
local function locator(buf)
  local count = api.nvim_buf_line_count(buf)
  local starts = {}
  local function start_of(row)
    local value = starts[row]
    if not value then
      if row >= count then
        local last = api.nvim_buf_get_lines(buf, count - 1, count, false)[1] or ""
        value = api.nvim_buf_get_offset(buf, count - 1) + #last + 1
      else
        value = api.nvim_buf_get_offset(buf, row)
      end
      starts[row] = value
    end
    return value
  end
  local total = start_of(count)
  local row = 0
  local function locate(offset)
    if offset >= total then
      return count - 1, total - 1 - start_of(count - 1)
    end
    if offset < start_of(row) or offset >= start_of(row + 1) then
      local steps = 0
      while steps < 8 and row + 1 < count and offset >= start_of(row + 1) do
        row, steps = row + 1, steps + 1
      end
      if offset < start_of(row) or offset >= start_of(row + 1) then
        local low, high = 0, count - 1
        while low < high do
          local middle = math.floor((low + high + 1) / 2)
          if start_of(middle) <= offset then
            low = middle
          else
            high = middle - 1
          end
        end
        row = low
      end
    end
    return row, offset - start_of(row)
  end
  local function line_length(r)
    return start_of(r + 1) - start_of(r) - 1
  end
  return locate, line_length, total
end

local function before(r1, c1, r2, c2)
  return r1 < r2 or (r1 == r2 and c1 < c2)
end

local function mark(buf, namespace, r1, c1, r2, c2, group, priority)
  return api.nvim_buf_set_extmark(buf, namespace, r1, c1, {
    end_row = r2,
    end_col = c2,
    hl_group = group,
    priority = priority,
    strict = false,
  })
end

-- Removes the extmarks of `namespace` that overlap [(sr, sc), (er, ec)) (er = math.huge: to
-- the end of the buffer); with `trim`, the parts of a style mark outside the range are put
-- back. Marks that deletions collapsed (empty, or even ending before they start: an insertion
-- at a collapsed mark moves its start, not its end) go when they sit in the range.
local function clear(buf, namespace, sr, sc, er, ec, trim, forget)
  local from = has_overlap and { sr, sc } or { math.max(sr - 1, 0), 0 }
  local to = er == math.huge and { -1, -1 } or { er, ec }
  local found = api.nvim_buf_get_extmarks(buf, namespace, from, to, { details = true, overlap = has_overlap })
  for _, found_mark in ipairs(found) do
    local id, r, c, details = found_mark[1], found_mark[2], found_mark[3], found_mark[4]
    local mr, mc = details.end_row or r, details.end_col or c
    local empty = not before(r, c, mr, mc)
    local inside
    if empty then
      inside = not before(r, c, sr, sc) and not before(er, ec, r, c)
    else
      inside = before(r, c, er, ec) and before(sr, sc, mr, mc)
    end
    if inside then
      api.nvim_buf_del_extmark(buf, namespace, id)
      if forget then
        forget[id] = nil
      end
      if trim and not empty then
        local group = details.hl_group
        if before(r, c, sr, sc) then
          mark(buf, namespace, r, c, sr, sc, group, details.priority)
        end
        if before(er, ec, mr, mc) then
          mark(buf, namespace, er, ec, mr, mc, group, details.priority)
        end
      end
    end
  end
end

-- One extmark per line of [start, finish) with `group`.
local function paint(buf, locate, line_length, start, finish, group)
  local r1, c1 = locate(start)
  local r2, c2 = locate(finish)
  if r1 == r2 then
    if c2 > c1 then
      mark(buf, M.namespace, r1, c1, r1, c2, group, options.priority)
    end
    return
  end
  local first_length = line_length(r1)
  if c1 < first_length then
    mark(buf, M.namespace, r1, c1, r1, first_length, group, options.priority)
  end
  for r = r1 + 1, r2 - 1 do
    local length = line_length(r)
    if length > 0 then
      mark(buf, M.namespace, r, 0, r, length, group, options.priority)
    end
  end
  if c2 > 0 then
    mark(buf, M.namespace, r2, 0, r2, c2, group, options.priority)
  end
end

--- Splits a push's changes into pieces of at most `limit` runs, cut at run boundaries; each
--- piece is a change over its own range (with the links that start in it). `first` marks the
--- first piece of a change.
function M.split(changes, limit)
  local pieces = {}
  for _, change in ipairs(changes) do
    local runs, links = change.runs or {}, change.links or {}
    if #runs <= limit then
      pieces[#pieces + 1] =
        { offset = change.offset, length = change.length, runs = runs, links = links, first = true }
    else
      local position, index = change.offset, 1
      while index <= #runs do
        local piece = { offset = position, runs = {}, links = {}, first = index == 1 }
        for i = index, math.min(index + limit - 1, #runs) do
          piece.runs[#piece.runs + 1] = runs[i]
          position = position + runs[i][1]
        end
        index = index + #piece.runs
        piece.length = position - piece.offset
        for _, link in ipairs(links) do
          if link.offset >= piece.offset and link.offset < position then
            piece.links[#piece.links + 1] = link
          end
        end
        pieces[#pieces + 1] = piece
      end
    end
  end
  return pieces
end

-- Removes the links that start in [(sr, sc), (er, ec)).
local function clear_links_starting(buf, sr, sc, er, ec, targets)
  local to = er == math.huge and { -1, -1 } or { er, ec }
  for _, found in ipairs(api.nvim_buf_get_extmarks(buf, M.links_namespace, { sr, sc }, to, {})) do
    if before(found[2], found[3], er, ec) then
      api.nvim_buf_del_extmark(buf, M.links_namespace, found[1])
      targets[found[1]] = nil
    end
  end
end

-- Clears [start, finish) for a piece: its runs' marks trimmed; the links overlapping it (a
-- change's first piece) or starting in it (the next pieces: a link of the previous piece may
-- reach into it).
local function clear_span(buf, locate, total, start, finish, first, targets)
  local sr, sc = locate(start)
  local er, ec = locate(finish)
  if finish >= total then
    er, ec = math.huge, 0
  end
  clear(buf, M.namespace, sr, sc, er, ec, true)
  if first then
    clear(buf, M.links_namespace, sr, sc, er, ec, false, targets)
  else
    clear_links_starting(buf, sr, sc, er, ec, targets)
  end
end

--- Applies one piece (see `split`) to `buf`: it replaces the runs and links over its range,
--- after mapping through `later` (the client's edits since the push's version). `targets` maps
--- link extmark ids to their targets. Returns a (current-text) range of the default style, if
--- the piece has one.
function M.apply(buf, piece, later, targets)
  local locate, line_length, total = locator(buf)
  local default_range
  if #later == 0 then
    -- A push for the current version: the runs cover the piece's range as they are.
    clear_span(buf, locate, total, piece.offset, piece.offset + piece.length, piece.first, targets)
    local position = piece.offset
    for _, run in ipairs(piece.runs) do
      local style = run[2]
      if style ~= 0 then
        paint(buf, locate, line_length, position, position + run[1], M.group(style))
      elseif not default_range then
        default_range = { position, run[1] }
      end
      position = position + run[1]
    end
  else
    local segments, position = {}, piece.offset
    for _, run in ipairs(piece.runs) do
      segments[#segments + 1] = { position, position + run[1], run[2] }
      position = position + run[1]
    end
    segments = edits.map_segments(segments, later)
    for _, span in ipairs(edits.spans(segments)) do
      clear_span(buf, locate, total, span[1], span[2], piece.first, targets)
    end
    for _, segment in ipairs(segments) do
      if segment[3] ~= 0 then
        paint(buf, locate, line_length, segment[1], segment[2], M.group(segment[3]))
      elseif not default_range then
        default_range = { segment[1], segment[2] - segment[1] }
      end
    end
  end
  for _, link in ipairs(piece.links) do
    local start, finish = edits.map_whole(link.offset, link.offset + link.length, later)
    if start then
      local sr, sc = locate(start)
      local er, ec = locate(finish)
      local id = mark(buf, M.links_namespace, sr, sc, er, ec, "HighlightdLink", options.priority + 1)
      targets[id] = link.target
    end
  end
  return default_range
end

--- The links of `buf` on `row`: `{start_col, end_col, target}` (links never cross lines).
function M.links_on_row(buf, row, targets)
  local result = {}
  local found = api.nvim_buf_get_extmarks(buf, M.links_namespace, { row, 0 }, { row, -1 }, { details = true })
  for _, found_mark in ipairs(found) do
    local target = targets[found_mark[1]]
    local details = found_mark[4]
    if target and details.end_row == row then
      result[#result + 1] = { found_mark[3], details.end_col, target }
    end
  end
  return result
end

--- Removes every highlight of `buf`.
function M.clear_buffer(buf)
  api.nvim_buf_clear_namespace(buf, M.namespace, 0, -1)
  api.nvim_buf_clear_namespace(buf, M.links_namespace, 0, -1)
end

return M
