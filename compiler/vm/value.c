/* value.c — constructing Python values and asking what they are. */
#include "value.h"

#include <string.h>

#include "diag.h"
#include "foreign.h"

/* The singletons are never written after initialisation (immutable values). */
static Value none_value = {.kind = VAL_NONE};
static Value true_value = {.kind = VAL_BOOL, .b = true};
static Value false_value = {.kind = VAL_BOOL, .b = false};
static Value ellipsis_value = {.kind = VAL_ELLIPSIS};
static Value undefined_return_value = {.kind = VAL_UNDEFINED_RETURN};

Value *value_none(void) { return &none_value; }
Value *value_bool(bool b) { return b ? &true_value : &false_value; }
Value *value_ellipsis(void) { return &ellipsis_value; }

/* The foreign kinds' types (foreign.h): one table for the process, as the kinds are. */
static const ForeignType *foreign_types[VAL__KINDS];

void foreign_type_register(ValueKind kind, const ForeignType *type) { foreign_types[kind] = type; }

const ForeignType *value_foreign(const Value *v) { return foreign_types[v->kind]; }

Value *value_new(Arena *a, ValueKind kind) {
    Value *v = ARENA_NEW(a, Value);
    v->kind = kind;
    return v;
}

Value *value_int(Arena *a, int64_t i) {
    Value *v = value_new(a, VAL_INT);
    v->i = i;
    return v;
}

Value *value_float(Arena *a, double f) {
    Value *v = value_new(a, VAL_FLOAT);
    v->f = f;
    return v;
}

Value *value_str(Arena *a, const char *s, size_t len) {
    Value *v = value_new(a, VAL_STR);
    v->str.s = arena_strndup(a, s, len);
    v->str.len = len;
    return v;
}

Value *value_cstr(Arena *a, const char *s) { return value_str(a, s, strlen(s)); }

static Value *value_seq(Arena *a, ValueKind kind, int len) {
    Value *v = value_new(a, kind);
    v->list = ARENA_NEW(a, List);
    v->list->len = v->list->cap = len;
    v->list->items = ARENA_ARRAY(a, Value *, len > 0 ? len : 1);
    return v;
}

Value *value_list(Arena *a, int len) { return value_seq(a, VAL_LIST, len); }
Value *value_tuple(Arena *a, int len) { return value_seq(a, VAL_TUPLE, len); }

Value *value_dict(Arena *a) {
    Value *v = value_new(a, VAL_DICT);
    v->dict = ARENA_NEW(a, Dict);
    return v;
}

Value *value_builtin(Arena *a, const char *name, BuiltinFn fn, Value *self) {
    Value *v = value_new(a, VAL_BUILTIN);
    v->builtin = ARENA_NEW(a, Builtin);
    v->builtin->name = name;
    v->builtin->fn = fn;
    v->builtin->self = self;
    return v;
}

Value *value_undefined(Arena *a, const char *name) {
    Value *v = value_new(a, VAL_UNDEFINED);
    v->str.s = name;
    v->str.len = strlen(name);
    return v;
}

Value *value_undefined_return(void) { return &undefined_return_value; }

static Value not_implemented_value = {.kind = VAL_NOTIMPLEMENTED};
Value *value_not_implemented(void) { return &not_implemented_value; }

void list_append(Arena *a, List *l, Value *v) {
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        l->items = arena_grow(a, l->items, sizeof(Value *), (size_t)l->len, (size_t)cap);
        l->cap = cap;
    }
    l->items[l->len++] = v;
}

int64_t utf8_codepoints(const char *s, size_t n) {
    int64_t count = 0;
    for (size_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xc0) != 0x80;
    return count;
}

int utf8_encode(uint32_t c, char *buf) {
    if (c < 0x80) {
        buf[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        buf[0] = (char)(0xc0 | (c >> 6));
        buf[1] = (char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        buf[0] = (char)(0xe0 | (c >> 12));
        buf[1] = (char)(0x80 | ((c >> 6) & 0x3f));
        buf[2] = (char)(0x80 | (c & 0x3f));
        return 3;
    }
    buf[0] = (char)(0xf0 | (c >> 18));
    buf[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    buf[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    buf[3] = (char)(0x80 | (c & 0x3f));
    return 4;
}

const char *indefinite_article(const char *word) {
    return strchr("aeiouAEIOU", word[0]) && word[0] ? "an" : "a";
}

const char *value_type_name(const Value *v) {
    switch (v->kind) {
    case VAL_NONE: return "NoneType";
    case VAL_BOOL: return "bool";
    case VAL_INT: return "int";
    case VAL_FLOAT: return "float";
    case VAL_STR: return "str";
    case VAL_LIST: return "list";
    case VAL_TUPLE: return "tuple";
    case VAL_DICT: return "dict";
    case VAL_RANGE: return "range";
    case VAL_SLICE: return "slice";
    case VAL_ELLIPSIS: return "ellipsis";
    case VAL_FUNCTION: return "function";
    case VAL_BUILTIN: return "builtin_function_or_method";
    case VAL_MODULE: return "module";
    case VAL_UNDEFINED: return "Undefined";
    case VAL_UNDEFINED_RETURN: return "UndefinedReturnValue";
    case VAL_SET: return "set";
    case VAL_DICT_VIEW:
        return v->view.which == 0 ? "dict_keys" : v->view.which == 1 ? "dict_values" : "dict_items";
    case VAL_ITERATOR: return v->iter->is_genexp ? "generator" : "list_iterator";
    case VAL_CLASS: return "type";
    case VAL_INSTANCE: return v->inst->cls->name;
    case VAL_METHOD: return "method";
    case VAL_PROPERTY: return "property";
    case VAL_STATICMETHOD: return "staticmethod";
    case VAL_CLASSMETHOD: return "classmethod";
    case VAL_SUPER: return "super";
    case VAL_NOTIMPLEMENTED: return "NotImplementedType";
    default: break;
    }
    const ForeignType *type = value_foreign(v);
    return type ? type->name : "object"; /* a foreign kind nobody registered */
}

bool value_is_sequence(const Value *v) { return v->kind == VAL_LIST || v->kind == VAL_TUPLE; }

bool value_is_number(const Value *v) {
    return v->kind == VAL_BOOL || v->kind == VAL_INT || v->kind == VAL_FLOAT;
}
