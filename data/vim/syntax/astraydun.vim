" syntax/astraydun.vim: astray's dungeon files (docs/modding.md).
"
" A dungeon file is a header of "key: value" lines, the map between
" "map" and "end", then nothing but comments.  '#' starts a comment in
" the header and after the map, but inside the map it is a glyph (a
" wall), so the map is a region of its own where no comment is matched.
" In the map, '@' (the player) stands out; every other glyph depends on
" the mod's terrain.txt and legend, so they share one colour.

if exists("b:current_syntax")
  finish
endif

syntax case match
" Whether a line is in the map shows only from the top of the file.
syntax sync fromstart

" The header.
syntax match astraydunComment "#.*$" contains=@Spell
syntax match astraydunKey
      \ "^\s*\(name\|intro\|depth\|movement\|corners\|legend\|gate\|event\|monsters\):"
syntax keyword astraydunKind terrain monster item gate player on any
syntax keyword astraydunGateWord open closed every open-for offset
syntax match astraydunGateWord "\<open-for\>"
syntax match astraydunRule
      \ "\<\(8-octile\|8-chebyshev\|8-euclid\|no-corner-cut\|one-side\|never\|always\)\>"
syntax match astraydunNumber "\<\d\+\(x\d\+\|,\d\+\)\=\>"

" The map, from its "map" line to its "end" line.
syntax region astraydunMap matchgroup=astraydunMapEdge start="^\s*map\s*$"
      \ end="^\s*end\s*$" contains=astraydunPlayer
syntax match astraydunPlayer "@" contained

highlight default link astraydunComment Comment
highlight default link astraydunKey Statement
highlight default link astraydunKind Type
highlight default link astraydunGateWord Identifier
highlight default link astraydunRule Constant
highlight default link astraydunNumber Number
highlight default link astraydunMapEdge Statement
highlight default link astraydunMap String
highlight default link astraydunPlayer Special

let b:current_syntax = "astraydun"
