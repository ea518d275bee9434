//
//  Mission.m
//  Defusal — an AdventurePiece-style story for storygraph's examples.
//
//  Pieces are built from the endings up, so that every piece it links to already exists.
//  The start is the piece assigned to currentPiece.
//

#import "Mission.h"
#import "AdventurePiece.h"

@implementation Mission

- (void)buildStory {
    /* Endings: one button that only acknowledges the ending. */
    AdventurePiece *saved = [[AdventurePiece alloc] initWithMessage:@"The timer stops at three seconds. The town never learns how close it came."
                                                        firstChoice:@"OK"
                                                       secondChoice:nil
                                                         firstPiece:nil
                                                        secondPiece:nil
                                                              isEnd:YES];
    AdventurePiece *boom = [[AdventurePiece alloc] initWithMessage:@"A bright flash, then silence. The clock tower will need a new face."
                                                       firstChoice:@"OK"
                                                      secondChoice:nil
                                                        firstPiece:nil
                                                       secondPiece:nil
                                                             isEnd:YES];
    AdventurePiece *retired = [[AdventurePiece alloc] initWithMessage:@"Whatever you chose, headquarters decides you have earned a long and \"quiet\" retirement."
                                                          firstChoice:@"OK"
                                                         secondChoice:nil
                                                           firstPiece:nil
                                                          secondPiece:nil
                                                                isEnd:YES];

    // The two middle pieces.
    AdventurePiece *tower = [[AdventurePiece alloc] initWithMessage:@"Under the clock face, a tangle of wires and a timer showing forty seconds. "
                                                                    @"Two wires lead to the detonator."
                                                        firstChoice:@"Cut the red wire"
                                                       secondChoice:@"Cut the blue wire"
                                                         firstPiece:saved
                                                        secondPiece:boom
                                                              isEnd:NO];
    AdventurePiece *beach = [[AdventurePiece alloc] initWithMessage:@"The beach is perfect until a stranger sits beside you and says the device was a decoy: the real one is in your suitcase."
                                                        firstChoice:@"Run for the sea"
                                                       secondChoice:@"Fight the stranger"
                                                         firstPiece:retired
                                                        secondPiece:retired
                                                              isEnd:NO];

    currentPiece = [[AdventurePiece alloc] initWithMessage:@"Headquarters calls: a device has been found under the old clock tower. You can take the job, or you can finally take that holiday."
                                               firstChoice:@"Accept the mission"
                                              secondChoice:@"Go on holiday"
                                                firstPiece:tower
                                               secondPiece:beach
                                                     isEnd:NO];
}

- (void)choose:(NSInteger)button {
    AdventurePiece *next = button == 1 ? currentPiece.firstPiece : currentPiece.secondPiece;
    if (next != nil) {
        currentPiece = next;
    }
}

@end
