// A knot that goes back to itself from inside: ink's runtime counts the first visit only
// ({hall} stays 1), so storygraph claims nothing that rests on hall's count.
-> hall
=== hall ===
The hall.
+ [Wait] -> hall
+ {hall > 2} [Leave] -> out
=== out ===
Out. -> END
