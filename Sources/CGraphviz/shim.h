#include <graphviz/gvc.h>

/// The laid-out graph's bounding box in points (`GD_bb`, a macro Swift cannot import).
static inline boxf storygraph_bounding_box(Agraph_t *graph) { return GD_bb(graph); }

/// The resolution the layout recorded from `dpi`/`resolution` (0 when the graph sets none).
static inline double storygraph_dpi(Agraph_t *graph) { return GD_drawing(graph) ? GD_drawing(graph)->dpi : 0; }
