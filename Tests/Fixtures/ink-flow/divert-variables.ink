VAR next = -> cellar
VAR route = -> cellar

Hello.
-> hall

=== hall ===
The hall.
* [Go on] -> next
* [Switch]
    ~ next = -> attic
    -> next
* [Choose] -> list_choices(-> pick, 2) ->
    -> offer_room
* [Market] -> market
* [Wander]
    ~ route = either(-> attic, -> garden)
    -> route

=== cellar ===
Dark cellar.
-> END

=== attic ===
Dusty attic.
-> END

=== pick ===
You pick.
->->

=== list_choices(-> then, n) ===
Listing {n}.
-> then

=== offer_room ===
<- offer(-> garden)
* [Stay] -> END

=== offer(-> where) ===
* [Go] -> where

=== garden ===
Garden.
-> END

=== market ===
~ temp dest = -> cellar
-> wander(dest)

=== wander(-> place) ===
-> place

=== function either(a, b) ===
{ RANDOM(1, 2) == 1:
    ~ return a
}
~ return b
