// Knots with no content before their first stitch (trial 26, finding 9):
// 'errands' is entered only at its stitches, 'home' by its own name too
// (and runs into its first stitch), 'attic' by nothing at all.
Morning comes.
-> errands.market

=== errands ===
= market
The market is loud.
* [Buy bread] -> errands.bakery
* [Go home] -> home

= bakery
Warm bread.
-> home

=== home ===
= door
You are home.
* [Rest] -> END
* [Go out again] -> walk

=== walk ===
The lane is quiet.
-> END

=== attic ===
= dust
Dust, and nobody comes here.
-> END
