/* classes.c — classes and instances: class statements, the method resolution order,
 * attribute lookup with descriptors (methods, property, staticmethod, classmethod),
 * super(), and instantiation. Operators on instances are in dunder.c.
 *
 * The MRO is CPython's C3 linearisation, so multiple inheritance resolves exactly as
 * in CPython (LANGUAGE.md). Special methods are looked up on the type, never on the
 * instance, as CPython does. */
#include <string.h>

#include "exceptions.h"
#include "objects.h"
#include "vm.h"

/* ---- Values ------------------------------------------------------------------------ */

Value *method_new(Interp *in, Value *fn, Value *self) {
    Value *m = value_new(in->arena, VAL_METHOD);
    m->method.fn = fn;
    m->method.self = self;
    return m;
}

Env *namespace_new(Interp *in, PyModule *module) {
    Env *e = env_new(in, NULL, module, NULL);
    e->ordered = true;
    return e;
}

Value *instance_get(const Value *obj, const char *name) {
    Value key = {.kind = VAL_STR, .str = {.s = name, .len = strlen(name)}};
    return dict_get(obj->inst->attrs->dict, &key);
}

Value *instance_new(Interp *in, PyClass *cls) {
    Value *v = value_new(in->arena, VAL_INSTANCE);
    v->inst = ARENA_NEW(in->arena, Instance);
    v->inst->cls = cls;
    v->inst->attrs = value_dict(in->arena);
    v->inst->epoch = in->epoch;
    return v;
}

/* ---- The method resolution order ---------------------------------------------------- */

typedef struct Seq {
    PyClass **items;
    int len, head;
} Seq;

static bool in_tail(const Seq *seqs, int n, const PyClass *c) {
    for (int i = 0; i < n; i++)
        for (int k = seqs[i].head + 1; k < seqs[i].len; k++)
            if (seqs[i].items[k] == c) return true;
    return false;
}

/* C3: the class, then a merge of its bases' MROs and the bases list, taking each time
   the first head that is in no tail. */
static bool compute_mro(Interp *in, PyClass *cls, SrcLoc loc) {
    int nseqs = cls->nbases + 1, total = 1;
    Seq *seqs = ARENA_ARRAY(in->arena, Seq, nseqs);
    for (int i = 0; i < cls->nbases; i++) {
        PyClass *b = cls->bases[i]->cls;
        seqs[i] = (Seq){b->mro, b->nmro, 0};
        total += b->nmro;
    }
    PyClass **bases = ARENA_ARRAY(in->arena, PyClass *, cls->nbases + 1);
    for (int i = 0; i < cls->nbases; i++) bases[i] = cls->bases[i]->cls;
    seqs[cls->nbases] = (Seq){bases, cls->nbases, 0};
    cls->mro = ARENA_ARRAY(in->arena, PyClass *, total);
    cls->mro[cls->nmro++] = cls;
    for (;;) {
        PyClass *next = NULL;
        bool left = false;
        for (int i = 0; i < nseqs && !next; i++) {
            if (seqs[i].head >= seqs[i].len) continue;
            left = true;
            PyClass *c = seqs[i].items[seqs[i].head];
            if (!in_tail(seqs, nseqs, c)) next = c;
        }
        if (!left) return true;
        if (!next) {
            StrBuf sb;
            strbuf_init(&sb, in->arena);
            for (int i = 0; i < cls->nbases; i++)
                strbuf_printf(&sb, "%s%s", i ? ", " : "", bases[i]->name);
            vm_type_error(in, loc,
                          "Cannot create a consistent method resolution order (MRO) for bases %s",
                          strbuf_cstr(&sb));
            return false;
        }
        cls->mro[cls->nmro++] = next;
        for (int i = 0; i < nseqs; i++)
            if (seqs[i].head < seqs[i].len && seqs[i].items[seqs[i].head] == next) seqs[i].head++;
    }
}

Value *class_lookup(const PyClass *cls, const char *name) {
    for (int i = 0; i < cls->nmro; i++) {
        Value *v = env_get_local(cls->mro[i]->dict, name);
        if (v) return v;
    }
    return NULL;
}

bool class_is_subclass(const PyClass *cls, const PyClass *base) {
    for (int i = 0; i < cls->nmro; i++)
        if (cls->mro[i] == base) return true;
    return false;
}

/* Whether the class's own MRO defines name before reaching a built-in class. */
static bool defined_by_user(const PyClass *cls, const char *name) {
    for (int i = 0; i < cls->nmro; i++) {
        if (cls->mro[i]->is_builtin) return false;
        if (env_get_local(cls->mro[i]->dict, name)) return true;
    }
    return false;
}

PyClass *class_new(Interp *in, const char *name, const char *qualname, const char *module,
                   Value **bases, int nbases, Env *dict, SrcLoc loc) {
    PyClass *cls = ARENA_NEW(in->arena, PyClass);
    cls->name = name;
    cls->qualname = qualname;
    cls->module = module;
    cls->dict = dict;
    cls->self = value_new(in->arena, VAL_CLASS);
    cls->self->cls = cls;
    if (nbases == 0 && in->object_class) {
        bases = &in->object_class->self;
        nbases = 1;
    }
    cls->bases = bases;
    cls->nbases = nbases;
    for (int i = 0; i < nbases; i++) {
        for (int k = 0; k < i; k++)
            if (bases[k] == bases[i])
                return vm_type_error(in, loc, "duplicate base class %s", bases[i]->cls->name), NULL;
        cls->is_exception |= bases[i]->cls->is_exception;
    }
    if (!compute_mro(in, cls, loc)) return NULL;
    const Dunders *d = &in->dunder;
    cls->interp = in;
    cls->user_eq = defined_by_user(cls, d->eq);
    if (defined_by_user(cls, d->hash)) cls->hash_kind = HASH_USER;
    else if (defined_by_user(cls, d->eq)) cls->hash_kind = HASH_NONE;
    /* `__hash__ = None` in the body makes instances unhashable too. */
    Value *h = class_lookup(cls, d->hash);
    if (h && h->kind == VAL_NONE) cls->hash_kind = HASH_NONE;
    return cls;
}

/* ---- The class statement ------------------------------------------------------------ */

static void set_defining_class(Value *v, PyClass *cls) {
    switch (v->kind) {
    case VAL_FUNCTION:
        if (!v->fn->defining_class) v->fn->defining_class = cls;
        break;
    case VAL_STATICMETHOD:
    case VAL_CLASSMETHOD: set_defining_class(v->wrapped, cls); break;
    case VAL_PROPERTY:
        if (v->prop.fget) set_defining_class(v->prop.fget, cls);
        if (v->prop.fset) set_defining_class(v->prop.fset, cls);
        if (v->prop.fdel) set_defining_class(v->prop.fdel, cls);
        break;
    default:
        if (value_foreign(v) && value_foreign(v)->wrapped)
            set_defining_class(value_foreign(v)->wrapped(v), cls);
        break;
    }
}

const char *scope_qualname(Interp *in, Env *env, const char *name) {
    if (env->class_body) return arena_printf(in->arena, "%s.%s", env->class_body->qualname, name);
    if (env->fn) return arena_printf(in->arena, "%s.<locals>.%s", env->fn->qualname, name);
    return name;
}

ExecStatus exec_classdef(Interp *in, Env *env, const Node *s) {
    const NodeList *base_nodes = &s->classdef.bases;
    Value **bases = ARENA_ARRAY(in->arena, Value *, base_nodes->len + 1);
    for (int i = 0; i < base_nodes->len; i++) {
        const Node *b = base_nodes->items[i];
        if (b->kind == AST_STARRED)
            return vm_not_supported(in, b->loc, "'*' in a class's bases"), EXEC_ERROR;
        if (!(bases[i] = eval(in, env, b))) return EXEC_ERROR;
        if (bases[i]->kind != VAL_CLASS) {
            if (bases[i]->kind == VAL_BUILTIN && bases[i]->builtin->is_class)
                return vm_not_supported(in, b->loc,
                                        arena_printf(in->arena,
                                                     "subclassing the built-in type '%s'",
                                                     bases[i]->builtin->name)),
                       EXEC_ERROR;
            return vm_type_error(in, b->loc, "bases must be types, not %s",
                                 value_type_name(bases[i])),
                   EXEC_ERROR;
        }
    }
    if (s->classdef.keywords.len) {
        const Node *k = s->classdef.keywords.items[0];
        return vm_not_supported(in, k->loc,
                                k->keyword.name && strcmp(k->keyword.name, "metaclass") == 0
                                    ? "metaclasses ('metaclass=')"
                                    : "keyword arguments in a class's bases"),
               EXEC_ERROR;
    }
    const char *name = s->classdef.name;
    Env *body = namespace_new(in, env->module);
    /* Names in the body see the enclosing function's scope, not an enclosing class's. */
    body->parent = env->class_body ? env->parent : env == env->module->globals ? NULL : env;
    body->scope_node = s;
    /* The class exists (without an MRO) while its body runs, for qualnames of methods. */
    PyClass shell = {.name = name, .qualname = scope_qualname(in, env, name)};
    body->class_body = &shell;
    const char *module_name = env->module->name;
    env_set_local(in, body, in->dunder.module, value_cstr(in->arena, module_name));
    env_set_local(in, body, in->dunder.qualname, value_cstr(in->arena, shell.qualname));
    env_set_local(in, body, in->dunder.doc, docstring(in, &s->classdef.body));
    ExecStatus st = exec_block(in, body, &s->classdef.body);
    if (st != EXEC_NORMAL) return st;
    body->class_body = NULL;
    env_delete(body, in->dunder.qualname); /* CPython keeps it on the type, not in __dict__ */
    PyClass *cls =
        class_new(in, name, shell.qualname, module_name, bases, base_nodes->len, body, s->loc);
    if (!cls) return EXEC_ERROR;
    if (env_get_local(body, in->dunder.new_)) {
        SrcLoc at = s->loc;
        for (int i = 0; i < s->classdef.body.len; i++) {
            const Node *st = s->classdef.body.items[i];
            if (st->kind == AST_FUNCDEF && st->funcdef.name == in->dunder.new_) at = st->loc;
        }
        return vm_not_supported(in, at, "'__new__' in a class"), EXEC_ERROR;
    }
    for (int i = 0; i < body->norder; i++) {
        Value *v = env_get_local(body, body->order[i]);
        set_defining_class(v, cls);
        if (v->kind == VAL_PROPERTY) v->prop.name = body->order[i]; /* CPython's __set_name__ */
    }
    Value *v = cls->self;
    for (int i = s->classdef.decorators.len - 1; i >= 0; i--) {
        const Node *dn = s->classdef.decorators.items[i];
        Value *dec = eval(in, env, dn);
        if (!dec) return EXEC_ERROR;
        CallArgs args = call_args_positional(&v, 1);
        if (!(v = call_value(in, dec, &args, dn->loc))) return EXEC_ERROR;
    }
    env_assign(in, env, name, v);
    return EXEC_NORMAL;
}

/* ---- Attributes -------------------------------------------------------------------------- */

/* What a class attribute becomes when read through an instance (obj) or the class. */
Value *class_bind(Interp *in, Value *attr, Value *obj, PyClass *cls) {
    switch (attr->kind) {
    case VAL_FUNCTION: return obj ? method_new(in, attr, obj) : attr;
    case VAL_BUILTIN: return obj && attr->builtin->binds ? method_new(in, attr, obj) : attr;
    case VAL_STATICMETHOD: return attr->wrapped;
    case VAL_CLASSMETHOD: return method_new(in, attr->wrapped, cls->self);
    default: {
        const ForeignType *type = value_foreign(attr);
        return obj && type && type->bind ? type->bind(in, attr, obj) : attr;
    }
    }
}

/* A property's getter or deleter, called for the script's obj.attr at loc. */
static Value *call1(Interp *in, Value *fn, Value *arg, SrcLoc loc) {
    CallArgs args = call_args_positional(&arg, 1);
    return call_from_script(in, fn, &args, loc);
}

/* CPython's AttributeError for a property without the function asked for (missing:
   "getter", "setter", "deleter"); named when the property was in a class body. */
static bool property_lacks(Interp *in, const Value *prop, const Value *obj, const char *missing,
                           SrcLoc loc) {
    if (prop->prop.name)
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "property '%s' of '%s' object has no %s",
                 prop->prop.name, value_type_name(obj), missing);
    else
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "property of '%s' object has no %s",
                 value_type_name(obj), missing);
    return false;
}

static Value *property_get(Interp *in, Value *prop, Value *obj, SrcLoc loc) {
    if (!prop->prop.fget) return property_lacks(in, prop, obj, "getter", loc), NULL;
    return call1(in, prop->prop.fget, obj, loc);
}

/* An attribute every instance has, whatever its class. */
static Value *instance_special(Interp *in, Value *obj, const char *name) {
    const Dunders *d = &in->dunder;
    if (name == d->class_) return obj->inst->cls->self;
    if (name == d->dict) return obj->inst->attrs;
    ExcInfo *e = obj->inst->exc;
    if (!e) return NULL;
    if (name == d->args) return e->args;
    if (name == d->cause) return e->cause ? e->cause : value_none();
    if (name == d->context) return e->context ? e->context : value_none();
    if (name == d->suppress_context) return value_bool(e->suppress_context);
    if (name == d->traceback) return traceback_object(in, obj);
    return NULL;
}

Value *instance_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc, bool *missing) {
    *missing = false;
    PyClass *cls = obj->inst->cls;
    Value *attr = class_lookup(cls, name);
    if (attr && attr->kind == VAL_PROPERTY) return property_get(in, attr, obj, loc);
    Value *v = instance_get(obj, name);
    if (v) return v;
    if (attr) return class_bind(in, attr, obj, cls);
    if ((v = instance_special(in, obj, name))) return v;
    Value *getattr = class_lookup(cls, in->dunder.getattr);
    if (getattr) {
        Value *args[2] = {obj, value_cstr(in->arena, name)};
        CallArgs ca = call_args_positional(args, 2);
        return call_value(in, getattr, &ca, loc);
    }
    *missing = true;
    return NULL;
}

static Value *mro_tuple(Interp *in, const PyClass *cls) {
    Value *t = value_tuple(in->arena, cls->nmro);
    for (int i = 0; i < cls->nmro; i++) t->list->items[i] = cls->mro[i]->self;
    return t;
}

Value *class_attribute(Interp *in, Value *clsv, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    *missing = false;
    PyClass *cls = clsv->cls;
    const Dunders *d = &in->dunder;
    if (name == d->name) return value_cstr(in->arena, cls->name);
    if (name == d->qualname) return value_cstr(in->arena, cls->qualname);
    if (name == d->mro) return mro_tuple(in, cls);
    if (name == d->bases) {
        Value *t = value_tuple(in->arena, cls->nbases);
        for (int i = 0; i < cls->nbases; i++) t->list->items[i] = cls->bases[i];
        return t;
    }
    if (name == d->module) return value_cstr(in->arena, cls->module);
    if (name == d->dict) { /* a copy: CPython's is a read-only view */
        Value *dict = value_dict(in->arena);
        for (int i = 0; i < cls->dict->norder; i++)
            dict_set(in->arena, dict->dict, value_cstr(in->arena, cls->dict->order[i]),
                     env_get_local(cls->dict, cls->dict->order[i]));
        return dict;
    }
    Value *attr = class_lookup(cls, name);
    if (attr) return class_bind(in, attr, NULL, cls);
    if (name == d->doc) return value_none();
    *missing = true;
    return NULL;
}

/* super(): the MRO of the object's type from after the given class. */
Value *super_attribute(Interp *in, Value *sup, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    *missing = false;
    Value *obj = sup->super_.obj;
    PyClass *type = obj->kind == VAL_CLASS ? obj->cls : obj->inst->cls;
    int i = 0;
    while (i < type->nmro && type->mro[i] != sup->super_.after) i++;
    for (i++; i < type->nmro; i++) {
        Value *attr = env_get_local(type->mro[i]->dict, name);
        if (!attr) continue;
        if (attr->kind == VAL_PROPERTY && obj->kind == VAL_INSTANCE)
            return property_get(in, attr, obj, loc);
        return class_bind(in, attr, obj->kind == VAL_INSTANCE ? obj : NULL, type);
    }
    *missing = true;
    return NULL;
}

/* object.__setattr__: a property's setter, else the instance __dict__. */
bool instance_store(Interp *in, Value *obj, const char *name, Value *value, SrcLoc loc) {
    Value *attr = class_lookup(obj->inst->cls, name);
    if (attr && attr->kind == VAL_PROPERTY) {
        if (!attr->prop.fset) return property_lacks(in, attr, obj, "setter", loc);
        Value *args[2] = {obj, value};
        CallArgs ca = call_args_positional(args, 2);
        return call_from_script(in, attr->prop.fset, &ca, loc) != NULL;
    }
    if (obj->inst->exc && name == in->dunder.args) {
        List *items = iterate_to_list(in, value, loc);
        if (!items) return false;
        Value *t = value_tuple(in->arena, items->len);
        if (items->len) memcpy(t->list->items, items->items, sizeof(Value *) * (size_t)items->len);
        obj->inst->exc->args = t;
        return true;
    }
    if (obj->inst->exc && name == in->dunder.cause) {
        obj->inst->exc->cause = value->kind == VAL_NONE ? NULL : value;
        obj->inst->exc->suppress_context = true;
        return true;
    }
    dict_set(in->arena, obj->inst->attrs->dict, value_cstr(in->arena, name), value);
    return true;
}

bool set_attribute(Interp *in, Value *obj, const char *name, Value *value, SrcLoc loc) {
    name = vm_intern(in, name);
    switch (obj->kind) {
    case VAL_INSTANCE: {
        Value *setattr = class_lookup(obj->inst->cls, in->dunder.setattr);
        if (setattr && setattr->kind != VAL_BUILTIN) {
            Value *args[3] = {obj, value_cstr(in->arena, name), value};
            CallArgs ca = call_args_positional(args, 3);
            return call_value(in, setattr, &ca, loc) != NULL;
        }
        return instance_store(in, obj, name, value, loc);
    }
    case VAL_CLASS:
        if (obj->cls->is_builtin) {
            vm_type_error(in, loc, "cannot set '%s' attribute of immutable type '%s'", name,
                          obj->cls->name);
            return false;
        }
        env_set_local(in, obj->cls->dict, name, value);
        return true;
    case VAL_MODULE: env_set_local(in, obj->module->globals, name, value); return true;
    case VAL_FUNCTION: /* a function's __dict__; __name__ and __qualname__ are its names */
        if ((name == in->dunder.name || name == in->dunder.qualname) && value->kind != VAL_STR) {
            vm_type_error(in, loc, "__%s__ must be set to a string object",
                          name == in->dunder.name ? "name" : "qualname");
            return false;
        }
        if (name == in->dunder.name) {
            obj->fn->name = value->str.s;
            return true;
        }
        if (name == in->dunder.qualname) {
            obj->fn->qualname = value->str.s;
            return true;
        }
        if (strcmp(name, "__defaults__") == 0 || strcmp(name, "__kwdefaults__") == 0) {
            vm_not_supported(in, loc, arena_printf(in->arena, "setting a function's %s", name));
            return false;
        }
        if (!obj->fn->attrs) obj->fn->attrs = value_dict(in->arena)->dict;
        dict_set(in->arena, obj->fn->attrs, value_cstr(in->arena, name), value);
        return true;
    default:
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "'%s' object has no attribute '%s'",
                 value_type_name(obj), name);
        return false;
    }
}

bool delete_attribute(Interp *in, Value *obj, const char *name, SrcLoc loc) {
    name = vm_intern(in, name);
    Value *delattr =
        obj->kind == VAL_INSTANCE ? class_lookup(obj->inst->cls, in->dunder.delattr) : NULL;
    if (delattr && delattr->kind != VAL_BUILTIN) {
        Value *args[2] = {obj, value_cstr(in->arena, name)};
        CallArgs ca = call_args_positional(args, 2);
        return call_value(in, delattr, &ca, loc) != NULL;
    }
    return instance_unstore(in, obj, name, loc);
}

bool instance_unstore(Interp *in, Value *obj, const char *name, SrcLoc loc) {
    if (obj->kind == VAL_INSTANCE) {
        Value *attr = class_lookup(obj->inst->cls, name);
        if (attr && attr->kind == VAL_PROPERTY) {
            if (!attr->prop.fdel) return property_lacks(in, attr, obj, "deleter", loc);
            return call1(in, attr->prop.fdel, obj, loc) != NULL;
        }
        Value key = {.kind = VAL_STR, .str = {.s = name, .len = strlen(name)}};
        if (dict_delete(obj->inst->attrs->dict, &key)) return true;
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "'%s' object has no attribute '%s'",
                 value_type_name(obj), name);
        return false;
    }
    if (obj->kind == VAL_CLASS && !obj->cls->is_builtin) {
        if (env_delete(obj->cls->dict, name)) return true;
        vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "type object '%s' has no attribute '%s'",
                 obj->cls->name, name);
        return false;
    }
    vm_raise(in, EXC_ATTRIBUTE_ERROR, loc, "'%s' object has no attribute '%s'",
             value_type_name(obj), name);
    return false;
}

/* ---- Instantiation ------------------------------------------------------------------------ */

Value *class_call(Interp *in, PyClass *cls, CallArgs *args, SrcLoc loc) {
    Value *obj = instance_new(in, cls);
    if (cls->is_exception) exception_init_args(in, obj, args);
    Value *init = class_lookup(cls, in->dunder.init);
    if (init->kind == VAL_BUILTIN &&
        init == env_get_local(in->object_class->dict, in->dunder.init)) {
        if (args->npos || args->nkw)
            return vm_type_error(in, loc, "%s() takes no arguments", cls->name);
        return obj;
    }
    Value **pos = ARENA_ARRAY(in->arena, Value *, args->npos + 1);
    pos[0] = obj;
    if (args->npos) memcpy(pos + 1, args->pos, sizeof(Value *) * (size_t)args->npos);
    CallArgs with_self = *args;
    with_self.pos = pos;
    with_self.npos = args->npos + 1;
    Value *r = call_value(in, init, &with_self, loc);
    if (!r) return NULL;
    if (r->kind != VAL_NONE)
        return vm_type_error(in, loc, "__init__() should return None, not '%s'",
                             value_type_name(r));
    return obj;
}

Value *call_method_value(Interp *in, Value *m, CallArgs *args, SrcLoc loc) {
    Value **pos = ARENA_ARRAY(in->arena, Value *, args->npos + 1);
    pos[0] = m->method.self;
    if (args->npos) memcpy(pos + 1, args->pos, sizeof(Value *) * (size_t)args->npos);
    CallArgs with_self = *args;
    with_self.pos = pos;
    with_self.npos = args->npos + 1;
    return call_value(in, m->method.fn, &with_self, loc);
}

/* ---- isinstance ------------------------------------------------------------------------------ */

bool value_is_instance_of(Interp *in, const Value *v, const PyClass *cls) {
    if (cls == in->object_class) return true;
    if (v->kind == VAL_INSTANCE) return class_is_subclass(v->inst->cls, cls);
    return false;
}
