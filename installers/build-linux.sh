#!/usr/bin/env bash
# Builds the Linux packages: target/installers/cairn_<version>_amd64.deb and cairn-<version>.x86_64.rpm,
# with a jlink'd runtime (only the JDK modules Cairn uses), an AppCDS archive made here by a
# training run, the icon, a desktop entry, a `cairn` command (/usr/bin/cairn), its man pages
# (man cairn, man cairn-list, ...) and its bash completion.
#   installers/build-linux.sh            # .deb and .rpm
#   installers/build-linux.sh --deb-only # what installers/test-linux.sh uses
# Needs JDK 17+ (jpackage, jlink, jdeps), Maven (when target/cairn.jar is missing), zip, unzip, dpkg-deb and
# fakeroot (.deb), strip (binutils), rpmbuild (.rpm: apt-get install rpm), and Xvfb, xdotool and GTK 3 for the
# training run that opens the window once (apt-get install xvfb xauth xdotool libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/.."

types=(deb rpm)
[ "${1:-}" = "--deb-only" ] && types=(deb)

missing=()
need() { command -v "$1" >/dev/null || missing+=("$1 ($2)"); }
need jpackage "JDK 17 or newer"
need jlink "JDK 17 or newer"
need jdeps "JDK 17 or newer"
need dpkg-deb "apt-get install dpkg"
need fakeroot "apt-get install fakeroot"
need zip "apt-get install zip"
need unzip "apt-get install unzip"
need strip "apt-get install binutils"
need unshare "apt-get install util-linux"
need xvfb-run "apt-get install xvfb xauth"
need xdotool "apt-get install xdotool"
[[ " ${types[*]} " == *" rpm "* ]] && need rpmbuild "apt-get install rpm"
built() { [ -f target/cairn.jar ] && [ -f target/man/cairn.1 ] && [ -f target/completion/cairn ]; }
built || need mvn "Maven 3.8+, to build target/cairn.jar, its man pages and completion script"
ldconfig -p | grep -q 'libgtk-3\.so\.0' || missing+=("GTK 3 (apt-get install libgtk-3-0)")
if [ ${#missing[@]} -gt 0 ]; then
    printf 'build-linux.sh: missing: %s\n' "${missing[@]}" >&2
    exit 1
fi

built || mvn -B -q package -DskipTests
# The project's version (0.1.0-SNAPSHOT → 0.1.0: package versions are numeric)
pom_version=$(sed -n '/<artifactId>cairn<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p;q}' pom.xml)
version=${pom_version%-SNAPSHOT}

out=target/installers
work=$out/work
rm -rf "$work" && mkdir -p "$work/input" "$out"
cp target/cairn.jar "$work/input/"
# The package's version is the one `cairn --version` and Help → About print (the jar's manifest says 0.1.0-SNAPSHOT)
mkdir -p "$work/manifest/META-INF"
unzip -p "$work/input/cairn.jar" META-INF/MANIFEST.MF \
    | sed "s/^\(Implementation-Version: \).*\r\$/\1$version\r/" >"$work/manifest/META-INF/MANIFEST.MF"
(cd "$work/manifest" && zip -q ../input/cairn.jar META-INF/MANIFEST.MF)
# The packages are for Linux x86-64: the other platforms' native libraries of SQLite, JNA (12 MB)
# and DuckDB (macOS and Windows: 33 MB of the jar) go.
zip -q -d "$work/input/cairn.jar" 'org/sqlite/native/FreeBSD/*' 'org/sqlite/native/Mac/*' \
    'org/sqlite/native/Windows/*' 'org/sqlite/native/Linux-Musl/*' 'org/sqlite/native/Linux/[!x]*' 'org/sqlite/native/Linux/x86/*' \
    'com/sun/jna/[!l]*-*/*' 'com/sun/jna/linux-[!x]*/*' 'com/sun/jna/linux-x86/*' \
    'libduckdb_java.so_[!l]*'

# JavaFX is inside the shaded jar, so the runtime needs only JDK modules: those jdeps finds, plus
# the TLS elliptic curves (S3/Azure over https) that are loaded as a service jdeps cannot see.
modules=$(jdeps --multi-release 17 --ignore-missing-deps --print-module-deps target/cairn.jar)
# --compress=0: the package's own compression (gzip, xz) shrinks the module image more than jlink's
# per-class zip does (17.0 MB against 23.5 MB in the .deb), and the JVM then inflates nothing at start.
jlink --add-modules "$modules,jdk.crypto.ec" --output "$work/runtime" \
    --strip-debug --no-header-files --no-man-pages --compress=0 --generate-cds-archive
# the archive for heaps over 32 GB only (11 MB); such a JVM starts without CDS
rm "$work/runtime/lib/server/classes_nocoops.jsa"
# The JDK's native libraries keep their symbol tables (libjvm.so: 4 MB); a crash report loses names only.
find "$work/runtime/lib" -name '*.so' -exec strip --strip-unneeded {} +

# The app image first, so the training run uses the packaged runtime and jar.
jpackage --type app-image --dest "$work/image" --name Cairn --app-version "$version" \
    --input "$work/input" --main-jar cairn.jar --main-class dev.cairn.Main \
    --runtime-image "$work/runtime" --icon assets/icons/cairn-256.png \
    --java-options '-XX:SharedArchiveFile=$APPDIR/cairn-gui.jsa -Xshare:auto -Xlog:cds*=off' \
    --add-launcher cairn=installers/linux/cli.properties
app=$work/image/Cairn

# AppCDS: one archive per launcher, on top of the runtime's own (jlink --generate-cds-archive):
# cairn-gui.jsa from opening the window, cairn-cli.jsa from a `cairn list` call. The launchers name
# them under $APPDIR; a missing or stale archive is ignored silently (-Xshare:auto, no cds log).
# Both run with the image seen at /opt/cairn, where the packages install it (linux/as-installed.sh).
java_installed=(/opt/cairn/lib/runtime/bin/java -cp /opt/cairn/lib/app/cairn.jar)
training=$(mktemp -d) && trap 'rm -rf "$training"' EXIT
export CAIRN_HOME=$training/home
mkdir -p "$training/states"
installers/linux/as-installed.sh "$app" "${java_installed[@]}" -XX:ArchiveClassesAtExit=/opt/cairn/lib/app/cairn-cli.jsa dev.cairn.Main \
    list --backend "file://$training/states" >/dev/null
# The window: started under Xvfb, stopped (SIGTERM: the JVM writes the archive on exit) once it shows.
installers/linux/as-installed.sh "$app" xvfb-run -a -s '-screen 0 1600x1000x24' bash -c '
    "$@" &
    pid=$!
    timeout 120 xdotool search --sync --name Cairn >/dev/null || { kill $pid; exit 1; }
    sleep 3
    kill -TERM $pid
    wait $pid || true' training "${java_installed[@]}" -XX:ArchiveClassesAtExit=/opt/cairn/lib/app/cairn-gui.jsa dev.cairn.Main \
    >"$work/training.log" 2>&1 || { cat "$work/training.log" >&2; echo "build-linux.sh: the window did not open" >&2; exit 1; }
for archive in cli gui; do
    [ -s "$app/lib/app/cairn-$archive.jsa" ] || { echo "build-linux.sh: the $archive training run wrote no archive" >&2; exit 1; }
done

cp installers/linux/integrate.sh installers/linux/cairn.desktop "$app/lib/"
# man pages and the bash completion script (from mvn package), linked into /usr/share by lib/integrate.sh
mkdir -p "$app/lib/man/man1" "$app/lib/bash-completion"
for page in target/man/*.1; do gzip -9n <"$page" >"$app/lib/man/man1/$(basename "$page").gz"; done
cp target/completion/cairn "$app/lib/bash-completion/cairn"
# gzip: xz takes minutes here for a package a few MB smaller (DPKG_DEB_COMPRESSOR_TYPE=xz to override)
export DPKG_DEB_COMPRESSOR_TYPE=${DPKG_DEB_COMPRESSOR_TYPE:-gzip}
declare -A gtk=([deb]=libgtk-3-0 [rpm]=gtk3)
# the address of the .deb's Maintainer field, "The Cairn project <...>" (jpackage writes "<Unknown>" otherwise)
maintainer=cairn@users.noreply.github.com
for type in "${types[@]}"; do
    for_type=()
    [ "$type" = deb ] && for_type=(--linux-deb-maintainer "$maintainer")
    jpackage --type "$type" --dest "$out" --app-image "$app" --name Cairn --app-version "$version" \
        --vendor "The Cairn project" --description "Inspect and edit Meltano state in any state backend" \
        "${for_type[@]}" \
        --linux-package-name cairn --linux-app-category devel --linux-menu-group "Development;Database" \
        --linux-package-deps "${gtk[$type]}" --resource-dir installers/linux --license-file LICENSE
done
for type in "${types[@]}"; do ls -l "$out"/*."$type"; done
