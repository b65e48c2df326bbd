" syntax/astraycamp.vim: astray's campaign files (docs/modding.md,
" "Campaigns").
"
" A campaign is "key value" lines: its head (campaign, intro), then
" "level NAME" blocks.  '#' starts a comment only as a line's first
" non-blank character.  The keys, the level's name, the words a key
" takes (map kinds, none, amulet, stairs) and the numbers and sizes are
" coloured; a campaign's and an intro's text is left as text.

if exists("b:current_syntax")
  finish
endif

syntax case match

syntax match astraycampComment "^\s*#.*$" contains=@Spell
syntax match astraycampKey
      \ "^\s*\(campaign\|intro\|dungeon\|depth\|name\|vault\|monsters\)\>"
" The keys whose first word may be one of the format's own.
syntax match astraycampKeyWord "^\s*\(generate\|vaults\|goal\)\>"
      \ nextgroup=astraycampWord skipwhite
syntax match astraycampWord
      \ "\(rooms\|caves\|open\|mixed\|any\|none\|amulet\|stairs\)\>"
      \ contained
syntax match astraycampLevel "^\s*level\>" nextgroup=astraycampName skipwhite
syntax match astraycampName "\S\+" contained
syntax match astraycampNumber "\<\d\+\(x\d\+\)\=\>"

highlight default link astraycampComment Comment
highlight default link astraycampKey Statement
highlight default link astraycampKeyWord Statement
highlight default link astraycampLevel Statement
highlight default link astraycampName Identifier
highlight default link astraycampWord Constant
highlight default link astraycampNumber Number

let b:current_syntax = "astraycamp"
