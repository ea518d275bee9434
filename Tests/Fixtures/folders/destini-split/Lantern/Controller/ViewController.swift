import UIKit

class ViewController: UIViewController {
    @IBOutlet weak var storyLabel: UILabel!
    var storyBrain = StoryBrain()

    override func viewDidLoad() {
        super.viewDidLoad()
        storyLabel.text = storyBrain.getStoryTitle()
    }
}
