#!/usr/bin/env bash
# make po: refreshes po/item-feed.pot from the sources and merges it into
# each language's po file, for translators to fill in.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/extract-messages.sh po/item-feed.pot.new
# The header's creation date changes on every run; keep the file when only it did.
if [[ -f po/item-feed.pot ]] && diff -q <(grep -v POT-Creation-Date po/item-feed.pot) <(grep -v POT-Creation-Date po/item-feed.pot.new) > /dev/null; then
    rm po/item-feed.pot.new
else
    mv po/item-feed.pot.new po/item-feed.pot
fi
for language in $(cat po/LINGUAS); do
    msgmerge --quiet --update --backup=none --no-location --sort-output "po/$language.po" po/item-feed.pot
done
