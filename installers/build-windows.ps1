# Builds target\installers\Cairn Desktop-<version>.msi on Windows: a jlink'd runtime (only the JDK modules
# Cairn uses), the icon, a Start-menu entry, the `cairn` console launcher (cairn.exe) for the CLI,
# and a Start-menu group, the licence, and an optional feature (on unless left out) that puts the
# installation folder, with cairn.exe, on PATH: installers\windows\main.wxs, jpackage's WiX project with
# that feature added, which jpackage picks up from its resource directory.
# Needs JDK 17+ (jpackage, jlink, jdeps), WiX Toolset 3 (candle.exe/light.exe on PATH) and Maven
# when target\cairn.jar is missing. Run from any folder: powershell -File installers\build-windows.ps1
$ErrorActionPreference = 'Stop'
Set-Location (Join-Path $PSScriptRoot '..')

$missing = @()
foreach ($tool in 'jpackage', 'jlink', 'jdeps', 'candle', 'light') {
    if (-not (Get-Command $tool -ErrorAction SilentlyContinue)) { $missing += $tool }
}
if (-not (Test-Path target\cairn.jar) -and -not (Get-Command mvn -ErrorAction SilentlyContinue)) { $missing += 'mvn' }
if ($missing) { throw "build-windows.ps1: missing: $($missing -join ', ') (JDK 17+, WiX Toolset 3, Maven)" }

if (-not (Test-Path target\cairn.jar)) { mvn -B -q package -DskipTests; if ($LASTEXITCODE) { throw 'mvn package failed' } }
# The project's version (0.1.0-SNAPSHOT -> 0.1.0: MSI versions are numeric)
$version = ([xml](Get-Content pom.xml)).project.version -replace '-SNAPSHOT$', ''

$out = 'target\installers'
$work = "$out\work"
Remove-Item -Recurse -Force $work -ErrorAction SilentlyContinue
New-Item -ItemType Directory -Force "$work\input" | Out-Null
Copy-Item target\cairn.jar "$work\input\"

# JavaFX is inside the shaded jar: the runtime needs only JDK modules (plus the TLS curves, a service).
$modules = (jdeps --multi-release 17 --ignore-missing-deps --print-module-deps target\cairn.jar).Trim()
jlink --add-modules "$modules,jdk.crypto.ec" --output "$work\runtime" --strip-debug --no-header-files --no-man-pages --compress=2
if ($LASTEXITCODE) { throw 'jlink failed' }

# The upgrade code never changes: a newer .msi replaces the installed version instead of sitting beside it.
# The window's launcher is "Cairn Desktop.exe": a "Cairn.exe" would be the console launcher cairn.exe
# itself on a case-insensitive disk, one overwriting the other.
jpackage --type msi --dest $out --name 'Cairn Desktop' --app-version $version `
    --vendor 'The Cairn project' --description 'Inspect and edit Meltano state in any state backend' `
    --input "$work\input" --main-jar cairn.jar --main-class dev.cairn.Main --runtime-image "$work\runtime" `
    --icon assets\icons\cairn.ico `
    --win-upgrade-uuid 5b0c3f7e-2d8a-4c61-9e0b-6a4f1d2c8e37 `
    --win-menu --win-menu-group Cairn --win-shortcut --win-dir-chooser `
    --add-launcher cairn=installers\windows\cli.properties `
    --resource-dir installers\windows --license-file LICENSE
if ($LASTEXITCODE) { throw 'jpackage failed' }
Get-ChildItem "$out\*.msi"
