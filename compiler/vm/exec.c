/* exec.c — scopes (Env) and statements: the Python half of the build-time interpreter.
 * Control flow here is ordinary Python control flow over Python values: AutoGraph
 * (compiler/autograph) has turned every if/while/for of converted code into calls to
 * ag__ (autograph_ops.c), so only do_not_convert code reaches these statements. */
#include <string.h>

#include "builtins.h"
#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- Scopes ------------------------------------------------------------------------ */

Env *env_new(Interp *in, Env *parent, PyModule *module, const Node *scope_node) {
    Env *env = ARENA_NEW(in->arena, Env);
    env->parent = parent;
    env->module = module;
    env->scope_node = scope_node;
    env->epoch = in->epoch;
    return env;
}

static Binding *env_slot(Env *env, const char *name) {
    if (!env->cap) return NULL;
    size_t h = ((uintptr_t)name >> 4) & (size_t)(env->cap - 1);
    for (;; h = (h + 1) & (size_t)(env->cap - 1)) {
        Binding *b = &env->slots[h];
        if (!b->name || b->name == name) return b;
    }
}

static bool name_in(const char **names, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (names[i] == name) return true;
    return false;
}

/* A string read out of its binding may be shared from then on: it no longer grows
   in place (Value.str.cap). */
static void binding_read(Binding *b) {
    if (b->value && b->value->kind == VAL_STR) b->value->str.cap = 0;
}

/* Every read of a binding goes through here (or clears the string's cap itself). */
static Binding *env_find(Env *env, const char *name) {
    Binding *b = env_slot(env, name);
    if (!b || !b->name) return NULL;
    binding_read(b);
    return b;
}

/* Where `name = ...` binds in env: the module's globals for a global, env for a local
   (or module-level) name; NULL for a nonlocal. */
static Env *assign_scope(Env *env, const char *name) {
    if (name_in(env->globals, env->nglobals, name)) return env->module->globals;
    return name_in(env->nonlocals, env->nnonlocals, name) ? NULL : env;
}

static bool is_plain_name(Env *env, const char *name) { return assign_scope(env, name) != NULL; }

static Binding *growable_binding(Env *env, const char *name) {
    Env *scope = assign_scope(env, name);
    if (!scope) return NULL;
    Binding *b = env_slot(scope, name);
    return b && b->name && b->value && b->value->kind == VAL_STR && b->value->str.cap ? b : NULL;
}

/* `name += rhs` or `name = name + rhs` where name holds old (a str) and rhs is a str:
   appended in place when old is still growable and bound there (nothing read it while
   rhs was evaluated), else a new growable string, so a loop of appends is linear. */
static Value *str_append_to_name(Interp *in, Binding *b, Value *old, Value *rhs) {
    if (b && b->value == old && old->str.cap) return str_append_in_place(in, old, rhs);
    return str_concat_growable(in, old, rhs);
}

static Binding *env_bind(Interp *in, Env *env, const char *name) {
    if ((env->count + 1) * 2 > env->cap) {
        Binding *old = env->slots;
        int old_cap = env->cap;
        env->cap = env->cap ? env->cap * 2 : 8;
        env->slots = ARENA_ARRAY(in->arena, Binding, env->cap);
        for (int i = 0; i < old_cap; i++)
            if (old[i].name) *env_slot(env, old[i].name) = old[i];
    }
    Binding *b = env_slot(env, name);
    if (!b->name) {
        b->name = name;
        env->count++;
    }
    return b;
}

bool env_declares(Env *env, const char *name) { return env_find(env, name) != NULL; }

Value *env_get_local(Env *env, const char *name) {
    Binding *b = env_find(env, name);
    return b ? b->value : NULL;
}

void env_set_local(Interp *in, Env *env, const char *name, Value *value) {
    Binding *b = env_bind(in, env, name);
    if (env->ordered && !b->value && value) {
        if (env->norder == env->order_cap) {
            int cap = env->order_cap ? env->order_cap * 2 : 8;
            env->order =
                arena_grow(in->arena, env->order, sizeof(char *), (size_t)env->norder, (size_t)cap);
            env->order_cap = cap;
        }
        env->order[env->norder++] = name;
    }
    b->value = value;
}

bool env_delete(Env *env, const char *name) {
    Binding *b = env_find(env, name);
    if (!b || !b->value) return false;
    b->value = NULL;
    if (env->ordered)
        for (int i = 0; i < env->norder; i++)
            if (env->order[i] == name) {
                memmove(&env->order[i], &env->order[i + 1],
                        sizeof(char *) * (size_t)(env->norder - i - 1));
                env->norder--;
                break;
            }
    return true;
}

void env_assign(Interp *in, Env *env, const char *name, Value *value) {
    if (name_in(env->globals, env->nglobals, name)) {
        env_set_local(in, env->module->globals, name, value);
        return;
    }
    if (name_in(env->nonlocals, env->nnonlocals, name)) {
        for (Env *e = env->parent; e; e = e->parent) {
            Binding *b = env_find(e, name);
            if (b) {
                b->value = value;
                return;
            }
        }
    }
    env_set_local(in, env, name, value);
}

void env_unbind(Interp *in, Env *env, const char *name) {
    (void)in;
    Binding *b =
        env_find(name_in(env->globals, env->nglobals, name) ? env->module->globals : env, name);
    if (b) b->value = NULL;
}

Value *env_lookup(Interp *in, Env *env, const char *name) {
    Binding *b = env_find(env, name);
    if (b) return b->value; /* NULL: a local not yet assigned (UnboundLocalError) */
    if (!name_in(env->globals, env->nglobals, name))
        for (Env *e = env->parent; e; e = e->parent) {
            Binding *pb = env_find(e, name);
            if (pb && pb->value) return pb->value;
        }
    Value *v = env_get_local(env->module->globals, name);
    if (v) return v;
    return env_get_local(in->builtins, name);
}

Env *env_binding_scope(Interp *in, Env *env, const char *name) {
    if (env_find(env, name)) return env;
    if (!name_in(env->globals, env->nglobals, name))
        for (Env *e = env->parent; e; e = e->parent)
            if (env_find(e, name)) return e;
    if (env_find(env->module->globals, name)) return env->module->globals;
    return env_find(in->builtins, name) ? in->builtins : NULL;
}

/* ---- Assignment ---------------------------------------------------------------------- */

static bool assign_unpack(Interp *in, Env *env, const Node *target, Value *value) {
    const NodeList *elts = &target->seq.elts;
    static const ValueKind iterable[] = {VAL_LIST, VAL_TUPLE,    VAL_RANGE,     VAL_DICT,
                                         VAL_STR,  VAL_ITERATOR, VAL_DICT_VIEW, VAL_SET,
                                         VAL_INSTANCE};
    const ForeignType *type = value_foreign(value);
    bool can_iterate = type && type->iter;
    for (size_t i = 0; i < sizeof iterable / sizeof iterable[0]; i++)
        can_iterate |= value->kind == iterable[i];
    if (!can_iterate)
        return vm_type_error(in, target->loc, "cannot unpack non-iterable %s object",
                             value_type_name(value)),
               false;
    List *items = iterate_to_list(in, value, target->loc);
    if (!items) return false;
    int star = -1;
    for (int i = 0; i < elts->len; i++)
        if (elts->items[i]->kind == AST_STARRED) star = i;
    int nfixed = star < 0 ? elts->len : elts->len - 1;
    if (star < 0 && items->len != elts->len) {
        if (items->len > elts->len)
            vm_raise(in, EXC_VALUE_ERROR, target->loc, "too many values to unpack (expected %d)",
                     elts->len);
        else
            vm_raise(in, EXC_VALUE_ERROR, target->loc,
                     "not enough values to unpack (expected %d, got %d)", elts->len, items->len);
        return false;
    }
    if (star >= 0 && items->len < nfixed) {
        vm_raise(in, EXC_VALUE_ERROR, target->loc,
                 "not enough values to unpack (expected at least %d, got %d)", nfixed, items->len);
        return false;
    }
    int src = 0;
    for (int i = 0; i < elts->len; i++) {
        const Node *t = elts->items[i];
        if (i == star) {
            int n = items->len - nfixed;
            Value *rest = value_list(in->arena, n);
            for (int k = 0; k < n; k++) rest->list->items[k] = items->items[src++];
            if (!assign_target(in, env, t->starred.value, rest)) return false;
        } else if (!assign_target(in, env, t, items->items[src++])) {
            return false;
        }
    }
    return true;
}

static bool set_item(Interp *in, Value *obj, Value *index, Value *value, SrcLoc loc) {
    if (obj->kind == VAL_INSTANCE) return instance_set_item(in, obj, index, value, loc);
    if (obj->kind == VAL_DICT) {
        if (!check_hashable(in, index, loc)) return false;
        dict_set(in->arena, obj->dict, index, value);
        return true;
    }
    if (obj->kind == VAL_LIST && index->kind == VAL_SLICE)
        return list_set_slice(in, obj->list, index, value, loc);
    if (obj->kind == VAL_LIST) {
        if (index->kind != VAL_INT && index->kind != VAL_BOOL) {
            vm_type_error(in, loc, "list indices must be integers or slices, not %s",
                          value_type_name(index));
            return false;
        }
        int64_t i = index->kind == VAL_INT ? index->i : index->b;
        if (i < 0) i += obj->list->len;
        if (i < 0 || i >= obj->list->len) {
            vm_raise(in, EXC_INDEX_ERROR, loc, "list assignment index out of range");
            return false;
        }
        obj->list->items[i] = value;
        return true;
    }
    vm_type_error(in, loc, "'%s' object does not support item assignment", value_type_name(obj));
    return false;
}

bool assign_target(Interp *in, Env *env, const Node *target, Value *value) {
    switch (target->kind) {
    case AST_NAME:
        /* The emitted C names a tensor after the script's variable (t3_logits); not
           after the bundled library's locals, nor AutoGraph's return slot. */
        if (value_foreign(value) && value_foreign(value)->named &&
            !vm_is_library_file(in, target->loc.file) &&
            strncmp(target->name.id, "retval_", 7) != 0)
            value_foreign(value)->named(in, value, target->name.id);
        env_assign(in, env, target->name.id, value);
        return true;
    case AST_TUPLE:
    case AST_LIST: return assign_unpack(in, env, target, value);
    case AST_SUBSCRIPT: {
        Value *obj = eval(in, env, target->subscript.value);
        if (!obj) return false;
        Value *index = eval(in, env, target->subscript.slice);
        if (!index) return false;
        return set_item(in, obj, index, value, target->loc);
    }
    case AST_ATTRIBUTE: {
        Value *obj = eval(in, env, target->attribute.value);
        return obj && set_attribute(in, obj, target->attribute.attr, value, target->loc);
    }
    default:
        UNREACHABLE(); /* the parser accepts only the targets above */
    }
}

static bool delete_target(Interp *in, Env *env, const Node *target) {
    switch (target->kind) {
    case AST_NAME: {
        Env *scope =
            name_in(env->globals, env->nglobals, target->name.id) ? env->module->globals : env;
        Binding *b = env_find(scope, target->name.id);
        if (!b || !b->value) {
            vm_raise(in, EXC_NAME_ERROR, target->loc, "name '%s' is not defined", target->name.id);
            return false;
        }
        b->value = NULL;
        return true;
    }
    case AST_TUPLE:
    case AST_LIST:
        for (int i = 0; i < target->seq.elts.len; i++)
            if (!delete_target(in, env, target->seq.elts.items[i])) return false;
        return true;
    case AST_SUBSCRIPT: {
        Value *obj = eval(in, env, target->subscript.value);
        Value *index = obj ? eval(in, env, target->subscript.slice) : NULL;
        if (!index) return false;
        vm_watch_mutation(in, env, target->subscript.value, obj, "changed (an item deleted)",
                          NULL, target->loc);
        if (obj->kind == VAL_INSTANCE) return instance_delete_item(in, obj, index, target->loc);
        if (obj->kind == VAL_DICT) {
            if (!check_hashable(in, index, target->loc)) return false;
            if (!dict_delete(obj->dict, index)) return vm_key_error(in, index, target->loc), false;
            return true;
        }
        if (obj->kind == VAL_LIST && (index->kind == VAL_INT || index->kind == VAL_BOOL)) {
            List *l = obj->list;
            int64_t at = index->kind == VAL_INT ? index->i : index->b;
            int64_t i = at < 0 ? at + l->len : at;
            if (i < 0 || i >= l->len) {
                vm_raise(in, EXC_INDEX_ERROR, target->loc, "list assignment index out of range");
                return false;
            }
            memmove(&l->items[i], &l->items[i + 1], sizeof(Value *) * (size_t)(l->len - i - 1));
            l->len--;
            return true;
        }
        if (obj->kind == VAL_LIST && index->kind == VAL_SLICE)
            return list_set_slice(in, obj->list, index, NULL, target->loc);
        if (obj->kind == VAL_LIST)
            return vm_type_error(in, target->loc, "list indices must be integers or slices, not %s",
                                 value_type_name(index)),
                   false;
        vm_type_error(in, target->loc, "'%s' object doesn't support item deletion",
                      value_type_name(obj));
        return false;
    }
    case AST_ATTRIBUTE: {
        Value *obj = eval(in, env, target->attribute.value);
        if (obj)
            vm_watch_mutation(in, env, target->attribute.value, obj,
                              arena_printf(in->arena, "changed (attribute '%s' deleted)",
                                           target->attribute.attr),
                              NULL, target->loc);
        return obj && delete_attribute(in, obj, target->attribute.attr, target->loc);
    }
    default: vm_not_supported(in, target->loc, "this 'del' target"); return false;
    }
}

/* ---- Statements ------------------------------------------------------------------------ */

static bool condition(Interp *in, Env *env, const Node *test, bool *result) {
    Value *v = eval(in, env, test);
    if (!v) return false;
    bool ok;
    *result = value_truthy(in, v, test->loc, &ok);
    return ok;
}

static ExecStatus exec_loop_body(Interp *in, Env *env, const NodeList *body, bool *broke) {
    ExecStatus st = exec_block(in, env, body);
    if (st == EXEC_BREAK) {
        *broke = true;
        return EXEC_NORMAL;
    }
    return st == EXEC_CONTINUE ? EXEC_NORMAL : st;
}

static ExecStatus exec_while(Interp *in, Env *env, const Node *s) {
    bool broke = false;
    for (;;) {
        bool go;
        if (!condition(in, env, s->while_.test, &go)) return EXEC_ERROR;
        if (!go) break;
        ExecStatus st = exec_loop_body(in, env, &s->while_.body, &broke);
        if (st != EXEC_NORMAL) return st;
        if (broke) break;
    }
    return broke ? EXEC_NORMAL : exec_block(in, env, &s->while_.orelse);
}

static ExecStatus exec_for(Interp *in, Env *env, const Node *s) {
    Value *iterable = eval(in, env, s->for_.iter);
    if (!iterable) return EXEC_ERROR;
    const ForeignType *type = value_foreign(iterable);
    if (type && type->for_statement && !type->for_statement(in, iterable, s->for_.iter->loc))
        return EXEC_ERROR;
    Cursor c;
    if (!cursor_open(in, iterable, &c, s->for_.iter->loc)) return EXEC_ERROR;
    bool broke = false;
    for (;;) {
        Value *item;
        if (!cursor_next(in, &c, &item, s->for_.iter->loc)) return EXEC_ERROR;
        if (!item) break;
        if (!assign_target(in, env, s->for_.target, item)) return EXEC_ERROR;
        ExecStatus st = exec_loop_body(in, env, &s->for_.body, &broke);
        if (st != EXEC_NORMAL) return st;
        if (broke) break;
    }
    return broke ? EXEC_NORMAL : exec_block(in, env, &s->for_.orelse);
}

static ExecStatus exec_funcdef(Interp *in, Env *env, const Node *s) {
    Value *fn = make_function(in, env, s, s->funcdef.name);
    if (!fn) return EXEC_ERROR;
    /* Decorators apply bottom-up: @a @b def f ... is f = a(b(f)). */
    Value **decorators = ARENA_ARRAY(in->arena, Value *, s->funcdef.decorators.len + 1);
    for (int i = 0; i < s->funcdef.decorators.len; i++) {
        decorators[i] = eval(in, env, s->funcdef.decorators.items[i]);
        if (!decorators[i]) return EXEC_ERROR;
    }
    for (int i = s->funcdef.decorators.len - 1; i >= 0; i--) {
        CallArgs args = call_args_positional(&fn, 1);
        /* Applying a decorator is a call from this line, as eval_call's are: errors
           inside a library decorator (tf.function's checks) are reported here. */
        SrcLoc at = s->funcdef.decorators.items[i]->loc, saved = in->user_loc;
        if (!vm_is_library_file(in, at.file)) in->user_loc = at;
        fn = call_value(in, decorators[i], &args, at);
        in->user_loc = saved;
        if (!fn) return EXEC_ERROR;
    }
    env_assign(in, env, s->funcdef.name, fn);
    return EXEC_NORMAL;
}

static ExecStatus exec_import(Interp *in, Env *env, const Node *s) {
    for (int i = 0; i < s->import.names.len; i++) {
        const Node *alias = s->import.names.items[i];
        PyModule *m = pymodule_import(in, alias->alias.name, env->module, 0, alias->loc);
        if (!m) return EXEC_ERROR;
        if (alias->alias.asname) {
            env_assign(in, env, vm_intern(in, alias->alias.asname), m->self);
        } else {
            /* import a.b.c binds a */
            const char *dot = strchr(alias->alias.name, '.');
            const char *top =
                dot ? arena_strndup(in->arena, alias->alias.name, (size_t)(dot - alias->alias.name))
                    : alias->alias.name;
            PyModule *tm = dot ? pymodule_import(in, top, env->module, 0, alias->loc) : m;
            if (!tm) return EXEC_ERROR;
            env_assign(in, env, vm_intern(in, top), tm->self);
        }
    }
    return EXEC_NORMAL;
}

static ExecStatus exec_import_from(Interp *in, Env *env, const Node *s) {
    const char *modname = s->import_from.module ? s->import_from.module : "";
    PyModule *m = pymodule_import(in, modname, env->module, s->import_from.level, s->loc);
    if (!m) return EXEC_ERROR;
    for (int i = 0; i < s->import_from.names.len; i++) {
        const Node *alias = s->import_from.names.items[i];
        const char *name = vm_intern(in, alias->alias.name);
        if (strcmp(name, "*") == 0) {
            Env *g = m->globals;
            for (int k = 0; k < g->cap; k++)
                if (g->slots[k].name && g->slots[k].value && g->slots[k].name[0] != '_') {
                    binding_read(&g->slots[k]);
                    env_assign(in, env, g->slots[k].name, g->slots[k].value);
                }
            continue;
        }
        /* A name the module defines, or else a submodule of a package. */
        bool missing;
        Value *v = lookup_attribute(in, m->self, name, alias->loc, &missing);
        if (!v) {
            if (missing)
                vm_raise(in, EXC_IMPORT_ERROR, alias->loc, "cannot import name '%s' from '%s'",
                         name, m->name);
            return EXEC_ERROR;
        }
        env_assign(in, env, vm_intern(in, alias->alias.asname ? alias->alias.asname : name), v);
    }
    return EXEC_NORMAL;
}

/* `name = name + rhs` with one plain name as the target. */
static bool is_name_concat(Env *env, const Node *s) {
    const Node *t = s->assign.targets.items[0], *v = s->assign.value;
    return s->assign.targets.len == 1 && t->kind == AST_NAME && v->kind == AST_BINOP &&
           v->binop.op == BIN_ADD && v->binop.left->kind == AST_NAME &&
           v->binop.left->name.id == t->name.id && is_plain_name(env, t->name.id);
}

/* Its value, as eval gives it, but a str + str appends in place when it may. */
static Value *eval_name_concat(Interp *in, Env *env, const Node *s) {
    const Node *e = s->assign.value;
    Binding *grow = growable_binding(env, e->binop.left->name.id);
    Value *a = grow ? grow->value : eval(in, env, e->binop.left);
    Value *b = a ? eval(in, env, e->binop.right) : NULL;
    if (!b) return NULL;
    if (a->kind == VAL_STR && b->kind == VAL_STR) return str_append_to_name(in, grow, a, b);
    return eval_binop(in, BIN_ADD, a, b, e->loc);
}

static ExecStatus exec_augassign(Interp *in, Env *env, const Node *s) {
    const Node *t = s->augassign.target;
    Value *obj = NULL, *index = NULL, *old;
    Binding *grow = NULL; /* name += str: old read from here without sharing it */
    bool concat =
        s->augassign.op == BIN_ADD && t->kind == AST_NAME && is_plain_name(env, t->name.id);
    switch (t->kind) {
    case AST_NAME:
        grow = concat ? growable_binding(env, t->name.id) : NULL;
        old = grow ? grow->value : eval(in, env, t);
        break;
    case AST_SUBSCRIPT:
        obj = eval(in, env, t->subscript.value);
        index = obj ? eval(in, env, t->subscript.slice) : NULL;
        old = index ? get_item(in, obj, index, t->loc) : NULL;
        break;
    case AST_ATTRIBUTE:
        old = eval(in, env, t);
        break;
    default:
        UNREACHABLE(); /* the parser accepts only the targets above */
    }
    if (!old) return EXEC_ERROR;
    Value *rhs = eval(in, env, s->augassign.value);
    if (!rhs) return EXEC_ERROR;
    Value *result;
    bool handled;
    if (concat && old->kind == VAL_STR && rhs->kind == VAL_STR) {
        result = str_append_to_name(in, grow, old, rhs);
    } else if ((result = instance_inplace(in, s->augassign.op, old, rhs, s->loc, &handled)) ||
               handled) {
        /* obj.__iadd__(rhs)'s result is stored back, as Python does */
    } else if (set_augassign(in, s->augassign.op, old, rhs)) {
        result = old;
    } else if (old->kind == VAL_LIST && s->augassign.op == BIN_ADD) {
        /* list += iterable extends in place */
        List *items = iterate_to_list(in, rhs, s->augassign.value->loc);
        if (!items) return EXEC_ERROR;
        for (int i = 0; i < items->len; i++) list_append(in->arena, old->list, items->items[i]);
        result = old;
    } else {
        result = eval_binop(in, s->augassign.op, old, rhs, s->loc);
    }
    if (!result) return EXEC_ERROR;
    if (t->kind == AST_SUBSCRIPT)
        return set_item(in, obj, index, result, t->loc) ? EXEC_NORMAL : EXEC_ERROR;
    return assign_target(in, env, t, result) ? EXEC_NORMAL : EXEC_ERROR;
}

/* The value an object expression has now, read without running anything (names,
   instance and module attributes); NULL when that would take more. */
static const Value *peek_object(Interp *in, Env *env, const Node *e) {
    if (e->kind == AST_NAME) {
        Env *scope = env_binding_scope(in, env, e->name.id);
        return scope ? env_get_local(scope, e->name.id) : NULL;
    }
    if (e->kind != AST_ATTRIBUTE) return NULL;
    const Value *obj = peek_object(in, env, e->attribute.value);
    if (obj && obj->kind == VAL_INSTANCE) return instance_get(obj, e->attribute.attr);
    if (obj && obj->kind == VAL_MODULE)
        return env_get_local(obj->module->globals, e->attribute.attr);
    return NULL;
}

/* "self.log": the expression's own text when it is on one line of a script. */
static const char *object_text(Interp *in, const Node *e) {
    size_t len;
    const char *line = e->loc.file ? srcfile_line(e->loc.file, e->loc.line, &len) : NULL;
    if (!line || e->loc.col < 1 || (size_t)(e->loc.col - 1 + e->loc.len) > len)
        return e->kind == AST_ATTRIBUTE
                   ? arena_printf(in->arena, "%s.%s", object_text(in, e->attribute.value),
                                  e->attribute.attr)
                   : e->kind == AST_NAME ? e->name.id : "...";
    return arena_strndup(in->arena, line + e->loc.col - 1, (size_t)e->loc.len);
}

void vm_watch_mutation(Interp *in, Env *env, const Node *object, const Value *target,
                       const char *what, const Value *value, SrcLoc loc) {
    if (!in->watch_stores) return;
    const Node *root = object;
    while (root->kind == AST_ATTRIBUTE || root->kind == AST_SUBSCRIPT)
        root = root->kind == AST_ATTRIBUTE ? root->attribute.value : root->subscript.value;
    if (root->kind != AST_NAME) return;
    VmStore st = {.name = root->name.id,
                  .path = root == object ? NULL : object_text(in, object),
                  .target = target ? target : peek_object(in, env, object),
                  .what = what,
                  .mutates = true,
                  .value = value};
    in->hooks.store(in, env, &st, loc);
}

/* `x[i] = ...` and `x.attr = ...` change the object x is (a name, or reached from one
   as in `self.stats["n"] = ...`): a side effect when it outlives the trace
   (side_effects.c). */
static void watch_object_store(Interp *in, Env *env, const Node *target, const Value *value,
                               SrcLoc loc) {
    if (!in->watch_stores) return; /* (before the message is made: this runs on every store) */
    if (target->kind == AST_SUBSCRIPT)
        vm_watch_mutation(in, env, target->subscript.value, NULL, "changed (an item assigned)",
                          value, loc);
    if (target->kind == AST_ATTRIBUTE)
        vm_watch_mutation(
            in, env, target->attribute.value, NULL,
            arena_printf(in->arena, "changed (attribute '%s' set)", target->attribute.attr), value,
            loc);
}

static ExecStatus exec_stmt_kind(Interp *in, Env *env, const Node *s) {
    if (!budget_step(in, &in->budget, &s->loc)) return EXEC_ERROR;
    if (in->hooks.statement) in->hooks.statement(in);
    switch (s->kind) {
    case AST_EXPR_STMT: return eval(in, env, s->expr_stmt.value) ? EXEC_NORMAL : EXEC_ERROR;
    case AST_ASSIGN: {
        Value *v = is_name_concat(env, s) ? eval_name_concat(in, env, s)
                                          : eval(in, env, s->assign.value);
        if (!v) return EXEC_ERROR;
        for (int i = 0; i < s->assign.targets.len; i++) {
            const Node *t = s->assign.targets.items[i];
            /* (Only plain `name = ...`: AutoGraph's set_state writes its state by unpacking.) */
            if (in->watch_stores && t->kind == AST_NAME &&
                (name_in(env->globals, env->nglobals, t->name.id) ||
                 name_in(env->nonlocals, env->nnonlocals, t->name.id)))
                in->hooks.store(in, env,
                                &(VmStore){.name = t->name.id, .what = "changed", .value = v},
                                s->loc);
            watch_object_store(in, env, t, v, s->loc);
            if (!assign_target(in, env, t, v)) return EXEC_ERROR;
        }
        return EXEC_NORMAL;
    }
    case AST_AUGASSIGN:
        if (s->augassign.target->kind != AST_NAME)
            watch_object_store(in, env, s->augassign.target, NULL, s->loc);
        else if (in->watch_stores)
            in->hooks.store(in, env, &(VmStore){.name = s->augassign.target->name.id,
                                                .what = "changed"},
                            s->loc);
        return exec_augassign(in, env, s);
    case AST_ANNASSIGN: {
        if (!s->annassign.value) return EXEC_NORMAL;
        Value *v = eval(in, env, s->annassign.value);
        return v && assign_target(in, env, s->annassign.target, v) ? EXEC_NORMAL : EXEC_ERROR;
    }
    case AST_PASS: return EXEC_NORMAL;
    case AST_DEL:
        for (int i = 0; i < s->del.targets.len; i++)
            if (!delete_target(in, env, s->del.targets.items[i])) return EXEC_ERROR;
        return EXEC_NORMAL;
    case AST_RETURN:
        in->return_value = s->ret.value ? eval(in, env, s->ret.value) : value_none();
        in->return_loc = s->loc;
        return in->return_value ? EXEC_RETURN : EXEC_ERROR;
    case AST_BREAK: return EXEC_BREAK;
    case AST_CONTINUE: return EXEC_CONTINUE;
    case AST_ASSERT: return exec_assert(in, env, s);
    case AST_GLOBAL:
    case AST_NONLOCAL:
        /* Declarations were collected by the scope analysis in call.c. */
        return EXEC_NORMAL;
    case AST_IF: {
        bool go;
        if (!condition(in, env, s->if_.test, &go)) return EXEC_ERROR;
        return exec_block(in, env, go ? &s->if_.body : &s->if_.orelse);
    }
    case AST_WHILE:
    case AST_FOR: {
        const SrcLoc *outer = budget_loop_enter(&in->budget, &s->loc);
        ExecStatus st = s->kind == AST_WHILE ? exec_while(in, env, s) : exec_for(in, env, s);
        budget_loop_leave(&in->budget, outer);
        return st;
    }
    case AST_FUNCDEF: return exec_funcdef(in, env, s);
    case AST_IMPORT: return exec_import(in, env, s);
    case AST_IMPORT_FROM: return exec_import_from(in, env, s);
    case AST_RAISE: return exec_raise(in, env, s);
    case AST_TRY: return exec_try(in, env, s);
    case AST_WITH: return exec_with(in, env, s);
    case AST_CLASSDEF: return exec_classdef(in, env, s);
    default: break;
    }
    UNREACHABLE(); /* every statement kind the parser makes is handled above */
}

static ExecStatus exec_stmt(Interp *in, Env *env, const Node *s) {
    SrcLoc saved = in->stmt_loc;
    if (!vm_is_library_file(in, s->loc.file)) in->stmt_loc = s->loc;
    ExecStatus st = exec_stmt_kind(in, env, s);
    in->stmt_loc = saved;
    return st;
}

ExecStatus exec_block(Interp *in, Env *env, const NodeList *body) {
    for (int i = 0; i < body->len; i++) {
        ExecStatus st = exec_stmt(in, env, body->items[i]);
        /* An exception raised where the caller could not stop (a __eq__ run by a
           dict lookup, list.index) goes on from the statement that ran it. */
        if (st != EXEC_ERROR && in->exc) return EXEC_ERROR;
        if (st != EXEC_NORMAL) return st;
    }
    return EXEC_NORMAL;
}

bool exec_module(Interp *in, PyModule *m, const Node *ast) {
    ExecStatus st = exec_block(in, m->globals, &ast->module.body);
    if (st == EXEC_ERROR) return false;
    if (st != EXEC_NORMAL) {
        /* 'return'/'break' outside function/loop are rejected by the parser. */
        UNREACHABLE();
    }
    return true;
}
