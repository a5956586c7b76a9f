/* ingot/rt.h — the Ingot runtime's kernel ABI: tensors, per-call-site state, ops.
 * This header is the contract between the compiler, the C it emits, and eager mode:
 * every graph op has exactly one ig_ function here, and the emitted C calls it.
 * Memory: tensors are reference counted; every op returns a new reference that the
 * caller releases with ig_release; inputs are borrowed. Sites are static in the
 * emitted program (_Thread_local in a library) and own their cached oneDNN primitives
 * until ig_runtime_shutdown (ig_runtime_thread_shutdown of the thread that used them). */
#ifndef INGOT_RT_H
#define INGOT_RT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ingot/size.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IG_API __attribute__((visibility("default")))
#define IG_INTERNAL __attribute__((visibility("hidden")))

/* Keep in step with DType in compiler/graph/ir.h (checked by _Static_assert there). */
typedef enum IgDType {
    IG_BOOL,
    IG_INT32,
    IG_INT64,
    IG_FLOAT32,
    IG_FLOAT64,
    IG_STRING, /* scalars only: data points at a NUL-terminated UTF-8 string */
    IG_DTYPE_COUNT
} IgDType;

typedef struct IgTensor {
    IgDType dtype;
    int rank;
    int64_t shape[IG_MAX_RANK];
    int64_t size;     /* number of elements: product of shape (1 for a scalar) */
    void *data;       /* row-major; bool is one byte per element. IG_ALIGNMENT-aligned when
                         the runtime allocated it; a wrapped tensor's (ig_tensor_wrap) has
                         its element type's alignment only (no kernel relies on more) */
    int refcount;     /* < 0: immortal (constants owned by their site) */
} IgTensor;

/* One per graph node in the emitted program: where it is in the script (for run-time
 * errors) and whatever the op caches between calls (its oneDNN primitive, a constant). */
typedef struct IgSite {
    const char *file;  /* script path as the user gave it */
    int line;          /* script line */
    void *cache;       /* owned by the runtime; NULL until the first call */
} IgSite;

#define IG_SITE(file, line) { (file), (line), NULL }
/* Kernels also accept a NULL site (constant folding, tests): nothing is cached then and
 * errors carry no line. ig_constant and ig_string need a real site. */

/* ---- Lifetime ---------------------------------------------------------------- */
/* The runtime's state for running graphs is per thread: each thread has its own oneDNN
 * engine and stream, its own registry of site caches and its own free-block caches, so
 * threads never share it and take no lock. A compiled program runs its graph on one
 * thread; a library (ingot build --lib) may run its models on several at once, each
 * thread with its own sites (_Thread_local) and each model with its own variables. */
IG_API void ig_runtime_init(int argc, char **argv);
/* The program's end: the allocation report (INGOT_ALLOC_STATS), the flags, then
 * ig_runtime_thread_shutdown on the calling thread. */
IG_API void ig_runtime_shutdown(void);
/* Releases the calling thread's state: the caches of the sites it registered (their
 * primitives and constants), its oneDNN stream and engine, its cached free blocks. The
 * runtime starts over lazily if the thread runs kernels again. */
IG_API void ig_runtime_thread_shutdown(void);
/* Makes ig_runtime_thread_shutdown run by itself when the calling thread exits (a
 * pthread key's destructor), so that a library's worker threads leave nothing behind.
 * Cheap and idempotent: call it at the start of every library entry point. The runtime
 * also attaches a thread when it first keeps something for it (a free block, an engine,
 * a site cache); a program's main thread calls ig_runtime_shutdown instead (exit does
 * not run key destructors). */
IG_API void ig_runtime_thread_attach(void);
/* Releases one site's cache now (its primitive, or its constant: pointers returned by
 * ig_constant/ig_string for that site die with it). For sites that are not static,
 * e.g. eager mode's; a site without a cache is left alone. */
IG_API void ig_site_release(IgSite *site);

IG_API IgTensor *ig_tensor_new(IgDType dtype, int rank, const int64_t *shape); /* uninitialised */
/* A tensor over memory its caller owns, not copied (a library's input arrays): data holds
 * the elements, row-major, aligned for dtype, and must outlive the tensor. Releasing it
 * to refcount 0 frees only the tensor, never data, and no kernel writes over data
 * (ig_donate leaves it unmarked; ig_stack_push copies it). data may be NULL for an empty
 * shape. The shape is checked as ig_tensor_new's: the compiler proves dtype (not a
 * string), rank and signs; too many elements is a run-time error. */
IG_API IgTensor *ig_tensor_wrap(IgDType dtype, int rank, const int64_t *shape, void *data);
/* A copy with a reference of its own (refcount 1), of any tensor, strings included. */
IG_API IgTensor *ig_tensor_copy(const IgTensor *t);
IG_API void ig_retain(IgTensor *t);
IG_API void ig_release(IgTensor *t); /* NULL is allowed */
/* Marks t as an input its holder will not read again: the elementwise kernel it is
 * passed to may write its result over it when nobody else holds it (refcount 1) and
 * the result has its dtype and shape. The emitted code wraps a dying input in it
 * ("ig_add(&s12, ig_donate(t9_x), t11)"); the holder still releases it as before.
 * Returns t. */
IG_API IgTensor *ig_donate(IgTensor *t);

/* A function's memory plan, made by the compiler (compiler/emit_memplan.h): the tensors
 * of known size that the function makes and drops go in slots of one block, an arena,
 * taken once per call, at offsets computed at build time; values whose lives do not
 * overlap share a slot. Slot i's tensor block (header and data) starts offsets[i] bytes
 * into the slots, and its data holds up to capacity[i] bytes; bytes is the slots' size.
 * The plan says where a tensor goes, the runtime whether it may: a slot still held (a
 * tensor kept longer than planned) is never written over, and the arena lives until
 * the last tensor placed in it is released. */
typedef struct IgArenaPlan {
    int nslots;
    const size_t *offsets;
    const size_t *capacity;
    size_t bytes;
} IgArenaPlan;
typedef struct IgArena IgArena;
/* The arena of one call of a function planned by plan, and its end (the call's own
 * hold on it: tensors placed in it and still held keep it). */
IG_API IgArena *ig_arena_enter(const IgArenaPlan *plan);
IG_API void ig_arena_leave(IgArena *arena);
/* The next tensor this thread allocates goes in the arena's slot, if free and large
 * enough; ig_arena_unplace forgets the request (whether or not it was used) and returns
 * t. The emitted code writes the pair as IG_IN_SLOT around the kernel call making the
 * planned tensor: "IgTensor *t5 = IG_IN_SLOT(arena, 0, ig_matmul(&s5, t3, t4, ...));" */
IG_API void ig_arena_place(IgArena *arena, int slot);
IG_API IgTensor *ig_arena_unplace(IgTensor *t);
#define IG_IN_SLOT(arena, slot, call) (ig_arena_place((arena), (slot)), ig_arena_unplace(call))

IG_API size_t ig_dtype_size(IgDType dtype);
IG_API const char *ig_dtype_name(IgDType dtype); /* "float32", ... as TensorFlow names them */

/* ---- Sizes (ingot/size.h; runtime/src/size.c) ----------------------------------- */
/* ig_size_bytes_of for a dtype tensor. Not for strings (their bytes are text). */
IG_API bool ig_size_bytes(IgDType dtype, int rank, const int64_t *shape, int64_t *bytes);

/* A run-time error at a script line: prints "file:line: error: message" to stderr
 * and exits with status 1 ("ingot: error: message" without a site). While a trap is set
 * on the calling thread (below) it prints nothing and returns through the trap instead. */
IG_API _Noreturn void ig_fatal(const IgSite *site, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- Errors caught by a library call (ingot build --lib) ------------------------
 * A library must not print or exit on a run-time error: its call returns non-zero with
 * the message. So the call runs under a trap:
 *
 *     IgTrap trap;
 *     if (setjmp(trap.env) != 0) {
 *         ig_trap_release_tensors(&trap, kept, nkept);
 *         ig_trap_leave(&trap);
 *         ... copy trap.message for the caller; return 1;
 *     }
 *     ig_trap_enter(&trap);
 *     ... the call ...
 *     ig_trap_leave(&trap);
 *
 * While the trap is set, ig_fatal (and every run-time error of the runtime: out of
 * memory, a data file's error) writes into message the text the program would have
 * written to stderr, without the newline, and jumps back to env; the tensors the call
 * made or took a reference to are then freed by ig_trap_release_tensors. Runtime bugs
 * (internal errors) still abort. One trap at a time per thread (not nested); the trap
 * belongs to the thread that set it. Locals of the calling function changed after
 * setjmp must be volatile to be read after the jump (C's rule for setjmp). */
#define IG_TRAP_MESSAGE_MAX 1024
typedef struct IgTrap {
    jmp_buf env;                       /* where ig_fatal jumps back to */
    char message[IG_TRAP_MESSAGE_MAX]; /* "FILE:LINE: error: MESSAGE", as the program would
                                          have printed it; "" until an error */
    /* Private to the runtime: the tensors handed out or retained while the trap is set
     * and not freed since, a list through their blocks' headers (alloc.c). */
    struct IgBlockHeader *blocks;
} IgTrap;
/* Sets trap on the calling thread; after setjmp(trap->env) returned 0. */
IG_API void ig_trap_enter(IgTrap *trap);
/* Unsets it. On the normal path the tensors made under the trap and still alive (the
 * call's results, the variables' new values) are left alone. */
IG_API void ig_trap_leave(IgTrap *trap);
/* After the jump, before ig_trap_leave: the abandoned call's references are gone, so
 * every tensor made or retained under the trap is freed, whatever its refcount, except
 * a site's constant (immortal: its site owns it) and those in keep (the model's
 * variables' current values, one entry per variable: the references that survive). A
 * kept tensor the call made or retained gets a refcount of its number of entries in
 * keep; any other tensor is left as it was. */
IG_API void ig_trap_release_tensors(IgTrap *trap, IgTensor *const *keep, int nkeep);

/* ---- Creation ----------------------------------------------------------------- */
/* A constant: created on the first call from data (copied), cached in the site,
 * immortal. The same pointer comes back on every call. */
IG_API IgTensor *ig_constant(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                             const void *data);
/* ig_constant of a large constant written as runs: run r is lengths[r] (> 0) copies of
 * element r of values; the lengths add up to the element count. Not for strings. */
IG_API IgTensor *ig_constant_runs(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                                  int64_t nruns, const int64_t *lengths, const void *values);
IG_API IgTensor *ig_string(IgSite *site, const char *utf8);   /* scalar string, cached */
/* A tensor of the given shape with every element equal to value (zeros, ones, fill). */
IG_API IgTensor *ig_fill(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                         double value);
/* tf.range: start, limit, delta are scalars of dtype; error when delta is 0. */
IG_API IgTensor *ig_range(IgSite *site, IgDType dtype, const IgTensor *start,
                          const IgTensor *limit, const IgTensor *delta);
/* tf.cast: float->int truncates toward zero; x->bool is x != 0. */
IG_API IgTensor *ig_cast(IgSite *site, const IgTensor *x, IgDType to);

/* ---- Elementwise (NumPy broadcasting; both inputs have the same dtype) ------- */
IG_API IgTensor *ig_add(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_sub(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_mul(IgSite *site, const IgTensor *a, const IgTensor *b);
/* Float division (the compiler casts ints to float64 first, as TensorFlow's truediv). */
IG_API IgTensor *ig_div(IgSite *site, const IgTensor *a, const IgTensor *b);
/* Floor division and floor modulo (Python's signs); integer division by zero is a
 * run-time error naming the line. */
IG_API IgTensor *ig_floordiv(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_mod(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_pow(IgSite *site, const IgTensor *a, const IgTensor *b);
/* Comparisons give bool tensors. */
IG_API IgTensor *ig_less(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_less_equal(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_greater(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_greater_equal(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_equal(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_not_equal(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_neg(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_relu(IgSite *site, const IgTensor *x);
/* Bool in, bool out (logical_and/or broadcast like the ops above). */
IG_API IgTensor *ig_logical_and(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_logical_or(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_logical_not(IgSite *site, const IgTensor *x);

/* ---- Elementwise math (runtime/src/kernels/math.c) ------------------------------ */
/* One input, same dtype and shape out. float32/float64 always; abs, sign and square
 * also take int32/int64 (integer abs wraps: |INT_MIN| == INT_MIN, as TensorFlow's).
 * NaN propagates; log of a negative is NaN and log(0) is -inf, sqrt(-1) NaN (IEEE,
 * as TensorFlow's CPU kernels). round is half to even (TensorFlow's tf.round).
 * sign(0) is 0, sign(NaN) NaN. sigmoid is 1/(1+exp(-x)) computed without overflow. */
IG_API IgTensor *ig_abs(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_sign(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_square(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_floor(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_ceil(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_round(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_sqrt(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_rsqrt(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_exp(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_log(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_log1p(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_tanh(IgSite *site, const IgTensor *x);
IG_API IgTensor *ig_sigmoid(IgSite *site, const IgTensor *x);
/* Two inputs of one dtype (int32/int64/float32/float64), NumPy broadcasting. A NaN in
 * either input gives NaN (TensorFlow's maximum/minimum). */
IG_API IgTensor *ig_maximum(IgSite *site, const IgTensor *a, const IgTensor *b);
IG_API IgTensor *ig_minimum(IgSite *site, const IgTensor *a, const IgTensor *b);
/* tf.where(cond, x, y): cond is bool; x and y one dtype (any but string); the three
 * broadcast together (NumPy's rule over three shapes), else a run-time error. */
IG_API IgTensor *ig_select(IgSite *site, const IgTensor *cond, const IgTensor *x,
                           const IgTensor *y);
/* tf.where(cond): the coordinates of cond's true elements, int64 [count, rank], in
 * row-major order. */
IG_API IgTensor *ig_where_indices(IgSite *site, const IgTensor *cond);

/* ---- Indexing and shapes ------------------------------------------------------- */
/* tf.gather(x, indices, axis): out has shape x.shape[:axis] + indices.shape +
 * x.shape[axis+1:], out[a..., i..., b...] = x[a..., indices[i...], b...]. axis is in
 * [0, rank) (the compiler normalises it). indices are int32 or int64; one outside
 * [0, x.shape[axis]) is a run-time error naming the line, in TensorFlow's words
 * ("indices[1] = 7 is not in [0, 5)"). */
IG_API IgTensor *ig_gather(IgSite *site, const IgTensor *x, const IgTensor *indices, int axis);
/* The gradient of ig_gather with respect to its params (shape, an int vector): zeros
 * with dy's rows added back where indices took them, repeats summed (TensorFlow's
 * IndexedSlices made dense). */
IG_API IgTensor *ig_gather_grad(IgSite *site, const IgTensor *dy, const IgTensor *indices,
                                const IgTensor *shape, int axis);
/* ---- Shapes and layout (runtime/src/kernels/array.c, slice.c) --------------------
 * Any dtype but string; results are new tensors (copies). Axes and permutations come
 * normalised (in range, non-negative). Shape arguments given as tensors are int32 or
 * int64 vectors (TensorFlow's shape tensors); the compiler checks what it can at build
 * time, and these check the rest at run time: a mismatch is ig_fatal naming the line
 * and the values, in TensorFlow's words. */
/* tf.reshape: shape may hold one -1 (inferred). "Input to reshape is a tensor with 6
 * values, but the requested shape has 4" / "... requested shape [4,-1] ..." */
IG_API IgTensor *ig_reshape(IgSite *site, const IgTensor *x, const IgTensor *shape);
/* A size-1 dim inserted before dim axis, axis in [0, rank]. */
IG_API IgTensor *ig_expand_dims(IgSite *site, const IgTensor *x, int axis);
/* tf.squeeze: removes the listed dims (each must be 1, else "Can not squeeze dim[1],
 * expected a dimension of 1, got 3"), or every size-1 dim when naxes is 0. */
IG_API IgTensor *ig_squeeze(IgSite *site, const IgTensor *x, int naxes, const int *axes);
/* tf.transpose: out.shape[i] = x.shape[perm[i]]; perm has x->rank entries. */
IG_API IgTensor *ig_transpose(IgSite *site, const IgTensor *x, const int *perm);
/* tf.concat: n >= 1 tensors of one dtype and rank, equal in every dim but axis. */
IG_API IgTensor *ig_concat(IgSite *site, int n, const IgTensor *const *xs, int axis);
/* tf.tile: multiples has one non-negative entry per dim of x. */
IG_API IgTensor *ig_tile(IgSite *site, const IgTensor *x, const IgTensor *multiples);
/* tf.broadcast_to: x broadcast (NumPy's rule, one way) to shape. */
IG_API IgTensor *ig_broadcast_to(IgSite *site, const IgTensor *x, const IgTensor *shape);
/* The reverse of broadcasting, for gradients: x summed down to shape, over the dims x
 * has beyond shape's rank and those where shape has 1 and x not; every other dim of
 * x must equal shape's. */
IG_API IgTensor *ig_sum_to(IgSite *site, const IgTensor *x, const IgTensor *shape);
/* The forward pass of a while loop keeps what its gradient needs, one row per
 * iteration: stack (shape [n, ...]) with x appended as row n, shape [n+1, ...]. An
 * empty stack takes x's shape for its rows; later rows must have the same shape. A
 * stack whose one reference is the caller's grows in place into a buffer that
 * doubles, so a loop of n iterations copies O(n) rows, not O(n^2): the caller must
 * then not read stack again (the emitted loop's carried stack, which the push
 * replaces). A caller that does holds a second reference, and gets a copy. */
IG_API IgTensor *ig_stack_push(IgSite *site, const IgTensor *stack, const IgTensor *x);
/* tf.strided_slice with TensorFlow's exact semantics: begin, end and strides are
 * vectors of one length (the slice spec); the masks are bit sets over spec entries
 * (begin_mask/end_mask: ignore that begin/end, take the whole range; ellipsis_mask:
 * that entry is '...'; new_axis_mask: that entry is tf.newaxis; shrink_axis_mask:
 * that entry is an integer index, its dim is removed). Out-of-range begin/end clamp,
 * as Python's slices do; a shrinking index out of range is an error ("slice index 5
 * of dimension 0 out of bounds"); a zero stride is an error. */
IG_API IgTensor *ig_strided_slice(IgSite *site, const IgTensor *x, const IgTensor *begin,
                                  const IgTensor *end, const IgTensor *strides, int begin_mask,
                                  int end_mask, int ellipsis_mask, int new_axis_mask,
                                  int shrink_axis_mask);
/* The gradient of ig_strided_slice with respect to x (x's shape as an int vector):
 * zeros with dy written where the slice took its elements. */
IG_API IgTensor *ig_strided_slice_grad(IgSite *site, const IgTensor *shape, const IgTensor *begin,
                                       const IgTensor *end, const IgTensor *strides,
                                       const IgTensor *dy, int begin_mask, int end_mask,
                                       int ellipsis_mask, int new_axis_mask, int shrink_axis_mask);
/* The value checks of ig_gather and ig_sparse_softmax_xent, without stopping: NULL when
 * every value is in [0, limit), else TensorFlow's message for the first bad one (the
 * caller frees it). The kernels stop with it; eager mode runs them before the op, so
 * the error is an exception the script can catch, as TensorFlow's eager one is. */
IG_API char *ig_gather_check_indices(const IgTensor *indices, int64_t limit);
IG_API char *ig_sparse_xent_check_labels(const IgTensor *labels, int64_t classes);
/* tf.shape(x): an int32 vector of x's dims. */
IG_API IgTensor *ig_shape(IgSite *site, const IgTensor *x);
/* tf.identity and tf.stop_gradient: x itself (a new reference; tensors are immutable). */
IG_API IgTensor *ig_identity(IgSite *site, const IgTensor *x);
/* relu's gradient, TensorFlow's ReluGrad: dy where x > 0, else 0 (one shape, float). */
IG_API IgTensor *ig_relu_grad(IgSite *site, const IgTensor *dy, const IgTensor *x);

/* ---- Control flow ---------------------------------------------------------------- */
/* The value of a predicate (cond, while): a bool tensor with exactly one element, of
 * any rank (TensorFlow reshapes a single-element tensor); otherwise a run-time error
 * naming the site's line. The tensor stays the caller's. */
IG_API bool ig_truth(const IgTensor *t, IgSite *site);

/* ---- Linear algebra and reductions -------------------------------------------- */
/* tf.matmul: rank >= 2 on both sides, [..., m, k] x [..., k, n] -> [..., m, n] (each
 * operand transposed in its last two dims first when asked); the batch dims broadcast
 * (NumPy's rule). float32 on a oneDNN matmul primitive cached in the site (re-created
 * when the shapes change); float64 and integers on plain loops. */
IG_API IgTensor *ig_matmul(IgSite *site, const IgTensor *a, const IgTensor *b, bool transpose_a,
                           bool transpose_b);
/* The activation a fused product applies to its biased result, as the op of that name
 * computes it (compiler/passes/fuse_bias_act.c). */
typedef enum IgActivation { IG_ACT_NONE, IG_ACT_RELU, IG_ACT_SIGMOID, IG_ACT_TANH } IgActivation;
/* act(matmul(a, b) + bias), bias one value per column: the compiler's fusion of a
 * Dense layer (compiler/passes/fuse_bias_act.c). */
IG_API IgTensor *ig_matmul_bias(IgSite *site, const IgTensor *a, const IgTensor *b,
                                const IgTensor *bias, bool transpose_a, bool transpose_b,
                                IgActivation act);
/* axes: naxes entries in [0, rank) (already normalised); naxes == 0 with all_axes
 * reduces everything. keepdims keeps reduced dimensions as 1. */
IG_API IgTensor *ig_reduce_sum(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims);
/* The same contract for the other reductions (runtime/src/kernels/reduce.c). mean of
 * integers truncates (TensorFlow's); max/min of nothing are the dtype's lowest/highest
 * (-inf/+inf for floats); prod of nothing is 1; all/any take and give bool (of
 * nothing: true/false). A NaN makes max/min NaN. */
IG_API IgTensor *ig_reduce_mean(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                                bool all_axes, bool keepdims);
IG_API IgTensor *ig_reduce_max(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims);
IG_API IgTensor *ig_reduce_min(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims);
IG_API IgTensor *ig_reduce_prod(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                                bool all_axes, bool keepdims);
IG_API IgTensor *ig_reduce_all(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims);
IG_API IgTensor *ig_reduce_any(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                               bool all_axes, bool keepdims);
/* tf.argmax/argmin along axis (in [0, rank)): int64, that dim removed; the first index
 * on ties. A zero-size axis is an error ("Reduction axis 0 is empty in shape [0,3]"). */
IG_API IgTensor *ig_argmax(IgSite *site, const IgTensor *x, int axis);
IG_API IgTensor *ig_argmin(IgSite *site, const IgTensor *x, int axis);

/* ---- Neural-network ops (runtime/src/kernels/nn_*.c) ------------------------------
 * float32 on oneDNN primitives cached in the site (re-created when the shapes change);
 * float64 on plain loops computing the same thing. */
/* tf.nn.conv2d: x is NHWC [n, h, w, c], filter HWIO [kh, kw, c, o]; out [n, oh, ow, o].
 * same_padding: TensorFlow's SAME (out = ceil(in / stride), the padding split with the
 * extra on the bottom/right); else VALID (out = ceil((in - (k-1)*dilation) / stride)).
 * Mismatched channels are an error naming both shapes. */
IG_API IgTensor *ig_conv2d(IgSite *site, const IgTensor *x, const IgTensor *filter, int stride_h,
                           int stride_w, int dilation_h, int dilation_w, bool same_padding);
/* Put by the compiler before a fused loop over many elements: split across the
 * program's threads when it is built with OpenMP (ingot build is), else nothing; and
 * vectorised, as IG_SIMD_LOOP. */
#ifdef _OPENMP
#define IG_PARALLEL_LOOP _Pragma("omp parallel for simd schedule(static)")
#else
#define IG_PARALLEL_LOOP IG_SIMD_LOOP
#endif
/* Put by the compiler before the other fused loops (a row's, in a loop over rows): each
 * element of the result is computed from the same element of its operands (or of a
 * row), so the iterations are independent even when the result is an operand's own
 * buffer (a donated input). The C compiler cannot prove that and, at -O2, would not
 * vectorise the loop otherwise. */
#if defined(_OPENMP)
#define IG_SIMD_LOOP _Pragma("omp simd")
#elif defined(__clang__)
#define IG_SIMD_LOOP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define IG_SIMD_LOOP _Pragma("GCC ivdep")
#else
#define IG_SIMD_LOOP
#endif
/* The result of a fused elementwise loop the compiler writes into the program
 * (compiler/passes/fuse_elementwise.c): donated, when that input (ig_donate, may be
 * NULL) was given up by its only holder and has the dtype and shape; else a new tensor. */
IG_API IgTensor *ig_elementwise_result(IgSite *site, IgDType dtype, int rank,
                                       const int64_t *shape, IgTensor *donated);
/* act(conv2d(x, filter) + bias): the compiler's fusion of a convolution, its bias (one
 * value per output channel) and an activation (compiler/passes/fuse_bias_act.c). */
IG_API IgTensor *ig_conv2d_bias(IgSite *site, const IgTensor *x, const IgTensor *filter,
                                const IgTensor *bias, int stride_h, int stride_w, int dilation_h,
                                int dilation_w, bool same_padding, IgActivation act);
/* tf.nn.max_pool2d / avg_pool2d on NHWC; window [kh, kw]. With SAME padding the padded
 * cells never win a max and are not counted in an average (TensorFlow's). */
IG_API IgTensor *ig_max_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                               int stride_w, bool same_padding);
IG_API IgTensor *ig_avg_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                               int stride_w, bool same_padding);
/* The gradients of conv2d (TensorFlow's Conv2DBackpropInput and Conv2DBackpropFilter):
 * dy is the gradient of conv2d(x, filter, ...) with the same window arguments; the
 * result has x's shape (input_grad) or the filter's (filter_grad). float32 on oneDNN's
 * backward-data and backward-weights convolutions, float64 on loops. */
IG_API IgTensor *ig_conv2d_input_grad(IgSite *site, const IgTensor *x, const IgTensor *filter,
                                      const IgTensor *dy, int stride_h, int stride_w,
                                      int dilation_h, int dilation_w, bool same_padding);
IG_API IgTensor *ig_conv2d_filter_grad(IgSite *site, const IgTensor *x, const IgTensor *filter,
                                       const IgTensor *dy, int stride_h, int stride_w,
                                       int dilation_h, int dilation_w, bool same_padding);
/* The gradients of max_pool2d and avg_pool2d with respect to x (TensorFlow's MaxPoolGrad
 * and AvgPoolGrad): dy, of the pooled shape, goes back to x's shape; a max window sends
 * its gradient to the cell that won it, an average window spreads it evenly over the
 * cells it counted (padding excluded). Overlapping windows add up. float32 on oneDNN's
 * backward pooling (max: with the workspace of a forward_training pass it runs first),
 * float64 on loops. */
IG_API IgTensor *ig_max_pool2d_grad(IgSite *site, const IgTensor *x, const IgTensor *dy, int kh,
                                    int kw, int stride_h, int stride_w, bool same_padding);
IG_API IgTensor *ig_avg_pool2d_grad(IgSite *site, const IgTensor *x, const IgTensor *dy, int kh,
                                    int kw, int stride_h, int stride_w, bool same_padding);
/* The gradient of ig_max_pool2d_grad with respect to its dy (TensorFlow's
 * MaxPoolGradGrad): ddx, of x's shape, read at the cell that won each window, giving
 * the pooled shape. Loops, both dtypes. */
IG_API IgTensor *ig_max_pool2d_grad_grad(IgSite *site, const IgTensor *x, const IgTensor *ddx,
                                         int kh, int kw, int stride_h, int stride_w,
                                         bool same_padding);
/* tf.nn.softmax / log_softmax along axis (in [0, rank)). */
IG_API IgTensor *ig_softmax(IgSite *site, const IgTensor *x, int axis);
IG_API IgTensor *ig_log_softmax(IgSite *site, const IgTensor *x, int axis);
/* tf.nn.batch_normalization with per-channel statistics over x's last dim (size c):
 * (x - mean) / sqrt(variance + epsilon) * scale + offset; mean and variance are [c]
 * vectors, offset and scale [c] vectors or NULL (0 and 1). */
IG_API IgTensor *ig_batch_norm(IgSite *site, const IgTensor *x, const IgTensor *mean,
                               const IgTensor *variance, const IgTensor *offset,
                               const IgTensor *scale, double epsilon);
/* tf.nn.sparse_softmax_cross_entropy_with_logits: logits [..., c] (float), labels [...]
 * (int32/int64) -> loss [...] of logits' dtype: logsumexp(logits) - logits[label]. A
 * label outside [0, c) is an error ("Received a label value of 7 which is outside the
 * valid range of [0, 5)"). */
IG_API IgTensor *ig_sparse_softmax_xent(IgSite *site, const IgTensor *logits,
                                        const IgTensor *labels);
/* tf.nn.softmax_cross_entropy_with_logits over the last dim: per row of logits and
 * labels (one shape, one float dtype), logsumexp(row) - sum(labels * row), accumulated
 * in double. */
IG_API IgTensor *ig_softmax_xent(IgSite *site, const IgTensor *logits, const IgTensor *labels);
/* tf.nn.sigmoid_cross_entropy_with_logits, per element: max(x, 0) - x * z +
 * log1p(exp(-|x|)) (TensorFlow's stable form) for logits x and labels z of one shape. */
IG_API IgTensor *ig_sigmoid_xent(IgSite *site, const IgTensor *logits, const IgTensor *labels);

/* ---- Variables (tf.Variable) ---------------------------------------------------- */
/* A variable of the emitted program: a static IgVar per module-level variable. It
 * owns one reference to an immutable tensor, its current value, whose dtype and
 * shape never change; an assign swaps the pointer (release the old, retain the
 * new) and assign_add/sub compute a new tensor, so a value read earlier is never
 * changed under its reader. */
typedef struct IgVar {
    const char *name;  /* the variable's name in the script, for run-time errors */
    IgTensor *value;   /* owned; NULL before ig_var_init and after ig_var_release */
} IgVar;

#define IG_VAR(name) { (name), NULL }

/* Sets the initial value (main's init(): before the program runs); takes its own
 * reference to value. A variable never holds an immortal tensor (a site's constant,
 * which dies with its site): given one, ig_var_init, ig_var_initialize and ig_var_assign
 * store a copy. */
IG_API void ig_var_init(IgVar *var, IgTensor *value);
/* A computed variable's first value (tf.Variable(tf.random.normal(...))), set where
   the program makes the variable: ig_var_init, once. */
IG_API void ig_var_initialize(IgSite *site, IgVar *var, IgTensor *value);
/* The current value: a new reference (the caller releases it). */
IG_API IgTensor *ig_var_read(IgSite *site, IgVar *var);
/* var = value / var + delta / var - delta. value must have the variable's dtype and
 * shape, else a run-time error naming the site's line; value stays the caller's. */
IG_API void ig_var_assign(IgSite *site, IgVar *var, IgTensor *value);
IG_API void ig_var_assign_add(IgSite *site, IgVar *var, const IgTensor *delta);
IG_API void ig_var_assign_sub(IgSite *site, IgVar *var, const IgTensor *delta);
/* Drops the variable's value (main(), after the program, before ig_runtime_shutdown). */
IG_API void ig_var_release(IgVar *var);

/* ---- Random numbers (tf.random.Generator; runtime/src/random/) ------------------- */
/* A generator is an IgVar holding its state, an int64[3] tensor: a 128-bit Philox
 * counter (state[0] low, state[1] high) and a 64-bit key (state[2]). Each draw reads
 * Philox-4x32-10 blocks from the counter on, then stores the state with the counter
 * advanced past the blocks it used: successive draws differ, and a program's draws are
 * the same on every run. dtype and shape give the result; a negative dim is an error. */
#define IG_RANDOM_STATE_SIZE 3
/* The initial state of tf.random.Generator.from_seed(seed): counter 0, key
 * SplitMix64(seed) (not TensorFlow's bits: its numbers differ from Ingot's). */
IG_API void ig_random_state_from_seed(int64_t seed, int64_t state[IG_RANDOM_STATE_SIZE]);
/* Floats in [minval, maxval): float32 or float64. */
IG_API IgTensor *ig_random_uniform(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                   const int64_t *shape, double minval, double maxval);
/* Integers in [minval, maxval): int32 or int64; minval >= maxval is an error. */
IG_API IgTensor *ig_random_uniform_int(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                       const int64_t *shape, int64_t minval, int64_t maxval);
/* Normal(mean, stddev) by Box-Muller: float32 or float64. */
IG_API IgTensor *ig_random_normal(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                  const int64_t *shape, double mean, double stddev);
/* As ig_random_normal, with every draw more than 2 stddev from the mean drawn again. */
IG_API IgTensor *ig_random_truncated_normal(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                            const int64_t *shape, double mean, double stddev);

/* tf.data's shuffle(buffer_size) over the indices 0..n-1, once for each of `epochs`
 * passes (n, epochs: int64 scalars): a buffer is filled with the first buffer_size
 * indices; each step emits a uniformly drawn one and refills its place with the next
 * index. buffer_size >= n gives a uniform permutation. int64[n * epochs]. */
IG_API IgTensor *ig_random_permutation(IgSite *site, IgVar *state, const IgTensor *n,
                                       const IgTensor *epochs, int64_t buffer_size);

/* ---- Output ------------------------------------------------------------------- */
/* tf.print: each argument formatted as TensorFlow does, separated by sep, then end.
 * summarize: entries shown at each end of a dimension (TensorFlow's default 3). */
IG_API void ig_print(IgSite *site, FILE *stream, int nargs, const IgTensor *const *args,
                     const char *sep, const char *end, int summarize);
/* The text tf.print writes for one tensor; the caller frees it with free(). */
IG_API char *ig_format_tensor(const IgTensor *t, int summarize);
/* One element as tf.print writes it (float32: shortest of %.6g / %.9g that reads back).
 * For IG_STRING, element is the text itself (a tensor's data), written raw. Returns
 * what snprintf returns. */
IG_API int ig_format_element(char *buf, size_t bufsize, IgDType dtype, const void *element);

/* ---- Files: data loaders, .npy, checkpoints (runtime/src/io/) --------------------- */
/* Paths are scalar string tensors. A file the program cannot use stops it with
 * "PATH:LINE: error: ..." (text files) or "PATH: error: ... at byte N" (binary ones),
 * then "(in OP at SCRIPT:LINE)", and exit status 1. Files ending in .gz (or starting
 * with gzip's magic) are read through zlib. */

/* What the program was built to expect of a file's array: its dtype (the file's values
 * are converted to it, as NumPy's astype does), its rank, and its dims (-1: any). */
typedef struct IgLoadSpec {
    IgDType dtype;
    int rank;
    const int64_t *dims;   /* rank entries; NULL accepts any dims */
    int skip_header;       /* load_csv: lines skipped before the first row */
    const char *delimiter; /* load_csv: the one-character field separator */
    const char *name;      /* ig_restore_tensor: the tensor's name in the checkpoint */
} IgLoadSpec;

/* A CSV file of numbers as a [rows, columns] tensor; blank lines are skipped. */
IG_API IgTensor *ig_load_csv(IgSite *site, const IgTensor *path, const IgLoadSpec *spec);
/* NumPy's .npy (little-endian bool, int, uint, float of 1-8 bytes; C order). */
IG_API IgTensor *ig_load_npy(IgSite *site, const IgTensor *path, const IgLoadSpec *spec);
/* An IDX file (MNIST's format): any of its element types. */
IG_API IgTensor *ig_load_idx(IgSite *site, const IgTensor *path, const IgLoadSpec *spec);
/* x as a .npy file, written atomically. */
IG_API void ig_save_npy(IgSite *site, const IgTensor *path, const IgTensor *x);
/* A safetensors checkpoint of n named tensors, written atomically: a reader sees the
 * previous file or the new one, never a part of it. */
IG_API void ig_save_tensors(IgSite *site, const IgTensor *path, int n,
                            const char *const *names, const IgTensor *const *xs);
/* The tensor spec->name of the checkpoint at path, checked against spec's dtype and
 * shape; an empty path (no checkpoint yet) gives current back. */
IG_API IgTensor *ig_restore_tensor(IgSite *site, const IgTensor *path, const IgTensor *current,
                                   const IgLoadSpec *spec);
/* a + b on string scalars: their concatenation (TensorFlow's Add on strings). */
IG_API IgTensor *ig_string_concat(IgSite *site, const IgTensor *a, const IgTensor *b);
/* "DIRECTORY/NAME" ("NAME" when directory is "", DIRECTORY alone when name is ""). */
IG_API IgTensor *ig_path_join(IgSite *site, const IgTensor *directory, const IgTensor *name);
/* "PREFIX-NUMBER" (Checkpoint.save's numbered paths); number is an int64 scalar. */
IG_API IgTensor *ig_checkpoint_path(IgSite *site, const IgTensor *prefix, const IgTensor *number);
/* CheckpointManager.save's bookkeeping after writing saved: DIRECTORY/checkpoint lists
 * it as the newest, and the oldest beyond max_to_keep (int64 scalar; <= 0: all kept)
 * are deleted. Returns saved. */
IG_API IgTensor *ig_checkpoint_manage(IgSite *site, const IgTensor *directory,
                                      const IgTensor *saved, const IgTensor *max_to_keep);
/* The newest checkpoint DIRECTORY/checkpoint lists, or "" when there is none. */
IG_API IgTensor *ig_checkpoint_latest(IgSite *site, const IgTensor *directory);

/* ---- Keras's progress bar (model.fit; runtime/src/progress.c) --------------------- */
/* After step (1-based) of steps: verbose 1 redraws the bar in place on a terminal;
 * final (once, at the epoch's end) writes the line that stays, for verbose 1 and 2.
 * The n values (scalars) show as " - name: value". A step not after the previous one
 * starts a new epoch's timing. */
IG_API void ig_progress(IgSite *site, const IgTensor *step, const IgTensor *steps, int n,
                        const char *const *names, const IgTensor *const *values, int verbose,
                        bool final);

/* ---- Replicas (tf.distribute; runtime/src/replicas.c) --------------------------- */
/* A program built from a script that uses tf.distribute is one replica of several, one
 * process each, started by mpirun or srun; its main() starts MPI (libingot_mpi,
 * ingot/mpi.h), which connects the replicas here. Any other program, and eager mode,
 * is the only replica: rank 0 of 1, and an all-reduce gives its input back. */
IG_API int ig_replica_rank(void);
IG_API int ig_replica_count(void);
/* The sum over the replicas of x (numeric, of the same shape on every replica; a
 * different number of elements on one is a run-time error, not a hang). */
IG_API IgTensor *ig_all_reduce(IgSite *site, const IgTensor *x);
/* This replica's rank, an int32 scalar. */
IG_API IgTensor *ig_replica_id(IgSite *site);

/* ---- Flags (ingot.flag) ---------------------------------------------------------- */
/* One command-line flag of the program. The default is written as the command line
 * would write it ("5", "0.1", "true", "hello") and parsed by the same code, so the
 * default and --help agree with what a user may type. */
typedef struct IgFlagSpec {
    const char *name;         /* "epochs": the program accepts --epochs=V and --epochs V */
    IgDType dtype;            /* a scalar of this dtype */
    const char *default_text;
    const char *help;         /* one line for --help; may be "" */
} IgFlagSpec;

typedef enum { IG_FLAGS_OK, IG_FLAGS_HELP, IG_FLAGS_ERROR } IgFlagsStatus;

/* Parses argv[1..argc) against table[0..n): --name=value, --name value, and for bools
 * also a bare --name (true) and --name=true/false/1/0. --help (or -h) writes the usage
 * to out; an unknown flag, a missing or unparsable value (out-of-range ints included),
 * or a stray argument writes "<program>: error: ..." (naming the flag) to err. On
 * IG_FLAGS_OK every flag has its value; on the others none is set. Does not exit:
 * tests call it directly. A later call replaces the values of an earlier one. */
IG_API IgFlagsStatus ig_flags_try_parse(int argc, char **argv, const IgFlagSpec *table, int n,
                                        FILE *out, FILE *err);
/* What main() calls before anything runs: ig_flags_try_parse on stdout/stderr, then
 * exit(0) after --help and exit(2) after an error. */
IG_API void ig_flags_parse(int argc, char **argv, const IgFlagSpec *table, int n);
/* The value of flag index (the table's order) as a scalar tensor. It is immortal
 * (releasing it does nothing) and lives until ig_runtime_shutdown. */
IG_API IgTensor *ig_flag_value(IgSite *site, int index);

#include "scalar.h" /* one element's arithmetic, shared by kernels and emitted C */

#ifdef __cplusplus
}
#endif
#endif
