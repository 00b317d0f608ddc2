#!/usr/bin/env bash
# Part of make test: fails when a message in the sources is missing from
# po/item-feed.pot (run `make po`), or when a language ItemFeed ships has a
# message missing, untranslated or fuzzy, or a translation that drops or
# renames a {placeholder} (the value would then never show).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

scripts/extract-messages.sh "$work/fresh.pot"
msgids() { msgcat --no-wrap --sort-output "$1" | grep -E '^msgid(_plural)? ' | sort; }
if ! diff <(msgids po/item-feed.pot) <(msgids "$work/fresh.pot") > "$work/template.diff"; then
    echo "po/item-feed.pot is out of date with the sources (< template, > sources); run make po:"
    cat "$work/template.diff"
    failed=1
fi

for language in $(cat po/LINGUAS); do
    po="po/$language.po"
    msgfmt --check --output-file=/dev/null "$po" || failed=1
    msgcmp "$po" "$work/fresh.pot" || { echo "$po lacks messages the sources use"; failed=1; }
    for kind in untranslated only-fuzzy; do
        if [[ -n $(msgattrib --$kind --no-obsolete "$po" | grep -E '^msgid ' | grep -v '^msgid ""$' || true) ]]; then
            echo "$po has ${kind#only-} messages:"; msgattrib --$kind --no-obsolete "$po"; failed=1
        fi
    done
    python3 - "$po" <<'PY' || failed=1
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
bad = 0
for block in text.split("\n\n"):
    def joined(key):
        match = re.search(rf'^{key} ((?:".*"\n?)+)', block, re.M)
        return "".join(re.findall(r'"(.*)"', match.group(1))) if match else None
    source, translation = joined("msgid"), joined(r"msgstr(?:\[0\])?")
    if not source or translation is None:
        continue
    if sorted(re.findall(r"\{\w+\}", source)) != sorted(re.findall(r"\{\w+\}", translation)):
        print(f"{sys.argv[1]}: placeholders differ: {source!r} -> {translation!r}")
        bad = 1
sys.exit(bad)
PY
    echo "$po: $(msgfmt --statistics --output-file=/dev/null "$po" 2>&1)"
done
exit $failed
