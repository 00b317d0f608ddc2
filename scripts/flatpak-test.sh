#!/usr/bin/env bash
# Builds and installs flatpak/io.github.itemfeed.ItemFeed.yml, unchanged,
# with no network inside the build, then runs the installed app and cleans up.
#
# Flathub is out of reach here, so the runtimes the manifest names
# (org.gnome.Platform and org.gnome.Sdk at the manifest's runtime-version,
# and the swift6 SDK extension at the freedesktop branch under that GNOME
# release) are made under those names from this machine's own Debian files and Swift
# toolchain. This proves the manifest's syntax, build commands, finish-args,
# export, install and launch; not binary compatibility with GNOME's real
# runtime (the method: docs/ARCHITECTURE.md, "The Flatpak").
# FLATPAK_TEST_SCREENSHOT=FILE keeps the window's screenshot.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
app_id=io.github.itemfeed.ItemFeed
manifest="$top/flatpak/$app_id.yml"
remote=itemfeed-synthesised
# The names come from the manifest, so moving it to a newer runtime moves
# this test with it; the extension's branch is the freedesktop SDK that
# GNOME release is built on.
gnome=$(awk -F"'" '$1 == "runtime-version: " { print $2 }' "$manifest")
[ -n "$gnome" ] || { echo "no runtime-version in $manifest" >&2; exit 1; }
case "$gnome" in
  47) freedesktop=24.08 ;;
  48) freedesktop=24.08 ;;
  49|50) freedesktop=25.08 ;;
  *) echo "which freedesktop SDK is GNOME $gnome built on? add it here" >&2; exit 1 ;;
esac
started=$(date +%s)

"$top/scripts/install-deps" flatpak flatpak-builder ostree bubblewrap debugedit elfutils binutils xz-utils patch cpio xvfb xauth imagemagick \
  curl cmake ninja-build \
  libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev libcurl4-openssl-dev pkg-config binutils gcc-12 libc6-dev libgcc-12-dev \
  libstdc++-12-dev libxml2 libxml2-dev libsqlite3-dev libncurses6 libedit2 elfutils desktop-file-utils appstream-util gettext \
  tar gzip diffutils patch make fonts-dejavu-core adwaita-icon-theme shared-mime-info \
  hicolor-icon-theme gsettings-desktop-schemas dconf-gsettings-backend libgl1-mesa-dri \
  libegl-mesa0 libglx-mesa0 xkb-data librsvg2-common webp-pixbuf-loader libavif-gdk-pixbuf

swift_root=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
work=$(mktemp -d /var/tmp/itemfeed-flatpak.XXXXXX)
repo="$work/repo"

cleanup() {
  flatpak --user uninstall -y --noninteractive "$app_id" >/dev/null 2>&1 || true
  for ref in org.freedesktop.Sdk.Extension.swift6//$freedesktop org.gnome.Sdk//$gnome org.gnome.Platform//$gnome; do
    flatpak --user uninstall -y --noninteractive "$ref" >/dev/null 2>&1 || true
  done
  flatpak --user remote-delete --force "$remote" >/dev/null 2>&1 || true
  rm -rf "$work" "$top/.flatpak-builder"
}
trap cleanup EXIT
cleanup_before=$(flatpak --user list --columns=ref 2>/dev/null | grep -c "$app_id" || true)
[ "$cleanup_before" -eq 0 ] || flatpak --user uninstall -y --noninteractive "$app_id" >/dev/null

step() { echo "== $(($(date +%s) - started)) s: $*"; }

# Installed packages in the dependency closure of the seeds.
closure() {
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
      --no-breaks --no-replaces --no-enhances "$@" 2>/dev/null \
    | grep -v '^ ' | grep -v '^<' | sort -u \
    | xargs dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 2>/dev/null \
    | awk '$1 == "ii" { print $2 }'
}

# Hard-links (or copies) the packages' files into DIR/files, with /usr as
# files/ and /etc as files/etc, leaving out documentation.
populate() {
  local dir=$1; shift
  mkdir -p "$dir/files/etc"
  dpkg -L "$@" 2>/dev/null \
    | sed -E 's#^/(bin|sbin|lib|lib64)/#/usr/\1/#' \
    | grep -E '^/(usr|etc)/' \
    | grep -vE '^/usr/share/(doc|man|info|locale|lintian|bug)/' \
    | sort -u > "$dir/paths"
  (cd /usr && sed -n 's#^/usr/##p' "$dir/paths" | while read -r path; do
      [ -d "$path" ] && [ ! -L "$path" ] && continue
      [ -e "$path" ] || [ -L "$path" ] || continue
      echo "$path"
    done | cpio -pdlm --quiet "$dir/files")
  (cd /etc && sed -n 's#^/etc/##p' "$dir/paths" | while read -r path; do
      [ -d "$path" ] && [ ! -L "$path" ] && continue
      [ -e "$path" ] || [ -L "$path" ] || continue
      echo "$path"
    done | cpio -pdlm --quiet "$dir/files/etc")
  mkdir -p "$dir/files/etc/alternatives"
  cp -an /etc/alternatives/. "$dir/files/etc/alternatives/"
  # Caches that package triggers generate belong to no package; without
  # them gdk-pixbuf finds no SVG loader and GLib no compiled schemas.
  for cache in lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders.cache \
      share/glib-2.0/schemas/gschemas.compiled share/mime/mime.cache \
      share/icons/hicolor/icon-theme.cache share/icons/Adwaita/icon-theme.cache; do
    [ -e "/usr/$cache" ] && install -Dm644 "/usr/$cache" "$dir/files/$cache"
  done
  mkdir -p "$dir/files/bin"
  [ -e "$dir/files/sbin/ldconfig" ] && ln -sf ../sbin/ldconfig "$dir/files/bin/ldconfig"
  printf '%s\n' /app/lib /usr/lib/x86_64-linux-gnu \
    'include /run/flatpak/ld.so.conf.d/app-*.conf' \
    'include /run/flatpak/ld.so.conf.d/runtime-*.conf' > "$dir/files/etc/ld.so.conf"
  rm -f "$dir/paths"
}

# libglib2.0-0 and libglib2.0-dev carry gio-2.0 too (libgio-2.0.so, gio-2.0.pc),
# which Package.swift links for GNetworkMonitor, GNotification and the portals.
platform_seeds=(libglib2.0-0 libgtk-4-1 libadwaita-1-0 libc-bin bash dash coreutils findutils grep sed fontconfig
  fonts-dejavu-core shared-mime-info hicolor-icon-theme adwaita-icon-theme
  gsettings-desktop-schemas dconf-gsettings-backend libgl1-mesa-dri libegl-mesa0
  libglx-mesa0 xkb-data libcurl4 libxml2 libsqlite3-0 libsecret-1-0 librsvg2-common libgtksourceview-5-0
  webp-pixbuf-loader libavif-gdk-pixbuf)
sdk_seeds=("${platform_seeds[@]}" libglib2.0-dev libgtk-4-dev libadwaita-1-dev libgtksourceview-5-dev binutils gcc-12 libc6-dev libgcc-12-dev
  libstdc++-12-dev pkgconf pkg-config libcurl4-openssl-dev libxml2 libxml2-dev libsqlite3-dev libsecret-1-dev libncurses6
  libedit2 elfutils desktop-file-utils appstream-util tar gzip diffutils patch make gettext cmake ninja-build)

step "Platform and Sdk from Debian's files"
populate "$work/platform" $(closure "${platform_seeds[@]}")
populate "$work/sdk" $(closure "${sdk_seeds[@]}")
cat > "$work/platform/metadata" <<EOF
[Runtime]
name=org.gnome.Platform
runtime=org.gnome.Platform/x86_64/$gnome
sdk=org.gnome.Sdk/x86_64/$gnome
EOF
# The extension point's directory must exist: the sandbox mounts it there.
mkdir -p "$work/sdk/files/lib/sdk"
cat > "$work/sdk/metadata" <<EOF
[Runtime]
name=org.gnome.Sdk
runtime=org.gnome.Platform/x86_64/$gnome
sdk=org.gnome.Sdk/x86_64/$gnome

[Extension org.freedesktop.Sdk.Extension]
directory=lib/sdk
subdirectories=true
no-autodownload=true
version=$freedesktop
EOF

step "swift6 SDK extension from $swift_root"
mkdir -p "$work/swift/files"
(cd "$swift_root" && find . \( -path './lib/swift/embedded' -o -name 'lldb*' -o -name 'liblldb*' \
    -o -name 'sourcekit-lsp' -o -name 'clangd' -o -name 'docc' -o -name 'swift-format' \
    -o -name 'wasmkit*' -o -path './share/doc' \) -prune -o -print \
  | cpio -pdlm --quiet "$work/swift/files")
cat > "$work/swift/metadata" <<EOF
[Runtime]
name=org.freedesktop.Sdk.Extension.swift6

[ExtensionOf]
ref=runtime/org.gnome.Sdk/x86_64/$gnome
EOF

step "export to a local OSTree repository and install"
ostree init --mode=bare-user-only --repo="$repo"
flatpak build-export --runtime --files=files "$repo" "$work/platform" "$gnome" >/dev/null
flatpak build-export --runtime --files=files "$repo" "$work/sdk" "$gnome" >/dev/null
flatpak build-export --runtime --files=files "$repo" "$work/swift" "$freedesktop" >/dev/null
rm -rf "$work/platform" "$work/sdk" "$work/swift"
flatpak --user remote-add --no-gpg-verify --if-not-exists "$remote" "$repo"
flatpak --user install -y --noninteractive "$remote" \
  org.gnome.Platform//$gnome org.gnome.Sdk//$gnome org.freedesktop.Sdk.Extension.swift6//$freedesktop

# The manifest's source archives (simdjson's), fetched as apt fetches
# packages, from Debian's archive, and checked against the manifest's sha256
# where flatpak-builder looks for them: the build then downloads nothing.
step "the manifest's source archives into flatpak-builder's download cache"
awk '$1 == "url:" { url = $2 } $1 == "sha256:" { print url, $2 }' "$manifest" | while read -r url sha; do
  file="$work/state/downloads/$sha/${url##*/}"
  mkdir -p "$(dirname "$file")"
  curl -fsSL --retry 3 -o "$file" "$url"
  echo "$sha  $file" | sha256sum --check --quiet
done

step "flatpak-builder on the unchanged manifest"
cd "$top"
flatpak-builder --user --install --force-clean --disable-rofiles-fuse --disable-updates --disable-download \
  --state-dir="$work/state" "$work/build" "$manifest"

step "run the installed app"
version=$(flatpak run --command=item-feed "$app_id" --version)
echo "$version"
[[ "$version" == "ItemFeed "* ]] || { echo "unexpected --version output: $version" >&2; exit 1; }

items=$(flatpak run "$app_id" --print /app/share/item-feed/demo/feed.json | wc -l)
echo "--print on the demo feed: $items items"
[ "$items" -ge 30 ] || { echo "expected at least 30 demo items, got $items" >&2; exit 1; }
# The library in the sandbox: the runtime's libsqlite3, the app's own data
# folder (~/.var/app/ID/data), kept from run to run.
flatpak run "$app_id" --unsubscribe /app/share/item-feed/demo/feed.json >/dev/null 2>&1 || true
flatpak run "$app_id" --subscribe /app/share/item-feed/demo/feed.json
library=$(flatpak run "$app_id" --print --unread | wc -l)
echo "the library after --subscribe to the demo feed: $library unread items"
[ "$library" -ge 30 ] || { echo "expected at least 30 items in the library, got $library" >&2; exit 1; }
flatpak run "$app_id" --unsubscribe /app/share/item-feed/demo/feed.json

shot="$work/flatpak-window.png"
xvfb-run -a -s "-screen 0 480x720x24" bash -c '
  flatpak run "$1" /app/share/item-feed/demo/feed.json &
  app=$!
  sleep 6
  import -window root "$2"
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
' _ "$app_id" "$shot"
[ -z "${FLATPAK_TEST_SCREENSHOT:-}" ] || cp "$shot" "$FLATPAK_TEST_SCREENSHOT"
colours=$(convert "$shot" -format %k info:)
echo "window screenshot: $colours distinct colours"
# A blank or black screen has a handful; the demo feed's thumbnails hundreds.
[ "$colours" -ge 200 ] || { echo "the Flatpak's window looks blank ($colours colours)" >&2; exit 1; }

size=$(du -sh "$HOME/.local/share/flatpak/app/$app_id" | cut -f1)
echo "installed app size: $size"
step "flatpak-test done"
# The four checks above (version, --print, the library, window) each exit on failure.
echo "flatpak-test: 4 passed, 0 failed"
