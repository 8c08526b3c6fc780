/* The solver's analysis for boards whose cells fit in W 64-bit words: _kernel.c includes
 * this file once for each W it builds (1, 2, 3 and 6), each copy with its own names
 * (spread_1, spread_2, ...), so that every loop over a set's words has a fixed length the
 * compiler can unroll, and a set of a small board is one word, not six. */

#define K2(name, w) name##_##w
#define K1(name, w) K2(name, w)
#define K(name) K1(name, W)
#define FULLS K(FULLS)
#define OR_DEPTH K(OR_DEPTH)
#define SEMIS K(SEMIS)
#define add_full K(add_full)
#define add_semi K(add_semi)
#define captured_pairs K(captured_pairs)
#define chain_of K(chain_of)
#define connected K(connected)
#define facts K(facts)
#define fill_in K(fill_in)
#define fill_in_pairs K(fill_in_pairs)
#define found_t K(found_t)
#define g_cells K(g_cells)
#define g_columns K(g_columns)
#define g_edges K(g_edges)
#define g_near K(g_near)
#define g_rows K(g_rows)
#define g_stride K(g_stride)
#define h_bit K(h_bit)
#define h_cell K(h_cell)
#define h_count K(h_count)
#define h_done K(h_done)
#define h_full K(h_full)
#define h_order K(h_order)
#define h_taken K(h_taken)
#define h_head K(h_head)
#define h_key K(h_key)
#define h_nf K(h_nf)
#define h_node_of K(h_node_of)
#define h_ns K(h_ns)
#define h_pair K(h_pair)
#define h_pair_size K(h_pair_size)
#define h_queue K(h_queue)
#define h_queue_size K(h_queue_size)
#define h_records K(h_records)
#define h_records_size K(h_records_size)
#define h_semi K(h_semi)
#define h_sized_fulls K(h_sized_fulls)
#define h_sized_semis K(h_sized_semis)
#define h_stop_at_semi K(h_stop_at_semi)
#define h_tail K(h_tail)
#define job_t K(job_t)
#define killers K(killers)
#define memory_error K(memory_error)
#define nodes K(nodes)
#define or_rule K(or_rule)
#define push K(push)
#define read_set K(read_set)
#define record_of K(record_of)
#define make_record K(make_record)
#define run K(run)
#define s_add K(s_add)
#define s_and K(s_and)
#define s_clear K(s_clear)
#define s_count K(s_count)
#define s_size K(s_size)
#define s_equal K(s_equal)
#define s_groups K(s_groups)
#define s_has K(s_has)
#define s_meets K(s_meets)
#define s_minus K(s_minus)
#define s_next K(s_next)
#define s_none K(s_none)
#define s_or K(s_or)
#define s_shl K(s_shl)
#define s_shr K(s_shr)
#define s_touches K(s_touches)
#define s_within K(s_within)
#define search K(search)
#define set_board K(set_board)
#define set_t K(set_t)
#define spread K(spread)
#define useless K(useless)
#define w_dying K(w_dying)
#define w_groups K(w_groups)
#define w_touches K(w_touches)
#define write_set K(write_set)
#define analyse_core K(analyse_core)

typedef struct { uint64_t w[W]; } set_t;

/* --- sets ----------------------------------------------------------------------------- */

static inline void s_clear(set_t *a) { for (int i = 0; i < W; i++) a->w[i] = 0; }
static inline int s_none(const set_t *a) {
    for (int i = 0; i < W; i++) if (a->w[i]) return 0;
    return 1;
}
static inline int s_equal(const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) if (a->w[i] != b->w[i]) return 0;
    return 1;
}
static inline int s_meets(const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) if (a->w[i] & b->w[i]) return 1;
    return 0;
}
/* a within b */
static inline int s_within(const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) if (a->w[i] & ~b->w[i]) return 0;
    return 1;
}
static inline void s_and(set_t *r, const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) r->w[i] = a->w[i] & b->w[i];
}
static inline void s_or(set_t *r, const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) r->w[i] = a->w[i] | b->w[i];
}
static inline void s_minus(set_t *r, const set_t *a, const set_t *b) {
    for (int i = 0; i < W; i++) r->w[i] = a->w[i] & ~b->w[i];
}
static inline int s_has(const set_t *a, int bit) { return (a->w[bit >> 6] >> (bit & 63)) & 1; }
static inline void s_add(set_t *a, int bit) { a->w[bit >> 6] |= (uint64_t)1 << (bit & 63); }
/* The cells of a set, counted without branches (a word's bits by halves): a loop's
 * branches were hard to guess. s_count: up to 3, as the tests need to know no more than
 * "more than two". */
static inline int s_size(const set_t *a) {
    int n = 0;
    for (int i = 0; i < W; i++) {
        uint64_t v = a->w[i];
        v = v - ((v >> 1) & 0x5555555555555555ULL);
        v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
        v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        n += (int)((v * 0x0101010101010101ULL) >> 56);
    }
    return n;
}
static inline int s_count(const set_t *a) {
    int n = s_size(a);
    return n < 3 ? n : 3;
}
/* The lowest bit at or after `from`, or -1. */
static inline int s_next(const set_t *a, int from) {
    int i = from >> 6;
    if (i >= W) return -1;
    uint64_t word = a->w[i] & (~(uint64_t)0 << (from & 63));
    for (;;) {
        if (word) return (i << 6) + __builtin_ctzll(word);
        if (++i >= W) return -1;
        word = a->w[i];
    }
}
static void s_shl(set_t *r, const set_t *a, int k) {      /* 0 < k < 64 */
    for (int i = W - 1; i > 0; i--) r->w[i] = (a->w[i] << k) | (a->w[i - 1] >> (64 - k));
    r->w[0] = a->w[0] << k;
}
static void s_shr(set_t *r, const set_t *a, int k) {
    for (int i = 0; i < W - 1; i++) r->w[i] = (a->w[i] >> k) | (a->w[i + 1] << (64 - k));
    r->w[W - 1] = a->w[W - 1] >> k;
}

/* --- the board ------------------------------------------------------------------------ */

static int g_columns = -1, g_rows = -1, g_stride;
static set_t g_cells, g_edges[2][2], g_near[MAXBITS];

static void set_board(int columns, int rows) {
    if (columns == g_columns && rows == g_rows) return;
    g_columns = columns;
    g_rows = rows;
    g_stride = columns + 1;
    s_clear(&g_cells);
    for (int e = 0; e < 2; e++) { s_clear(&g_edges[e][0]); s_clear(&g_edges[e][1]); }
    for (int r = 0; r < rows; r++)
        for (int q = 0; q < columns; q++) {
            int i = r * g_stride + q;
            s_add(&g_cells, i);
            if (r == 0) s_add(&g_edges[0][0], i);
            if (r == rows - 1) s_add(&g_edges[0][1], i);
            if (q == 0) s_add(&g_edges[1][0], i);
            if (q == columns - 1) s_add(&g_edges[1][1], i);
        }
    static const int dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    for (int i = 0; i < rows * g_stride; i++) s_clear(&g_near[i]);
    for (int r = 0; r < rows; r++)
        for (int q = 0; q < columns; q++)
            for (int d = 0; d < 6; d++) {
                int q2 = q + dq[d], r2 = r + dr[d];
                if (q2 >= 0 && q2 < columns && r2 >= 0 && r2 < rows)
                    s_add(&g_near[r * g_stride + q], r2 * g_stride + q2);
            }
}

static void spread(set_t *r, const set_t *a) {
    set_t t, out = *a;
    int ks[3] = {1, g_stride, g_stride - 1};
    for (int j = 0; j < 3; j++) {
        s_shl(&t, a, ks[j]); s_or(&out, &out, &t);
        s_shr(&t, a, ks[j]); s_or(&out, &out, &t);
    }
    s_and(r, &out, &g_cells);
}

static void chain_of(set_t *r, const set_t *stones, const set_t *seed) {
    set_t grown, wider;
    s_and(&grown, seed, stones);
    for (;;) {
        spread(&wider, &grown);
        s_and(&wider, &wider, stones);
        if (s_equal(&wider, &grown)) break;
        grown = wider;
    }
    *r = grown;
}

static int connected(const set_t *stones, int colour) {
    set_t seed, chain;
    s_and(&seed, stones, &g_edges[colour][0]);
    chain_of(&chain, stones, &seed);
    return s_meets(&chain, &g_edges[colour][1]);
}

/* --- inferior.py ---------------------------------------------------------------------- */

/* The colour's nodes: sides first, then each chain by its lowest stone. */
static int nodes(set_t *groups, set_t *touches, const set_t *stones, const set_t *empty,
                 int colour) {
    int n = 0;
    set_t rest = *stones, seed, t;
    for (int side = 0; side < 2; side++) {
        s_and(&seed, stones, &g_edges[colour][side]);
        chain_of(&groups[n], stones, &seed);
        s_minus(&rest, &rest, &groups[n]);
        spread(&t, &groups[n]);
        s_or(&t, &t, &g_edges[colour][side]);
        s_and(&touches[n], &t, empty);
        n++;
    }
    int low;
    while ((low = s_next(&rest, 0)) >= 0) {
        s_clear(&seed);
        s_add(&seed, low);
        chain_of(&groups[n], stones, &seed);
        s_minus(&rest, &rest, &groups[n]);
        spread(&t, &groups[n]);
        s_and(&touches[n], &t, empty);
        n++;
    }
    return n;
}

static set_t w_groups[MAXNODES], w_touches[MAXNODES];

static void useless(set_t *found, const set_t *stones, const set_t *empty, int colour) {
    int n = nodes(w_groups, w_touches, stones, empty, colour);
    set_t one, many, t, candidates, around;
    s_clear(&one);
    s_clear(&many);
    for (int i = 0; i < n; i++) {
        s_and(&t, &one, &w_touches[i]);
        s_or(&many, &many, &t);
        s_or(&one, &one, &w_touches[i]);
    }
    s_clear(found);
    s_minus(&candidates, empty, &many);
    for (int cell = s_next(&candidates, 0); cell >= 0; cell = s_next(&candidates, cell + 1)) {
        s_and(&around, &g_near[cell], empty);
        int c = s_count(&around);
        if (c > 2) continue;
        if (c == 2) {
            int low = s_next(&around, 0), high = s_next(&around, low + 1);
            if (!s_has(&g_near[low], high)) continue;
        }
        if (s_has(&one, cell)) {
            int i = 0;
            while (!s_has(&w_touches[i], cell)) i++;
            if (!s_within(&around, &w_touches[i])) continue;
        }
        s_add(found, cell);
    }
}

static set_t w_dying[MAXBITS];

/* killers(): for each empty cell, its empty neighbours that, taken by the opponent, would
 * leave it useless to `colour`. */
static void killers(set_t *found, const set_t *stones, const set_t *empty, int colour) {
    int n = nodes(w_groups, w_touches, stones, empty, colour);
    set_t one, many, t, candidates, around, rest;
    s_clear(&one);
    s_clear(&many);
    for (int i = 0; i < n; i++) {
        s_and(&t, &one, &w_touches[i]);
        s_or(&many, &many, &t);
        s_or(&one, &one, &w_touches[i]);
    }
    for (int cell = s_next(empty, 0); cell >= 0; cell = s_next(empty, cell + 1))
        s_clear(&found[cell]);
    s_minus(&candidates, empty, &many);
    for (int cell = s_next(&candidates, 0); cell >= 0; cell = s_next(&candidates, cell + 1)) {
        s_and(&around, &g_near[cell], empty);
        if (s_size(&around) > 3) continue;      /* less any killer, more than two stay */
        int touch = -1;
        if (s_has(&one, cell))
            for (int i = 0; i < n; i++) if (s_has(&w_touches[i], cell)) { touch = i; break; }
        for (int killer = s_next(&around, 0); killer >= 0;
             killer = s_next(&around, killer + 1)) {
            rest = around;
            rest.w[killer >> 6] &= ~((uint64_t)1 << (killer & 63));
            int c = s_count(&rest);
            if (c > 2) continue;
            if (c == 2) {
                int low = s_next(&rest, 0), high = s_next(&rest, low + 1);
                if (!s_has(&g_near[low], high)) continue;
            }
            if (touch >= 0 && !s_within(&rest, &w_touches[touch])) continue;
            s_add(&found[cell], killer);
        }
    }
}

static void captured_pairs(set_t *to_black, set_t *to_white, const set_t *black,
                           const set_t *white) {
    set_t empty, t, taken;
    s_or(&t, black, white);
    s_minus(&empty, &g_cells, &t);
    s_clear(&taken);
    s_clear(to_black);
    s_clear(to_white);
    for (int colour = 0; colour < 2; colour++) {
        killers(w_dying, colour == 0 ? white : black, &empty, 1 - colour);
        set_t *out = colour == 0 ? to_black : to_white;
        for (int cell = s_next(&empty, 0); cell >= 0; cell = s_next(&empty, cell + 1))
            for (int other = s_next(&w_dying[cell], cell + 1); other >= 0;
                 other = s_next(&w_dying[cell], other + 1)) {
                if (!s_has(&w_dying[other], cell) || s_has(&taken, cell)
                    || s_has(&taken, other))
                    continue;
                s_add(&taken, cell);
                s_add(&taken, other);
                s_add(out, cell);
                s_add(out, other);
            }
    }
}

/* fill_in(), and, where `pairs` is given, the cells it gave each colour as captured pairs
 * (pairs[0] Black's, pairs[1] White's). */
static void fill_in_pairs(set_t *black, set_t *white, int to_move, set_t *pairs) {
    set_t empty, to_white, to_black, dead, t;
    if (pairs) {
        s_clear(&pairs[0]);
        s_clear(&pairs[1]);
    }
    for (;;) {
        s_or(&t, black, white);
        s_minus(&empty, &g_cells, &t);
        if (s_none(&empty)) return;
        useless(&to_white, black, &empty, 0);
        useless(&to_black, white, &empty, 1);
        if (s_none(&to_white) && s_none(&to_black)) {
            captured_pairs(&to_black, &to_white, black, white);
            if (s_none(&to_white) && s_none(&to_black)) return;
            if (pairs) {
                s_or(&pairs[0], &pairs[0], &to_black);
                s_or(&pairs[1], &pairs[1], &to_white);
            }
        }
        s_and(&dead, &to_white, &to_black);
        if (to_move == 0) s_minus(&to_black, &to_black, &dead);
        else s_minus(&to_white, &to_white, &dead);
        s_or(black, black, &to_black);
        s_or(white, white, &to_white);
    }
}

static void fill_in(set_t *black, set_t *white, int to_move) {
    fill_in_pairs(black, white, to_move, NULL);
}

/* --- connections.py ------------------------------------------------------------------- */

static int FULLS = 8, SEMIS = 12, OR_DEPTH = 4;

/* A pair's record: its full carriers, then its semis' carriers and keys. */
static int h_count;                        /* nodes */
static int *h_pair;                        /* by x * count + y: record or -1 */
static size_t h_pair_size;
static int h_records, h_records_size;
static int *h_nf, *h_ns;
static set_t *h_full, *h_semi;
static int *h_order;                       /* each full's place in the queue */
static int *h_key;
static uint64_t h_taken[MAXNODES][NODEW];  /* partners with a full taken from the queue */
static int h_cell[MAXNODES];               /* a node's cell, -1 for a side or chain */
static set_t h_bit[MAXNODES];              /* a node's own bit, none for a side or chain */
static int h_done, h_stop_at_semi;
static int h_node_of[MAXBITS];

typedef struct { int x, y; set_t carrier; } job_t;
static job_t *h_queue;
static size_t h_head, h_tail, h_queue_size;


static int memory_error;

static int h_sized_fulls, h_sized_semis;    /* the limits the records were sized for */

/* A pair's record, made (kept in both of the pair's slots, so that either order finds it)
 * or -1; kept out of line, as it is rarely taken. */
static __attribute__((noinline)) int make_record(int x, int y) {
    if (h_sized_fulls != FULLS || h_sized_semis != SEMIS) {
        h_records_size = 0;                 /* sized afresh for these limits */
        h_sized_fulls = FULLS;
        h_sized_semis = SEMIS;
    }
    if (h_records >= h_records_size) {
        size_t n = h_records_size ? (size_t)h_records_size * 2 : 1024;
        void *p;
        if (!(p = realloc(h_nf, n * sizeof(int)))) goto fail;
        h_nf = p;
        if (!(p = realloc(h_ns, n * sizeof(int)))) goto fail;
        h_ns = p;
        if (!(p = realloc(h_full, n * FULLS * sizeof(set_t)))) goto fail;
        h_full = p;
        if (!(p = realloc(h_order, n * FULLS * sizeof(int)))) goto fail;
        h_order = p;
        if (!(p = realloc(h_semi, n * SEMIS * sizeof(set_t)))) goto fail;
        h_semi = p;
        if (!(p = realloc(h_key, n * SEMIS * sizeof(int)))) goto fail;
        h_key = p;
        h_records_size = (int)n;
    }
    h_nf[h_records] = h_ns[h_records] = 0;
    h_pair[(size_t)y * h_count + x] = h_records;
    h_pair[(size_t)x * h_count + y] = h_records;
    return h_records++;
fail:
    memory_error = 1;
    return -1;
}

static inline int record_of(int x, int y, int make) {
    int found = h_pair[(size_t)x * h_count + y];
    if (found >= 0 || !make) return found;
    return make_record(x, y);
}

static void push(int x, int y, const set_t *carrier) {
    if (grow((void **)&h_queue, &h_queue_size, h_tail + 1, sizeof(job_t))) {
        memory_error = 1;
        return;
    }
    h_queue[h_tail].x = x;
    h_queue[h_tail].y = y;
    h_queue[h_tail].carrier = *carrier;
    h_tail++;
}

static void add_full(int x, int y, const set_t *carrier) {
    if (x > y) { int t = x; x = y; y = t; }
    int rec = record_of(x, y, 0), existed = rec >= 0;
    if (!existed && (rec = make_record(x, y)) < 0) return;
    set_t *found = &h_full[(size_t)rec * FULLS];
    int *order = &h_order[(size_t)rec * FULLS];
    if (existed) {
        int n = h_nf[rec];
        for (int i = 0; i < n; i++) if (s_within(&found[i], carrier)) return;
        if (n >= FULLS) return;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!s_within(carrier, &found[i])) { order[k] = order[i]; found[k++] = found[i]; }
        h_nf[rec] = k;
    }
    order[h_nf[rec]] = (int)h_tail;        /* its job's place, pushed below */
    found[h_nf[rec]++] = *carrier;
    int ns = h_ns[rec];
    if (ns) {
        set_t *semis = &h_semi[(size_t)rec * SEMIS];
        int *keys = &h_key[(size_t)rec * SEMIS];
        int k = 0;
        for (int i = 0; i < ns; i++)
            if (!s_within(carrier, &semis[i])) { semis[k] = semis[i]; keys[k] = keys[i]; k++; }
        h_ns[rec] = k;
    }
    push(x, y, carrier);
    if (x == 0 && y == 1) h_done = 1;
}

static void or_rule(int x, int y, const set_t *others, int count, const set_t *carrier) {
    typedef struct { int start; set_t common, unite; int depth; } frame_t;
    frame_t stack[64 * 4];
    int top = 0;
    stack[top].start = 0;
    stack[top].common = *carrier;
    stack[top].unite = *carrier;
    stack[top].depth = 1;
    top++;
    while (top) {
        frame_t f = stack[--top];
        for (int j = f.start; j < count; j++) {
            set_t meet, joined;
            s_and(&meet, &f.common, &others[j]);
            if (s_equal(&meet, &f.common)) continue;
            s_or(&joined, &f.unite, &others[j]);
            if (s_none(&meet)) {
                add_full(x, y, &joined);
            } else if (f.depth + 1 < OR_DEPTH && top < (int)(sizeof stack / sizeof *stack)) {
                stack[top].start = j + 1;
                stack[top].common = meet;
                stack[top].unite = joined;
                stack[top].depth = f.depth + 1;
                top++;
            }
        }
    }
}

static void add_semi(int x, int y, const set_t *carrier, int key) {
    if (x > y) { int t = x; x = y; y = t; }
    int rec = record_of(x, y, 0);
    if (rec >= 0) {
        set_t *fulls = &h_full[(size_t)rec * FULLS];
        for (int i = 0; i < h_nf[rec]; i++) if (s_within(&fulls[i], carrier)) return;
    } else if ((rec = make_record(x, y)) < 0) return;
    set_t *found = &h_semi[(size_t)rec * SEMIS];
    int *keys = &h_key[(size_t)rec * SEMIS];
    int n = h_ns[rec];
    if (n) {
        for (int i = 0; i < n; i++) if (s_within(&found[i], carrier)) return;
        if (n >= SEMIS) return;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!s_within(carrier, &found[i])) { found[k] = found[i]; keys[k] = keys[i]; k++; }
        n = k;
    }
    set_t others[64];
    int count = n < 64 ? n : 64;
    for (int i = 0; i < count; i++) others[i] = found[i];
    found[n] = *carrier;
    keys[n] = key;
    h_ns[rec] = n + 1;
    if (x == 0 && y == 1 && h_stop_at_semi) { h_done = 1; return; }
    or_rule(x, y, others, count, carrier);
}

static void run(void) {
    while (h_head < h_tail && !h_done && !memory_error) {
        int place = (int)h_head;
        job_t job = h_queue[h_head++];
        int a = job.x, b = job.y;
        int rec = record_of(a, b, 0);
        set_t *fulls = &h_full[(size_t)rec * FULLS];
        int present = 0;
        for (int i = 0; i < h_nf[rec]; i++)
            if (s_equal(&fulls[i], &job.carrier)) { present = 1; break; }
        if (!present) continue;
        h_taken[a][b >> 6] |= (uint64_t)1 << (b & 63);
        h_taken[b][a >> 6] |= (uint64_t)1 << (a & 63);
        /* The nodes of the carrier's cells, which no partner z may be. */
        uint64_t inside[NODEW];
        memset(inside, 0, sizeof inside);
        for (int c = s_next(&job.carrier, 0); c >= 0; c = s_next(&job.carrier, c + 1)) {
            int n = h_node_of[c];
            inside[n >> 6] |= (uint64_t)1 << (n & 63);
        }
        for (int side = 0; side < 2; side++) {
            int m = side ? b : a, x = side ? a : b;
            if (m < 2) continue;
            /* What the other carrier may not touch: the job's carrier, and x's own cell. */
            set_t blocked = job.carrier;
            if (h_cell[x] >= 0) s_add(&blocked, h_cell[x]);
            const int *row = &h_pair[(size_t)m * h_count];
            int words = (h_count + 63) / 64;
            /* The partners of m with a full taken before this one, but x and the nodes of
             * the job's carrier's cells: each two fulls are joined once, when the later
             * of them is taken (a full still queued joins this one when it is taken). */
            uint64_t partners[NODEW];
            for (int wi = 0; wi < words; wi++) partners[wi] = h_taken[m][wi] & ~inside[wi];
            partners[x >> 6] &= ~((uint64_t)1 << (x & 63));
            for (int wi = 0; wi < words; wi++) {
                uint64_t word = partners[wi];
                while (word) {
                    int z = (wi << 6) + __builtin_ctzll(word);
                    word &= word - 1;
                    int key = row[z];
                    /* Adding to the pair x-z never changes the list of m-z (x is not m),
                     * but may move the records: each carrier is read afresh. */
                    int n = h_nf[key];
                    for (int i = 0; i < n; i++) {
                        if (h_order[(size_t)key * FULLS + i] >= place) continue;
                        set_t other = h_full[(size_t)key * FULLS + i];
                        if (s_meets(&other, &blocked)) continue;
                        set_t joined;
                        s_or(&joined, &job.carrier, &other);
                        if (h_cell[m] >= 0) {
                            s_add(&joined, h_cell[m]);
                            add_semi(x, z, &joined, h_cell[m]);
                        } else {
                            add_full(x, z, &joined);
                        }
                        if (h_done || memory_error) return;
                    }
                }
            }
        }
    }
}

typedef struct {
    int full;              /* a full between the sides */
    int semis;             /* semis between the sides */
    set_t semi_meet;       /* the intersection of their carriers */
    set_t reach[2];        /* cells with a full to each side */
} found_t;

static set_t s_groups[MAXNODES], s_touches[MAXNODES];

static int search(found_t *out, const set_t *stones, const set_t *empty, int colour,
                  int stop_at_semi) {
    int chains = nodes(s_groups, s_touches, stones, empty, colour);
    int cells[MAXCELLS], ncells = 0;
    for (int c = s_next(empty, 0); c >= 0; c = s_next(empty, c + 1)) cells[ncells++] = c;
    h_count = chains + ncells;
    size_t pairs = (size_t)h_count * h_count;
    if (grow((void **)&h_pair, &h_pair_size, pairs, sizeof(int))) return -1;
    for (size_t i = 0; i < pairs; i++) h_pair[i] = -1;
    h_records = 0;
    h_head = h_tail = 0;
    h_done = 0;
    h_stop_at_semi = stop_at_semi;
    memory_error = 0;
    for (int n = 0; n < h_count; n++) {
        memset(h_taken[n], 0, sizeof h_taken[n]);
        s_clear(&h_bit[n]);
        h_cell[n] = -1;
    }
    for (int i = 0; i < ncells; i++) {
        int n = chains + i;
        h_cell[n] = cells[i];
        s_add(&h_bit[n], cells[i]);
        h_node_of[cells[i]] = n;
    }
    set_t none;
    s_clear(&none);
    for (int g = 0; g < chains && !memory_error; g++)
        for (int c = s_next(&s_touches[g], 0); c >= 0; c = s_next(&s_touches[g], c + 1))
            add_full(g, h_node_of[c], &none);
    for (int i = 0; i < ncells && !memory_error; i++) {
        int c = cells[i];
        set_t above;
        s_and(&above, &g_near[c], empty);
        for (int d = s_next(&above, c + 1); d >= 0; d = s_next(&above, d + 1))
            add_full(h_node_of[c], h_node_of[d], &none);
    }
    run();
    if (memory_error) return -1;
    int rec = record_of(0, 1, 0);
    out->full = rec >= 0 && h_nf[rec] > 0;
    out->semis = rec >= 0 ? h_ns[rec] : 0;
    s_clear(&out->semi_meet);
    if (out->semis) {
        out->semi_meet = h_semi[(size_t)rec * SEMIS];
        for (int i = 1; i < out->semis; i++)
            s_and(&out->semi_meet, &out->semi_meet, &h_semi[(size_t)rec * SEMIS + i]);
    }
    for (int side = 0; side < 2; side++) {
        s_clear(&out->reach[side]);
        for (int i = 0; i < ncells; i++) {
            int r = record_of(side, chains + i, 0);
            if (r >= 0 && h_nf[r] > 0) s_add(&out->reach[side], cells[i]);
        }
    }
    return 0;
}





static int read_set(set_t *out, PyObject *data) {
    char *bytes;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(data, &bytes, &size) < 0) return -1;
    if (size != MAXW * 8) {
        PyErr_SetString(PyExc_ValueError, "a set is 48 bytes, little-endian");
        return -1;
    }
    for (int i = 0; i < MAXW; i++) {
        uint64_t word = 0;
        for (int j = 7; j >= 0; j--) word = word << 8 | (unsigned char)bytes[i * 8 + j];
        if (i < W) out->w[i] = word;
        else if (word) {
            PyErr_SetString(PyExc_ValueError, "a set has cells off the board");
            return -1;
        }
    }
    return 0;
}

static PyObject *write_set(const set_t *a) {
    unsigned char bytes[MAXW * 8];
    memset(bytes, 0, sizeof bytes);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < 8; j++) bytes[i * 8 + j] = (unsigned char)(a->w[i] >> (8 * j));
    return PyBytes_FromStringAndSize((const char *)bytes, sizeof bytes);
}

static PyObject *facts(const set_t *black, const set_t *white, int outcome,
                       const rank_t *ranks, int n, const set_t *mustplay) {
    PyObject *moves = PyTuple_New(n);
    if (!moves) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(moves, i, PyLong_FromLong(ranks[i].cell));
    set_t none;
    s_clear(&none);
    PyObject *b = write_set(black), *w = write_set(white);
    PyObject *m = write_set(mustplay ? mustplay : &none);
    PyObject *out = (b && w && m) ? Py_BuildValue("(OOiOO)", b, w, outcome, moves, m) : NULL;
    Py_XDECREF(b);
    Py_XDECREF(w);
    Py_XDECREF(m);
    Py_DECREF(moves);
    return out;
}

/* --- analysis.py --------------------------------------------------------------------- */

static PyObject *analyse_core(int columns, int rows, PyObject *black_data,
                              PyObject *white_data, int to_move, int fulls, int semis,
                              int or_depth) {
    set_board(columns, rows);
    FULLS = fulls;
    SEMIS = semis;
    OR_DEPTH = or_depth;
    set_t black, white;
    if (read_set(&black, black_data) < 0 || read_set(&white, white_data) < 0) return NULL;
    fill_in(&black, &white, to_move);
    const set_t *mine = to_move == 0 ? &black : &white, *theirs = to_move == 0 ? &white : &black;
    if (connected(mine, to_move)) return facts(&black, &white, WIN, NULL, 0, NULL);
    if (connected(theirs, 1 - to_move)) return facts(&black, &white, LOSS, NULL, 0, NULL);
    set_t empty, t;
    s_or(&t, &black, &white);
    s_minus(&empty, &g_cells, &t);
    found_t own, other;
    if (search(&own, mine, &empty, to_move, 1) < 0) return PyErr_NoMemory();
    if (own.full || own.semis) return facts(&black, &white, WIN, NULL, 0, NULL);
    if (search(&other, theirs, &empty, 1 - to_move, 0) < 0) return PyErr_NoMemory();
    if (other.full) return facts(&black, &white, LOSS, NULL, 0, NULL);
    set_t mustplay = empty;
    if (other.semis) s_and(&mustplay, &mustplay, &other.semi_meet);
    if (s_none(&mustplay)) return facts(&black, &white, LOSS, NULL, 0, NULL);
    rank_t ranks[MAXCELLS];
    int n = 0;
    for (int c = s_next(&mustplay, 0); c >= 0; c = s_next(&mustplay, c + 1)) {
        int q = c % g_stride, r = c / g_stride;
        ranks[n].weight = 4 * (s_has(&own.reach[0], c) + s_has(&own.reach[1], c))
                          + s_has(&other.reach[0], c) + s_has(&other.reach[1], c);
        ranks[n].distance = abs(2 * q - columns + 1) + abs(2 * r - rows + 1);
        ranks[n].cell = c;
        n++;
    }
    qsort(ranks, n, sizeof *ranks, by_rank);
    /* Capture-domination: a move whose fill-in takes another cell (but for the opponent's
     * captured pairs) is at least as good as a move there; in order, each kept move drops
     * the cells it dominates that are not kept already. */
    set_t removed, kept, occupied, pairs[2];
    s_clear(&removed);
    s_clear(&kept);
    s_or(&occupied, &black, &white);
    int k = 0;
    for (int i = 0; i < n; i++) {
        int a = ranks[i].cell;
        if (s_has(&removed, a)) continue;
        s_add(&kept, a);
        ranks[k++] = ranks[i];
        set_t b2 = black, w2 = white, filled;
        s_add(to_move == 0 ? &b2 : &w2, a);
        fill_in_pairs(&b2, &w2, 1 - to_move, pairs);
        s_or(&filled, &b2, &w2);
        s_minus(&filled, &filled, &occupied);
        s_minus(&filled, &filled, &pairs[1 - to_move]);
        s_minus(&filled, &filled, &kept);
        s_or(&removed, &removed, &filled);
    }
    return facts(&black, &white, OPEN, ranks, k, &mustplay);
}

#undef FULLS
#undef OR_DEPTH
#undef SEMIS
#undef add_full
#undef add_semi
#undef captured_pairs
#undef chain_of
#undef connected
#undef facts
#undef fill_in
#undef fill_in_pairs
#undef found_t
#undef g_cells
#undef g_columns
#undef g_edges
#undef g_near
#undef g_rows
#undef g_stride
#undef h_bit
#undef h_cell
#undef h_count
#undef h_done
#undef h_full
#undef h_order
#undef h_taken
#undef h_head
#undef h_key
#undef h_nf
#undef h_node_of
#undef h_ns
#undef h_pair
#undef h_pair_size
#undef h_queue
#undef h_queue_size
#undef h_records
#undef h_records_size
#undef h_semi
#undef h_sized_fulls
#undef h_sized_semis
#undef h_stop_at_semi
#undef h_tail
#undef job_t
#undef killers
#undef memory_error
#undef nodes
#undef or_rule
#undef push
#undef read_set
#undef record_of
#undef make_record
#undef run
#undef s_add
#undef s_and
#undef s_clear
#undef s_count
#undef s_size
#undef s_equal
#undef s_groups
#undef s_has
#undef s_meets
#undef s_minus
#undef s_next
#undef s_none
#undef s_or
#undef s_shl
#undef s_shr
#undef s_touches
#undef s_within
#undef search
#undef set_board
#undef set_t
#undef spread
#undef useless
#undef w_dying
#undef w_groups
#undef w_touches
#undef write_set
#undef analyse_core
#undef K
#undef K1
#undef K2
