#!/usr/bin/env bash
# Exports the 30 real public Twine stories of the issue-11 trial (Documentation/trials/twine-realworld.md),
# each from a local mirror at a fixed commit, into DEST (nothing of them is committed here).
#
#   Benchmarks/realworld/fetch-twine-trial.sh DEST
#
# Each repository must already be mirrored as a git directory: $MIRROR/<owner>+<name>/repo
# (MIRROR defaults to /work/.mirror), or cloned with `git clone --bare` to that path.
# A story that is one file becomes DEST/<name>.<ext>; a story that is a folder (a Tweego
# project) becomes DEST/<name>/ holding only its .twee/.tw/.tw2 files, at their paths.
# Then: STORYGRAPH=.build/release/storygraph Tests/tools/try-real-twine.sh DEST
# and STORYGRAPH=.build/release/storygraph Benchmarks/realworld/count-twine.py DEST --diff
# (the independent count, beside storygraph's own).
set -eu
dest=${1:?usage: fetch-twine-trial.sh DEST}

# export_story NAME OWNER/REPO COMMIT PATH: PATH is a file, or a folder ("." for the whole
# repository).
export_story() {
    local name=$1 repo=$2 commit=$3 path=$4 file out n=0
    local git_dir="${MIRROR:-/work/.mirror}/${repo/\//+}/repo"
    [ -d "$git_dir" ] || { echo "no mirror of $repo at $git_dir" >&2; return 1; }
    if [ "$path" != . ] && [ "$(git --git-dir="$git_dir" cat-file -t --end-of-options "$commit:$path")" = blob ]; then
        # One file: the story is DEST/<name>.<its extension>.
        git --git-dir="$git_dir" show --end-of-options "$commit:$path" >"$dest/$name.${path##*.}"
        echo "exported $repo@${commit:0:10}:$path -> $dest/$name.${path##*.}"
        return
    fi
    # A folder: each Twee file under it, at its path below the folder.
    rm -rf "${dest:?}/$name"
    local prefix=""
    [ "$path" = . ] || prefix="$path/"
    while IFS= read -r -d '' file; do
        case "$file" in *.twee | *.tw | *.tw2) ;; *) continue ;; esac
        out="$dest/$name/${file#"$prefix"}"
        mkdir -p "$(dirname "$out")"
        git --git-dir="$git_dir" show --end-of-options "$commit:$file" >"$out"
        n=$((n + 1))
    done < <(git --git-dir="$git_dir" ls-tree -r -z --name-only --end-of-options "$commit" -- "$path")
    echo "exported $repo@${commit:0:10}:$path ($n Twee files) -> $dest/$name/"
}

mkdir -p "$dest"
# name | owner/repo | commit | file or folder
while IFS='|' read -r -a story; do
    [ "${#story[@]}" -eq 4 ] && export_story "${story[@]}"
done <<'LIST'
all-in|Boxsitter/all-in|1c33c46d18cbb0d3794cc9a9d8ff3bbf126f48e6|story.html
csi140-final|BrandonCherry166/CSI140FinalProject|abfc49b3d13d660ccf60913423f5fffd0239663d|story.twee
memory-recovery-center|Kamiya-T/appEngineMemoryRecoveryCenter|8d235276647ea34e38ec6036514af5a3546defa2|public/index.html
ethertale|Techy-Nature/ETHERTALE|ae3ae4078f7d17a916c7ec662b22a869ad81dc05|src
price-of-absolution|TheConversationalist/price-of-absolution|f886be5b446e3b6f5c2d7d7c2b17332a28fe03c3|story/The Price Of Absolution.twee
digital-heritage|YixuanQu/Digital-heritage-and-multimedia|d8bbc72066bcc952bec6c12908cf53abf323046a|version1.twee
adventure|ammar992/adventure|f7470e438ac6048164e432c2c4aa82a68e3c2169|story.twee
grenzwert-einer-folge|kulla/2023-12-29-grenzwert-einer-folge-in-twine|042453c14fbb1d1dcecac97a0dbdee2b2611ca56|story.twee
learning-path|kulla/2024-11-26-sketch-of-learning-path-with-twine|130d9908eafc4dac47df5b6717b0dc04bf6a04fd|story.twee
kidnapping|pbparjeter2/kidnappingof|f05ece8499fdb498c7f441327c9471dc6d440467|index.html
desarmar-la-bomba|shisyastawuman/libro_interactivo|84dc0782da88042a9818e50ee7fd538804873379|Desarmar la bomba - Draft.html
fox-and-crow|666feiyu666/Fox-and-Crow|f4e9aa17aa2957d43679f38d83232522267ffa47|src/story.twee
bloc|KnightlyGoose/bloc|87f4a70482a7312c0ad866327c427e4986020f9c|src
how-to-buy-software|berthelemy/how-to-buy-software|380ed7b5c26a1a15ee2e781c018c484609630d98|src
serious-prisoner|myeongjin0415/serious-prisoner|0428fb378bde7384c0c425a652b1df1736ddf25a|game
you-quote-it|Acadia-University-Library/you-quote-it-you-note-it|9e3723a0659b362dae32cea6b4753b19c696816f|.
mudlike|molleindustria/mudlike|ec878f901c882b589be9d935b23487e5d4e16ebd|story.tw
mytwine-game|gungjeongmansang/mytwine-game|0a1e1c7676fc97508f9d256afae115c0a903057d|.
charm-of-witches|Gigamouse/A-Charm-Of-Witches|35ffa2feb80c0319d31a59170bf9a5805e671de6|index.html
ishmael|JordanMagnuson/Ishmael|eb8331f9192cfc5a1cd2a64179719ec36074df94|src
merchant-mile|samnyevr/Merchant-Mile|c79906a99bbed04d60d43d134d406618205161dc|src
climate-adventure|progamurstur/climate-adventure|d79c7361572b824df69df6108c41bb593c147a71|src
city-of-ghosts|yakuzadave/cityofghosts|19c518f4f7ab68df68b992b7979db077d0b19229|src
who-stole-my-heart|Hydrohaven/Who-Stole-My-Heart-|7d8594d3b9a5cfe9e09f9241aff09538ae92d694|source/main.twee
kintsugi|FSUdigitalmedia/interactive-narrative-Walkerm0927|1094bac999661c538a7d2fcf21a497fe992290d5|docs/index.html
jammy|GammaSpace/jammy|e64e59f58c69ad6ad31c00f5bdfdd997db317e76|twine_src
senior-dev-devin|lux-sp4rk/senior-dev-devin|3d5cf15918825e7af77a2003fd4a25defd24d0ee|src
ai-ethics-quest|jojungwhan/twine_ai|f2b437675e99cae03c57217f2cd4a5060acf49d5|output/ai_ethics_quest.html
nanowrimo-2025|michaelansel/NaNoWriMo2025|cba92c03ed6c84ce88ac0f5912572276f82a0b3c|src
after-the-bell|ryan101k/AfterTheBell|8fca37ba60bfc109c262d8d176dbd5c44fcfac58|src
LIST
