VAR coins = 1
-> dock

=== dock ===
The ferry creaks {&gently|loudly}.
* Pay the ferryman
    { coins:
    - 0: He shakes his head. -> dock
    - else: ~ coins = coins - 1
    }
    -> crossing
* Swim across -> swim ->
    -> far_shore
+ Wait a while
    <- gulls
    -> dock

=== swim ===
The water is cold.
->->

=== gulls ===
* Feed the gulls -> far_shore

=== crossing ===
The crossing is calm.
-> far_shore

=== far_shore ===
You reach the far shore.
-> END
