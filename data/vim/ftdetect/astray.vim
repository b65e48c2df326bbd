" ftdetect/astray.vim: astray's dungeon files (*.dun) are astraydun.
" See docs/modding.md, "Editors".
autocmd BufRead,BufNewFile *.dun setfiletype astraydun
