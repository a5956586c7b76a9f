/* test_tensor_map.c — the executor's side table (exec/tensor_map.c): against a plain
 * array as the reference, through growth and many deletions (the backward shift must
 * keep every other entry findable), with ids dense as the IR makes them and sparse. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "tensor_map.h"

/* Stand-in tensors: the map stores pointers and never looks at them. */
static IgTensor fake[4096];

Test(tensor_map, empty_map_finds_nothing) {
    TensorMap *m = tensor_map_new();
    cr_assert_null(tensor_map_get(m, 0));
    cr_assert_null(tensor_map_take(m, 7));
    cr_assert_eq(tensor_map_count(m), 0);
    tensor_map_free(m);
}

Test(tensor_map, put_replaces_and_take_removes) {
    TensorMap *m = tensor_map_new();
    tensor_map_put(m, 5, &fake[0]);
    tensor_map_put(m, 5, &fake[1]);
    cr_assert_eq(tensor_map_count(m), 1);
    cr_assert_eq(tensor_map_get(m, 5), &fake[1]);
    cr_assert_eq(tensor_map_take(m, 5), &fake[1]);
    cr_assert_null(tensor_map_get(m, 5));
    cr_assert_eq(tensor_map_count(m), 0);
    tensor_map_free(m);
}

/* Random puts, replacements and takes over ids in [0, range), checked after every
   step against the reference. */
static void random_walk(int range, unsigned seed) {
    IgTensor **ref = calloc((size_t)range, sizeof *ref);
    TensorMap *m = tensor_map_new();
    srand(seed);
    int count = 0;
    for (int step = 0; step < 20000; step++) {
        int id = rand() % range;
        if (rand() % 3 == 0) {
            cr_assert_eq(tensor_map_take(m, id), ref[id], "take %d at step %d", id, step);
            if (ref[id]) count--;
            ref[id] = NULL;
        } else {
            IgTensor *t = &fake[rand() % 4096];
            tensor_map_put(m, id, t);
            if (!ref[id]) count++;
            ref[id] = t;
        }
        cr_assert_eq(tensor_map_count(m), count);
        if (step % 97 == 0)
            for (int i = 0; i < range; i++)
                cr_assert_eq(tensor_map_get(m, i), ref[i], "id %d at step %d", i, step);
    }
    for (int i = 0; i < range; i++) cr_assert_eq(tensor_map_take(m, i), ref[i]);
    cr_assert_eq(tensor_map_count(m), 0);
    tensor_map_free(m);
    free(ref);
}

Test(tensor_map, dense_ids_through_growth_and_deletion) { random_walk(3000, 1); }

Test(tensor_map, few_ids_many_collisions_of_runs) { random_walk(40, 2); }

/* An eager loop: each step's value is put, the previous step's taken, ids rising. */
Test(tensor_map, sliding_window_of_rising_ids) {
    TensorMap *m = tensor_map_new();
    for (int id = 0; id < 100000; id++) {
        tensor_map_put(m, id, &fake[id % 4096]);
        if (id >= 8) cr_assert_eq(tensor_map_take(m, id - 8), &fake[(id - 8) % 4096]);
    }
    cr_assert_eq(tensor_map_count(m), 8);
    for (int id = 99992; id < 100000; id++) cr_assert_eq(tensor_map_get(m, id), &fake[id % 4096]);
    tensor_map_free(m);
}
