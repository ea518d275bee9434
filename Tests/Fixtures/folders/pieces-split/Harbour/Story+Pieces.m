#import "Story.h"

// The pieces are made here; Story+Links.m links them.
@implementation Story (Pieces)

- (void)makePieces {
    self.dock = [[AdventurePiece alloc] initWithMessage:@"The ferry is late." firstChoice:@"Wait" secondChoice:@"Swim" firstPiece:nil secondPiece:nil isEnd:NO];
    self.ferry = [[AdventurePiece alloc] initWithMessage:@"The ferry comes at dusk." firstChoice:@"OK" secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
    self.swim = [[AdventurePiece alloc] initWithMessage:@"The water is cold." firstChoice:@"Turn back" secondChoice:@"Swim on" firstPiece:nil secondPiece:nil isEnd:NO];
    self.island = [[AdventurePiece alloc] initWithMessage:@"You reach the island." firstChoice:@"OK" secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
    currentPiece = self.dock;
}

@end
