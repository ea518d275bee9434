// A die decides: storygraph cannot know what RANDOM gives, so it claims nothing about Win.
VAR luck = 0
~ luck = RANDOM(1, 6)
* {luck > 3} [Win] -> win
* [Lose] -> lose
=== win ===
Won. -> END
=== lose ===
Lost. -> END
