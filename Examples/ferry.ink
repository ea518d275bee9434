// The Lantern Ferry: a short ink story of our own, using every construct the ink
// loader reads. `storygraph map Examples/ferry.ink` draws it; the knots in
// ferry/crossing.ink come in through INCLUDE.
INCLUDE ferry/crossing.ink

VAR coins = 2
VAR lantern_lit = false
CONST FARE = 1
LIST mood = calm, (uneasy), afraid
VAR next_stop = -> far_shore

-> dock

=== dock ===
The ferry bumps against the dock. # place: dock
An old ferryman holds out a hand for the fare.
* [Pay the fare]
    ~ coins -= FARE
    He pockets the coin without a word.
* {coins > 2} [Pay double] "For your trouble," you say.
    ~ coins = coins - 2 * FARE
    ~ mood = calm
* (argued) [Argue about the price]
    "Prices rise with the river," he says.
    ** [Pay after all]
        ~ coins -= FARE
    ** [Walk away] -> walk_home
    -- He shrugs and waves you aboard.
- (aboard) You step onto the deck.
* [Look up at the mast]
    -> lantern ->
    {lantern_lit: The lantern throws a warm circle.|It is dark on the water.}
    -> crossing
* [Sit in the bow] -> crossing

=== lantern ===
A lantern hangs from the mast, unlit.
+ {not lantern_lit} [Light it]
    ~ lantern_lit = true
    ~ temp matches = 3
    ~ matches--
    The wick catches.
+ [Leave it]
- ->->

=== walk_home ===
You walk home along the towpath. {&Frogs call.|An owl answers.}
-> END

=== function fare_left(n)
~ return n - FARE
