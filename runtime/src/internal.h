/* internal.h — what the runtime's files share and nothing outside may call:
 * tensor allocation, the site cache registry, the oneDNN engine, shape helpers.
 * Entry points: ig_tensor_alloc, ig_site_cache_set, ig_dnnl_engine.
 * Memory owner: tensors own their single allocation; each thread's registry owns the
 * site caches it registered. */
#ifndef INGOT_RT_INTERNAL_H
#define INGOT_RT_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>

#include <oneapi/dnnl/dnnl.h>

#include "ingot/rt.h"

/* ---- Internal errors (runtime bugs, never user errors) --------------------------- */
IG_INTERNAL _Noreturn void ig_internal_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define IG_RT_ASSERT(cond)                                                          \
    ((cond) ? (void)0 : ig_internal_error(__FILE__, __LINE__, "assertion '%s' failed", #cond))
/* Called by ig_fatal after its message is out, just before the process ends (_Exit, so
 * atexit handlers never run): the runtime's unit tests check the message here. Not
 * called when a trap catches the error. */
IG_INTERNAL extern void (*ig_fatal_exit_hook)(void);
/* ig_fatal(site, "%s", message) for a message the caller malloc'd (a check's result):
 * freed first, so that an error a trap catches leaks nothing. */
IG_INTERNAL _Noreturn void ig_fatal_free(const IgSite *site, char *message);

/* ---- Traps (error.c; rt.h's IgTrap) ------------------------------------------------- */
/* The trap set on the calling thread (ig_trap_enter), or NULL. */
IG_INTERNAL extern _Thread_local IgTrap *ig_trap_top;
/* Formats into trap's message from byte at on (truncating at its end); returns the new
 * length. Every run-time error writes its text with these when a trap is set... */
IG_INTERNAL size_t ig_trap_vappend(IgTrap *trap, size_t at, const char *fmt, va_list ap);
IG_INTERNAL size_t ig_trap_append(IgTrap *trap, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* ...then jumps back to the trap's setjmp. */
IG_INTERNAL _Noreturn void ig_trap_throw(IgTrap *trap);
#define IG_DNNL_CHECK(call)                                                         \
    do {                                                                            \
        dnnl_status_t ig_st_ = (call);                                              \
        if (ig_st_ != dnnl_success)                                                 \
            ig_internal_error(__FILE__, __LINE__, "oneDNN call '%s' failed (status %d)", \
                              #call, (int)ig_st_);                                  \
    } while (0)

/* ---- Tensors ----------------------------------------------------------------------- */
/* A new tensor of shape (refcount 1, contents undefined) made by op (its name, for the
 * message; NULL for none) at site: when its size overflows, exceeds IG_MAX_TENSOR_BYTES
 * or cannot be had, a fatal error at the site's line ("out of memory allocating N bytes
 * for op ..."). Kernels make their results with it; ig_tensor_new is it without site. */
IG_INTERNAL IgTensor *ig_tensor_make(const IgSite *site, const char *op, IgDType dtype, int rank,
                                     const int64_t *shape);
/* One allocation holding the header and an IG_ALIGNMENT-aligned buffer of nbytes
 * (rounded up to a whole number of IG_ALIGNMENT blocks, at least one). refcount = 1.
 * The shape's element count must fit in an int64 (ig_tensor_make checks it); out of
 * memory is fatal at site, as in ig_tensor_make. */
IG_INTERNAL IgTensor *ig_tensor_alloc(const IgSite *site, const char *op, IgDType dtype, int rank,
                                      const int64_t *shape, size_t nbytes);
/* The fatal error of an allocation of nbytes (approximate when too large to count)
 * that failed: "out of memory allocating N bytes for op (a float32 tensor of shape
 * [..])" at site's line. */
IG_INTERNAL _Noreturn void ig_out_of_memory(const IgSite *site, const char *op, IgDType dtype,
                                            int rank, const int64_t *shape, double nbytes);
/* "op: not supported yet: the empty shape ..." for a shape with a zero dim whose other
 * dims multiply past an int64 (ig_size_empty_too_large): Ingot's limit, not memory. */
IG_INTERNAL _Noreturn void ig_fatal_empty_too_large(const IgSite *site, const char *op, int rank,
                                                    const int64_t *shape);
/* An input donated to this kernel (ig_donate) that it may write its result over: a or
 * b (either may be NULL), whichever was donated, is held by nobody else and has the
 * result's dtype and shape, with a reference of its own for the result; else NULL, and
 * the kernel makes its result as usual. Consumes both inputs' marks. The kernel must
 * then compute each element from the same element of the reused input (elementwise). */
IG_INTERNAL IgTensor *ig_tensor_take_donated(const IgTensor *a, const IgTensor *b, IgDType dtype,
                                             int rank, const int64_t *shape);
/* An elementwise kernel's result: over a or b when one was donated
 * (ig_tensor_take_donated), else a new tensor as ig_tensor_make makes it. */
static inline IgTensor *ig_tensor_make_or_take(const IgSite *site, const char *op,
                                               const IgTensor *a, const IgTensor *b,
                                               IgDType dtype, int rank, const int64_t *shape)
{
    IgTensor *out = ig_tensor_take_donated(a, b, dtype, rank, shape);
    return out ? out : ig_tensor_make(site, op, dtype, rank, shape);
}
IG_INTERNAL void ig_tensor_free(IgTensor *t); /* ignores the refcount: for immortals */
/* While a trap is set (ig_trap_top), the blocks ig_tensor_alloc hands out are on its
 * list until freed; ig_retain puts a tensor made before the trap on it too (the call
 * now holds a reference to it). ig_tensor_trap_hold is that, for ig_retain. */
IG_INTERNAL void ig_tensor_trap_hold(IgTensor *t);
/* Takes every block off trap's list, leaving the tensors alone (ig_trap_leave). */
IG_INTERNAL void ig_tensor_trap_forget(IgTrap *trap);
/* Takes every block off trap's list, freeing all but immortals and those in keep, whose
 * refcount becomes their number of entries in keep (ig_trap_release_tensors). */
IG_INTERNAL void ig_tensor_trap_release(IgTrap *trap, IgTensor *const *keep, int nkeep);
/* A tensor whose data is the caller's (ig_tensor_wrap, which checked the shape): a
 * block for the header alone, marked so that nothing writes over data or frees it.
 * data NULL (an empty shape) points it at a buffer of its own. */
IG_INTERNAL IgTensor *ig_tensor_alloc_wrapped(IgDType dtype, int rank, const int64_t *shape,
                                              void *data);
/* The bytes t's data buffer can hold: at least its elements' (the block is rounded
 * up), so a tensor may grow in place (ig_stack_push); 0 for a wrapped tensor, whose
 * buffer is not the runtime's to write. t must come from ig_tensor_alloc(_wrapped). */
IG_INTERNAL size_t ig_tensor_capacity(const IgTensor *t);
/* Whether t is over its caller's memory (ig_tensor_wrap). */
IG_INTERNAL bool ig_tensor_is_wrapped(const IgTensor *t);
/* Whether t is in a slot of a function's arena (alloc.c): memory planned for the call's
 * own use, which a tensor kept past it (a variable's value, a library's result) would
 * pin; those take a copy. */
IG_INTERNAL bool ig_tensor_in_arena(const IgTensor *t);
/* Frees the blocks alloc.c keeps for reuse on the calling thread
 * (ig_runtime_thread_shutdown): small tensors' blocks go to a per-size cache when freed
 * rather than back to malloc. */
IG_INTERNAL void ig_tensor_cache_release_all(void);
/* One line on out: how many tensor blocks came from the system, how many from the
 * caches, how many results reused a donated input (INGOT_ALLOC_STATS, at shutdown). A
 * loop of known shapes in its steady state asks nothing of the system. */
IG_INTERNAL void ig_tensor_stats_report(FILE *out);
IG_INTERNAL bool ig_dtype_is_float(IgDType dtype);
IG_INTERNAL bool ig_dtype_is_int(IgDType dtype);
/* "[2,3]" into buf (always NUL-terminated); returns buf. Each dim needs at most 21
 * chars (sign, 19 digits, comma), plus the brackets and the NUL. */
#define IG_SHAPE_STR_MAX (IG_MAX_RANK * 22 + 3)
IG_INTERNAL char *ig_shape_str(char *buf, int rank, const int64_t *shape);
IG_INTERNAL bool ig_shape_equal(int ra, const int64_t *a, int rb, const int64_t *b);

/* ---- Parallel loops ------------------------------------------------------------------ */
/* IG_PARALLEL_FOR(n, for (...) {...}): a `for` over independent iterations touching n
 * elements, run on OpenMP's threads when n is large enough to repay a fork/join
 * (IG_PARALLEL_MIN_ELEMENTS, ingot/size.h), else as a plain loop. Not `omp parallel
 * for if (...)`: a false `if` still starts a team of one, which costs a malloc and, at
 * its closing barrier, a futex system call (libgomp): 8 per step, a tenth of the digits
 * MLP's training time. Kernels that oneDNN does not cover use it; the loop body must
 * not allocate or fail. */
#define IG_PRAGMA(text) _Pragma(#text)
#define IG_PARALLEL_FOR(n, ...)                                                \
    do {                                                                       \
        if ((n) >= IG_PARALLEL_MIN_ELEMENTS) {                                 \
            IG_PRAGMA(omp parallel for schedule(static))                       \
            __VA_ARGS__                                                        \
        } else {                                                               \
            __VA_ARGS__                                                        \
        }                                                                      \
    } while (0)

/* Before a hot elementwise loop's function: compiled again for AVX-512 and AVX2, the
 * copy the CPU supports chosen when the program starts (GCC's target_clones, an ifunc),
 * where the runtime is otherwise built for any x86-64 (SSE2: 4 floats a vector). Only
 * for loops whose every element is computed alone, with no product to contract into a
 * fused multiply-add: the result is then the same bits on every CPU. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define IG_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define IG_VECTOR_CLONES
#endif

/* ---- Threads (threads.c) ------------------------------------------------------------ */
/* Their thresholds, IG_THREADS_MIN_BYTES and IG_THREADS_MIN_FLOPS, are in ingot/size.h. */
/* At the program's start: OMP_WAIT_POLICY=passive unless the user set a policy, by
 * executing the program again with it set (libgomp reads it once, before main). */
IG_INTERNAL void ig_threads_wait_passively(char **argv);
/* Sets the program's thread budget from text ("4"); false if it is not a count. */
IG_INTERNAL bool ig_threads_configure(const char *count);
/* Whether --threads or INGOT_NUM_THREADS chose the budget (not OpenMP's default). */
IG_INTERNAL bool ig_threads_chosen(void);
/* The budget: --threads, INGOT_NUM_THREADS, or OpenMP's default (the cores). */
IG_INTERNAL int ig_threads_max(void);
/* 1 for a kernel below both thresholds above, else the budget. */
IG_INTERNAL int ig_threads_for_work(size_t bytes, double flops);
/* Runs what follows on n threads; returns the count to hand to ig_threads_leave. */
IG_INTERNAL int ig_threads_enter(int n);
IG_INTERNAL void ig_threads_leave(int before);

/* ---- Replicas (replicas.c) ---------------------------------------------------------- */
/* How the replicas of a distributed program talk: MPI's collectives, installed by
 * libingot_mpi (src/mpi/) when the program starts. Each call is collective (every
 * replica makes it, in the same order) and ends the program on failure, naming the
 * site's line and the replica. */
typedef struct IgReplicaTransport {
    /* data (count elements of dtype) becomes their sum over the replicas, in place. */
    void (*all_reduce_sum)(const IgSite *site, void *data, int64_t count, IgDType dtype);
    /* data (bytes) becomes rank 0's, in place. */
    void (*broadcast)(const IgSite *site, void *data, int64_t bytes);
    void (*barrier)(const IgSite *site);
    /* After this replica's fatal error, reported: stops the others, does not return. */
    void (*abort)(void);
} IgReplicaTransport;

/* Connects this replica (rank of count) to the others through transport. */
IG_INTERNAL void ig_replicas_install(const IgReplicaTransport *transport, int rank, int count);
/* value, a variable's first value, becomes rank 0's on every replica (the mirrored
 * variables of tf.distribute start equal); nothing when the program is alone. */
IG_INTERNAL void ig_replicas_broadcast(const IgSite *site, IgTensor *value);
/* Waits for every replica (after rank 0 wrote a file the others may read). */
IG_INTERNAL void ig_replicas_barrier(const IgSite *site);
/* True on the replica that writes files and draws the progress bar: rank 0. */
IG_INTERNAL bool ig_replica_is_chief(void);
/* After a fatal error has been reported: the other replicas are stopped (no return)
 * when there are any; nothing otherwise. */
IG_INTERNAL void ig_replicas_abort_others(void);

/* ---- Site caches and their registry (prim_cache.c) --------------------------------- */
/* Every site cache starts with this header; destroy frees the whole cache. */
typedef struct IgCache {
    void (*destroy)(struct IgCache *cache);
} IgCache;
/* Installs cache in site (destroying a previous one) and remembers the site in the
 * calling thread's registry so ig_runtime_thread_shutdown can release it. A NULL site is
 * not allowed here. */
IG_INTERNAL void ig_site_cache_set(IgSite *site, IgCache *cache);
/* Destroys the caches of every site in the calling thread's registry, and empties it. */
IG_INTERNAL void ig_site_registry_release_all(void);
/* Creates a primitive from an op descriptor on the thread's engine, counting it, on as
 * many threads as its size repays (ig_threads_for_bytes), which it keeps for its runs. */
IG_INTERNAL dnnl_primitive_t ig_prim_create(const_dnnl_op_desc_t desc);
/* A primitive from a pd the caller made (a reorder, a concat, a pooling backward), which
 * streams the memories mds[0..n): the threads it repays. oneDNN plans a primitive for
 * the threads there are when its pd is made, so the caller makes the pd between
 * ig_threads_enter(threads) and ig_threads_leave, and then the primitive with
 * ig_prim_from_pd(pd, threads), which keeps the count for its runs. */
IG_INTERNAL int ig_threads_for_mds(int n, const dnnl_memory_desc_t *mds);
IG_INTERNAL dnnl_primitive_t ig_prim_from_pd(const_dnnl_primitive_desc_t pd, int threads);
/* Destroys a primitive made by the two above (NULL is ignored). */
IG_INTERNAL void ig_prim_destroy(dnnl_primitive_t prim);
/* A backward primitive: oneDNN wants the forward pass it undoes (a forward_training
 * descriptor of the same shapes) as a hint. */
IG_INTERNAL dnnl_primitive_t ig_prim_create_backward(const_dnnl_op_desc_t desc,
                                                     const_dnnl_op_desc_t forward);
/* How many oneDNN primitives ig_prim_create(_backward) ever made on the calling thread
 * (not the reorders and others made from a pd, which depend on the CPU's layouts): lets
 * tests prove the cache works. */
IG_INTERNAL long ig_prim_created_count(void);

/* ---- oneDNN primitive caches (prim_cache.c) ---------------------------------------- */
/* Every oneDNN kernel keeps the same things in its site: a primitive and the memory
 * objects its arguments pass through (made without buffers; the tensors' are set per
 * call). This is that shared part, so that a kernel writes only its key and how its
 * primitive is made. A kernel's cache is a struct starting with an IgDnnlCache, then
 * its key; a call finds it (ig_dnnl_cache_find, then the key compared), else makes and
 * keeps a new one (ig_dnnl_cache_new, ig_dnnl_cache_keep), then runs on it
 * (ig_dnnl_cache_run). kind names the kernel: no kernel takes another's cache. */
typedef struct IgDnnlCache {
    IgCache base;
    const char *kind;       /* the kernel's name, unique among kernels */
    dnnl_primitive_t prim;  /* the kernel's primitive, set by the kernel */
    dnnl_primitive_t prep;  /* NULL, or one the kernel runs first to prepare an input
                               (nn_conv.c's filter reorder) */
    int nmems, capmems;
    dnnl_memory_t *mems;    /* the memory objects made by the two functions below, in order */
} IgDnnlCache;
/* A zeroed struct of size bytes that starts with an IgDnnlCache of this kind (a string
 * literal) and destroys itself with ig_dnnl_cache_destroy. Fatal when out of memory. */
IG_INTERNAL void *ig_dnnl_cache_new(size_t size, const char *kind);
/* A memory object of md without a buffer (set one per call), owned by c. */
IG_INTERNAL dnnl_memory_t ig_dnnl_cache_memory(IgDnnlCache *c, const dnnl_memory_desc_t *md);
/* A memory object of md with a buffer of its own (for an intermediate), owned by c. */
IG_INTERNAL dnnl_memory_t ig_dnnl_cache_buffer(IgDnnlCache *c, const dnnl_memory_desc_t *md);
/* Destroys the memory objects, the primitives and the struct (any size, any kernel). */
IG_INTERNAL void ig_dnnl_cache_destroy(IgCache *cache);
/* The site's cache when it is an IgDnnlCache of this kind, else NULL (so with no site):
 * the caller then checks its key. */
IG_INTERNAL IgDnnlCache *ig_dnnl_cache_find(const IgSite *site, const char *kind);
/* Installs a new cache in the site (destroying the old one) for the next calls; with
 * no site the caller holds it until ig_dnnl_cache_run, which then destroys it. */
IG_INTERNAL void ig_dnnl_cache_keep(IgSite *site, IgDnnlCache *c);
/* One argument of a call: the primitive's slot (DNNL_ARG_*), the cache's memory object
 * and the buffer it is to see in this call, or NULL for one made by ig_dnnl_cache_buffer
 * (setting a handle on such an object would free its own buffer). */
typedef struct IgDnnlArg {
    int arg;
    dnnl_memory_t mem;
    void *data;
} IgDnnlArg;
/* A whole call on c: points each memory object at its buffer and executes c->prim;
 * with no site there is nowhere to keep c, so it is destroyed afterwards. */
IG_INTERNAL void ig_dnnl_cache_run(IgSite *site, IgDnnlCache *c, int nargs,
                                   const IgDnnlArg *args);
/* Executes prim with args on the calling thread's stream and waits for it, on the
 * OpenMP threads chosen when it was made. prim was made on this thread's engine. */
IG_INTERNAL void ig_dnnl_execute(dnnl_primitive_t prim, int nargs, const dnnl_exec_arg_t *args);

/* ---- Per-thread oneDNN state and attaching threads (lifetime.c) --------------------- */
/* The calling thread's engine and stream, made on first use. */
IG_INTERNAL dnnl_engine_t ig_dnnl_engine(void);
IG_INTERNAL dnnl_stream_t ig_dnnl_stream(void);
/* Whether the calling thread is attached (ig_runtime_thread_attach): its state is then
 * released when it ends. What first gives a thread state to free (a parked block, a
 * registered site, an engine) attaches it, so no thread's exit leaves any behind. */
IG_INTERNAL extern _Thread_local bool ig_thread_attached;
static inline void ig_thread_ensure_attached(void)
{
    if (!ig_thread_attached) ig_runtime_thread_attach();
}
/* A plain row-major f32 memory descriptor; rank 0 is described as [1]. */
IG_INTERNAL void ig_dnnl_md_f32(dnnl_memory_desc_t *md, int rank, const int64_t *shape);

/* ---- Fused kernels (kernels/fused.c) ------------------------------------------------ */
/* act on y, as the op of its name computes it (relu: +0 for negatives, NaN kept), over
 * y's own buffer when it can. Takes y's reference; returns the result's. */
IG_INTERNAL IgTensor *ig_activation_apply(IgSite *site, IgTensor *y, IgActivation act);
/* add(y, bias), then act: a fused kernel's fallback for what oneDNN cannot fuse (other
 * dtypes, a bias that broadcasts otherwise). Takes y's reference. */
IG_INTERNAL IgTensor *ig_bias_act_unfused(IgSite *site, IgTensor *y, const IgTensor *bias,
                                          IgActivation act);

/* ---- Flags (flags.c) ---------------------------------------------------------------- */
/* Frees the parsed flag values (ig_runtime_shutdown); ig_flag_value fails after it. */
IG_INTERNAL void ig_flags_release_all(void);

/* ---- Broadcasting (kernels/broadcast.c) ------------------------------------------- */
/* NumPy's rule: align right; each pair of dims equal or one of them 1. Fatal (naming
 * op and both shapes) otherwise. Writes the result rank and shape. */
IG_INTERNAL void ig_broadcast_shape(const IgSite *site, const char *op, const IgTensor *a,
                                    const IgTensor *b, int *rank, int64_t *shape);
/* Element strides of t (row-major, contiguous) seen from a broadcast output of rank
 * r >= t->rank, outermost first: 0 where t lacks the dim or has it as 1. */
IG_INTERNAL void ig_broadcast_strides(const IgTensor *t, int r, int64_t *strides);
/* One row of an elementwise op: out[i] = f(a[i*sa], b[i*sb]) with sa, sb in {0, 1}. */
typedef void (*IgRowFn)(const void *a, const void *b, void *out, int64_t n, int64_t sa,
                        int64_t sb, const IgSite *site);
/* Runs row over every element of out (whose shape is the broadcast of a and b). */
IG_INTERNAL void ig_broadcast_run(const IgSite *site, const IgTensor *a, const IgTensor *b,
                                  IgTensor *out, IgRowFn row);

/* ---- oneDNN elementwise (kernels/dnnl_eltwise.c) ---------------------------------- */
/* From IG_DNNL_MIN_ELEMENTS output elements on (ingot/size.h). */
/* f32 add/sub/mul/div on a primitive cached in the site, when oneDNN can do it
 * (b broadcasts into a's shape, or a into b's for add/mul). Returns NULL if not. */
IG_INTERNAL IgTensor *ig_dnnl_binary(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *a,
                                     const IgTensor *b);

/* ---- oneDNN unary eltwise and reduction (kernels/dnnl_unary.c, dnnl_reduce.c) ------ */
/* f32 eltwise alg (dnnl_eltwise_*, alpha = beta = 0) over every element of x, on a
 * primitive cached in the site (re-created when alg or the element count changes). */
IG_INTERNAL IgTensor *ig_dnnl_unary(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x);
/* f32 reduction alg (dnnl_reduction_*) of x's data seen as [outer, inner] rows, one
 * result per row into out->data (outer floats), on a primitive cached in the site. */
IG_INTERNAL void ig_dnnl_reduce_rows(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x,
                                     int64_t outer, int64_t inner, IgTensor *out);

#endif
