#!/usr/bin/env bash
# Install test of the Linux package (CI runs it from .ci/run after the Maven suite): builds the .deb,
# unpacks it with dpkg-deb -x, and runs what it installs in /opt/cairn — `cairn --version` (the
# package's version), `cairn list` on the file-backend fixture, the links postinst makes (the command,
# its man pages and bash completion, the desktop entry) and the window opened under Xvfb — with the
# unpacked tree seen at /opt/cairn (linux/as-installed.sh), so the AppCDS archives are checked too.
# Installs the missing build tools with apt-get; fails (never skips) when it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

fail() { echo "test-linux.sh: FAILED: $*" >&2; exit 1; }
declare -A package_of=([xvfb-run]=xvfb [xauth]=xauth [xdotool]=xdotool [fakeroot]=fakeroot [zip]=zip [unzip]=unzip [strip]=binutils [dpkg-deb]=dpkg)
wanted=()
for tool in "${!package_of[@]}"; do command -v "$tool" >/dev/null || wanted+=("${package_of[$tool]}"); done
ldconfig -p | grep -q 'libgtk-3\.so\.0' || wanted+=(libgtk-3-0)
if [ ${#wanted[@]} -gt 0 ]; then
    echo "test-linux.sh: installing ${wanted[*]}"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${wanted[@]}"; } >/dev/null \
        || fail "could not install ${wanted[*]} (apt-get)"
fi

installers/build-linux.sh --deb-only >/dev/null || fail "installers/build-linux.sh --deb-only"
deb=$(ls target/installers/cairn_*_amd64.deb) || fail "no .deb in target/installers"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/root"
for f in bin/Cairn bin/cairn lib/cairn.desktop lib/Cairn.png lib/integrate.sh lib/app/cairn-cli.jsa lib/app/cairn-gui.jsa \
        lib/bash-completion/cairn lib/man/man1/cairn.1.gz lib/man/man1/cairn-list.1.gz lib/man/man1/cairn-journal-export.1.gz; do
    [ -e "$tmp/root/opt/cairn/$f" ] || fail "the package has no /opt/cairn/$f"
done
dpkg-deb -f "$deb" Depends | grep -q 'libgtk-3-0' || fail "GTK 3 is not a declared dependency"
maintainer=$(dpkg-deb -f "$deb" Maintainer)
[ "$maintainer" = "The Cairn project <cairn@users.noreply.github.com>" ] || fail "the .deb's Maintainer is '$maintainer'"

export CAIRN_HOME=$tmp/home
pom_version=$(sed -n '/<artifactId>cairn<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p;q}' pom.xml)
version=${pom_version%-SNAPSHOT} # the package's version, which cairn --version prints
[[ $deb == */cairn_${version}-*_amd64.deb ]] || fail "$deb is not version $version"
# -Xshare:on: the JVM refuses to start unless the CLI archive maps
out=$(JAVA_TOOL_OPTIONS=-Xshare:on installers/linux/as-installed.sh "$tmp/root/opt/cairn" /opt/cairn/bin/cairn --version 2>"$tmp/err") \
    || fail "cairn --version with its CDS archive: $(cat "$tmp/err")"
[ "$out" = "cairn $version" ] || fail "cairn --version printed '$out', expected 'cairn $version'"

cp -r src/test/resources/fixtures/filesystem-backend "$tmp/states"
listed=$(installers/linux/as-installed.sh "$tmp/root/opt/cairn" /opt/cairn/bin/cairn list --backend "file://$tmp/states") || fail "cairn list"
grep -qx 'dev:tap-csv-to-target-jsonl' <<<"$listed" || fail "cairn list did not list the fixture's states: $listed"

# What postinst does (lib/integrate.sh install), in a namespace whose /usr is an overlay: nothing outside changes
mkdir -p "$tmp/usr-upper" "$tmp/usr-work"
installers/linux/as-installed.sh "$tmp/root/opt/cairn" bash -c 'set -e
    mount -t overlay overlay -o "lowerdir=/usr,upperdir=$0/usr-upper,workdir=$0/usr-work" /usr
    /opt/cairn/lib/integrate.sh install
    [ "$(cairn --version)" = "$1" ] && [ -f /usr/share/applications/cairn.desktop ] \
        && [ -f /usr/share/icons/hicolor/256x256/apps/cairn.png ] \
        && zcat /usr/share/man/man1/cairn-list.1.gz | grep -qF ".TH \"CAIRN\\-LIST\" \"1\"" \
        && bash -c "source /usr/share/bash-completion/completions/cairn && complete -p cairn" | grep -q _cairn_complete' \
        "$tmp" "cairn $version" \
    || fail "the links of lib/integrate.sh (cairn on PATH, man pages, bash completion, desktop entry, icon)"

# The window: the packaged GUI launcher under Xvfb, until a window named Cairn maps; timed from the
# launcher's start to the window seen (polled every 50 ms, so the figure is up to 50 ms late), the
# first start on a fresh CAIRN_HOME (it creates the demo workspace) and a second on the same one
installers/linux/as-installed.sh "$tmp/root/opt/cairn" xvfb-run -a -s '-screen 0 1600x1000x24' bash -c '
    for start in first second; do
        begin=$(date +%s%N)
        /opt/cairn/bin/Cairn &
        pid=$!
        found=1
        for _ in $(seq 2400); do
            if xdotool search --onlyvisible --name Cairn >/dev/null 2>&1; then found=0; break; fi
            sleep 0.05
        done
        echo "window $start: $(( ($(date +%s%N) - begin) / 1000000 )) ms"
        kill -TERM $pid; wait $pid || true
        [ $found = 0 ] || exit 1
    done' >"$tmp/gui.log" 2>&1 || { cat "$tmp/gui.log" >&2; fail "the packaged window did not open within 120 s"; }
window=$(grep -o 'window [a-z]*: [0-9]* ms' "$tmp/gui.log" | sed 's/window //' | tr '\n' ';' | sed 's/;$//; s/;/; /g')

echo "test-linux.sh: passed ($(du -m "$deb" | cut -f1) MB .deb, window to screen $window, $((SECONDS - start)) s)"
