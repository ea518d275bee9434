#import "Story.h"

// The links between the pieces Story+Pieces.m makes.
@implementation Story (Links)

- (void)linkPieces {
    self.dock.firstPiece = self.ferry;
    self.dock.secondPiece = self.swim;
    self.swim.firstPiece = self.dock;
    self.swim.secondPiece = self.island;
}

@end
