/* class_builtins.c — the builtins that work on classes and objects: property,
 * staticmethod, classmethod, super, issubclass, setattr, delattr, vars, id and
 * NotImplemented, and the attributes of the descriptor values they make. */
#include <string.h>

#include "objects.h"
#include "vm.h"

#define BUILTIN(name)                                                                              \
    static Value *builtin_##name(Interp *in, Value *self, CallArgs *args, SrcLoc loc)

BUILTIN(property) {
    (void)self;
    static const char *const names[] = {"fget", "fset", "fdel", "doc"};
    Value *a[4];
    if (!args_bind(in, args, "property", names, 4, 0, a, loc)) return NULL;
    Value *p = value_new(in->arena, VAL_PROPERTY);
    p->prop.fget = a[0] && a[0]->kind != VAL_NONE ? a[0] : NULL;
    p->prop.fset = a[1] && a[1]->kind != VAL_NONE ? a[1] : NULL;
    p->prop.fdel = a[2] && a[2]->kind != VAL_NONE ? a[2] : NULL;
    return p;
}

static Value *wrap(Interp *in, ValueKind kind, CallArgs *args, const char *name, SrcLoc loc) {
    if (!args_count(in, args, name, 1, 1, loc)) return NULL;
    Value *w = value_new(in->arena, kind);
    w->wrapped = args->pos[0];
    return w;
}

BUILTIN(staticmethod) {
    (void)self;
    return wrap(in, VAL_STATICMETHOD, args, "staticmethod", loc);
}

BUILTIN(classmethod) {
    (void)self;
    return wrap(in, VAL_CLASSMETHOD, args, "classmethod", loc);
}

/* super() in a method: the class that defined it and the method's first argument;
   found from the innermost call up through enclosing functions (AutoGraph runs the
   branches of an if as nested functions). */
BUILTIN(super) {
    (void)self;
    if (!args_count(in, args, "super", 0, 2, loc)) return NULL;
    Value *sup = value_new(in->arena, VAL_SUPER);
    if (args->npos == 2) {
        Value *type = args->pos[0], *obj = args->pos[1];
        if (type->kind != VAL_CLASS)
            return vm_type_error(in, loc, "super() argument 1 must be a type, not %s",
                                 value_type_name(type));
        bool ok = obj->kind == VAL_CLASS ? class_is_subclass(obj->cls, type->cls)
                                         : value_is_instance_of(in, obj, type->cls);
        if (!ok)
            return vm_type_error(in, loc,
                                 "super(type, obj): obj must be an instance or subtype of type");
        sup->super_.after = type->cls;
        sup->super_.obj = obj;
        return sup;
    }
    if (args->npos == 1) return vm_not_supported(in, loc, "super() with one argument");
    for (Env *e = in->env; e; e = e->parent) {
        if (!e->fn || !e->fn->defining_class) continue;
        const Params *p = e->fn->params;
        Value *first =
            p->args.len ? env_get_local(e, vm_intern(in, p->args.items[0]->arg.name)) : NULL;
        if (!first) return vm_raise(in, EXC_RUNTIME_ERROR, loc, "super(): no arguments");
        sup->super_.after = e->fn->defining_class;
        sup->super_.obj = first;
        return sup;
    }
    return vm_raise(in, EXC_RUNTIME_ERROR, loc, "super(): __class__ cell not found");
}

static bool class_arg(Interp *in, Value *v, const char *what, SrcLoc loc) {
    if (v->kind == VAL_CLASS || (v->kind == VAL_BUILTIN && v->builtin->is_class)) return true;
    vm_type_error(in, loc, "%s", what);
    return false;
}

static bool is_subclass(Interp *in, Value *cls, Value *base, SrcLoc loc, bool *ok) {
    *ok = true;
    if (base->kind == VAL_TUPLE) {
        for (int i = 0; i < base->list->len; i++) {
            if (is_subclass(in, cls, base->list->items[i], loc, ok)) return true;
            if (!*ok) return false;
        }
        return false;
    }
    if (!class_arg(in, base, "issubclass() arg 2 must be a class, a tuple of classes, or a union",
                   loc))
        return *ok = false;
    if (base->kind == VAL_CLASS && base->cls == in->object_class) return true;
    if (cls->kind == VAL_BUILTIN &&
        base->kind == VAL_BUILTIN) /* bool is the one built-in subclass here */
        return value_equal(cls, base) ||
               (strcmp(cls->builtin->name, "bool") == 0 && strcmp(base->builtin->name, "int") == 0);
    if (cls->kind != VAL_CLASS || base->kind != VAL_CLASS) return false;
    return class_is_subclass(cls->cls, base->cls);
}

BUILTIN(issubclass) {
    (void)self;
    if (!args_count(in, args, "issubclass", 2, 2, loc)) return NULL;
    if (!class_arg(in, args->pos[0], "issubclass() arg 1 must be a class", loc)) return NULL;
    bool ok;
    bool r = is_subclass(in, args->pos[0], args->pos[1], loc, &ok);
    return ok ? value_bool(r) : NULL;
}

BUILTIN(setattr) {
    (void)self;
    if (!args_count(in, args, "setattr", 3, 3, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string, not '%s'",
                             value_type_name(args->pos[1]));
    return set_attribute(in, args->pos[0], args->pos[1]->str.s, args->pos[2], loc) ? value_none()
                                                                                   : NULL;
}

BUILTIN(delattr) {
    (void)self;
    if (!args_count(in, args, "delattr", 2, 2, loc)) return NULL;
    if (args->pos[1]->kind != VAL_STR)
        return vm_type_error(in, loc, "attribute name must be string, not '%s'",
                             value_type_name(args->pos[1]));
    return delete_attribute(in, args->pos[0], args->pos[1]->str.s, loc) ? value_none() : NULL;
}

BUILTIN(vars) {
    (void)self;
    if (!args_count(in, args, "vars", 1, 1, loc)) return NULL;
    Value *obj = args->pos[0];
    if (obj->kind != VAL_INSTANCE && obj->kind != VAL_CLASS)
        return vm_type_error(in, loc, "vars() argument must have __dict__ attribute");
    if (obj->kind == VAL_INSTANCE) return obj->inst->attrs;
    Env *ns = obj->cls->dict;
    Value *d = value_dict(in->arena);
    for (int i = 0; i < ns->norder; i++)
        dict_set(in->arena, d->dict, value_cstr(in->arena, ns->order[i]),
                 env_get_local(ns, ns->order[i]));
    return d;
}

/* id(x): unique among live objects, as CPython's is; not CPython's numbers. */
BUILTIN(id) {
    (void)self;
    if (!args_count(in, args, "id", 1, 1, loc)) return NULL;
    Value *v = args->pos[0];
    const void *identity = v;
    switch (v->kind) {
    case VAL_INSTANCE: identity = v->inst; break;
    case VAL_CLASS: identity = v->cls; break;
    case VAL_LIST: identity = v->list; break;
    case VAL_DICT: identity = v->dict; break;
    case VAL_SET: identity = v->set; break;
    case VAL_FUNCTION: identity = v->fn; break;
    default: break;
    }
    return value_int(in->arena, (int64_t)(uintptr_t)identity);
}

void class_builtins_install(Interp *in) {
    static const struct { const char *name; BuiltinFn fn; bool is_class; } table[] = {
        {"property", builtin_property, true},   {"staticmethod", builtin_staticmethod, true},
        {"classmethod", builtin_classmethod, true}, {"super", builtin_super, true},
        {"issubclass", builtin_issubclass, false}, {"setattr", builtin_setattr, false},
        {"delattr", builtin_delattr, false},     {"vars", builtin_vars, false},
        {"id", builtin_id, false},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        const char *name = vm_intern(in, table[i].name);
        Value *b = value_builtin(in->arena, name, table[i].fn, NULL);
        b->builtin->is_class = table[i].is_class;
        env_set_local(in, in->builtins, name, b);
    }
    env_set_local(in, in->builtins, vm_intern(in, "NotImplemented"), value_not_implemented());
    env_set_local(in, in->builtins, vm_intern(in, "Ellipsis"), value_ellipsis());
}

/* ---- Attributes of descriptors and bound methods ------------------------------------------- */

/* prop.setter(f) and friends: a copy of the property with one function replaced. */
static Value *property_with(Interp *in, Value *self, CallArgs *args, SrcLoc loc) {
    Value *prop = self->list->items[0];
    int which = (int)self->list->items[1]->i;
    if (!args_count(in, args, which == 0 ? "getter" : which == 1 ? "setter" : "deleter", 1, 1, loc))
        return NULL;
    Value *p = value_new(in->arena, VAL_PROPERTY);
    p->prop = prop->prop;
    Value *f = args->pos[0];
    if (which == 0) p->prop.fget = f;
    else if (which == 1) p->prop.fset = f;
    else p->prop.fdel = f;
    return p;
}

Value *descriptor_attribute(Interp *in, Value *v, const char *name, SrcLoc loc, bool *missing) {
    (void)loc;
    *missing = false;
    switch (v->kind) {
    case VAL_PROPERTY: {
        static const char *const makers[] = {"getter", "setter", "deleter"};
        for (int i = 0; i < 3; i++)
            if (strcmp(name, makers[i]) == 0) {
                Value *self = value_tuple(in->arena, 2);
                self->list->items[0] = v;
                self->list->items[1] = value_int(in->arena, i);
                return value_builtin(in->arena, makers[i], property_with, self);
            }
        Value *f = strcmp(name, "fget") == 0   ? v->prop.fget
                   : strcmp(name, "fset") == 0 ? v->prop.fset
                   : strcmp(name, "fdel") == 0 ? v->prop.fdel
                                               : NULL;
        if (f || strcmp(name, "fget") == 0 || strcmp(name, "fset") == 0 ||
            strcmp(name, "fdel") == 0)
            return f ? f : value_none();
        break;
    }
    case VAL_STATICMETHOD:
    case VAL_CLASSMETHOD:
        if (strcmp(name, "__func__") == 0) return v->wrapped;
        break;
    case VAL_METHOD:
        if (strcmp(name, "__func__") == 0) return v->method.fn;
        if (strcmp(name, "__self__") == 0) return v->method.self;
        return lookup_attribute(in, v->method.fn, name, loc, missing);
    default: break;
    }
    *missing = true;
    return NULL;
}
