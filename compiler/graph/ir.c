/* ir.c — the IR's data: dtype and shape helpers, the op table generated from
 * ops.def, attributes, and the constructors for modules, functions and regions.
 * Memory owner: everything is allocated from the Module's (or the caller's) Arena. */
#include "ir.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <ingot/size.h>

/* ---- dtypes --------------------------------------------------------------------- */
static const struct {
    const char *name, *short_name;
    size_t size;
} dtype_table[] = {
    [DT_BOOL] = {"bool", "bool", 1},
    [DT_INT32] = {"int32", "i32", 4},
    [DT_INT64] = {"int64", "i64", 8},
    [DT_FLOAT32] = {"float32", "f32", 4},
    [DT_FLOAT64] = {"float64", "f64", 8},
    [DT_STRING] = {"string", "str", sizeof(const char *)},
};
_Static_assert(sizeof dtype_table / sizeof dtype_table[0] == DT__COUNT,
               "dtype_table needs one row per DType");

const char *dtype_name(DType dt) {
    IG_ASSERT(dt >= 0 && dt < DT__COUNT);
    return dtype_table[dt].name;
}

const char *dtype_short_name(DType dt) {
    IG_ASSERT(dt >= 0 && dt < DT__COUNT);
    return dtype_table[dt].short_name;
}

size_t dtype_size(DType dt) {
    IG_ASSERT(dt >= 0 && dt < DT__COUNT);
    return dtype_table[dt].size;
}

bool dtype_is_float(DType dt) { return dt == DT_FLOAT32 || dt == DT_FLOAT64; }
bool dtype_is_integer(DType dt) { return dt == DT_INT32 || dt == DT_INT64; }

/* ---- shapes --------------------------------------------------------------------- */
Shape shape_scalar(void) {
    Shape s;
    memset(&s, 0, sizeof s);
    return s;
}

Shape shape_of(int rank, const int64_t *dims) {
    IG_ASSERT(rank >= 0 && rank <= IR_MAX_RANK);
    Shape s = shape_scalar();
    s.rank = rank;
    for (int i = 0; i < rank; i++) s.dims[i] = dims[i];
    return s;
}

bool shape_equal(const Shape *a, const Shape *b) {
    if (a->rank != b->rank) return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i]) return false;
    return true;
}

bool shape_is_static(const Shape *s) {
    for (int i = 0; i < s->rank; i++)
        if (s->dims[i] == DIM_UNKNOWN) return false;
    return true;
}

int64_t shape_num_elements(const Shape *s) {
    /* ig_size_count, not a running product: [INT64_MAX, 35, 0] is empty, a valid shape,
       though its first two dims overflow. */
    int64_t n;
    if (!shape_is_static(s) || !ig_size_count(s->rank, s->dims, &n)) return -1;
    return n;
}

const char *shape_str(const Shape *s, char *buf, size_t bufsize) {
    size_t len = 0;
    len += (size_t)snprintf(buf, bufsize, "[");
    for (int i = 0; i < s->rank && len < bufsize; i++) {
        const char *sep = i ? "," : "";
        if (s->dims[i] == DIM_UNKNOWN)
            len += (size_t)snprintf(buf + len, bufsize - len, "%s?", sep);
        else
            len += (size_t)snprintf(buf + len, bufsize - len, "%s%" PRId64, sep, s->dims[i]);
    }
    if (len < bufsize) snprintf(buf + len, bufsize - len, "]");
    return buf;
}

const char *shape_tuple_text(Arena *a, const Shape *s) {
    StrBuf sb;
    strbuf_init(&sb, a);
    strbuf_putc(&sb, '(');
    for (int i = 0; i < s->rank; i++) {
        if (i) strbuf_puts(&sb, ", ");
        if (s->dims[i] == DIM_UNKNOWN) strbuf_puts(&sb, "None");
        else strbuf_printf(&sb, "%lld", (long long)s->dims[i]);
    }
    if (s->rank == 1) strbuf_putc(&sb, ',');
    strbuf_putc(&sb, ')');
    return strbuf_cstr(&sb);
}

const char *type_str(const TensorType *t, char *buf, size_t bufsize) {
    char sh[16 * IR_MAX_RANK + 4];
    snprintf(buf, bufsize, "%s%s", dtype_short_name(t->dtype), shape_str(&t->shape, sh, sizeof sh));
    return buf;
}

/* ---- the op table ----------------------------------------------------------------- */
const OpInfo op_info[OP__COUNT] = {
#define OP(code, name, inputs, effect, shape_rule, rt, abi, tf_type) \
    [OP_##code] = {name, inputs, effect, #rt, 0, ABI_##abi, tf_type},
#define OP_CONTROL(code, name, inputs, effect, shape_rule, nregions) \
    [OP_##code] = {name, inputs, effect, NULL, nregions, ABI_SPECIAL, name},
#include "ops.def"
#undef OP_CONTROL
#undef OP
};

bool op_touches_files(Opcode op) {
    switch (op) {
    case OP_LOAD_CSV:
    case OP_LOAD_NPY:
    case OP_LOAD_IDX:
    case OP_RESTORE_TENSOR:
    case OP_SAVE_NPY:
    case OP_SAVE_TENSORS:
    case OP_CHECKPOINT_MANAGE:
    case OP_CHECKPOINT_LATEST: return true;
    default: return false;
    }
}

Opcode op_named(const char *name) {
    for (int op = 0; op < OP__COUNT; op++)
        if (strcmp(op_info[op].name, name) == 0) return (Opcode)op;
    return OP__COUNT;
}

/* ---- attributes ----------------------------------------------------------------- */
/* The slot for key: the existing one (attributes are set, not duplicated) or a new
 * one at the end, so the order of first setting is the printing order. */
static Attr *attrs_slot(Arena *a, Attrs *attrs, const char *key, AttrKind kind) {
    const char *k = arena_intern_cstr(a, key);
    for (int i = 0; i < attrs->len; i++) {
        if (attrs->items[i].key == k || strcmp(attrs->items[i].key, k) == 0) {
            attrs->items[i].kind = kind;
            return &attrs->items[i];
        }
    }
    if (attrs->len == attrs->cap) {
        int cap = attrs->cap ? attrs->cap * 2 : 4;
        attrs->items = arena_grow(a, attrs->items, sizeof(Attr), (size_t)attrs->len, (size_t)cap);
        attrs->cap = cap;
    }
    Attr *slot = &attrs->items[attrs->len++];
    memset(slot, 0, sizeof *slot);
    slot->key = k;
    slot->kind = kind;
    return slot;
}

void attrs_set_int(Arena *a, Attrs *attrs, const char *key, int64_t v) {
    attrs_slot(a, attrs, key, ATTR_INT)->i = v;
}

void attrs_set_bool(Arena *a, Attrs *attrs, const char *key, bool v) {
    attrs_slot(a, attrs, key, ATTR_BOOL)->i = v;
}

void attrs_set_float(Arena *a, Attrs *attrs, const char *key, double v) {
    attrs_slot(a, attrs, key, ATTR_FLOAT)->f = v;
}

void attrs_set_string(Arena *a, Attrs *attrs, const char *key, const char *v) {
    attrs_slot(a, attrs, key, ATTR_STRING)->s = arena_strdup(a, v);
}

void attrs_set_ints(Arena *a, Attrs *attrs, const char *key, const int64_t *v, int n) {
    Attr *slot = attrs_slot(a, attrs, key, ATTR_INTS);
    int64_t *items = ARENA_ARRAY(a, int64_t, n > 0 ? n : 1);
    for (int i = 0; i < n; i++) items[i] = v[i];
    slot->ints.items = items;
    slot->ints.len = n;
}

void attrs_set_dtype(Arena *a, Attrs *attrs, const char *key, DType v) {
    attrs_slot(a, attrs, key, ATTR_DTYPE)->dtype = v;
}

void attrs_set_shape(Arena *a, Attrs *attrs, const char *key, Shape v) {
    attrs_slot(a, attrs, key, ATTR_SHAPE)->shape = v;
}

void attrs_set_tensor(Arena *a, Attrs *attrs, const char *key, const ConstData *v) {
    attrs_slot(a, attrs, key, ATTR_TENSOR)->tensor = v;
}

const Attr *attrs_get(const Attrs *attrs, const char *key) {
    if (!attrs) return NULL;
    for (int i = 0; i < attrs->len; i++)
        if (attrs->items[i].key == key || strcmp(attrs->items[i].key, key) == 0)
            return &attrs->items[i];
    return NULL;
}

/* ---- modules, functions, regions ---------------------------------------------------- */
Module *module_new(Arena *arena, const char *source_path) {
    Module *m = ARENA_NEW(arena, Module);
    m->arena = arena;
    m->source_path = source_path ? arena_strdup(arena, source_path) : NULL;
    return m;
}

static bool module_has_func_name(const Module *m, const char *name) {
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return true;
    return false;
}

/* The numbers taken after one C-safe base name: 1 .. next-1 except the numbers of
 * dropped functions, kept in freed. A name "<base>__<n>" splits one way only (n has no
 * leading '_' or zero), so the bases' counters never hand out the same name twice. */
typedef struct FuncNameCount {
    const char *base; /* interned; NULL for an empty slot */
    int next;
    int *freed, nfreed, freed_cap;
} FuncNameCount;

struct FuncNames {
    FuncNameCount *slots; /* open addressing on the interned base's address */
    size_t cap, len;      /* cap is a power of two, at least twice len */
};

static size_t func_names_hash(const char *base) {
    uintptr_t h = (uintptr_t)base;
    return (size_t)((h >> 4) ^ (h >> 16)) * 0x9E3779B1u;
}

/* The counter of base (interned), added when absent. Amortized O(1), so tracing a
 * function for thousands of shapes stays linear (it used to retry every "__<n>"
 * against every function: cubic). */
static FuncNameCount *func_names_slot(Module *m, const char *base) {
    struct FuncNames *t = m->func_names;
    if (!t) t = m->func_names = ARENA_NEW(m->arena, struct FuncNames);
    if (2 * (t->len + 1) > t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 16;
        FuncNameCount *slots = ARENA_ARRAY(m->arena, FuncNameCount, cap);
        memset(slots, 0, sizeof(FuncNameCount) * cap);
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slots[i].base) continue;
            size_t j = func_names_hash(t->slots[i].base) & (cap - 1);
            while (slots[j].base) j = (j + 1) & (cap - 1);
            slots[j] = t->slots[i];
        }
        t->slots = slots;
        t->cap = cap;
    }
    size_t j = func_names_hash(base) & (t->cap - 1);
    while (t->slots[j].base && t->slots[j].base != base) j = (j + 1) & (t->cap - 1);
    if (!t->slots[j].base) {
        t->slots[j].base = base;
        t->slots[j].next = 1;
        t->len++;
    }
    return &t->slots[j];
}

/* "compute__1", "compute__2", ...: the Python name with every character that cannot
 * appear in a C identifier replaced by '_' ("Model.call" -> "Model_call"), then the
 * first free "__<n>". The program function is "main" in the IR (C: "program"). */
static const char *func_unique_name(Module *m, const char *py_name) {
    StrBuf base;
    strbuf_init(&base, m->arena);
    const char *p = py_name && *py_name ? py_name : "f";
    if (isdigit((unsigned char)*p)) strbuf_putc(&base, '_');
    for (; *p; p++) strbuf_putc(&base, isalnum((unsigned char)*p) || *p == '_' ? *p : '_');
    const char *b = arena_intern_cstr(m->arena, strbuf_cstr(&base));
    FuncNameCount *c = func_names_slot(m, b);
    int n;
    if (c->nfreed > 0) { /* the lowest number a dropped function gave back */
        int lo = 0;
        for (int i = 1; i < c->nfreed; i++)
            if (c->freed[i] < c->freed[lo]) lo = i;
        n = c->freed[lo];
        c->freed[lo] = c->freed[--c->nfreed];
    } else {
        n = c->next++;
    }
    return arena_intern_cstr(m->arena, arena_printf(m->arena, "%s__%d", b, n));
}

/* Gives the "__<n>" of a dropped function's name back to its base's counter. */
static void func_release_name(Module *m, const Func *f) {
    if (f->kind == FUNC_PROGRAM) return;
    const char *sep = strrchr(f->name, '_');
    IG_ASSERT(sep && sep - f->name >= 2 && sep[-1] == '_');
    const char *b = arena_intern(m->arena, f->name, (size_t)(sep - 1 - f->name));
    FuncNameCount *c = func_names_slot(m, b);
    if (c->nfreed == c->freed_cap) {
        int cap = c->freed_cap ? 2 * c->freed_cap : 4;
        c->freed = arena_grow(m->arena, c->freed, sizeof(int), (size_t)c->nfreed, (size_t)cap);
        c->freed_cap = cap;
    }
    c->freed[c->nfreed++] = atoi(sep + 1);
}

void func_drop(Module *m, Func *f) {
    IG_ASSERT(f->index < m->nfuncs && m->funcs[f->index] == f);
    for (int i = f->index; i + 1 < m->nfuncs; i++) {
        m->funcs[i] = m->funcs[i + 1];
        m->funcs[i]->index = i;
    }
    m->nfuncs--;
    func_release_name(m, f);
}

Func *func_new(Module *m, const char *py_name, FuncKind kind, SrcLoc loc) {
    Func *f = ARENA_NEW(m->arena, Func);
    f->kind = kind;
    f->loc = loc;
    if (kind == FUNC_PROGRAM) {
        IG_ASSERT(!module_has_func_name(m, "main"));
        f->name = arena_intern_cstr(m->arena, "main");
        f->py_name = arena_intern_cstr(m->arena, py_name ? py_name : "<module>");
    } else {
        f->name = func_unique_name(m, py_name);
        f->py_name = arena_intern_cstr(m->arena, py_name ? py_name : "f");
    }
    f->body = ARENA_NEW(m->arena, Region);
    f->body->func = f;
    if (m->nfuncs == m->cap) {
        int cap = m->cap ? m->cap * 2 : 8;
        m->funcs = arena_grow(m->arena, m->funcs, sizeof(Func *), (size_t)m->nfuncs, (size_t)cap);
        m->cap = cap;
    }
    f->index = m->nfuncs;
    m->funcs[m->nfuncs++] = f;
    return f;
}

IrValue *region_add_param(Module *m, Region *r, TensorType type, const char *name_hint) {
    IrValue *v = ARENA_NEW(m->arena, IrValue);
    v->id = m->next_value_id++;
    v->type = type;
    v->param_of = r;
    v->name_hint = name_hint ? arena_intern_cstr(m->arena, name_hint) : NULL;
    /* Parameters are few: growing by one keeps the array exact for the printers. */
    r->params = arena_grow(m->arena, r->params, sizeof(IrValue *), (size_t)r->nparams,
                           (size_t)r->nparams + 1);
    r->params[r->nparams++] = v;
    return v;
}

void region_set_results(Module *m, Region *r, IrValue **vals, int n) {
    IG_ASSERT(n >= 0);
    r->results = ARENA_ARRAY(m->arena, IrValue *, n > 0 ? n : 1);
    for (int i = 0; i < n; i++) r->results[i] = vals[i];
    r->nresults = n;
}

Region *region_new(Module *m, Func *f) {
    IG_ASSERT(m && f);
    Region *r = ARENA_NEW(m->arena, Region);
    r->func = f;
    return r;
}
