/*
 * ceiling.c: the C limit for storygraph's benchmarks. A plain program that reads the
 * same storygraph JSON (a small hand-written parser, enough for what `storygraph
 * generate` writes and for any well-formed story JSON), builds compressed (CSR) arrays
 * and does the same work as storygraph, networkx and igraph. It is the ceiling, not a
 * competitor: no validation messages, no source locations, no exact big integers.
 *
 *   cc -O2 -o ceiling ceiling.c
 *   ceiling STORY [--ops load,scc,paths,simple_paths,cycles,playthroughs] [--reps K]
 *           [--budget-ms MS] [--path-limit N] [--cycle-limit N] [--runs N] [--step-cap N]
 *
 * Prints one JSON line per operation, as storygraph-bench does.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *message) {
    fprintf(stderr, "ceiling: %s\n", message);
    exit(65);
}

static void *xmalloc(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) die("out of memory");
    return p;
}

static void *xcalloc(size_t count, size_t size) {
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) die("out of memory");
    return p;
}

/* ---------- a growable byte arena for decoded strings ---------- */

typedef struct { char *bytes; size_t length, capacity; } Arena;

static size_t arena_put(Arena *arena, const char *bytes, size_t length) {
    if (arena->length + length > arena->capacity) {
        size_t capacity = arena->capacity ? arena->capacity : 1 << 16;
        while (capacity < arena->length + length) capacity *= 2;
        arena->bytes = realloc(arena->bytes, capacity);
        if (!arena->bytes) die("out of memory");
        arena->capacity = capacity;
    }
    memcpy(arena->bytes + arena->length, bytes, length);
    arena->length += length;
    return arena->length - length;
}

/* ---------- JSON ---------- */

typedef struct {
    const char *begin, *at, *end;
    char *scratch;      /* the last string read, decoded */
    size_t scratch_len, scratch_cap;
} Parser;

static void skip_space(Parser *p) {
    while (p->at < p->end && (*p->at == ' ' || *p->at == '\n' || *p->at == '\r' || *p->at == '\t')) p->at++;
}

static int peek(Parser *p) {
    skip_space(p);
    return p->at < p->end ? (unsigned char)*p->at : -1;
}

static void expect(Parser *p, char c) {
    if (peek(p) != c) {
        char message[64];
        snprintf(message, sizeof message, "expected '%c' at byte offset %ld", c, (long)(p->at - p->begin));
        die(message);
    }
    p->at++;
}

static void scratch_push(Parser *p, uint32_t byte) {
    if (p->scratch_len == p->scratch_cap) {
        p->scratch_cap = p->scratch_cap ? p->scratch_cap * 2 : 256;
        p->scratch = realloc(p->scratch, p->scratch_cap);
        if (!p->scratch) die("out of memory");
    }
    p->scratch[p->scratch_len++] = (char)byte;
}

static void scratch_utf8(Parser *p, uint32_t c) {
    if (c < 0x80) scratch_push(p, c);
    else if (c < 0x800) { scratch_push(p, 0xC0 | (c >> 6)); scratch_push(p, 0x80 | (c & 0x3F)); }
    else if (c < 0x10000) {
        scratch_push(p, 0xE0 | (c >> 12)); scratch_push(p, 0x80 | ((c >> 6) & 0x3F)); scratch_push(p, 0x80 | (c & 0x3F));
    } else {
        scratch_push(p, 0xF0 | (c >> 18)); scratch_push(p, 0x80 | ((c >> 12) & 0x3F));
        scratch_push(p, 0x80 | ((c >> 6) & 0x3F)); scratch_push(p, 0x80 | (c & 0x3F));
    }
}

static uint32_t hex4(Parser *p) {
    if (p->end - p->at < 4) die("short \\u escape");
    uint32_t value = 0;
    for (int i = 0; i < 4; i++) {
        char c = *p->at++;
        value <<= 4;
        if (c >= '0' && c <= '9') value |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') value |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') value |= (uint32_t)(c - 'A' + 10);
        else die("bad \\u escape");
    }
    return value;
}

/* Reads a string into p->scratch (decoded, not NUL-terminated). */
static void read_string(Parser *p) {
    expect(p, '"');
    p->scratch_len = 0;
    for (;;) {
        if (p->at >= p->end) die("unterminated string");
        const char *run = p->at;
        while (p->at < p->end && *p->at != '"' && *p->at != '\\') p->at++;
        for (const char *c = run; c < p->at; c++) scratch_push(p, (unsigned char)*c);
        if (p->at >= p->end) die("unterminated string");
        if (*p->at == '"') { p->at++; return; }
        p->at++; /* backslash */
        char e = *p->at++;
        switch (e) {
        case '"': scratch_push(p, '"'); break;
        case '\\': scratch_push(p, '\\'); break;
        case '/': scratch_push(p, '/'); break;
        case 'b': scratch_push(p, '\b'); break;
        case 'f': scratch_push(p, '\f'); break;
        case 'n': scratch_push(p, '\n'); break;
        case 'r': scratch_push(p, '\r'); break;
        case 't': scratch_push(p, '\t'); break;
        case 'u': {
            uint32_t c = hex4(p);
            if (c >= 0xD800 && c < 0xDC00 && p->end - p->at >= 6 && p->at[0] == '\\' && p->at[1] == 'u') {
                p->at += 2;
                uint32_t low = hex4(p);
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
            }
            scratch_utf8(p, c);
            break;
        }
        default: die("bad escape in string");
        }
    }
}

static int key_is(Parser *p, const char *key) {
    size_t n = strlen(key);
    return p->scratch_len == n && memcmp(p->scratch, key, n) == 0;
}

/* Walks an array or an object: `first_item` reads the opening bracket and says whether
 * an element follows; `next_item` reads a comma (another element follows) or the
 * closing bracket. Use: if (first_item(p, '[', ']')) do { ... } while (next_item(p, ']')); */
static int first_item(Parser *p, char open, char close) {
    expect(p, open);
    if (peek(p) == close) { p->at++; return 0; }
    return 1;
}

static int next_item(Parser *p, char close) {
    if (peek(p) == ',') { p->at++; return 1; }
    expect(p, close);
    return 0;
}

static void skip_value(Parser *p);

static void skip_value(Parser *p) {
    int c = peek(p);
    if (c == '"') { read_string(p); return; }
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        if (first_item(p, (char)c, close)) do {
            if (close == '}') { read_string(p); expect(p, ':'); }
            skip_value(p);
        } while (next_item(p, close));
        return;
    }
    /* number, true, false, null */
    while (p->at < p->end && *p->at != ',' && *p->at != '}' && *p->at != ']' && *p->at != ' ' && *p->at != '\n') p->at++;
}

/* 1 for true or a string (an ending kind), 0 for false or null. */
static int read_flag(Parser *p) {
    int c = peek(p);
    if (c == 't') { p->at += 4; return 1; }
    if (c == 'f') { p->at += 5; return 0; }
    if (c == 'n') { p->at += 4; return 0; }
    if (c == '"') { read_string(p); return 1; }
    die("expected true, false, null or a string");
    return 0;
}

/* ---------- the story, as read ---------- */

typedef struct { size_t offset, length; } Str;

typedef struct {
    Arena arena;
    Str *ids; int *declared_ending; int passage_count, passage_cap;
    /* choices, flat: passage index, target id, restart flag */
    int *choice_from; Str *choice_to; int *choice_restart; int choice_count, choice_cap;
    Str start; int has_start;
} Raw;

static void read_choice(Parser *p, Raw *raw, int from) {
    Str to = {0, 0};
    int has_to = 0, restart = 0;
    if (first_item(p, '{', '}')) do {
        read_string(p);
        expect(p, ':');
        if (key_is(p, "to")) {
            read_string(p);
            to.offset = arena_put(&raw->arena, p->scratch, p->scratch_len);
            to.length = p->scratch_len;
            has_to = 1;
        } else if (key_is(p, "restart")) {
            restart = read_flag(p);
        } else {
            skip_value(p);
        }
    } while (next_item(p, '}'));
    if (!has_to && !restart) return;
    if (raw->choice_count == raw->choice_cap) {
        raw->choice_cap = raw->choice_cap ? raw->choice_cap * 2 : 1024;
        raw->choice_from = realloc(raw->choice_from, sizeof(int) * raw->choice_cap);
        raw->choice_to = realloc(raw->choice_to, sizeof(Str) * raw->choice_cap);
        raw->choice_restart = realloc(raw->choice_restart, sizeof(int) * raw->choice_cap);
        if (!raw->choice_from || !raw->choice_to || !raw->choice_restart) die("out of memory");
    }
    raw->choice_from[raw->choice_count] = from;
    raw->choice_to[raw->choice_count] = to;
    raw->choice_restart[raw->choice_count] = restart;
    raw->choice_count++;
}

static void read_passage(Parser *p, Raw *raw) {
    if (raw->passage_count == raw->passage_cap) {
        raw->passage_cap = raw->passage_cap ? raw->passage_cap * 2 : 1024;
        raw->ids = realloc(raw->ids, sizeof(Str) * raw->passage_cap);
        raw->declared_ending = realloc(raw->declared_ending, sizeof(int) * raw->passage_cap);
        if (!raw->ids || !raw->declared_ending) die("out of memory");
    }
    int v = raw->passage_count++;
    raw->declared_ending[v] = 0;
    int has_id = 0;
    if (first_item(p, '{', '}')) do {
        read_string(p);
        expect(p, ':');
        if (key_is(p, "id")) {
            read_string(p);
            raw->ids[v].offset = arena_put(&raw->arena, p->scratch, p->scratch_len);
            raw->ids[v].length = p->scratch_len;
            has_id = 1;
        } else if (key_is(p, "ending")) {
            raw->declared_ending[v] = read_flag(p);
        } else if (key_is(p, "choices")) {
            if (peek(p) == 'n') p->at += 4;
            else if (first_item(p, '[', ']')) do { read_choice(p, raw, v); } while (next_item(p, ']'));
        } else {
            skip_value(p);
        }
    } while (next_item(p, '}'));
    if (!has_id) die("a passage without an id");
}

static void read_story(Parser *p, Raw *raw) {
    if (first_item(p, '{', '}')) do {
        read_string(p);
        expect(p, ':');
        if (key_is(p, "start")) {
            read_string(p);
            raw->start.offset = arena_put(&raw->arena, p->scratch, p->scratch_len);
            raw->start.length = p->scratch_len;
            raw->has_start = 1;
        } else if (key_is(p, "passages")) {
            if (first_item(p, '[', ']')) do { read_passage(p, raw); } while (next_item(p, ']'));
        } else {
            skip_value(p);
        }
    } while (next_item(p, '}'));
}

/* ---------- ids to indices: open addressing, FNV-1a ---------- */

typedef struct { int *slots; size_t mask; const Raw *raw; } IdTable;

static uint64_t fnv1a(const char *bytes, size_t length) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < length; i++) { h ^= (unsigned char)bytes[i]; h *= 1099511628211ULL; }
    return h;
}

static int str_equal(const Raw *raw, Str a, Str b) {
    return a.length == b.length && memcmp(raw->arena.bytes + a.offset, raw->arena.bytes + b.offset, a.length) == 0;
}

/* The index of `id`, inserting passage `v` when absent (first definition wins). */
static int id_lookup(IdTable *t, Str id, int insert) {
    size_t i = fnv1a(t->raw->arena.bytes + id.offset, id.length) & t->mask;
    for (;;) {
        int slot = t->slots[i];
        if (slot < 0) { if (insert >= 0) t->slots[i] = insert; return insert >= 0 ? insert : -1; }
        if (str_equal(t->raw, t->raw->ids[slot], id)) return slot;
        i = (i + 1) & t->mask;
    }
}

/* ---------- the graph ---------- */

typedef struct {
    int n, start;
    int *offsets;   /* n + 1 */
    int *targets;
    unsigned char *ending;
} Graph;

static void free_graph(Graph *g) { free(g->offsets); free(g->targets); free(g->ending); }

static Graph load(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) die("cannot open the story");
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = xmalloc((size_t)size);
    if (fread(text, 1, (size_t)size, file) != (size_t)size) die("cannot read the story");
    fclose(file);

    Parser p = {text, text, text + size, NULL, 0, 0};
    Raw raw;
    memset(&raw, 0, sizeof raw);
    read_story(&p, &raw);
    free(text);
    free(p.scratch);

    int n = raw.passage_count;
    if (n == 0) die("no passages");
    IdTable table;
    size_t capacity = 16;
    while (capacity < (size_t)n * 2) capacity *= 2;
    table.slots = xmalloc(sizeof(int) * capacity);
    memset(table.slots, 0xFF, sizeof(int) * capacity);
    table.mask = capacity - 1;
    table.raw = &raw;
    for (int v = 0; v < n; v++) id_lookup(&table, raw.ids[v], v);

    Graph g;
    g.n = n;
    g.start = raw.has_start ? id_lookup(&table, raw.start, -1) : 0;
    if (g.start < 0) die("the start passage does not exist");
    /* An ending is declared, or has no way on but restarts. */
    g.ending = xcalloc((size_t)n, 1);
    int *steps = xcalloc((size_t)n, sizeof(int));
    for (int c = 0; c < raw.choice_count; c++) if (!raw.choice_restart[c]) steps[raw.choice_from[c]]++;
    for (int v = 0; v < n; v++) g.ending[v] = raw.declared_ending[v] || steps[v] == 0;
    int *resolved = xmalloc(sizeof(int) * (size_t)(raw.choice_count ? raw.choice_count : 1));
    g.offsets = xcalloc((size_t)n + 1, sizeof(int));
    for (int c = 0; c < raw.choice_count; c++) {
        int from = raw.choice_from[c];
        resolved[c] = -1;
        if (raw.choice_restart[c] || g.ending[from]) continue;
        resolved[c] = id_lookup(&table, raw.choice_to[c], -1);  /* -1: a broken link */
        if (resolved[c] >= 0) g.offsets[from + 1]++;
    }
    for (int v = 0; v < n; v++) g.offsets[v + 1] += g.offsets[v];
    g.targets = xmalloc(sizeof(int) * (size_t)(g.offsets[n] ? g.offsets[n] : 1));
    int *fill = xmalloc(sizeof(int) * (size_t)n);
    memcpy(fill, g.offsets, sizeof(int) * (size_t)n);
    for (int c = 0; c < raw.choice_count; c++)
        if (resolved[c] >= 0) g.targets[fill[raw.choice_from[c]]++] = resolved[c];

    free(fill); free(resolved); free(steps); free(table.slots);
    free(raw.arena.bytes); free(raw.ids); free(raw.declared_ending);
    free(raw.choice_from); free(raw.choice_to); free(raw.choice_restart);
    return g;
}

/* ---------- strongly connected components: Tarjan 1972, iterative ---------- */

static int tarjan(const Graph *g) {
    int n = g->n, counter = 0, components = 0, top = 0, depth = 0;
    int *index = xmalloc(sizeof(int) * (size_t)n), *low = xmalloc(sizeof(int) * (size_t)n);
    unsigned char *on = xcalloc((size_t)n, 1);
    int *stack = xmalloc(sizeof(int) * (size_t)n);
    int *frame_v = xmalloc(sizeof(int) * (size_t)n), *frame_e = xmalloc(sizeof(int) * (size_t)n);
    for (int v = 0; v < n; v++) index[v] = -1;
    for (int root = 0; root < n; root++) {
        if (index[root] >= 0) continue;
        index[root] = low[root] = counter++;
        stack[top++] = root; on[root] = 1;
        frame_v[0] = root; frame_e[0] = g->offsets[root]; depth = 1;
        while (depth > 0) {
            int v = frame_v[depth - 1];
            int e = frame_e[depth - 1];
            if (e < g->offsets[v + 1]) {
                frame_e[depth - 1] = e + 1;
                int w = g->targets[e];
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack[top++] = w; on[w] = 1;
                    frame_v[depth] = w; frame_e[depth] = g->offsets[w]; depth++;
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            depth--;
            if (depth > 0 && low[v] < low[frame_v[depth - 1]]) low[frame_v[depth - 1]] = low[v];
            if (low[v] == index[v]) {
                int w;
                do { w = stack[--top]; on[w] = 0; } while (w != v);
                components++;
            }
        }
    }
    free(index); free(low); free(on); free(stack); free(frame_v); free(frame_e);
    return components;
}

/* ---------- path count: DP in reverse topological order (Kahn) ---------- */

typedef unsigned __int128 u128;

static void u128_text(u128 value, char *out) {
    char digits[48];
    int k = 0;
    do { digits[k++] = (char)('0' + (int)(value % 10)); value /= 10; } while (value);
    for (int i = 0; i < k; i++) out[i] = digits[k - 1 - i];
    out[k] = 0;
}

/* Returns 0 when the graph has a cycle. Sets *wrapped when a sum overflowed 128 bits. */
static int count_paths(const Graph *g, u128 *count, int *wrapped) {
    int n = g->n, head = 0, tail = 0;
    int *indegree = xcalloc((size_t)n, sizeof(int)), *order = xmalloc(sizeof(int) * (size_t)n);
    for (int e = 0; e < g->offsets[n]; e++) indegree[g->targets[e]]++;
    for (int v = 0; v < n; v++) if (indegree[v] == 0) order[tail++] = v;
    while (head < tail) {
        int v = order[head++];
        for (int e = g->offsets[v]; e < g->offsets[v + 1]; e++)
            if (--indegree[g->targets[e]] == 0) order[tail++] = g->targets[e];
    }
    free(indegree);
    if (tail < n) { free(order); return 0; }
    u128 *paths = xmalloc(sizeof(u128) * (size_t)n);
    *wrapped = 0;
    for (int k = n - 1; k >= 0; k--) {
        int v = order[k];
        u128 sum = g->ending[v] ? 1 : 0;
        for (int e = g->offsets[v]; e < g->offsets[v + 1]; e++) {
            u128 before = sum;
            sum += paths[g->targets[e]];
            if (sum < before) *wrapped = 1;
        }
        paths[v] = sum;
    }
    *count = paths[g->start];
    free(paths); free(order);
    return 1;
}

/* ---------- the first `limit` simple paths from the start to an ending ---------- */

static long simple_paths(const Graph *g, long limit) {
    int n = g->n, depth = 1;
    unsigned char *on_path = xcalloc((size_t)n, 1);
    int *frame_v = xmalloc(sizeof(int) * (size_t)n), *frame_e = xmalloc(sizeof(int) * (size_t)n);
    long found = 0;
    frame_v[0] = g->start; frame_e[0] = g->offsets[g->start]; on_path[g->start] = 1;
    if (g->ending[g->start]) found = 1, depth = 0;
    while (depth > 0 && found < limit) {
        int v = frame_v[depth - 1];
        int e = frame_e[depth - 1];
        if (e == g->offsets[v + 1]) { on_path[v] = 0; depth--; continue; }
        frame_e[depth - 1] = e + 1;
        int w = g->targets[e];
        if (on_path[w]) continue;
        if (g->ending[w]) { found++; continue; }
        on_path[w] = 1;
        frame_v[depth] = w; frame_e[depth] = g->offsets[w]; depth++;
    }
    free(on_path); free(frame_v); free(frame_e);
    return found;
}

/* ---------- elementary circuits: Johnson 1975, iterative, up to `limit` ---------- */

typedef struct { int *items; int count, capacity; } IntList;

static void list_add_unique(IntList *list, int value) {
    for (int i = 0; i < list->count; i++) if (list->items[i] == value) return;
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? list->capacity * 2 : 4;
        list->items = realloc(list->items, sizeof(int) * (size_t)list->capacity);
        if (!list->items) die("out of memory");
    }
    list->items[list->count++] = value;
}

static long johnson(const Graph *input, long limit) {
    /* Distinct successors only (as networkx's DiGraph sees them). */
    int n = input->n;
    int *offsets = xcalloc((size_t)n + 1, sizeof(int));
    int *targets = xmalloc(sizeof(int) * (size_t)(input->offsets[n] ? input->offsets[n] : 1));
    int *seen = xmalloc(sizeof(int) * (size_t)n);
    for (int v = 0; v < n; v++) seen[v] = -1;
    for (int v = 0; v < n; v++) {
        offsets[v + 1] = offsets[v];
        for (int e = input->offsets[v]; e < input->offsets[v + 1]; e++) {
            int w = input->targets[e];
            if (seen[w] == v) continue;
            seen[w] = v;
            targets[offsets[v + 1]++] = w;
        }
    }
    /* Reverse arrays, for the backward half of "the component of s among v >= s". */
    int *roffsets = xcalloc((size_t)n + 1, sizeof(int));
    int *rsources = xmalloc(sizeof(int) * (size_t)(offsets[n] ? offsets[n] : 1));
    for (int e = 0; e < offsets[n]; e++) roffsets[targets[e] + 1]++;
    for (int v = 0; v < n; v++) roffsets[v + 1] += roffsets[v];
    int *fill = xmalloc(sizeof(int) * (size_t)n);
    memcpy(fill, roffsets, sizeof(int) * (size_t)n);
    for (int v = 0; v < n; v++)
        for (int e = offsets[v]; e < offsets[v + 1]; e++) rsources[fill[targets[e]]++] = v;
    free(fill);

    int *forward = xmalloc(sizeof(int) * (size_t)n), *in_component = xmalloc(sizeof(int) * (size_t)n);
    int *queue = xmalloc(sizeof(int) * (size_t)n), *comp = xmalloc(sizeof(int) * (size_t)n);
    unsigned char *blocked = xcalloc((size_t)n, 1);
    IntList *b = xcalloc((size_t)n, sizeof(IntList));
    int *frame_v = xmalloc(sizeof(int) * (size_t)n), *frame_e = xmalloc(sizeof(int) * (size_t)n);
    unsigned char *frame_found = xmalloc((size_t)n);
    int *unblock_stack = xmalloc(sizeof(int) * (size_t)n);
    for (int v = 0; v < n; v++) forward[v] = in_component[v] = -1;
    long count = 0;

    for (int s = 0; s < n && count < limit; s++) {
        /* Forward from s among v >= s, then backward from s among the forward set. */
        int head = 0, tail = 0, size = 0;
        queue[tail++] = s; forward[s] = s;
        while (head < tail) {
            int v = queue[head++];
            for (int e = offsets[v]; e < offsets[v + 1]; e++) {
                int w = targets[e];
                if (w >= s && forward[w] != s) { forward[w] = s; queue[tail++] = w; }
            }
        }
        head = 0; tail = 0;
        queue[tail++] = s; in_component[s] = s; comp[size++] = s;
        while (head < tail) {
            int v = queue[head++];
            for (int e = roffsets[v]; e < roffsets[v + 1]; e++) {
                int w = rsources[e];
                if (forward[w] == s && in_component[w] != s) { in_component[w] = s; queue[tail++] = w; comp[size++] = w; }
            }
        }
        if (size == 1) {
            int self_loop = 0;
            for (int e = offsets[s]; e < offsets[s + 1]; e++) if (targets[e] == s) self_loop = 1;
            if (!self_loop) continue;
        }
        for (int k = 0; k < size; k++) { blocked[comp[k]] = 0; b[comp[k]].count = 0; }
        int depth = 1;
        frame_v[0] = s; frame_e[0] = offsets[s]; frame_found[0] = 0; blocked[s] = 1;
        while (depth > 0 && count < limit) {
            int v = frame_v[depth - 1];
            int e = frame_e[depth - 1];
            if (e < offsets[v + 1]) {
                frame_e[depth - 1] = e + 1;
                int w = targets[e];
                if (in_component[w] != s) continue;
                if (w == s) { count++; frame_found[depth - 1] = 1; }
                else if (!blocked[w]) {
                    blocked[w] = 1;
                    frame_v[depth] = w; frame_e[depth] = offsets[w]; frame_found[depth] = 0; depth++;
                }
                continue;
            }
            int found = frame_found[depth - 1];
            depth--;
            if (found) {
                /* unblock(v), iteratively */
                int top = 0;
                unblock_stack[top++] = v;
                blocked[v] = 0;
                while (top > 0) {
                    int u = unblock_stack[--top];
                    IntList *list = &b[u];
                    while (list->count > 0) {
                        int w = list->items[--list->count];
                        if (blocked[w]) { blocked[w] = 0; unblock_stack[top++] = w; }
                    }
                }
            } else {
                for (int f = offsets[v]; f < offsets[v + 1]; f++) {
                    int w = targets[f];
                    if (in_component[w] == s) list_add_unique(&b[w], v);
                }
            }
            if (depth > 0 && found) frame_found[depth - 1] = 1;
        }
    }
    for (int v = 0; v < n; v++) free(b[v].items);
    free(b); free(offsets); free(targets); free(seen); free(roffsets); free(rsources);
    free(forward); free(in_component); free(queue); free(comp); free(blocked);
    free(frame_v); free(frame_e); free(frame_found); free(unblock_stack);
    return count;
}

/* ---------- random playthroughs: SplitMix64, uniform choice, step cap ---------- */

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static long playthroughs(const Graph *g, long runs, long cap, uint64_t seed) {
    uint64_t state = seed;
    long steps = 0;
    for (long r = 0; r < runs; r++) {
        int v = g->start;
        for (long k = 0; k < cap; k++) {
            int begin = g->offsets[v], degree = g->offsets[v + 1] - begin;
            if (degree == 0) break;
            int pick = (int)(((unsigned __int128)splitmix(&state) * (unsigned)degree) >> 64);
            v = g->targets[begin + pick];
            steps++;
        }
    }
    return steps;
}

/* ---------- timing and output ---------- */

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The process's CPU time: on a machine other jobs load, the wall clock counts theirs. */
static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(const double *samples, int count) {
    double sorted[256];
    memcpy(sorted, samples, sizeof(double) * (size_t)count);
    qsort(sorted, (size_t)count, sizeof(double), compare_doubles);
    return count % 2 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
}

static void emit(const char *op, int passages, double *samples, double *cpu, int reps, const char *result,
                 double work) {
    double median = median_of(samples, reps);
    printf("{\"op\":\"%s\",\"passages\":%d,\"reps\":%d,\"median_ms\":%.6g,\"cpu_median_ms\":%.6g,\"samples_ms\":[",
           op, passages, reps, median, median_of(cpu, reps));
    for (int i = 0; i < reps; i++) printf(i ? ",%.6g" : "%.6g", samples[i]);
    printf("],\"result\":\"%s\"", result);
    if (work > 0) printf(",\"per_second\":%.6g", work / (median / 1e3));
    printf("}\n");
    fflush(stdout);
}

int main(int argc, char **argv) {
    const char *path = NULL, *ops = "load,scc,paths,simple_paths,cycles,playthroughs";
    int reps = 5;
    double budget = 1e300;  /* stop repeating once the runs add up to this many ms */
    long path_limit = 1000000, cycle_limit = 100000, runs = 100000, cap = 1000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 < argc && !strcmp(a, "--ops")) ops = argv[++i];
        else if (i + 1 < argc && !strcmp(a, "--reps")) reps = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--budget-ms")) budget = atof(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--path-limit")) path_limit = atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--cycle-limit")) cycle_limit = atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--runs")) runs = atol(argv[++i]);
        else if (i + 1 < argc && !strcmp(a, "--step-cap")) cap = atol(argv[++i]);
        else if (a[0] == '-') { fprintf(stderr, "ceiling: unknown option %s\n", a); return 64; }
        else path = a;
    }
    if (!path || reps < 1 || reps > 256) { fprintf(stderr, "usage: ceiling STORY [--ops …] [--reps 1-256] …\n"); return 64; }

    Graph g = load(path);
    char list[256];
    snprintf(list, sizeof list, "%s", ops);
    for (char *op = strtok(list, ","); op; op = strtok(NULL, ",")) {
        double samples[256], cpu[256];
        char result[128] = "";
        double work = 0, spent = 0;
        int done = 0;
        for (int r = 0; r < reps && (r == 0 || spent < budget); r++) {
            double t0 = now_ms(), c0 = cpu_ms();
            if (!strcmp(op, "load")) {
                Graph again = load(path);
                snprintf(result, sizeof result, "%d passages, %d steps", again.n, again.offsets[again.n]);
                free_graph(&again);
            } else if (!strcmp(op, "scc")) {
                snprintf(result, sizeof result, "%d components", tarjan(&g));
            } else if (!strcmp(op, "paths")) {
                u128 count = 0;
                int wrapped = 0;
                if (!count_paths(&g, &count, &wrapped)) snprintf(result, sizeof result, "cyclic: no DP");
                else {
                    char digits[48];
                    u128_text(count, digits);
                    snprintf(result, sizeof result, wrapped ? "%s mod 2^128 (wrapped)" : "%s", digits);
                }
            } else if (!strcmp(op, "simple_paths")) {
                snprintf(result, sizeof result, "%ld paths", simple_paths(&g, path_limit));
            } else if (!strcmp(op, "cycles")) {
                snprintf(result, sizeof result, "%ld cycles", johnson(&g, cycle_limit));
            } else if (!strcmp(op, "playthroughs")) {
                long steps = playthroughs(&g, runs, cap, 1);
                snprintf(result, sizeof result, "%ld runs, %ld steps", runs, steps);
                work = (double)steps;
            } else {
                fprintf(stderr, "ceiling: unknown operation %s\n", op);
                return 64;
            }
            samples[r] = now_ms() - t0;
            cpu[r] = cpu_ms() - c0;
            spent += samples[r];
            done++;
        }
        emit(op, g.n, samples, cpu, done, result, work);
    }
    free_graph(&g);
    return 0;
}
