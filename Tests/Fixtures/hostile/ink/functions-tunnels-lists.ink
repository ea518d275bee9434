VAR gold = 0
VAR door = false
LIST mood = calm, (angry), sad
CONST PRICE = 3
-> start

=== function double(x) ===
~ return x * 2

=== start ===
You wake {&once|again|for the {gold}th time}.
~ temp found = double(gold) + 1
* {not door} [Dig] ~ gold += found
    -> start
* {gold >= PRICE && mood has angry} [Buy a key]
    ~ door = true
    ~ mood = calm
    -> tunnel ->
    -> start
+ {door} [Open the door] -> outside
+ [Wait] <- side
    -> DONE
- -> END

=== tunnel ===
= inside
Dark. {TURNS_SINCE(-> start) > 2: Long.|Short.}
->->

=== side ===
* (thought) [Think] -> start

=== outside ===
{gold > 10: Rich.|Poor.} You leave.
-> END
