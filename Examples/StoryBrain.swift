//
//  StoryBrain.swift
//  The Lighthouse Keeper — a Destini-style story for storygraph's examples.
//
//  Each Story's choice destinations are indices into `stories`. The three endings send
//  the reader back to the start with two buttons, "The" and "End".
//

import Foundation

struct StoryBrain {

    /// Which story the reader is on.
    var storyNumber = 0

    let stories = [
        Story(
            title: "A storm has knocked out the lighthouse lamp, and a fishing boat is heading for the rocks. The keeper's radio crackles.",
            choice1: "Climb the tower", choice1Destination: 2,
            choice2: "Answer the radio", choice2Destination: 1
        ),
        Story(
            title: "The skipper shouts that his engine is dead and begs you to guide him in by voice.",
            choice1: "Talk him through the channel", choice1Destination: 2,
            choice2: "Tell him to drop anchor", choice2Destination: 3
        ),
        Story(
            title: "At the top of the tower the lamp's glass is cracked and the spare bulb is rolling on the floor.",
            choice1: "Fit the spare bulb", choice1Destination: 5,
            choice2: "Light a signal flare", choice2Destination: 4
        ),
        Story(
            title: "The anchor holds. At dawn the boat rides out the storm, bruised but afloat. The crew sends you a crate of mackerel.",
            choice1: "The", choice1Destination: 0,
            choice2: "End", choice2Destination: 0
        ),
        Story(
            title: "The flare burns red over the water. The skipper turns too late and the boat grinds onto the shoal. Everyone wades ashore, soaked.",
            choice1: "The", choice1Destination: 0,
            choice2: "End", choice2Destination: 0
        ),
        Story(
            title: "The beam sweeps the bay again. The boat slips between the rocks and into the harbour, horn blaring its thanks.",
            choice1: "The", choice1Destination: 0,
            choice2: "End", choice2Destination: 0
        ),
    ]

    func getStoryTitle() -> String {
        return stories[storyNumber].title
    }

    func getChoice1() -> String {
        return stories[storyNumber].choice1
    }

    func getChoice2() -> String {
        return stories[storyNumber].choice2
    }

    mutating func nextStory(userChoice: String) {
        let currentStory = stories[storyNumber]
        if userChoice == currentStory.choice1 {
            storyNumber = currentStory.choice1Destination
        } else if userChoice == currentStory.choice2 {
            storyNumber = currentStory.choice2Destination
        }
    }
}
