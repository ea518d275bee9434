// The story's shape: its texts are in StoryTexts.swift, its destinations in Rooms.
struct StoryBrain {
    var storyNumber = 0
    let stories = [
        Story(
            title: StoryTexts.gateText, choice1: StoryTexts.enterLabel, choice1Destination: Rooms.hall,
            choice2: StoryTexts.leaveLabel, choice2Destination: Rooms.road),
        Story(
            title: StoryTexts.hallText, choice1: StoryTexts.climbLabel, choice1Destination: Rooms.tower,
            choice2: StoryTexts.leaveLabel, choice2Destination: Rooms.road),
        Story(title: StoryTexts.roadText, choice1: "The", choice1Destination: 0, choice2: "End", choice2Destination: 0),
        Story(title: StoryTexts.towerText, choice1: "The", choice1Destination: 0, choice2: "End", choice2Destination: 0),
    ]

    func getStoryTitle() -> String { stories[storyNumber].title }

    mutating func nextStory(userChoice: String) {
        let current = stories[storyNumber]
        storyNumber = userChoice == current.choice1 ? current.choice1Destination : current.choice2Destination
    }
}
