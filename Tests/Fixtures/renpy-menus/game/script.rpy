# The interview: a game of ours for storygraph's reading of Ren'Py menus.
define d = Character("Detective")
default asked = set()
default nerve = 1

label start:
    d "Sit down. I have questions."

menu questions:
    set asked
    d "What do you want to know first?"
    "Where were you last night?":
        d "At home, alone."
        $ nerve -= 1
        jump questions
    "Who saw you?" if nerve > 0:
        d "Nobody. That is the problem."
        $ nerve += 2
        jump questions
    "Can I go?":
        d "Not yet."
        jump questions

label after_questions:
    "The questions run out."
    menu:
        "Confess" if nerve < 1:
            jump confess
        "Stay silent" if nerve >= 1:
            jump release

label confess:
    d "Then it was you."
    return

label release:
    d "You may go. For now."
    return
