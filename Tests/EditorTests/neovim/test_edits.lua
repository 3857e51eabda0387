-- Randomized checks of highlightd.edits against brute-force models, run with `nvim -l`.
-- Prints "ok N" or raises with the seed. SEED (environment) picks the seed.
vim.opt.rtp:prepend(assert(os.getenv("HL_RTP"), "HL_RTP not set"))
local edits = require("highlightd.edits")
local seed = tonumber(os.getenv("SEED") or "") or os.time()
math.randomseed(seed)

local function check(condition, message)
  if not condition then
    error(string.format("seed %d: %s", seed, message))
  end
end

local function random_text(length)
  local chars = {}
  for i = 1, length do
    chars[i] = string.char(97 + math.random(0, 25))
  end
  return table.concat(chars)
end

-- add_edit: the regions of a tick, turned into edits with the final text, rebuild the final
-- text from the original.
for _ = 1, 2000 do
  local original = random_text(math.random(0, 30))
  local text, regions = original, {}
  for _ = 1, math.random(1, 6) do
    local offset = math.random(0, #text)
    local old_length = math.random(0, #text - offset)
    local inserted = random_text(math.random(0, 4))
    regions = edits.add_edit(regions, offset, old_length, #inserted)
    text = text:sub(1, offset) .. inserted .. text:sub(offset + old_length + 1)
  end
  local rebuilt = original
  for i, region in ipairs(regions) do
    check(region[1] <= region[2], "a region ends before it starts")
    check(i == 1 or regions[i - 1][2] < region[1], "regions overlap or touch")
    local now = text:sub(region[1] + 1, region[2])
    rebuilt = rebuilt:sub(1, region[1]) .. now .. rebuilt:sub(region[1] + region[3] + 1)
  end
  check(rebuilt == text, string.format("rebuilt %q, typed %q from %q", rebuilt, text, original))
end

-- map_segments and map_whole: follow every original byte through the edits.
for _ = 1, 2000 do
  local length = math.random(1, 30)
  local ids = {} -- ids[i] = original index of the byte now at i (0 for inserted)
  for i = 1, length do
    ids[i] = i
  end
  local start = math.random(0, length - 1)
  local finish = math.random(start + 1, length)
  local segments, position = {}, start
  while position < finish do
    local run = math.random(1, finish - position)
    segments[#segments + 1] = { position, position + run, math.random(0, 3) }
    position = position + run
  end
  local value_of = {}
  for _, segment in ipairs(segments) do
    for i = segment[1] + 1, segment[2] do
      value_of[i] = segment[3]
    end
  end
  local later = {}
  for _ = 1, math.random(0, 4) do
    local offset = math.random(0, #ids)
    local old_length = math.random(0, math.min(3, #ids - offset))
    local new_length = math.random(0, 3)
    if old_length + new_length > 0 then
      later[#later + 1] = { offset, old_length, new_length }
      local replaced = {}
      for _ = 1, new_length do
        replaced[#replaced + 1] = 0
      end
      local next_ids = {}
      for i = 1, offset do
        next_ids[#next_ids + 1] = ids[i]
      end
      vim.list_extend(next_ids, replaced)
      for i = offset + old_length + 1, #ids do
        next_ids[#next_ids + 1] = ids[i]
      end
      ids = next_ids
    end
  end
  local expected = {}
  for i, id in ipairs(ids) do
    if id > start and id <= finish then
      expected[i] = value_of[id]
    end
  end
  local got = {}
  for _, segment in ipairs(edits.map_segments(segments, later)) do
    for i = segment[1] + 1, segment[2] do
      check(got[i] == nil, "mapped segments overlap")
      got[i] = segment[3]
    end
  end
  check(vim.deep_equal(got, expected), "map_segments: " .. vim.inspect({ segments, later, got, expected }))
  -- A link survives when no later edit deleted or inserted anything inside it: replay the
  -- edits on its byte range alone.
  local alive, first, last = true, start + 1, finish -- 1-based positions of its bytes
  for _, edit in ipairs(later) do
    local offset, old_length, new_length = edit[1], edit[2], edit[3]
    if alive then
      local deletes_inside = old_length > 0 and offset < last and offset + old_length >= first
      local inserts_inside = new_length > 0 and offset >= first and offset < last
      if deletes_inside or inserts_inside then
        alive = false
      elseif offset < first then
        first, last = first + new_length - old_length, last + new_length - old_length
      end
    end
  end
  local mapped_start, mapped_finish = edits.map_whole(start, finish, later)
  if alive then
    check(mapped_start == first - 1 and mapped_finish == last, "map_whole moved a link wrongly")
  else
    check(mapped_start == nil, "map_whole kept a broken link: " .. vim.inspect({ start, finish, later }))
  end
end

print("ok " .. seed)
