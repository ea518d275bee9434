// Every text of the story, kept apart from its shape.
struct StoryTexts {
    static let gateText = "A lantern hangs by the gate of an old house."
    static let hallText = "The hall is dark; a stair goes up to the tower."
    static let roadText = "You walk back down the road. The lantern fades behind you."
    static let towerText = "From the tower you see the whole valley at dawn."
    static let enterLabel = "Go in"
    static let leaveLabel = "Walk away"
    static let climbLabel = "Climb the stair"
}

enum Rooms {
    static let gate = 0
    static let hall = 1
    static let road = 2
    static let tower = 3
}
