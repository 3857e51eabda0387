-- Pure functions over byte ranges: mapping a push's ranges through the edits the client made
-- after the push's version (PROTOCOL.md, "The client rule", point 3).
--
-- An edit is `{offset, old_length, new_length}` in UTF-8 bytes, against the text the previous
-- edit left. A segment is `{start, end, value}` (end exclusive).
local M = {}

--- Maps one segment through one edit, appending the surviving pieces to `out`.
--- Text before the edit stays; text after it moves by the change in length; the part the edit
--- replaced is dropped, and text the edit inserted belongs to no segment.
local function map_segment(segment, edit, out)
  local s, e, value = segment[1], segment[2], segment[3]
  local offset, old_end = edit[1], edit[1] + edit[2]
  local delta = edit[3] - edit[2]
  if e <= offset then
    out[#out + 1] = segment
  elseif s >= old_end then
    out[#out + 1] = { s + delta, e + delta, value }
  else
    if s < offset then
      out[#out + 1] = { s, offset, value }
    end
    if e > old_end then
      out[#out + 1] = { old_end + delta, e + delta, value }
    end
  end
end

--- Maps segments (sorted, disjoint) through `edits` in order; returns the surviving pieces,
--- still sorted and disjoint. Empty pieces are left out.
function M.map_segments(segments, edits)
  for _, edit in ipairs(edits) do
    local out = {}
    for _, segment in ipairs(segments) do
      map_segment(segment, edit, out)
    end
    segments = out
  end
  local result = {}
  for _, segment in ipairs(segments) do
    if segment[2] > segment[1] then
      result[#result + 1] = segment
    end
  end
  return result
end

--- Maps a range that must survive whole (a link): returns the moved range, or nil when any
--- later edit touched its inside.
function M.map_whole(start, finish, edits)
  for _, edit in ipairs(edits) do
    local offset, old_end = edit[1], edit[1] + edit[2]
    local delta = edit[3] - edit[2]
    if start >= old_end then
      start, finish = start + delta, finish + delta
    elseif finish > offset then
      return nil
    end
  end
  return start, finish
end

--- Groups sorted segments into maximal contiguous spans `{start, end}`.
function M.spans(segments)
  local spans = {}
  for _, segment in ipairs(segments) do
    local last = spans[#spans]
    if last and last[2] == segment[1] then
      last[2] = segment[2]
    else
      spans[#spans + 1] = { segment[1], segment[2] }
    end
  end
  return spans
end

--- Adds an edit to `regions`, the changes of the current tick: sorted, disjoint
--- `{start, finish, old_length}` in the current text's coordinates, where [start, finish) now
--- holds what was `old_length` bytes before the tick. The edit is `offset, old_length,
--- new_length` in the current text (before it). Touching regions merge, so a run of keystrokes
--- is one region. Returns the new list.
function M.add_edit(regions, offset, old_length, new_length)
  local delta = new_length - old_length
  local edit_end = offset + old_length
  local start, finish, grown = offset, edit_end, 0 -- grown: how much merged regions grew
  local before, after = {}, {}
  for _, region in ipairs(regions) do
    if region[2] < offset then
      before[#before + 1] = region
    elseif region[1] > edit_end then
      after[#after + 1] = { region[1] + delta, region[2] + delta, region[3] }
    else
      start, finish = math.min(start, region[1]), math.max(finish, region[2])
      grown = grown + (region[2] - region[1] - region[3])
    end
  end
  before[#before + 1] = { start, finish + delta, finish - start - grown }
  for _, region in ipairs(after) do
    before[#before + 1] = region
  end
  return before
end

return M
