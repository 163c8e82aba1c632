#!/usr/bin/env bash
# Builds target/installers/Cairn-<version>.dmg and .pkg on macOS: Cairn.app with a jlink'd runtime
# (only the JDK modules Cairn uses), the icon, and a `cairn-cli` launcher in the bundle. The .pkg also
# installs /usr/local/bin/cairn (a wrapper around cairn-cli); from the .dmg, link it yourself:
#   ln -s /Applications/Cairn.app/Contents/MacOS/cairn-cli /usr/local/bin/cairn
# Needs JDK 17+ (jpackage, jlink, jdeps), Xcode's command-line tools, Maven when target/cairn.jar is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for tool in jpackage jlink jdeps hdiutil pkgbuild; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[ -f target/cairn.jar ] || command -v mvn >/dev/null || missing+=(mvn)
[ ${#missing[@]} -eq 0 ] || { echo "build-macos.sh: missing: ${missing[*]} (JDK 17+, Xcode command-line tools, Maven)" >&2; exit 1; }

[ -f target/cairn.jar ] || mvn -B -q package -DskipTests
pom_version=$(sed -n '/<artifactId>cairn<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p;q}' pom.xml)
version=${pom_version%-SNAPSHOT}
# a macOS bundle version must not start with 0
bundle_version=$version
[[ $bundle_version == 0.* ]] && bundle_version=1.${bundle_version#0.}

out=target/installers
work=$out/work
rm -rf "$work" && mkdir -p "$work/input" "$out"
cp target/cairn.jar installers/macos/cairn "$work/input/"
modules=$(jdeps --multi-release 17 --ignore-missing-deps --print-module-deps target/cairn.jar)
jlink --add-modules "$modules,jdk.crypto.ec" --output "$work/runtime" \
    --strip-debug --no-header-files --no-man-pages --compress=2

for type in dmg pkg; do
    jpackage --type "$type" --dest "$out" --name Cairn --app-version "$bundle_version" \
        --vendor "The Cairn project" --description "Inspect and edit Meltano state in any state backend" \
        --input "$work/input" --main-jar cairn.jar --main-class dev.cairn.Main --runtime-image "$work/runtime" \
        --icon assets/icons/cairn.icns --mac-package-identifier dev.cairn --mac-package-name Cairn \
        --add-launcher cairn-cli=installers/macos/cli.properties --resource-dir installers/macos \
        --license-file LICENSE
done
ls -l "$out"/*.dmg "$out"/*.pkg
