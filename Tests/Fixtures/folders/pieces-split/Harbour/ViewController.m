#import "ViewController.h"
#import "Story.h"

@implementation ViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.story = [[Story alloc] init];
    [self.story makePieces];
    [self.story linkPieces];
}

@end
