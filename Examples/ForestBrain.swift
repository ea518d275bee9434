//
//  ForestBrain.swift
//  숲속의 등불 (The Lantern in the Forest) — a Destini-style story in Korean, written for
//  storygraph's examples: the map draws Hangul, so PNG and PDF need a font that covers it
//  (`make deps` installs fonts-noto-cjk and fonts-noto-color-emoji).
//
//  Each Story's choice destinations are indices into `stories`. The three endings send
//  the reader back to the start with two buttons, "처음" and "으로" ("to the beginning").
//

import Foundation

struct ForestBrain {

    /// Which story the reader is on.
    var storyNumber = 0

    let stories = [
        Story(
            title: "깊은 숲에서 길을 잃었다. 나무 사이로 등불 하나가 깜빡인다. 🌲",
            choice1: "등불을 따라간다", choice1Destination: 2,
            choice2: "개울 소리를 따라간다", choice2Destination: 1
        ),
        Story(
            title: "개울가에 낡은 나룻배가 묶여 있다. 건너편에 연기가 피어오른다.",
            choice1: "배를 타고 건넌다", choice1Destination: 3,
            choice2: "숲으로 돌아간다", choice2Destination: 2
        ),
        Story(
            title: "등불은 작은 오두막 창가에 걸려 있다. 문이 조금 열려 있다.",
            choice1: "문을 두드린다", choice1Destination: 5,
            choice2: "창문으로 들여다본다", choice2Destination: 4
        ),
        Story(
            title: "배는 아침 안개 속에서 마을 부두에 닿는다. 집으로 돌아왔다.",
            choice1: "처음", choice1Destination: 0,
            choice2: "으로", choice2Destination: 0
        ),
        Story(
            title: "창문 너머에서 여우가 웃는다. 등불이 꺼지고 길이 사라진다. 🦊",
            choice1: "처음", choice1Destination: 0,
            choice2: "으로", choice2Destination: 0
        ),
        Story(
            title: "할머니가 따뜻한 차를 건네고 지도를 그려 준다. 새벽에 숲을 빠져나온다.",
            choice1: "처음", choice1Destination: 0,
            choice2: "으로", choice2Destination: 0
        ),
    ]

    /// The story the reader is on.
    var current: Story { stories[storyNumber] }

    /// Follows the first (`true`) or the second button.
    mutating func choose(first: Bool) {
        storyNumber = first ? current.choice1Destination : current.choice2Destination
    }
}
