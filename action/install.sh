#!/usr/bin/env bash
# Installs storygraph for the GitHub Action (action.yml), as STORYGRAPH_INSTALL says:
#   source  build it from this checkout of the action with the runner's Swift toolchain
#           (Swift 6.0 or later; GitHub's Ubuntu runners have one): Debian/Ubuntu's
#           Graphviz, libxml2, libyaml and fontconfig development packages with apt-get, then
#           a release build with the Swift standard library linked statically
#   deb     apt-get install the package `make deb` builds (STORYGRAPH_DEB: its path, or an
#           https URL, e.g. a release's asset); apt-get brings its Debian dependencies.
#           Built on Debian 12: for a Debian 12 job (container: debian:12) or a newer system.
#   path    nothing: storygraph is already on PATH
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sudo=""
if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
export DEBIAN_FRONTEND=noninteractive
case ${STORYGRAPH_INSTALL:-source} in
  source)
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq libgraphviz-dev libxml2-dev libyaml-dev libfontconfig-dev pkg-config >/dev/null
    swift build -c release --static-swift-stdlib --product storygraph --package-path "$here"
    bin=$(swift build -c release --static-swift-stdlib --package-path "$here" --show-bin-path)
    echo "$bin" >> "${GITHUB_PATH:-/dev/null}"
    ;;
  deb)
    deb=${STORYGRAPH_DEB:-}
    case $deb in
      "") echo "::error::install: deb needs the 'deb' input (a path or an https URL of the .deb)"; exit 64 ;;
      https://*)
        file=$(mktemp -d)/storygraph.deb
        curl -fsSL --retry 3 -o "$file" -- "$deb"
        deb=$file
        ;;
      *) deb=$(realpath -- "$deb") ;;
    esac
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "$deb" >/dev/null
    ;;
  path) command -v storygraph >/dev/null || { echo "::error::install: path, but no storygraph on PATH"; exit 64; } ;;
  *) echo "::error::the 'install' input must be source, deb or path, not '${STORYGRAPH_INSTALL}'"; exit 64 ;;
esac
