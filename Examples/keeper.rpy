# The Keeper's Night: a small Ren'Py game for storygraph's examples.

define k = Character("Keeper")
define m = Character("Mara")
define config.name = _("The Keeper's Night")

default oil = 2
default trusted_mara = False

label start:
    "The lamp gutters at the top of the tower. The storm has been building since noon."
    k "[oil] cans of oil left, and a ship somewhere out in that."
    menu:
        "What do you do first?"
        "Climb to the lamp":
            $ oil -= 1
            jump lamp
        "Answer the knock at the door":
            jump door

label door:
    m "Keeper! My brother's boat is out past the reef."
    menu:
        "Let her in":
            $ trusted_mara = True
            m "I can hold the lantern while you work."
            jump lamp
        "Send her to the harbour master":
            "She runs into the rain. You climb alone."
            jump lamp

label lamp:
    call trim_wick
    if oil >= 1 and trusted_mara:
        "Mara shields the flame while you pour. The beam reaches the reef."
        jump saved
    elif oil >= 1:
        "The flame catches, thin but steady."
        menu:
            "Keep it burning all night":
                jump saved
            "Save the last oil for tomorrow":
                jump dark
    else:
        jump dark

label trim_wick:
    "You trim the wick with cold fingers."
    return

label saved:
    "At dawn a fishing boat limps into the bay, every hand on deck."
    return

label dark:
    "The lamp goes out. In the morning the reef is quiet, and the sea gives no answers."
    return
