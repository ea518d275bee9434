# The ferry crossing: a game of ours for storygraph's reading of Ren'Py's flow.
define f = Character("Ferryman")
define fare = 3
define toll = 2.5
default player_name = "stranger"
default crossed = 0

init:
    default tide = "low"

init python:
    lamps = 4

label splashscreen:
    "Fog rolls over the water."
    return

label before_main_menu:
    return

label after_load:
    $ tide = "high"
    return

label start:
    $ player_name = "Ann"
    f "Welcome, [player_name!u]. The fare is [fare] coins, the toll [toll:.2f]."
    extend " Cash only."
    call pay from _call_pay_1
    jump crossing.middle

label crossing:
    "The boat rocks."

label .middle:
    f "Halfway, [player_name]."
    python:
        if tide == "high":
            crossed += 2
        else:
            crossed += 1
    if crossed > 1:
        jump expression "far_" + "shore"
    $ renpy.jump("near_shore")

label pay:
    "Coins clink into the box."
    return

label far_shore:
    "You step onto the far shore."
    jump expression tide

label near_shore:
    "The boat turns back."
    return
