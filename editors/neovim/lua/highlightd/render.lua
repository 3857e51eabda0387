-- Turns pushed attribute changes into extmarks, each layer in its namespace: one extmark per
-- run and line in `highlightd` (the style id's group, see styles.lua), one per comment or
-- string in `highlightd_spell` (`spell = true`), one per bracket of the bracket pairs in
-- `highlightd_brackets` (its depth's colour), one per link in `highlightd_links`.
local M = {}

local api = vim.api
local edits = require("highlightd.edits")
local styles = require("highlightd.styles")

M.namespace = api.nvim_create_namespace("highlightd")
M.spell_namespace = api.nvim_create_namespace("highlightd_spell")
M.brackets_namespace = api.nvim_create_namespace("highlightd_brackets")
M.links_namespace = api.nvim_create_namespace("highlightd_links")

-- Extmark priorities above `priority` (the runs'): a bracket's colour replaces its token's
-- (its group is `nocombine`), a link's underline is added over both.
M.bracket_priority, M.link_priority = 1, 2

-- The token kinds whose text spell checking reads, as VS Code's and Neovim's own syntax
-- files decide: prose lives in comments and strings, not in code.
local spell_kinds = { comment = true, string = true }

local options = { priority = 150 }
local has_overlap = vim.fn.has("nvim-0.10") == 1

function M.configure(new_options)
  options = new_options
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

local function mark(buf, namespace, r1, c1, r2, c2, group, priority, spell)
  return api.nvim_buf_set_extmark(buf, namespace, r1, c1, {
    end_row = r2,
    end_col = c2,
    hl_group = group,
    priority = priority,
    spell = spell,
    strict = false,
  })
end

-- Removes the extmarks of `namespace` that overlap [(sr, sc), (er, ec)) (er = math.huge: to
-- the end of the buffer); with `trim`, the parts of a style mark outside the range are put
-- back (a style's or a spell region's). Marks that deletions collapsed (empty, or even ending before they start: an insertion
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
        local group, priority, spell = details.hl_group, details.priority, details.spell
        if before(r, c, sr, sc) then
          mark(buf, namespace, r, c, sr, sc, group, priority, spell)
        end
        if before(er, ec, mr, mc) then
          mark(buf, namespace, er, ec, mr, mc, group, priority, spell)
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

-- The items of `list` (links or brackets: `{offset, length, ...}`) that start in [from, to).
local function starting_in(list, from, to)
  local result = {}
  for _, item in ipairs(list) do
    if item.offset >= from and item.offset < to then
      result[#result + 1] = item
    end
  end
  return result
end

--- Splits a push's changes into pieces of at most `limit` runs, cut at run boundaries; each
--- piece is a change over its own range (with the links and brackets that start in it).
--- `first` marks the first piece of a change.
function M.split(changes, limit)
  local pieces = {}
  for _, change in ipairs(changes) do
    local runs, links, brackets = change.runs or {}, change.links or {}, change.brackets or {}
    if #runs <= limit then
      pieces[#pieces + 1] = {
        offset = change.offset,
        length = change.length,
        runs = runs,
        links = links,
        brackets = brackets,
        first = true,
      }
    else
      local position, index = change.offset, 1
      while index <= #runs do
        local piece = { offset = position, runs = {}, first = index == 1 }
        for i = index, math.min(index + limit - 1, #runs) do
          piece.runs[#piece.runs + 1] = runs[i]
          position = position + runs[i][1]
        end
        index = index + #piece.runs
        piece.length = position - piece.offset
        piece.links = starting_in(links, piece.offset, position)
        piece.brackets = starting_in(brackets, piece.offset, position)
        pieces[#pieces + 1] = piece
      end
    end
  end
  return pieces
end

-- Removes the marks of `namespace` that start in [(sr, sc), (er, ec)), and their ids from
-- `forget` if given.
local function clear_starting(buf, namespace, sr, sc, er, ec, forget)
  local to = er == math.huge and { -1, -1 } or { er, ec }
  for _, found in ipairs(api.nvim_buf_get_extmarks(buf, namespace, { sr, sc }, to, {})) do
    if before(found[2], found[3], er, ec) then
      api.nvim_buf_del_extmark(buf, namespace, found[1])
      if forget then
        forget[found[1]] = nil
      end
    end
  end
end

-- Clears [start, finish) for a piece: its runs' and spell regions' marks trimmed; the links
-- and brackets overlapping it (a change's first piece) or starting in it (the next pieces: a
-- link of the previous piece may reach into it).
local function clear_span(buf, locate, total, start, finish, first, targets)
  local sr, sc = locate(start)
  local er, ec = locate(finish)
  if finish >= total then
    er, ec = math.huge, 0
  end
  clear(buf, M.namespace, sr, sc, er, ec, true)
  clear(buf, M.spell_namespace, sr, sc, er, ec, true)
  if first then
    clear(buf, M.links_namespace, sr, sc, er, ec, false, targets)
    clear(buf, M.brackets_namespace, sr, sc, er, ec, false)
  else
    clear_starting(buf, M.links_namespace, sr, sc, er, ec, targets)
    clear_starting(buf, M.brackets_namespace, sr, sc, er, ec)
  end
end

-- Adds [start, finish) of style `style` to `ranges` (the spell regions so far, in order) if
-- spell checking reads its kind, joined to the last region when they touch.
local function add_spell_range(ranges, start, finish, style)
  if not spell_kinds[styles.kind(style)] then
    return
  end
  local last = ranges[#ranges]
  if last and last[2] == start then
    last[2] = finish
  else
    ranges[#ranges + 1] = { start, finish }
  end
end

-- One `spell = true` extmark per region (a region may cross lines).
local function mark_spell_ranges(buf, locate, ranges)
  for _, range in ipairs(ranges) do
    local sr, sc = locate(range[1])
    local er, ec = locate(range[2])
    mark(buf, M.spell_namespace, sr, sc, er, ec, nil, options.priority, true)
  end
end

-- The piece's brackets, each mapped through `later` (dropped where a later edit touched it)
-- and painted with its depth's colour.
local function mark_brackets(buf, locate, brackets, later)
  for _, bracket in ipairs(brackets) do
    local start, finish = edits.map_whole(bracket.offset, bracket.offset + bracket.length, later)
    if start then
      local sr, sc = locate(start)
      local er, ec = locate(finish)
      local priority = options.priority + M.bracket_priority
      mark(buf, M.brackets_namespace, sr, sc, er, ec, styles.group(bracket.style), priority)
    end
  end
end

--- Applies one piece (see `split`) to `buf`: it replaces the runs (and the spell regions
--- they make), the links and the brackets over its range, after mapping through `later` (the
--- client's edits since the push's version). `targets` maps link extmark ids to their targets.
--- Returns a (current-text) range of the default style, if the piece has one.
function M.apply(buf, piece, later, targets)
  local locate, line_length, total = locator(buf)
  local default_range
  local spell_ranges = {}
  if #later == 0 then
    -- A push for the current version: the runs cover the piece's range as they are.
    clear_span(buf, locate, total, piece.offset, piece.offset + piece.length, piece.first, targets)
    local position = piece.offset
    for _, run in ipairs(piece.runs) do
      local style = run[2]
      if style ~= 0 then
        paint(buf, locate, line_length, position, position + run[1], styles.group(style))
        add_spell_range(spell_ranges, position, position + run[1], style)
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
        paint(buf, locate, line_length, segment[1], segment[2], styles.group(segment[3]))
        add_spell_range(spell_ranges, segment[1], segment[2], segment[3])
      elseif not default_range then
        default_range = { segment[1], segment[2] - segment[1] }
      end
    end
  end
  mark_spell_ranges(buf, locate, spell_ranges)
  mark_brackets(buf, locate, piece.brackets or {}, later)
  for _, link in ipairs(piece.links) do
    local start, finish = edits.map_whole(link.offset, link.offset + link.length, later)
    if start then
      local sr, sc = locate(start)
      local er, ec = locate(finish)
      local priority = options.priority + M.link_priority
      local id = mark(buf, M.links_namespace, sr, sc, er, ec, "HighlightdLink", priority)
      targets[id] = link.target
    end
  end
  return default_range
end

-- Removes the marks of `namespace` that start in [`from`, `to`] and end by (er, ec), the end
-- of the deleted text; `targets`, if given, loses their ids.
local function drop_inside(buf, namespace, from, to, er, ec, targets)
  local found = api.nvim_buf_get_extmarks(buf, namespace, from, to, { details = true })
  for _, found_mark in ipairs(found) do
    local id, r, c, details = found_mark[1], found_mark[2], found_mark[3], found_mark[4]
    if not before(er, ec, details.end_row or r, details.end_col or c) then
      api.nvim_buf_del_extmark(buf, namespace, id)
      if targets then
        targets[id] = nil
      end
    end
  end
end

--- Removes the marks that lie wholly in [(`sr`, `sc`), (`er`, `ec`)], text about to be
--- deleted (Neovim calls `on_bytes` before it moves the marks): the client rule's point 1,
--- deleted text takes its runs, links and brackets with it. Neovim would keep them, collapsed
--- at the place of the deletion, until a push happened to cover that place, and an undo would
--- restore them with the text before the daemon had seen it. `targets` loses the ids of the
--- links removed.
---
--- Runs and brackets are painted within a row, so those starting on the rows deleted whole go
--- in one call: deleting 50,000 lines of a highlighted 1 MB file took 4 s when each of its
--- 259,000 marks was looked at in Lua, and 0.3 to 0.8 s this way (Neovim's own collapsing
--- took 0.4 to 0.6 s, and 1.5 s more to undo). A run that a line break since split across rows loses its
--- rest until the push for the edit, which covers the edited line. Links (few) and spell
--- regions (which may span rows) are looked at one by one.
function M.drop_deleted(buf, sr, sc, er, ec, targets)
  for _, namespace in ipairs({ M.namespace, M.brackets_namespace }) do
    if er > sr + 1 then
      api.nvim_buf_clear_namespace(buf, namespace, sr + 1, er)
    end
    drop_inside(buf, namespace, { sr, sc }, er == sr and { er, ec } or { sr, -1 }, er, ec)
    if er > sr then
      drop_inside(buf, namespace, { er, 0 }, { er, ec }, er, ec)
    end
  end
  drop_inside(buf, M.spell_namespace, { sr, sc }, { er, ec }, er, ec)
  drop_inside(buf, M.links_namespace, { sr, sc }, { er, ec }, er, ec, targets)
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
  for _, namespace in ipairs({ M.namespace, M.spell_namespace, M.brackets_namespace, M.links_namespace }) do
    api.nvim_buf_clear_namespace(buf, namespace, 0, -1)
  end
end

return M
