VAR gold = 0
VAR rich = gold
* {rich} [Buy] -> END
* [Wait] -> END
