define e = Character("E")
label start:
    e "Hi" with dissolve nointeract
    e "Hi" (what_color="#f00") id hi_1
    "Name" happy "Hi"
    e "It is "The End"."
    if
        "a" "b"
    if x:
        "c"
    elif
        "d"
    while y
        "e"
    e "x" with
    menu:
        "One":
            "One."
        "Two":
        "Three":
    menu:
        e "Which?" or not
        "Four":
    return

'''
A "monologue" it's not
'''

