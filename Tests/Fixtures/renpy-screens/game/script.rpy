# The night market: a game of ours for storygraph's reading of screens.
define v = Character("Vendor")
default coins = 2
default lantern = False
default found_key = False

screen stalls():
    vbox:
        textbutton "Lanterns" action [SetVariable("lantern", True), Jump("lanterns")]
        if coins >= 3:
            textbutton "Fortune teller" action Jump("fortune")
        elif coins > 0:
            textbutton "Sweets" action Call("sweets")
        else:
            textbutton "Beg" action Function(beg)
        textbutton "Map" action Show("market_map")
        textbutton "Leave" action Return("leave")

screen market_map():
    imagebutton idle "map.png" action Jump("river")
    key "K_ESCAPE" action Hide("market_map")

screen clock(hours):
    for h in range(hours):
        if h > 2:
            textbutton "Late" action Jump("curfew")
    textbutton "Home" action Jump("home")

screen pockets():
    if not found_key:
        imagebutton idle "coat.png" action SetVariable("found_key", True)
    textbutton "Lamp" action If(lantern, SetVariable("lantern", False), SetVariable("lantern", True))
    if found_key:
        textbutton "Open the gate" action Jump("gate")

screen unread():
    textbutton "Wish" action wish_action

label start:
    "Lamps sway over the stalls."
    show screen clock(3)
    call screen stalls
    "You slip away from the crowd."
    hide screen clock
    jump home

label lanterns:
    v "Paper lanterns, two coins each."
    $ coins -= 2
    jump home

label fortune:
    v "Your future is bright."
    call screen pockets
    jump home

label gate:
    "The gate creaks open."
    return

label sweets:
    v "Honey drops!"
    return

label river:
    "The river is black and quiet."
    call screen unread
    jump home

label curfew:
    "The bell tolls midnight."
    return

label home:
    "You walk home."
    return
