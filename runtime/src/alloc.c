/* alloc.c — where every tensor's memory comes from: one aligned block per tensor
 * holding the header followed by an IG_ALIGNMENT-aligned data buffer (a wrapped tensor's
 * data is its caller's), with caches of recently freed blocks: small ones so tiny ops
 * skip malloc, large ones so a loop's activations reuse memory whose pages are already
 * mapped. While a trap is set, the blocks handed out are listed in it, to be freed after
 * an error. Entry points: ig_tensor_alloc, ig_tensor_alloc_wrapped, ig_tensor_capacity,
 * ig_tensor_free, ig_tensor_cache_release_all, ig_donate, ig_tensor_take_donated,
 * ig_arena_enter, ig_arena_leave, ig_arena_place, ig_arena_unplace, ig_tensor_in_arena,
 * ig_tensor_stats_report, ig_tensor_trap_hold, ig_tensor_trap_forget,
 * ig_tensor_trap_release.
 * Memory owner: the tensor's refcount (tensor.c); immortals are freed by their site;
 * cached free blocks belong to the thread that freed them, until its
 * ig_runtime_thread_shutdown (ig_tensor_cache_release_all); an arena is a block whose
 * refcount counts its call and the tensors placed in it. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

#ifdef IG_DEBUG_CHECKS
#include <omp.h>
#endif

/* Sanitizers and valgrind cannot see a block parked in the cache as freed; these tell
 * them, so a use after the last ig_release is still caught (ASan builds, valgrind in a
 * tree configured -Ddebug_checks=true when its header was there at build time: a
 * client request costs a few instructions on every allocation, so users' builds go
 * without). CACHE_PARK hides a block; CACHE_UNPARK hands
 * it out as fresh (valgrind: contents undefined, as from malloc). Nothing otherwise. */
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define CACHE_PARK(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define CACHE_UNPARK(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#elif defined(IG_DEBUG_CHECKS) && defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define CACHE_PARK(p, n) VALGRIND_MAKE_MEM_NOACCESS((p), (n))
#define CACHE_UNPARK(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#endif
#endif
#ifndef CACHE_PARK
#define CACHE_PARK(p, n) ((void)(p), (void)(n))
#define CACHE_UNPARK(p, n) ((void)(p), (void)(n))
#endif

/* An allocation too large for the machine is a user's error (the script's line, exit 1),
 * not a crash: ASan's allocator is told to return NULL, as malloc does, instead of
 * stopping the program with its own report. ASan reads this from every program linking
 * the runtime (and ingot itself, for eager mode); ASAN_OPTIONS still overrides it. */
#if defined(__SANITIZE_ADDRESS__)
IG_API const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1";
}
/* ASan's allocator serves at most 2^40 bytes (kMaxAllowedMallocSize) and warns on stderr
 * when asked for more; a larger block is refused here, as it would refuse it, quietly. */
#define BLOCK_MAX_BYTES ((size_t)1 << 40)
#else
#define BLOCK_MAX_BYTES SIZE_MAX
#endif

/* What a block starts with: the tensor, then the block's cache class and size,
 * private to this file, so freeing needs no size computed from the tensor's contents.
 * The header is padded to a whole number of alignment blocks so that the data right
 * after it is aligned too: one allocation, one free, no second pointer to track. */
typedef struct IgBlockHeader {
    IgTensor tensor; /* first: an IgTensor * is a BlockHeader * */
    int cache_class; /* a small class, LARGE_CLASS, or ARENA_CLASS + its slot */
    bool donated;    /* ig_donate: its holder will not read it again (below) */
    bool wrapped;    /* ig_tensor_wrap: data is its caller's memory, never written over */
    bool arena_home; /* an arena's own block (below): its data holds the slots */
    size_t bytes;    /* the whole block's size; but in an arena's slot (ARENA_CLASS and up),
                        how far it is from the arena's block: freeing it finds the arena */
    /* The trap's list the block is on (below): the next block, and the pointer to this
     * one (the trap's head or the previous block's next); NULL when on none. */
    struct IgBlockHeader *trap_next, **trap_pprev;
} BlockHeader;
#define HEADER_BYTES (((sizeof(BlockHeader) + IG_ALIGNMENT - 1) / IG_ALIGNMENT) * IG_ALIGNMENT)
/* Two alignment blocks: a small tensor's data starts 128 bytes into its block. */
_Static_assert(HEADER_BYTES == 2 * IG_ALIGNMENT, "the block header grew past 128 bytes");
_Static_assert(HEADER_BYTES == IG_TENSOR_HEADER_BYTES, "the compiler's memory plans count "
                                                       "IG_TENSOR_HEADER_BYTES per slot");

/* ---- The free-block cache -----------------------------------------------------------
 * A compiled loop makes and drops the same few small tensors every iteration, and
 * aligned_alloc + free of ~200 bytes cost more than the arithmetic (about two thirds
 * of a 16-float add, measured with bench/ops). So blocks of up to CACHE_MAX_BLOCKS
 * data blocks are rounded up to a power-of-two class and, when freed, kept on that
 * class's stack (at most CACHE_DEPTH each, ~300 KB in all) for the next tensor of the
 * class. Larger tensors go straight to malloc, where their cost is dwarfed by the work
 * on them and their memory should go back to the system.
 *
 * The caches are per thread (_Thread_local), which is why they need no lock: each
 * thread running graphs parks and takes blocks on its own stacks, so a library's models
 * can run on several threads at once (a block made on one thread may be freed on
 * another: it is just parked there). A compiled program runs its graph on one thread;
 * the only other threads are oneDNN's and OpenMP's inside a kernel's parallel region,
 * where kernels never allocate or free tensors (internal.h, IG_PARALLEL_FOR); debug
 * builds check that. ig_runtime_thread_shutdown frees the calling thread's cached
 * blocks (ig_tensor_cache_release_all), so valgrind and LeakSanitizer see nothing left
 * over; it runs at ig_runtime_shutdown and, on a thread the runtime attached, when the
 * thread ends (lifetime.c). Blocks freed after it are cached again and stay reachable.
 * Each thread may keep up to ~300 KB here and LARGE_BUDGET in the large cache. */
#define CACHE_CLASSES 7 /* 1, 2, 4, ... 64 data blocks: up to 4 KB of data */
#define CACHE_MAX_BLOCKS ((size_t)1 << (CACHE_CLASSES - 1))
#define CACHE_DEPTH 32

/* Each class is a stack of parked blocks. The pointers live here rather than in the
 * blocks (a linked list), so the blocks can be hidden whole from the checkers while
 * LeakSanitizer and valgrind still see them referenced (LSan ignores pointers found
 * in poisoned memory). */
static _Thread_local void *g_cached[CACHE_CLASSES][CACHE_DEPTH];
static _Thread_local int g_ncached[CACHE_CLASSES];

/* What the allocator did, for INGOT_ALLOC_STATS (ig_tensor_stats_report): blocks
 * asked of the system, blocks handed out again from the caches, results written over a
 * donated input instead of a block, tensors placed in a planned slot, and placements
 * refused (the slot still held or too small: a plan's mistake, which tests/alloc
 * checks never happens). Cheap enough to count always. Per thread, as the caches are:
 * a program's report is its graph's thread's. */
static _Thread_local struct {
    long long system, cached, donated, placed, refused;
} g_stats;

/* ---- The large-block cache ----------------------------------------------------------
 * A large tensor freed goes back to the system (glibc unmaps or trims it), so the
 * next one of the same size, in the next iteration of a loop, page-faults its way
 * through fresh memory: for a conv2d layer's 6 MB activations that was a third of
 * the layer's time (bench/README.md). So up to LARGE_SLOTS freed blocks of up to
 * LARGE_MAX_BYTES, LARGE_BUDGET bytes in all, are kept and handed out again to a
 * tensor needing exactly that many bytes; the oldest goes when there is no room.
 * A training step frees dozens of blocks of distinct sizes (activations, their
 * gradients, an optimizer's slots): with 8 slots the digits CNN's step took 14 blocks
 * from the system every step and spent a third of its time in page faults; the budget,
 * not the count, is what bounds the memory kept (tests/alloc/cnn_train.py).
 * Per thread, with the same shutdown, as the small cache. */
#define LARGE_CLASS CACHE_CLASSES
#define ARENA_CLASS (CACHE_CLASSES + 1) /* + slot: a block in an arena's slot, never cached */
#define LARGE_SLOTS 64
#define LARGE_MAX_BYTES ((size_t)64 << 20)
#define LARGE_BUDGET ((size_t)128 << 20)

static _Thread_local void *g_large[LARGE_SLOTS]; /* oldest first */
static _Thread_local size_t g_large_bytes[LARGE_SLOTS];
static _Thread_local int g_nlarge;
static _Thread_local size_t g_large_total;

static void large_remove(int i)
{
    g_large_total -= g_large_bytes[i];
    for (int j = i + 1; j < g_nlarge; j++) {
        g_large[j - 1] = g_large[j];
        g_large_bytes[j - 1] = g_large_bytes[j];
    }
    g_nlarge--;
}

/* A parked block of exactly `bytes`, or NULL. */
static char *large_take(size_t bytes)
{
    for (int i = g_nlarge - 1; i >= 0; i--) {
        if (g_large_bytes[i] != bytes) continue;
        char *b = g_large[i];
        large_remove(i);
        CACHE_UNPARK(b, bytes);
        return b;
    }
    return NULL;
}

/* Parks b (of `bytes`), making room by freeing the oldest; false if it cannot be kept. */
static bool large_park(char *b, size_t bytes)
{
    if (bytes > LARGE_MAX_BYTES) return false;
    if (g_nlarge == 0) ig_thread_ensure_attached(); /* see ig_tensor_free */
    while (g_nlarge > 0 && (g_nlarge == LARGE_SLOTS || g_large_total + bytes > LARGE_BUDGET)) {
        char *old = g_large[0];
        CACHE_UNPARK(old, g_large_bytes[0]);
        large_remove(0);
        free(old);
    }
    g_large[g_nlarge] = b;
    g_large_bytes[g_nlarge++] = bytes;
    g_large_total += bytes;
    CACHE_PARK(b, bytes);
    return true;
}

/* The class of a block of `blocks` data blocks (1 <= blocks <= CACHE_MAX_BLOCKS): the
 * smallest c with blocks <= 2^c. */
static int cache_class(size_t blocks)
{
    int c = 0;
    while (((size_t)1 << c) < blocks) c++;
    return c;
}

static size_t class_bytes(int c)
{
    return HEADER_BYTES + ((size_t)1 << c) * IG_ALIGNMENT;
}

static void cache_check_thread(void)
{
#ifdef IG_DEBUG_CHECKS
    IG_RT_ASSERT(!omp_in_parallel()); /* see the cache's comment: no locking */
#endif
}

/* A block of `bytes` (small class c, or LARGE_CLASS) from its cache, or from
 * aligned_alloc when the cache has none. */
static char *block_get(int c, size_t bytes)
{
    cache_check_thread();
    if (c < LARGE_CLASS && g_ncached[c] > 0) {
        char *b = g_cached[c][--g_ncached[c]];
        CACHE_UNPARK(b, bytes);
        g_stats.cached++;
        return b;
    }
    if (c == LARGE_CLASS) {
        char *b = large_take(bytes);
        if (b != NULL) {
            g_stats.cached++;
            return b;
        }
    }
    g_stats.system++;
    return bytes <= BLOCK_MAX_BYTES ? aligned_alloc(IG_ALIGNMENT, bytes) : NULL;
}

void ig_tensor_cache_release_all(void)
{
    for (int c = 0; c < CACHE_CLASSES; c++) {
        while (g_ncached[c] > 0) {
            char *b = g_cached[c][--g_ncached[c]];
            CACHE_UNPARK(b, class_bytes(c));
            free(b);
        }
    }
    while (g_nlarge > 0) {
        char *b = g_large[0];
        CACHE_UNPARK(b, g_large_bytes[0]);
        large_remove(0);
        free(b);
    }
}

/* The request ig_arena_place made, for this thread's next allocation. */
static _Thread_local struct {
    IgTensor *arena;
    int slot;
} g_place;

static void arena_drop_call(IgTensor *arena);

/* ---- Traps --------------------------------------------------------------------------
 * A library call under a trap (rt.h's IgTrap) that hits a run-time error jumps out of
 * the middle of its work, and the tensors its frames held would leak. So while a trap is
 * set on this thread every block handed out, and every tensor retained (made before the
 * trap: the call took a reference to it), is on the trap's list, doubly linked through
 * the headers so that freeing a block takes it off at once; ig_trap_release_tensors then
 * frees what is left on it. A block is on at most one list: its thread's trap's, as
 * tensors are used by one thread at a time. Outside a trap this costs a load of
 * ig_trap_top and a store per allocation, and a load per free. */
static void trap_link(BlockHeader *h, IgTrap *trap)
{
    h->trap_next = trap->blocks;
    if (trap->blocks != NULL) trap->blocks->trap_pprev = &h->trap_next;
    trap->blocks = h;
    h->trap_pprev = &trap->blocks;
}

static void trap_unlink(BlockHeader *h)
{
    *h->trap_pprev = h->trap_next;
    if (h->trap_next != NULL) h->trap_next->trap_pprev = h->trap_pprev;
    h->trap_pprev = NULL;
}

void ig_tensor_trap_hold(IgTensor *t)
{
    BlockHeader *h = (BlockHeader *)t;
    if (h->trap_pprev == NULL && ig_trap_top != NULL) trap_link(h, ig_trap_top);
}

void ig_tensor_trap_forget(IgTrap *trap)
{
    while (trap->blocks != NULL) trap_unlink(trap->blocks);
}

void ig_tensor_trap_release(IgTrap *trap, IgTensor *const *keep, int nkeep)
{
    g_place.arena = NULL; /* a placement the error cut short: its arena is going */
    while (trap->blocks != NULL) {
        BlockHeader *h = trap->blocks;
        trap_unlink(h);
        IgTensor *t = &h->tensor;
        if (t->refcount < 0) continue; /* a site's constant, made in the call: its site's */
        if (h->arena_home) {
            /* A call's arena: its call is over; tensors placed in it and kept hold it. */
            arena_drop_call(t);
            continue;
        }
        int holders = 0;
        for (int i = 0; i < nkeep; i++) holders += keep[i] == t;
        if (holders == 0) {
            ig_tensor_free(t);
        } else {
            t->refcount = holders; /* the variables' references, and no longer the call's */
            h->donated = false;
        }
    }
}

/* ---- Arenas: build-time memory plans ------------------------------------------------
 * A planned function (rt.h's IgArenaPlan, compiler/emit_memplan.c) takes one block per
 * call, its arena, and the tensors it makes at the plan's slots go there: a block header
 * and the data, at an offset the compiler computed, instead of a block each from the
 * caches. The arena is an ordinary tensor block (arena_home) whose data starts with an
 * ArenaState, then the slots; its refcount is one for the call (until ig_arena_leave)
 * and one per tensor placed in it, so a tensor that outlives the call (the plan never
 * intends one, but the runtime does not rely on it) keeps the memory it is in alive.
 * Likewise a slot whose tensor is still held is never handed out again: the tensor
 * planned there gets a block from the caches instead. Sanitizers see every slot not in
 * use as freed memory. */
typedef struct ArenaState {
    const IgArenaPlan *plan;
    bool in_call;    /* the call's reference is still held (cleared by leave or a trap) */
    bool occupied[]; /* per slot */
} ArenaState;

/* The ArenaState's bytes, rounded up so that the slots after it stay aligned. */
static size_t arena_state_bytes(int nslots)
{
    size_t n = sizeof(ArenaState) + (size_t)nslots;
    return (n + IG_ALIGNMENT - 1) / IG_ALIGNMENT * IG_ALIGNMENT;
}

static ArenaState *arena_state(IgTensor *arena)
{
    return (ArenaState *)arena->data;
}

static char *arena_slots(IgTensor *arena)
{
    return (char *)arena->data + arena_state_bytes(arena_state(arena)->plan->nslots);
}

/* A slot's whole extent: the header and its capacity (ingot/size.h). */
static size_t slot_bytes(const IgArenaPlan *plan, int slot)
{
    return ig_slot_bytes(plan->capacity[slot]);
}

static void arena_drop_call(IgTensor *arena)
{
    ArenaState *st = arena_state(arena);
    if (st->in_call) {
        st->in_call = false;
        ig_release(arena);
    }
}

IgArena *ig_arena_enter(const IgArenaPlan *plan)
{
    size_t state = arena_state_bytes(plan->nslots);
    int64_t n = (int64_t)(state + plan->bytes);
    IgTensor *arena = ig_tensor_alloc(NULL, "a memory plan's arena", IG_BOOL, 1, &n, (size_t)n);
    ((BlockHeader *)arena)->arena_home = true;
    ArenaState *st = arena_state(arena);
    st->plan = plan;
    st->in_call = true;
    char *slots = arena_slots(arena);
    for (int i = 0; i < plan->nslots; i++) {
        st->occupied[i] = false;
        CACHE_PARK(slots + plan->offsets[i], slot_bytes(plan, i));
    }
    return (IgArena *)(void *)arena;
}

void ig_arena_leave(IgArena *arena)
{
    arena_drop_call((IgTensor *)(void *)arena);
}

void ig_arena_place(IgArena *arena, int slot)
{
    g_place.arena = (IgTensor *)(void *)arena;
    g_place.slot = slot;
}

IgTensor *ig_arena_unplace(IgTensor *t)
{
    g_place.arena = NULL;
    return t;
}

/* The memory of the requested slot for a tensor of nbytes, taken, or NULL when the slot
 * is held or too small; either way the request is used up. *slot: which one. *offset:
 * where the block is from the arena's block. */
static char *arena_take(size_t nbytes, int *slot, size_t *offset)
{
    IgTensor *arena = g_place.arena;
    *slot = g_place.slot;
    g_place.arena = NULL; /* for one allocation: a kernel's scratch may take it, not more */
    ArenaState *st = arena_state(arena);
    const IgArenaPlan *plan = st->plan;
    if (*slot < 0 || *slot >= plan->nslots || st->occupied[*slot] ||
        nbytes > plan->capacity[*slot]) {
        g_stats.refused++;
        return NULL;
    }
    st->occupied[*slot] = true;
    char *mem = arena_slots(arena) + plan->offsets[*slot];
    /* The header and the tensor's own bytes: past them, up to the slot's end, stays
       poisoned, so that an overrun of a small tensor in a large slot is still caught. */
    CACHE_UNPARK(mem, HEADER_BYTES + nbytes);
    ig_retain(arena);
    *offset = (size_t)(mem - (char *)arena);
    g_stats.placed++;
    return mem;
}

/* The arena of a block in a slot, and the slot. */
static IgTensor *arena_of(const BlockHeader *h, int *slot)
{
    *slot = h->cache_class - ARENA_CLASS;
    return (IgTensor *)(void *)((char *)h - h->bytes);
}

/* A placed tensor's end: its slot is free again, and the arena loses its reference. */
static void arena_vacate(BlockHeader *h)
{
    int slot;
    IgTensor *arena = arena_of(h, &slot);
    const IgArenaPlan *plan = arena_state(arena)->plan;
    arena_state(arena)->occupied[slot] = false;
    CACHE_PARK(h, slot_bytes(plan, slot));
    ig_release(arena);
}

bool ig_tensor_in_arena(const IgTensor *t)
{
    return ((const BlockHeader *)t)->cache_class >= ARENA_CLASS;
}

/* ---- Tensors --------------------------------------------------------------------- */

IgTensor *ig_tensor_alloc(const IgSite *site, const char *op, IgDType dtype, int rank,
                          const int64_t *shape, size_t nbytes)
{
    IG_RT_ASSERT(rank >= 0 && rank <= IG_MAX_RANK);
    IG_RT_ASSERT(rank == 0 || shape != NULL);
    int64_t size;
    IG_RT_ASSERT(ig_size_count(rank, shape, &size)); /* ig_tensor_make checked it */
    /* aligned_alloc wants a multiple of the alignment; a size-zero tensor still gets
     * one block so that data is never NULL (oneDNN and memcpy prefer that). */
    size_t blocks = nbytes == 0 ? 1 : (nbytes + IG_ALIGNMENT - 1) / IG_ALIGNMENT;
    char *mem = NULL;
    int c = LARGE_CLASS;
    size_t bytes = 0;
    int slot;
    if (g_place.arena != NULL && (mem = arena_take(nbytes, &slot, &bytes)) != NULL) {
        c = ARENA_CLASS + slot;
    } else if (nbytes <= (size_t)IG_MAX_TENSOR_BYTES) {
        bytes = HEADER_BYTES + blocks * IG_ALIGNMENT;
        if (blocks <= CACHE_MAX_BLOCKS) {
            c = cache_class(blocks);
            bytes = class_bytes(c);
        }
        mem = block_get(c, bytes);
    }
    if (mem == NULL) ig_out_of_memory(site, op, dtype, rank, shape, (double)nbytes);
    BlockHeader *h = (BlockHeader *)mem;
    h->cache_class = c;
    h->donated = false;
    h->wrapped = false;
    h->arena_home = false;
    h->bytes = bytes;
    IgTrap *trap = ig_trap_top;
    if (trap != NULL) trap_link(h, trap);
    else h->trap_pprev = NULL;
    /* Field by field rather than a memset of the header first: GCC makes that memset
     * a `rep stos`, half of this function's time on a 16-float add. The unused dims
     * are still zeroed, as before. */
    IgTensor *t = &h->tensor;
    t->dtype = dtype;
    t->rank = rank;
    for (int i = 0; i < IG_MAX_RANK; i++) t->shape[i] = i < rank ? shape[i] : 0;
    t->size = size;
    t->data = mem + HEADER_BYTES;
    t->refcount = 1;
    return t;
}

IgTensor *ig_tensor_alloc_wrapped(IgDType dtype, int rank, const int64_t *shape, void *data)
{
    /* A block of the smallest class, its data block unused (but for an empty tensor
     * given no data: data is never NULL): the cache makes it as cheap as any small
     * tensor, and it is freed as any other. Only the header is the runtime's; never in
     * a planned slot (a placement still pending is left for the tensor it is for). */
    IgTensor *pending = g_place.arena;
    g_place.arena = NULL;
    IgTensor *t = ig_tensor_alloc(NULL, "wrap", dtype, rank, shape, 0);
    g_place.arena = pending;
    ((BlockHeader *)t)->wrapped = true;
    if (data != NULL) t->data = data;
    return t;
}

size_t ig_tensor_capacity(const IgTensor *t)
{
    const BlockHeader *h = (const BlockHeader *)t;
    if (h->wrapped) return 0;
    if (h->cache_class >= ARENA_CLASS) {
        int slot;
        return arena_state(arena_of(h, &slot))->plan->capacity[slot];
    }
    return h->bytes - HEADER_BYTES;
}

bool ig_tensor_is_wrapped(const IgTensor *t)
{
    return ((const BlockHeader *)t)->wrapped;
}

void ig_tensor_free(IgTensor *t)
{
    if (t == NULL) return;
    BlockHeader *h = (BlockHeader *)t;
    int c = h->cache_class;
    cache_check_thread();
    if (h->trap_pprev != NULL) trap_unlink(h);
    if (c >= ARENA_CLASS) {
        arena_vacate(h);
        return;
    }
    if (c < LARGE_CLASS && g_ncached[c] < CACHE_DEPTH) {
        /* A thread whose caches go from empty to holding a block is attached (lifetime.c),
         * so that they are freed when it ends even if it never called
         * ig_runtime_thread_attach: a block made on one thread may be parked on another. */
        if (g_ncached[c] == 0) ig_thread_ensure_attached();
        g_cached[c][g_ncached[c]++] = t;
        CACHE_PARK(t, class_bytes(c));
        return;
    }
    if (c == LARGE_CLASS && large_park((char *)t, h->bytes)) return;
    free(t);
}

/* ---- Donation -----------------------------------------------------------------------
 * The emitted code knows when an elementwise op's input dies with the op: nothing reads
 * it afterwards, and its holder releases it right after the call (a loop's carried
 * value included: its variable lets go at its last use in the iteration). It wraps such an
 * input in ig_donate, and the kernel may then write its result over it instead of into
 * a new block: x = x + 1 in a loop keeps one buffer. The mark is only a permission: a
 * tensor anyone else holds (refcount > 1: a variable, the caller, another name) is
 * never taken, and a mark no kernel consumed dies with the tensor, released right after.
 * A fresh block starts unmarked. A wrapped tensor (ig_tensor_wrap) is never marked: its
 * data is its caller's, which the runtime only reads. */
IgTensor *ig_donate(IgTensor *t)
{
    BlockHeader *h = (BlockHeader *)t;
    if (t->refcount == 1 && !h->wrapped) h->donated = true;
    return t;
}

/* Consumes t's mark; whether it was donated and is still held by its holder alone.
 * Every elementwise call asks: the header is written only when marked. */
static bool take_mark(const IgTensor *t)
{
    if (t == NULL) return false;
    BlockHeader *h = (BlockHeader *)t;
    if (!h->donated) return false;
    h->donated = false;
    return t->refcount == 1;
}

IgTensor *ig_tensor_take_donated(const IgTensor *a, const IgTensor *b, IgDType dtype, int rank,
                                 const int64_t *shape)
{
    bool take_a = take_mark(a), take_b = take_mark(b);
    const IgTensor *pick = NULL;
    if (take_a && a->dtype == dtype && ig_shape_equal(a->rank, a->shape, rank, shape)) pick = a;
    else if (take_b && b->dtype == dtype && ig_shape_equal(b->rank, b->shape, rank, shape))
        pick = b;
    if (pick == NULL) return NULL;
    IgTensor *out = (IgTensor *)pick; /* its holder gave it up: writing it changes no value */
    out->refcount++;
    g_stats.donated++;
    return out;
}

void ig_tensor_stats_report(FILE *out)
{
    fprintf(out,
            "ingot: tensor memory: %lld blocks from the system, %lld from the cache, "
            "%lld results written over a donated input, %lld placed in a planned slot, "
            "%lld placements refused\n",
            g_stats.system, g_stats.cached, g_stats.donated, g_stats.placed, g_stats.refused);
}
