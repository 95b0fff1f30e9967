"""Prints the headline tables of a bgsim report.html as text, one row a line, cells
separated by " | ": what the README's picture of the report shows, for .ci/readme-test
to compare (usage: python3 .ci/headline-numbers.py REPORT.html)."""

import html
import re
import sys

page = open(sys.argv[1], encoding="utf-8").read()
# The headline section: from its heading to the next one.
start = page.index("<h2>Headline")
end = page.index("<h2>", start + 4)
for row in re.findall(r"<tr>(.*?)</tr>", page[start:end], re.S):
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
    print(" | ".join(cells))
