// A switch on a number (ink's `du`, `==`, `pop`) and a condition after an assignment.
VAR n = 0
VAR lit = false
~ n = 2
{ n:
- 1: -> one
- 2: -> two
- else: -> other
}
=== one ===
One. -> END
=== two ===
~ lit = true
Two.
* {lit and n * 3 - 1 == 5} [Light the lamp] -> lamp
* {not lit} [Sit in the dark] -> dark
=== lamp ===
Light. -> END
=== dark ===
Dark. -> END
=== other ===
Other. -> END
