#!/usr/bin/env bash
# Writes the message template for every tr("…") and trPlural("…", "…", n)
# in the Swift sources to $1. xgettext has no Swift parser; its C parser
# reads these calls correctly because their arguments are plain string
# literals (values go in by name, "{status}", never by interpolation). Its
# warnings about Swift's `\(` and `"""` are expected and filtered.
set -euo pipefail
cd "$(dirname "$0")/.."
output=$1
sources=$(mktemp)
trap 'rm -f "$sources"' EXIT
find Sources -name '*.swift' | LC_ALL=C sort > "$sources"
xgettext --language=C --from-code=UTF-8 --files-from="$sources" \
    --keyword= --keyword=tr:1 --keyword=trPlural:1,2 \
    --add-comments=Translators: --package-name=item-feed \
    --msgid-bugs-address=https://github.com/itemfeed/ItemFeed/issues \
    --no-location --sort-output --output="$output" \
    2> >(grep -vE "unknown escape sequence|unterminated string literal" >&2 || true)
# Every message is UTF-8 (“quotes”, ellipses): say so, or msgmerge reads
# the template as ASCII.
sed -i 's/charset=CHARSET/charset=UTF-8/' "$output"
