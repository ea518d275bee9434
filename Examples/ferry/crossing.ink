// Included by Examples/ferry.ink.
=== crossing ===
= mid_river
The far bank is a grey line in the mist.
<- ferryman_talk
* [Watch the water]
    {
    - lantern_lit: Fish rise to the light.
    - else: You see nothing at all.
    }
    -> mid_river
* [Look ahead] -> next_stop
* -> far_shore

= ferryman_talk
* (asked) [Ask the ferryman his name]
    "Names wash off out here," he says.
    -> mid_river
* {asked} [Ask again] -> far_shore

=== far_shore ===
{ stopping:
  - The ferry grinds onto shingle.
  - Shingle again.
}
{fare_left(coins) > 0: You still have coins to spare.}
* [Climb the bank] -> END
* [Stay aboard and go back] -> dock
