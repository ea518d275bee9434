#import "AdventurePiece.h"

@interface Story : NSObject
@property (strong) AdventurePiece *dock;
@property (strong) AdventurePiece *ferry;
@property (strong) AdventurePiece *swim;
@property (strong) AdventurePiece *island;
@end
