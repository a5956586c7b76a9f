/* set_methods.c — Python's set at build time: set(), its methods and its operators, each
 * doing its work in the order CPython's setobject.c does (value_set.c keeps the table),
 * so the results iterate and print as CPython's.
 * Entry points: builtin_set, set_method, set_binop, set_compare, set_augassign.
 * Memory owner: the interpreter's Arena. */
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "vm.h"

static Value *set_value(Interp *in, PySet *s) {
    Value *v = ARENA_NEW(in->arena, Value);
    v->kind = VAL_SET;
    v->set = s;
    return v;
}

bool set_add_checked(Interp *in, PySet *s, Value *key, SrcLoc loc) {
    if (set_add(in->arena, s, key))
        return !in->exc; /* a __hash__ or __eq__ of the script's may raise */
    if (!in->exc) vm_type_error(in, loc, "unhashable type: '%s'", value_type_name(key));
    return false;
}

/* set_update_internal: a set merged whole, a dict's keys, any other iterable in order. */
static bool update_from(Interp *in, PySet *s, Value *other, SrcLoc loc) {
    if (other->kind == VAL_SET) {
        set_update_set(in->arena, s, other->set);
        return true;
    }
    if (other->kind == VAL_DICT) {
        bool unhashable;
        set_update_dict(in->arena, s, other->dict, &unhashable);
        return !unhashable || (vm_type_error(in, loc, "unhashable type"), false);
    }
    List *items = iterate_to_list(in, other, loc);
    if (!items) return false;
    for (int i = 0; i < items->len; i++)
        if (!set_add_checked(in, s, items->items[i], loc)) return false;
    return true;
}

/* other as a set: itself, or a new set of its items. */
static PySet *as_set(Interp *in, Value *other, SrcLoc loc) {
    if (other->kind == VAL_SET) return other->set;
    PySet *s = set_new(in->arena);
    return update_from(in, s, other, loc) ? s : NULL;
}

Value *builtin_set(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    (void)self;
    if (args->nkw) return vm_type_error(in, loc, "set() takes no keyword arguments");
    if (args->npos > 1)
        return vm_type_error(in, loc, "set expected at most 1 argument, got %d", args->npos);
    PySet *s = set_new(in->arena);
    if (args->npos == 1 && !update_from(in, s, args->pos[0], loc)) return NULL;
    return set_value(in, s);
}

/* ---- methods ------------------------------------------------------------------------- */

#define SET_METHOD(name)                                                                           \
    static Value *method_set_##name(Interp *in, Value *self, CallArgs *args, SrcLoc loc)

static bool arity(Interp *in, CallArgs *args, const char *fname, int lo, int hi, SrcLoc loc) {
    if (args->nkw)
        return vm_type_error(in, loc, "set.%s() takes no keyword arguments", fname), false;
    if (args->npos >= lo && (hi < 0 || args->npos <= hi)) return true;
    vm_type_error(in, loc, "set.%s() takes %s%d argument%s (%d given)", fname,
                  lo == hi ? "exactly " : "at most ", lo == hi ? lo : hi,
                  (lo == hi ? lo : hi) == 1 ? "" : "s", args->npos);
    return false;
}

SET_METHOD(add) {
    if (!arity(in, args, "add", 1, 1, loc) || !set_add_checked(in, self->set, args->pos[0], loc))
        return NULL;
    return value_none();
}

static Value *discard(Interp *in, Value *self, CallArgs *args, SrcLoc loc, bool must_exist) {
    if (!arity(in, args, must_exist ? "remove" : "discard", 1, 1, loc)) return NULL;
    bool found;
    if (!set_discard(self->set, args->pos[0], &found))
        return vm_type_error(in, loc, "unhashable type: '%s'", value_type_name(args->pos[0]));
    if (!found && must_exist) return vm_key_error(in, args->pos[0], loc);
    return value_none();
}

SET_METHOD(remove) { return discard(in, self, args, loc, true); }
SET_METHOD(discard) { return discard(in, self, args, loc, false); }

SET_METHOD(pop) {
    if (!arity(in, args, "pop", 0, 0, loc)) return NULL;
    Value *key = set_pop(self->set);
    return key ? key : vm_key_error(in, value_cstr(in->arena, "pop from an empty set"), loc);
}

SET_METHOD(clear) {
    if (!arity(in, args, "clear", 0, 0, loc)) return NULL;
    set_clear(in->arena, self->set);
    return value_none();
}

SET_METHOD(copy) {
    if (!arity(in, args, "copy", 0, 0, loc)) return NULL;
    return set_value(in, set_copy(in->arena, self->set));
}

SET_METHOD(update) {
    if (!arity(in, args, "update", 0, -1, loc)) return NULL;
    for (int i = 0; i < args->npos; i++)
        if (!update_from(in, self->set, args->pos[i], loc)) return NULL;
    return value_none();
}

SET_METHOD(union) {
    if (!arity(in, args, "union", 0, -1, loc)) return NULL;
    PySet *r = set_copy(in->arena, self->set);
    for (int i = 0; i < args->npos; i++)
        if (args->pos[i] != self && !update_from(in, r, args->pos[i], loc)) return NULL;
    return set_value(in, r);
}

/* s & other: with a set, the smaller one is walked; with another iterable, its items
   in order. */
static PySet *intersect(Interp *in, PySet *s, Value *other, SrcLoc loc) {
    if (other->kind == VAL_SET) return set_intersection(in->arena, s, other->set);
    List *items = iterate_to_list(in, other, loc);
    if (!items) return NULL;
    PySet *r = set_new(in->arena);
    for (int i = 0; i < items->len; i++) {
        bool found;
        if (!set_contains(s, items->items[i], &found))
            return vm_type_error(in, loc, "unhashable type: '%s'",
                                 value_type_name(items->items[i])),
                   NULL;
        if (found) set_add(in->arena, r, items->items[i]);
    }
    return r;
}

SET_METHOD(intersection) {
    if (!arity(in, args, "intersection", 0, -1, loc)) return NULL;
    PySet *r = set_copy(in->arena, self->set);
    for (int i = 0; i < args->npos; i++)
        if (!(r = intersect(in, r, args->pos[i], loc))) return NULL;
    return set_value(in, r);
}

static bool subtract(Interp *in, PySet *r, Value *other, SrcLoc loc) {
    if (other->kind == VAL_SET) {
        set_difference_update(in->arena, r, other->set);
        return true;
    }
    List *items = iterate_to_list(in, other, loc);
    for (int i = 0; items && i < items->len; i++) {
        bool found;
        if (!set_discard(r, items->items[i], &found))
            return vm_type_error(in, loc, "unhashable type: '%s'",
                                 value_type_name(items->items[i])),
                   false;
    }
    return items != NULL;
}

SET_METHOD(difference) {
    if (!arity(in, args, "difference", 0, -1, loc)) return NULL;
    if (args->npos == 1 && args->pos[0]->kind == VAL_SET)
        return set_value(in, set_difference(in->arena, self->set, args->pos[0]->set));
    PySet *r = set_copy(in->arena, self->set);
    for (int i = 0; i < args->npos; i++)
        if (!subtract(in, r, args->pos[i], loc)) return NULL;
    return set_value(in, r);
}

SET_METHOD(symmetric_difference) {
    if (!arity(in, args, "symmetric_difference", 1, 1, loc)) return NULL;
    PySet *other = as_set(in, args->pos[0], loc);
    return other ? set_value(in, set_symmetric_difference(in->arena, self->set, other)) : NULL;
}

SET_METHOD(issubset) {
    if (!arity(in, args, "issubset", 1, 1, loc)) return NULL;
    PySet *other = as_set(in, args->pos[0], loc);
    return other ? value_bool(set_is_subset(self->set, other)) : NULL;
}

SET_METHOD(issuperset) {
    if (!arity(in, args, "issuperset", 1, 1, loc)) return NULL;
    PySet *other = as_set(in, args->pos[0], loc);
    return other ? value_bool(set_is_subset(other, self->set)) : NULL;
}

SET_METHOD(isdisjoint) {
    if (!arity(in, args, "isdisjoint", 1, 1, loc)) return NULL;
    PySet *other = as_set(in, args->pos[0], loc);
    return other ? value_bool(set_intersection(in->arena, self->set, other)->used == 0) : NULL;
}

SET_METHOD(intersection_update) {
    if (!arity(in, args, "intersection_update", 0, -1, loc)) return NULL;
    PySet *r = self->set;
    for (int i = 0; i < args->npos; i++)
        if (!(r = intersect(in, r, args->pos[i], loc))) return NULL;
    *self->set = *r; /* CPython swaps the bodies */
    return value_none();
}

SET_METHOD(difference_update) {
    if (!arity(in, args, "difference_update", 0, -1, loc)) return NULL;
    for (int i = 0; i < args->npos; i++)
        if (!subtract(in, self->set, args->pos[i], loc)) return NULL;
    return value_none();
}

SET_METHOD(symmetric_difference_update) {
    if (!arity(in, args, "symmetric_difference_update", 1, 1, loc)) return NULL;
    PySet *other = as_set(in, args->pos[0], loc);
    if (!other) return NULL;
    set_symmetric_difference_update(in->arena, self->set, other);
    return value_none();
}

static const struct {
    const char *name;
    BuiltinFn fn;
} set_methods[] = {
    {"add", method_set_add},
    {"remove", method_set_remove},
    {"discard", method_set_discard},
    {"pop", method_set_pop},
    {"clear", method_set_clear},
    {"copy", method_set_copy},
    {"update", method_set_update},
    {"union", method_set_union},
    {"intersection", method_set_intersection},
    {"difference", method_set_difference},
    {"symmetric_difference", method_set_symmetric_difference},
    {"issubset", method_set_issubset},
    {"issuperset", method_set_issuperset},
    {"isdisjoint", method_set_isdisjoint},
    {"intersection_update", method_set_intersection_update},
    {"difference_update", method_set_difference_update},
    {"symmetric_difference_update", method_set_symmetric_difference_update},
};

Value *set_method(Interp *in, Value *self, const char *name) {
    for (size_t i = 0; i < sizeof set_methods / sizeof set_methods[0]; i++)
        if (strcmp(set_methods[i].name, name) == 0)
            return value_builtin(in->arena, name, set_methods[i].fn, self);
    return NULL;
}

/* ---- operators ------------------------------------------------------------------------ */

/* a | b, a & b, a - b, a ^ b on two sets; NULL with *handled false for anything else. */
Value *set_binop(Interp *in, BinOp op, Value *a, Value *b, bool *handled) {
    *handled = a->kind == VAL_SET && b->kind == VAL_SET &&
               (op == BIN_BITOR || op == BIN_BITAND || op == BIN_SUB || op == BIN_BITXOR);
    if (!*handled) return NULL;
    Arena *ar = in->arena;
    switch (op) {
    case BIN_BITOR: return set_value(in, set_union(ar, a->set, b->set));
    case BIN_BITAND: return set_value(in, set_intersection(ar, a->set, b->set));
    case BIN_SUB: return set_value(in, set_difference(ar, a->set, b->set));
    default: return set_value(in, set_symmetric_difference(ar, a->set, b->set));
    }
}

/* s |= t, s &= t, s -= t, s ^= t change s in place (an alias sees it). */
bool set_augassign(Interp *in, BinOp op, Value *s, Value *other) {
    if (s->kind != VAL_SET || other->kind != VAL_SET) return false;
    switch (op) {
    case BIN_BITOR: set_update_set(in->arena, s->set, other->set); return true;
    case BIN_BITAND: *s->set = *set_intersection(in->arena, s->set, other->set); return true;
    case BIN_SUB: set_difference_update(in->arena, s->set, other->set); return true;
    case BIN_BITXOR: set_symmetric_difference_update(in->arena, s->set, other->set); return true;
    default: return false;
    }
}

/* <= < >= > between sets: subset and superset tests. */
Value *set_compare(Interp *in, CmpOp op, Value *a, Value *b, bool *handled) {
    *handled = a->kind == VAL_SET && b->kind == VAL_SET &&
               (op == CMP_LE || op == CMP_LT || op == CMP_GE || op == CMP_GT);
    if (!*handled) return NULL;
    (void)in;
    const PySet *x = a->set, *y = b->set;
    switch (op) {
    case CMP_LE: return value_bool(set_is_subset(x, y));
    case CMP_LT: return value_bool(x->used < y->used && set_is_subset(x, y));
    case CMP_GE: return value_bool(set_is_subset(y, x));
    default: return value_bool(y->used < x->used && set_is_subset(y, x));
    }
}
