//  Observatory.swift: a linked-object story app. Each Page is an object; choices are added
//  by builder calls and properties, whatever the classes are called. storygraph reads the
//  links from the shape of the code (see Documentation/app-source.md).

final class Page {
    let story: String
    var firstChoice: Choice?
    var secondChoice: Choice?
    init(story: String) { self.story = story }
    func addChoiceWith(title: String, page: Page) {
        if firstChoice == nil { firstChoice = Choice(title: title, page: page) } else { secondChoice = Choice(title: title, page: page) }
    }
}

struct Choice {
    let title: String
    let page: Page
}

final class Observatory {
    let startPage = Page(story: "The observatory dome is stuck half open, and a storm is coming.")
    let stairs = Page(story: "The spiral stairs lead up to the telescope and down to the generator.")
    let telescope = Page(story: "Through the gap you see the comet you have waited ten years for.")
    let generator = Page(story: "The generator coughs. One lever says DOME, one says LIGHTS.")
    let photograph = Page(story: "You take the photograph as the first drops fall. The comet is yours.")
    let closed = Page(story: "The dome grinds shut. The storm passes, and so does the comet.")
    let dark = Page(story: "Every light goes out. You wait for dawn on the cold floor.")

    init() {
        startPage.firstChoice = Choice(title: "Climb the stairs", page: stairs)
        startPage.secondChoice = Choice(title: "Check the generator", page: generator)
        stairs.addChoiceWith(title: "Go up", page: telescope)
        stairs.addChoiceWith(title: "Go down", page: generator)
        telescope.addChoiceWith(title: "Take the photograph", page: photograph)
        telescope.addChoiceWith(title: "Close the dome first", page: closed)
        generator.addChoiceWith(title: "Pull DOME", page: closed)
        generator.addChoiceWith(title: "Pull LIGHTS", page: dark)
    }
}
