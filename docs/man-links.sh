#!/bin/sh
# man-links.sh: the by-name pages of libastray-path's manual.
#
#   sh docs/man-links.sh PAGE...
#
# Prints "NAME PAGE" for every name in the NAME section of each page
# (man(7) source, such as docs/astray-path-grid.3) but the page's own:
# make install writes each as NAME.3 holding ".so man3/PAGE.3", so that
# "man path_astar_search" shows the page of astar.h.  The pages' NAME
# sections are the one list: a function documented in a page gets its
# link, and tests/man-pages.sh checks that every function the installed
# headers declare is named in its header's page.  Fails, printing
# nothing, on a page without a NAME section of the form "a, b \- what".
set -eu
ml_all=
for ml_page in "$@"; do
	ml_base=$(basename "$ml_page")
	# The NAME section's text up to the next request, then the names
	# before its " \- ".
	ml_names=$(awk '
	/^\.SH/ { named = ($2 == "NAME"); next }
	named && /^\./ { named = 0 }
	named { text = text " " $0 }
	END {
		i = index(text, " \\- ")
		if (i == 0) {
			print FILENAME ": no NAME section of the form " \
			    "\"name, name \\- what\"" >"/dev/stderr"
			exit 1
		}
		text = substr(text, 1, i - 1)
		gsub(/\\-/, "-", text)
		gsub(/,/, " ", text)
		n = split(text, names, " ")
		for (j = 1; j <= n; j++)
			print names[j]
	}' "$ml_page")
	for ml_name in $ml_names; do
		if [ "$ml_name" != "${ml_base%.*}" ]; then
			ml_all="$ml_all$ml_name ${ml_base%.*}
"
		fi
	done
done
printf '%s' "$ml_all"
