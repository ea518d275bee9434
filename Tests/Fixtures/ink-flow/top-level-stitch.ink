// A stitch before the first knot belongs to the story's top level: ink compiles it
// to a container of the root, named by its name alone. '-> lane' from the top and
// from the knot 'dream' both reach it.
You wake by the road.
* [Walk] -> lane
* [Sleep] -> dream

= lane
The lane bends towards a house.
-> home

=== dream ===
A short dream of the sea.
* [Wake] -> lane
* [Sleep on] -> END

=== home ===
Home at last.
-> END
