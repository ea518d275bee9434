#!/usr/bin/env bash
# Exports the real public Yarn projects the Yarn loader is compared on, each at a fixed
# commit, into DEST/<name>/ (nothing of them is committed here).
#
#   Tests/tools/real-yarn-projects.sh DEST
#
# Each repository must already be mirrored as a git directory: $MIRROR/<owner>+<name>/repo
# (MIRROR defaults to /work/.mirror), or cloned with `git clone --bare` to that path.
# Then: Tests/tools/yarn-side-by-side.py DEST and Tests/tools/try-real-yarn.sh DEST.
set -eu
dest=${1:?usage: real-yarn-projects.sh DEST}
mirror=${MIRROR:-/work/.mirror}
mkdir -p "$dest"
# name | owner/repo | commit | folder inside the repository
while IFS='|' read -r name repo commit folder; do
    [ -z "$name" ] && continue
    git_dir="$mirror/${repo/\//+}/repo"
    rm -rf "${dest:?}/$name"
    mkdir -p "$dest/$name"
    strip=$(printf '%s' "$folder" | awk -F/ '{ print NF }')
    # Only the story files: a mirror may lack large binary blobs beside them.
    git --git-dir="$git_dir" ls-tree -r -z --name-only --end-of-options "$commit" -- "$folder" \
        | grep -zE '\.(yarn|yarn\.txt|yarnproject|json)$' \
        | xargs -0 git --git-dir="$git_dir" archive --end-of-options "$commit" 2>/dev/null | tar -x -C "$dest/$name" --strip-components="$strip"
    echo "exported $repo@${commit:0:10}:$folder -> $dest/$name"
done <<'LIST'
unity-advanced-saliency|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/AdvancedSaliency
unity-background-chatter|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/BackgroundChatter
unity-feature-tour|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/FeatureTour
unity-phone-chat|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/PhoneChat
unity-replacement-markup|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/Replacement Markup
unity-welcome|YarnSpinnerTool/YarnSpinner-Unity|39ef5ff60a082f53f4fbdbb7d9d276d8190b254b|Samples~/Welcome
unity-v1-demo-assets|YarnSpinnerTool/YarnSpinner-Unity|713a869f12f50e283633db7f04731da86912ce1c|Examples/DemoAssets
rust-demo|YarnSpinnerTool/YarnSpinner-Rust|de43d4ccae46275a12492af78d0953cbad705699|demo/assets
pixelmap-dialog|Pixel-Map/plugin-yarn-spinner|0144448ebf36956fefd9f3e82e4896bb6942e172|dialog
astraela-visual-editor|Astraela/Yarn-Spinner-Visual-Editor|5cc69c35e7728f10e480e2c8412e2b74a030da35|Assets
bevy-yarn-spinner|MrVintage710/bevy-yarn-spinner|ad7db00039adb8699797e485d868caf0f56be96b|assets
narrative-design|thaitaigeorgian/Narative-Design---Yarn-spinner|c9f76d1b16ff0732f9731f284fd4a600d99e65c8|Assets
runner-ts-examples|oleksii-chekhovskyi/yarn-spinner-runner-ts|c948c9e24f2e0785ee7d531fc5a1234816c1d378|examples/yarn
spinner-utility-demo|mushakushi/yarn-spinner-utility|f77626405f2fb1979548a35b34821611e7115801|Assets/YarnSpinnerUtility/Samples~/Demo
bondage-v1-json|hylyh/bondage.js|7bf2757e5bfff519f83280d4f99879843bbb4a9f|tests/yarn_files
LIST
