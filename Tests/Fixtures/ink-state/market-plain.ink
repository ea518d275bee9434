// A market where the guard can be met only by a reader who is already rich.
VAR gold = 0
VAR met = false
VAR mood = "calm"

-> market

=== market ===
You stand in the market.
+ [Work] -> work
* {gold >= 2} [Buy a sword]
  ~ mood = "brave"
  -> gate
+ {market > 2 && not met} [Meet the guard]
  ~ met = true
  -> square
+ [Leave] -> gate

=== work ===
~ gold = gold + 2
You sweep the stalls. -> market

=== square ===
The guard nods. -> market

=== gate ===
{ gold >= 4:
  -> rich_end
- else:
  -> gate_choice
}

=== gate_choice ===
{mood == "brave": You grip the sword.}
* {met} [Pass with the guard's nod] -> pass_end
* [Go home] -> home_end

=== rich_end ===
Rich. -> END
=== pass_end ===
Passed. -> END
=== home_end ===
Home. -> END
=== never_end ===
Never. -> END
