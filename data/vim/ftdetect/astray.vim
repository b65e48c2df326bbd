" ftdetect/astray.vim: astray's dungeon files (*.dun) are astraydun,
" its campaigns (*.camp) astraycamp.  See docs/modding.md, "Editors".
autocmd BufRead,BufNewFile *.dun setfiletype astraydun
autocmd BufRead,BufNewFile *.camp setfiletype astraycamp
