-- The highlight groups of the daemon's style ids: one group per style id of the pushes
-- (`HighlightdStyle<N>`, `HighlightdNormal` for id 0), defined from the style definitions the
-- pushes carry, which also give each style's token kind (comment, string, regex, other).
local M = {}

local api = vim.api

local options = { colors = "theme" }
local definitions = {} -- style id -> definition, for this connection

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

-- The groups that are not style ids: `default`, so a user's definitions win.
local function define_fixed()
  api.nvim_set_hl(0, "HighlightdLink", { underline = true, cterm = { underline = true }, default = true })
  api.nvim_set_hl(0, "HighlightdMatchParen", { link = "MatchParen", default = true })
end

function M.configure(new_options)
  options = new_options
  M.standard_groups = vim.tbl_extend("force", M.standard_groups, new_options.groups or {})
  define_fixed()
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

-- Whether a style is a bracket pair colour (its theme colour has no token type to map).
local function is_bracket_colour(definition)
  return (definition.scope or ""):find("^editorBracketHighlight") ~= nil
end

local function define(id, definition)
  local spec
  if options.map_to_standard_groups and id ~= 0 and is_bracket_colour(definition) then
    -- No standard group says "depth 2": the theme's colour, over the colour scheme's.
    spec = { fg = rgb(definition.foreground), ctermfg = xterm(definition.foreground) }
  elseif options.map_to_standard_groups and id ~= 0 then
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

--- The token kind of a style id (`comment`, `string`, `regex` or `other`), as the daemon
--- defined it; "other" for an id not defined (yet).
function M.kind(id)
  local definition = definitions[id]
  return definition and definition.kind or "other"
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
  define_fixed()
end

local default_generation = 0 -- how many times the default style was forgotten

--- Forgets the default style (id 0, never pushed): after a theme change it is asked again.
function M.forget_default()
  definitions[0] = nil
  default_generation = default_generation + 1
end

--- A number that changes whenever the default style is forgotten: an answer to a question
--- asked before it changed describes the theme before (see `ask_default_style`).
function M.default_generation()
  return default_generation
end

--- Forgets the styles of a previous connection (the next one numbers them anew).
function M.reset_styles()
  definitions = {}
end

return M
