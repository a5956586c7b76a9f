/* test_arena.c — a function's memory plan at run time (rt.h's IgArenaPlan, alloc.c): a
 * tensor placed in a free slot lies there, and the next value planned for the slot gets
 * the same memory; a slot still held, or too small, is never written over; a tensor that
 * outlives the call keeps its memory; a variable takes a copy; under a library call's
 * trap an error frees the arena with the call's tensors. */
#include <setjmp.h>

#include "rt_test.h"

TestSuite(arena, .fini = ig_runtime_shutdown);

/* Two slots: 8 floats at 0, 2 floats after it (a header and 64 bytes of data later). */
static const size_t offsets[] = {0, IG_TENSOR_HEADER_BYTES + IG_ALIGNMENT};
static const size_t capacity[] = {32, 8};
static const IgArenaPlan plan = {2, offsets, capacity,
                                 2 * (IG_TENSOR_HEADER_BYTES + IG_ALIGNMENT)};

/* t's data, placed: where slot `slot` of the arena keeps its data. */
static bool in_slot(const IgTensor *t, const IgTensor *first, int slot)
{
    return (const char *)t->data == (const char *)first->data + offsets[slot];
}

Test(arena, a_placed_result_goes_in_its_slot_and_the_slot_is_reused)
{
    IgArena *arena = ig_arena_enter(&plan);
    IgTensor *x = F32(1, SHAPE(4), 1, 2, 3, 4);
    IgTensor *y = IG_IN_SLOT(arena, 0, ig_add(NULL, x, x));
    IgTensor *two = F32(0, NULL, 2);
    IgTensor *z = IG_IN_SLOT(arena, 1, ig_mul(NULL, two, two));
    cr_assert(ig_tensor_in_arena(y));
    cr_assert(ig_tensor_in_arena(z));
    cr_assert(in_slot(z, y, 1));
    cr_assert_float_eq(AT(float, y, 3), 8.0f, 0);
    cr_assert_float_eq(AT(float, z, 0), 4.0f, 0);
    const void *where = y->data;
    ig_release(y);
    IgTensor *w = IG_IN_SLOT(arena, 0, ig_sub(NULL, x, x));
    cr_assert_eq(w->data, where, "the freed slot is taken again");
    cr_assert_float_eq(AT(float, w, 2), 0.0f, 0);
    ig_release(w);
    ig_release(z);
    ig_release(two);
    ig_release(x);
    ig_arena_leave(arena);
    assert_no_leaks();
}

Test(arena, a_held_or_small_slot_is_never_written_over)
{
    IgArena *arena = ig_arena_enter(&plan);
    IgTensor *x = F32(1, SHAPE(2), 1, 2);
    IgTensor *y = IG_IN_SLOT(arena, 1, ig_add(NULL, x, x));
    cr_assert(ig_tensor_in_arena(y));
    IgTensor *held = IG_IN_SLOT(arena, 1, ig_add(NULL, x, x)); /* slot 1 is y's */
    cr_assert_not(ig_tensor_in_arena(held));
    cr_assert_float_eq(AT(float, y, 1), 4.0f, 0);
    IgTensor *big = F32(1, SHAPE(3), 1, 2, 3);
    IgTensor *too_big = IG_IN_SLOT(arena, 1, ig_add(NULL, big, big)); /* slot 1: 8 bytes */
    cr_assert_not(ig_tensor_in_arena(too_big));
    /* A request is for one allocation: the next, unplanned, takes no slot. */
    ig_arena_place(arena, 0);
    ig_arena_unplace(NULL);
    IgTensor *plain = ig_add(NULL, x, x);
    cr_assert_not(ig_tensor_in_arena(plain));
    ig_release(plain);
    ig_release(too_big);
    ig_release(big);
    ig_release(held);
    ig_release(y);
    ig_release(x);
    ig_arena_leave(arena);
    assert_no_leaks();
}

Test(arena, a_wrapped_tensor_never_takes_a_pending_placement)
{
    IgArena *arena = ig_arena_enter(&plan);
    float mine[2] = {1, 2};
    ig_arena_place(arena, 0);
    IgTensor *wrapped = ig_tensor_wrap(IG_FLOAT32, 1, SHAPE(2), mine);
    cr_assert_not(ig_tensor_in_arena(wrapped));
    IgTensor *y = ig_arena_unplace(ig_add(NULL, wrapped, wrapped)); /* the request's own */
    cr_assert(ig_tensor_in_arena(y));
    cr_assert_float_eq(AT(float, y, 1), 4.0f, 0);
    ig_release(y);
    ig_release(wrapped);
    ig_arena_leave(arena);
    assert_no_leaks();
}

Test(arena, a_tensor_kept_past_the_call_keeps_its_memory)
{
    IgArena *arena = ig_arena_enter(&plan);
    IgTensor *x = F32(1, SHAPE(2), 1, 2);
    IgTensor *y = IG_IN_SLOT(arena, 0, ig_add(NULL, x, x));
    ig_arena_leave(arena); /* y is still held: the arena stays */
    IgTensor *again = ig_add(NULL, y, y);
    cr_assert_float_eq(AT(float, again, 1), 8.0f, 0);
    ig_release(again);
    ig_release(y); /* the arena goes with it (LeakSanitizer and ASan check) */
    ig_release(x);
    assert_no_leaks();
}

Test(arena, a_donated_placed_input_keeps_its_slot_and_a_variable_takes_a_copy)
{
    static IgVar v = IG_VAR("v");
    IgArena *arena = ig_arena_enter(&plan);
    IgTensor *x = F32(1, SHAPE(2), 1, 2);
    IgTensor *y = IG_IN_SLOT(arena, 0, ig_add(NULL, x, x));
    IgTensor *z = ig_add(NULL, ig_donate(y), x);
    cr_assert_eq(z, y, "written over the dying input, in its slot");
    ig_release(y);
    ig_var_init(&v, z);
    cr_assert_neq(v.value, z, "a variable never holds a tensor in an arena");
    cr_assert_not(ig_tensor_in_arena(v.value));
    cr_assert_float_eq(AT(float, v.value, 1), 6.0f, 0);
    ig_release(z);
    ig_release(x);
    ig_arena_leave(arena);
    ig_var_release(&v);
    assert_no_leaks();
}

Test(arena, an_error_under_a_trap_frees_the_arena)
{
    static IgSite gather_site = IG_SITE("model.py", 4);
    IgTrap trap;
    if (setjmp(trap.env) != 0) {
        ig_trap_release_tensors(&trap, NULL, 0);
        ig_trap_leave(&trap);
        cr_assert_str_eq(trap.message, "model.py:4: error: indices[0] = 9 is not in [0, 2)");
        ig_site_release(&gather_site);
        assert_no_leaks();
        return;
    }
    ig_trap_enter(&trap);
    IgArena *arena = ig_arena_enter(&plan);
    IgTensor *x = F32(1, SHAPE(2), 1, 2);
    IgTensor *y = IG_IN_SLOT(arena, 0, ig_add(NULL, x, x));
    IG_IN_SLOT(arena, 1, ig_gather(&gather_site, y, I64(1, SHAPE(1), 9), 0));
    cr_assert_fail("gather returned");
}
