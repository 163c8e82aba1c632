#!/bin/sh
# Desktop integration of the Linux packages, run by their install and removal scripts: the `cairn`
# command on PATH, its man pages and bash completion, the desktop entry and its icon, as links into
# the installed application (no xdg-utils needed). Usage: integrate.sh install|remove
set -e
app=$(cd "$(dirname "$0")/.." && pwd)
links="/usr/bin/cairn:$app/bin/cairn
/usr/share/bash-completion/completions/cairn:$app/lib/bash-completion/cairn
/usr/share/applications/cairn.desktop:$app/lib/cairn.desktop
/usr/share/icons/hicolor/256x256/apps/cairn.png:$app/lib/Cairn.png"
for page in "$app"/lib/man/man1/*.1.gz; do
    links="$links
/usr/share/man/man1/${page##*/}:$page"
done
echo "$links" | while IFS=: read -r link target; do
    case "$1" in
        install) mkdir -p "$(dirname "$link")" && ln -sf "$target" "$link" ;;
        # only links that still point into this application: never a file someone else put there
        remove) [ "$(readlink "$link" 2>/dev/null)" = "$target" ] && rm -f "$link" || true ;;
        *) echo "usage: integrate.sh install|remove" >&2; exit 2 ;;
    esac
done
