/* iterators.c — iterator objects and lazy iteration: iter(), next(), and generator
 * expressions, which compute an item only when it is asked for, as CPython's do (so
 * any() stops early, side effects interleave with the consumer, and an exhausted
 * generator stays exhausted). A Cursor walks any iterable one item at a time for
 * the loops and builtins that must not materialize an iterator.
 * Entry points: genexp_new, builtin_iter, builtin_next, cursor_open, cursor_next,
 * iterator_drain. Memory owner: the interpreter's Arena. */
#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

static Value *iterator_value(Interp *in, Iterator *it) {
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_ITERATOR;
    v->iter = it;
    return v;
}

Value *sequence_iterator_new(Interp *in, Value *obj) {
    Iterator *it = ARENA_NEW(in->arena, Iterator);
    it->sequence = obj;
    return iterator_value(in, it);
}

Value *genexp_new(Interp *in, Env *scope, const Node *comp, List *first_items) {
    Iterator *it = ARENA_NEW(in->arena, Iterator);
    int n = comp->comp.generators.len;
    it->is_genexp = true;
    it->comp = comp;
    it->scope = scope;
    it->levels = ARENA_ARRAY(in->arena, List *, n);
    it->positions = ARENA_ARRAY(in->arena, int64_t, n);
    it->levels[0] = first_items;
    it->positions[0] = -1;
    return iterator_value(in, it);
}

/* The next item of a generator expression: advance the innermost clause, binding its
   target and testing its ifs; on a clause's last item go back out one clause. */
static bool genexp_next(Interp *in, Iterator *it, Value **out) {
    const NodeList *gens = &it->comp->comp.generators;
    int last = gens->len - 1, d = it->depth;
    for (;;) {
        if (d < 0) {
            it->done = true;
            *out = NULL;
            return true;
        }
        int64_t i = ++it->positions[d];
        if (i >= it->levels[d]->len) {
            d--;
            continue;
        }
        const Node *gen = gens->items[d];
        if (!assign_target(in, it->scope, gen->comprehension.target, it->levels[d]->items[i]))
            return false;
        bool keep = true;
        for (int k = 0; k < gen->comprehension.ifs.len && keep; k++) {
            const Node *test = gen->comprehension.ifs.items[k];
            Value *c = eval(in, it->scope, test);
            bool ok;
            if (!c) return false;
            keep = value_truthy(in, c, test->loc, &ok);
            if (!ok) return false;
        }
        if (!keep) continue;
        if (d == last) {
            it->depth = d;
            *out = eval(in, it->scope, it->comp->comp.elt);
            return *out != NULL;
        }
        const Node *inner = gens->items[d + 1]->comprehension.iter;
        Value *iterable = eval(in, it->scope, inner);
        List *items = iterable ? iterate_to_list(in, iterable, inner->loc) : NULL;
        if (!items) return false;
        d++;
        it->levels[d] = items;
        it->positions[d] = -1;
    }
}

/* next(it): *out is NULL once it is exhausted. */
static bool iterator_next(Interp *in, Iterator *it, Value **out, SrcLoc loc) {
    *out = NULL;
    if (it->done) return true;
    if (it->is_genexp) {
        /* A generator that fails is finished, as in CPython. Each step runs in the
           generator's frame (one level of the recursion limit). */
        if (!frame_enter(in, true, loc)) return false;
        PyFrame frame = {.call_loc = loc, .callee_name = "<genexpr>", .parent = in->py_chain};
        const PyFrame *saved = in->py_chain;
        in->py_chain = &frame;
        bool ok = genexp_next(in, it, out);
        in->py_chain = saved;
        frame_leave(in, true);
        if (!ok) {
            it->done = true;
            return false;
        }
        return true;
    }
    if (it->sequence) {
        /* The old protocol: obj[0], obj[1], ... until IndexError (or StopIteration). */
        Value *v = get_item(in, it->sequence, value_int(in->arena, it->index), loc);
        if (!v) {
            if (!exception_is(in, in->exc, EXC_INDEX_ERROR) &&
                !exception_is(in, in->exc, EXC_STOP_ITERATION))
                return false;
            in->exc = NULL;
            it->done = true;
            return true;
        }
        it->index++;
        *out = v;
        return true;
    }
    List *items = it->list ? it->list->list : it->items;
    if (it->index >= items->len) {
        it->done = true;
        return true;
    }
    *out = items->items[it->index++];
    return true;
}

List *iterator_drain(Interp *in, Iterator *it, SrcLoc loc) {
    List *l = ARENA_NEW(in->arena, List);
    for (;;) {
        Value *v;
        if (!iterator_next(in, it, &v, loc)) return NULL;
        if (!v) return l;
        list_append(in->arena, l, v);
    }
}

Value *builtin_iter(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (args->nkw || args->npos != 1)
        return vm_type_error(in, loc, "iter() takes exactly one argument here");
    Value *v = args->pos[0];
    if (v->kind == VAL_ITERATOR) return v;
    if (v->kind == VAL_INSTANCE) return instance_iter(in, v, loc);
    Iterator *it = ARENA_NEW(in->arena, Iterator);
    if (v->kind == VAL_LIST) it->list = v;
    else if (!(it->items = iterate_to_list(in, v, loc))) return NULL;
    return iterator_value(in, it);
}

Value *builtin_next(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (args->nkw || args->npos < 1 || args->npos > 2)
        return vm_type_error(in, loc, "next expected 1 or 2 arguments, got %d", args->npos);
    Value *v = args->pos[0];
    if (v->kind == VAL_INSTANCE) {
        bool done;
        Value *item = instance_next(in, v, loc, &done);
        if (!done) return item;
        if (args->npos == 2) return args->pos[1];
        return raise_new(in, EXC_STOP_ITERATION, NULL, 0, loc);
    }
    if (v->kind != VAL_ITERATOR)
        return vm_type_error(in, loc, "'%s' object is not an iterator", value_type_name(v));
    Value *item;
    if (!iterator_next(in, v->iter, &item, loc)) return NULL;
    if (item) return item;
    if (args->npos == 2) return args->pos[1];
    return raise_new(in, EXC_STOP_ITERATION, NULL, 0, loc);
}

/* ---- cursors ---------------------------------------------------------------------------- */

bool cursor_open(Interp *in, Value *iterable, Cursor *c, SrcLoc loc) {
    *c = (Cursor){0};
    if (iterable->kind == VAL_INSTANCE && !(iterable = instance_iter(in, iterable, loc)))
        return false;
    if (iterable->kind == VAL_ITERATOR) {
        c->iter = iterable->iter;
        return true;
    }
    if (iterable->kind == VAL_INSTANCE) { /* an iterator of the script's: __next__ */
        c->obj = iterable;
        return true;
    }
    /* A list appended to while iterated sees the new items, as in CPython. */
    c->items = iterable->kind == VAL_LIST ? iterable->list : iterate_to_list(in, iterable, loc);
    return c->items != NULL;
}

bool cursor_next(Interp *in, Cursor *c, Value **item, SrcLoc loc) {
    if (c->iter) return iterator_next(in, c->iter, item, loc);
    if (c->obj) {
        bool done;
        *item = instance_next(in, c->obj, loc, &done);
        return *item || done;
    }
    *item = c->index < c->items->len ? c->items->items[c->index++] : NULL;
    return true;
}
