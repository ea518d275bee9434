import Foundation
import StoryCLI

exit(StoryGraphCLI.main(Array(CommandLine.arguments.dropFirst())))
