/* The solver's analysis of a position, compiled: the same work as the Python modules
 * inferior.py (the fill-in), connections.py (H-search) and analysis.py (the decision and
 * the mustplay's order), step for step and in the same order, so that both give the same
 * answer for every position (tests/test_solver_kernel.py compares them). Optional: where
 * it cannot be built, the solver runs on the Python modules alone.
 *
 * A set of cells is MAXW 64-bit words, bit r * stride + q for cell (q, r) as board.py
 * lays the board out; only the first `nw` words of a set are ever read or written. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 6                   /* 384 bits: 19 rows of 20 */
#define MAXBITS (MAXW * 64)
#define MAXCELLS 361
#define MAXNODES (MAXCELLS + 2)
#define NODEW ((MAXNODES + 63) / 64)

/* --- what every size shares ----------------------------------------------------------- */

static int grow(void **array, size_t *size, size_t need, size_t item) {
    if (need <= *size) return 0;
    size_t size2 = *size ? *size : 1024;
    while (size2 < need) size2 *= 2;
    void *p = realloc(*array, size2 * item);
    if (!p) return -1;
    *array = p;
    *size = size2;
    return 0;
}

enum { OPEN = 0, WIN = 1, LOSS = 2 };

typedef struct { int weight, distance, cell; } rank_t;

static int by_rank(const void *a, const void *b) {
    const rank_t *p = a, *q = b;
    if (p->weight != q->weight) return q->weight - p->weight;
    if (p->distance != q->distance) return p->distance - q->distance;
    return p->cell - q->cell;
}

#define W 1
#include "_kernel_body.h"
#undef W
#define W 2
#include "_kernel_body.h"
#undef W
#define W 3
#include "_kernel_body.h"
#undef W
#define W 6
#include "_kernel_body.h"
#undef W

static PyObject *analyse(PyObject *self, PyObject *args) {
    (void)self;
    int columns, rows, to_move, fulls, semis, or_depth;
    PyObject *black_data, *white_data;
    if (!PyArg_ParseTuple(args, "iiSSiiii", &columns, &rows, &black_data, &white_data,
                          &to_move, &fulls, &semis, &or_depth))
        return NULL;
    if (columns < 1 || rows < 1 || rows * (columns + 1) > MAXBITS || columns * rows > MAXCELLS
        || fulls < 1 || fulls > 64 || semis < 1 || semis > 64 || or_depth < 1
        || or_depth > 4 || (to_move != 0 && to_move != 1)) {
        PyErr_SetString(PyExc_ValueError, "a board or a limit out of range");
        return NULL;
    }
    if (rows * (columns + 1) <= 64)
        return analyse_core_1(columns, rows, black_data, white_data, to_move, fulls, semis,
                              or_depth);
    if (rows * (columns + 1) <= 128)
        return analyse_core_2(columns, rows, black_data, white_data, to_move, fulls, semis,
                              or_depth);
    if (rows * (columns + 1) <= 192)
        return analyse_core_3(columns, rows, black_data, white_data, to_move, fulls, semis,
                              or_depth);
    return analyse_core_6(columns, rows, black_data, white_data, to_move, fulls, semis,
                          or_depth);
}


static PyMethodDef methods[] = {
    {"analyse", analyse, METH_VARARGS,
     "analyse(columns, rows, black, white, to_move, fulls, semis, or_depth): "
     "(black, white, outcome, moves), the sets as 48 little-endian bytes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The solver's analysis of a position, compiled (analysis.py says what it does).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
