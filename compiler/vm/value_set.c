/* value_set.c — set, laid out as CPython's setobject.c lays it out: the same hash values
 * for ints, bools, floats and tuples of them, the same open-addressing table (a run of
 * linear probes, then perturbation), the same resizes and the same orders of insertion
 * in every operation, so a set iterates and prints in CPython's order. (CPython
 * randomizes str hashes per run, so a set of strings has no fixed order there; ours
 * hashes them with FNV-1a.)
 * Entry points: py_hash, set_new, set_add, set_discard, set_contains, set_pop, set_next,
 * set_update, set_copy and the set algebra. Memory owner: the interpreter's Arena. */
#include <math.h>
#include <string.h>

#include "value.h"
#include "foreign.h"

#define SET_MIN_SIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define HASH_BITS 61
#define HASH_MODULUS (((uint64_t)1 << HASH_BITS) - 1)
#define HASH_INF 314159

/* A deleted entry: its key is this, its hash -1 (no live hash is -1). */
static Value dummy_key = {.kind = VAL_NONE};

/* ---- CPython's hash values ---------------------------------------------------------- */

static int64_t hash_int(int64_t x) {
    uint64_t m = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    int64_t h = (int64_t)(m % HASH_MODULUS);
    if (x < 0) h = -h;
    return h == -1 ? -2 : h;
}

/* _Py_HashDouble: the hash of the rational the double stands for, so that
   hash(2.0) == hash(2). NaN hashes by identity in CPython: 0 here. */
static int64_t hash_double(double v) {
    if (isinf(v)) return v > 0 ? HASH_INF : -HASH_INF;
    if (isnan(v)) return 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m) { /* 28 bits at a time */
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    x = x * (uint64_t)(int64_t)sign;
    return x == (uint64_t)-1 ? -2 : (int64_t)x;
}

/* The xxHash-based tuple hash of CPython 3.8+. */
static bool hash_tuple(const List *items, int64_t *out) {
    const uint64_t prime1 = 11400714785074694791ull, prime2 = 14029467366897019727ull,
                   prime5 = 2870177450012600261ull;
    uint64_t acc = prime5;
    for (int i = 0; i < items->len; i++) {
        int64_t lane;
        if (!py_hash(items->items[i], &lane)) return false;
        acc += (uint64_t)lane * prime2;
        acc = (acc << 31) | (acc >> 33);
        acc *= prime1;
    }
    acc += (uint64_t)items->len ^ (prime5 ^ 3527539ull);
    *out = acc == (uint64_t)-1 ? 1546275796 : (int64_t)acc;
    return true;
}

bool py_hash(const Value *v, int64_t *out) {
    switch (v->kind) {
    case VAL_BOOL: *out = v->b; return true;
    case VAL_INT: *out = hash_int(v->i); return true;
    case VAL_FLOAT: *out = hash_double(v->f); return true;
    case VAL_TUPLE: return hash_tuple(v->list, out);
    case VAL_LIST:
    case VAL_DICT:
    case VAL_SET:
    case VAL_SLICE: return false;
    default: {
        const ForeignType *type = value_foreign(v);
        if (type && type->unhashable) return false;
        uint64_t h;
        if (!value_hash(v, &h)) return false;
        *out = h == (uint64_t)-1 ? -2 : (int64_t)h;
        return true;
    }
    }
}

/* ---- The table ------------------------------------------------------------------------ */

Value *value_set(Arena *a) {
    Value *v = ARENA_NEW(a, Value);
    v->kind = VAL_SET;
    v->set = set_new(a);
    return v;
}

PySet *set_new(Arena *a) {
    PySet *s = ARENA_NEW(a, PySet);
    s->mask = SET_MIN_SIZE - 1;
    s->table = ARENA_ARRAY(a, SetEntry, SET_MIN_SIZE);
    return s;
}

static bool is_live(const SetEntry *e) { return e->key && e->key != &dummy_key; }

/* Into a table known to hold neither key nor dummies. */
static void insert_clean(SetEntry *table, uint64_t mask, Value *key, int64_t hash) {
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        SetEntry *e = &table[i];
        if (!e->key) goto found;
        if (i + LINEAR_PROBES <= mask)
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (!e->key) goto found;
            }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
        continue;
    found:
        e->key = key;
        e->hash = hash;
        return;
    }
}

static void resize(Arena *a, PySet *s, int64_t min_used) {
    uint64_t size = SET_MIN_SIZE;
    while (size <= (uint64_t)min_used) size <<= 1;
    SetEntry *old = s->table;
    uint64_t old_mask = (uint64_t)s->mask;
    s->table = ARENA_ARRAY(a, SetEntry, size);
    s->mask = (int64_t)size - 1;
    s->fill = s->used; /* dummies are not copied */
    for (uint64_t i = 0; i <= old_mask; i++)
        if (is_live(&old[i])) insert_clean(s->table, (uint64_t)s->mask, old[i].key, old[i].hash);
}

/* The live entry holding key, or NULL. */
static SetEntry *lookup(const PySet *s, const Value *key, int64_t hash) {
    uint64_t mask = (uint64_t)s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        SetEntry *e = &s->table[i];
        int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        do {
            if (!e->key) return NULL;
            if (e->hash == hash && e->key != &dummy_key && value_equal(e->key, key)) return e;
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static void add_entry(Arena *a, PySet *s, Value *key, int64_t hash) {
    uint64_t mask = (uint64_t)s->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    SetEntry *freeslot = NULL; /* a dummy passed: reused if key is absent */
    for (;;) {
        SetEntry *e = &s->table[i];
        int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        do {
            if (!e->key) {
                s->used++;
                if (freeslot) {
                    freeslot->key = key;
                    freeslot->hash = hash;
                    return;
                }
                s->fill++;
                e->key = key;
                e->hash = hash;
                if ((uint64_t)s->fill * 5 >= mask * 3)
                    resize(a, s, s->used > 50000 ? s->used * 2 : s->used * 4);
                return;
            }
            if (e->hash == hash && e->key != &dummy_key && value_equal(e->key, key)) return;
            if (e->key == &dummy_key) freeslot = e; /* CPython 3.11 keeps the last one */
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

bool set_add(Arena *a, PySet *s, Value *key) {
    int64_t h;
    if (!py_hash(key, &h)) return false;
    add_entry(a, s, key, h);
    return true;
}

bool set_contains(const PySet *s, const Value *key, bool *found) {
    int64_t h;
    if (!py_hash(key, &h)) return false;
    *found = lookup(s, key, h) != NULL;
    return true;
}

bool set_discard(PySet *s, const Value *key, bool *found) {
    int64_t h;
    if (!py_hash(key, &h)) return false;
    SetEntry *e = lookup(s, key, h);
    *found = e != NULL;
    if (e) {
        e->key = &dummy_key;
        e->hash = -1;
        s->used--;
    }
    return true;
}

Value *set_pop(PySet *s) {
    if (s->used == 0) return NULL;
    int64_t i = s->finger & s->mask;
    while (!is_live(&s->table[i])) i = i == s->mask ? 0 : i + 1;
    Value *key = s->table[i].key;
    s->table[i].key = &dummy_key;
    s->table[i].hash = -1;
    s->used--;
    s->finger = i + 1;
    return key;
}

void set_clear(Arena *a, PySet *s) {
    PySet *empty = set_new(a);
    empty->finger = s->finger;
    *s = *empty;
}

bool set_next(const PySet *s, int64_t *pos, Value **key) {
    for (; *pos <= s->mask; (*pos)++)
        if (is_live(&s->table[*pos])) {
            *key = s->table[(*pos)++].key;
            return true;
        }
    return false;
}

/* set_merge: one resize up front, then a plain copy when the tables match. */
static void merge(Arena *a, PySet *s, const PySet *other) {
    if (other == s || other->used == 0) return;
    if ((s->fill + other->used) * 5 >= s->mask * 3) resize(a, s, (s->used + other->used) * 2);
    if (s->fill == 0 && s->mask == other->mask && other->fill == other->used) {
        memcpy(s->table, other->table, sizeof(SetEntry) * (size_t)(other->mask + 1));
        s->fill = other->fill;
        s->used = other->used;
        return;
    }
    if (s->fill == 0) {
        s->fill = s->used = other->used;
        for (int64_t i = 0; i <= other->mask; i++)
            if (is_live(&other->table[i]))
                insert_clean(s->table, (uint64_t)s->mask, other->table[i].key,
                             other->table[i].hash);
        return;
    }
    for (int64_t i = 0; i <= other->mask; i++)
        if (is_live(&other->table[i])) add_entry(a, s, other->table[i].key, other->table[i].hash);
}

void set_update_set(Arena *a, PySet *s, const PySet *other) { merge(a, s, other); }

/* set_update_internal for a dict: one resize for its size, then its keys in order. */
void set_update_dict(Arena *a, PySet *s, const Dict *d, bool *unhashable) {
    *unhashable = false;
    if ((s->fill + d->count) * 5 >= s->mask * 3) resize(a, s, (s->used + d->count) * 2);
    for (int i = 0; i < d->nentries; i++)
        if (d->entries[i].key && !set_add(a, s, d->entries[i].key)) *unhashable = true;
}

PySet *set_copy(Arena *a, const PySet *s) {
    PySet *r = set_new(a);
    merge(a, r, s);
    return r;
}

/* ---- The algebra of two sets, in CPython's orders ---------------------------------- */

PySet *set_union(Arena *a, const PySet *s, const PySet *other) {
    PySet *r = set_copy(a, s);
    if (other != s) merge(a, r, other);
    return r;
}

PySet *set_intersection(Arena *a, const PySet *s, const PySet *other) {
    if (s == other) return set_copy(a, s);
    PySet *r = set_new(a);
    if (other->used > s->used) {
        const PySet *t = s;
        s = other;
        other = t;
    }
    /* The smaller set is walked, the larger one searched. */
    for (int64_t i = 0; i <= other->mask; i++) {
        const SetEntry *e = &other->table[i];
        if (is_live(e) && lookup(s, e->key, e->hash)) add_entry(a, r, e->key, e->hash);
    }
    return r;
}

/* s minus other, in place (set_difference_update_internal). */
void set_difference_update(Arena *a, PySet *s, const PySet *other) {
    if (s == other) {
        set_clear(a, s);
        return;
    }
    for (int64_t i = 0; i <= other->mask; i++) {
        const SetEntry *e = &other->table[i];
        SetEntry *hit = is_live(e) ? lookup(s, e->key, e->hash) : NULL;
        if (hit) {
            hit->key = &dummy_key;
            hit->hash = -1;
            s->used--;
        }
    }
}

PySet *set_difference(Arena *a, const PySet *s, const PySet *other) {
    /* Much bigger than other: copy it and remove other's keys. */
    if ((s->used >> 2) > other->used) {
        PySet *r = set_copy(a, s);
        set_difference_update(a, r, other);
        return r;
    }
    PySet *r = set_new(a);
    for (int64_t i = 0; i <= s->mask; i++) {
        const SetEntry *e = &s->table[i];
        if (is_live(e) && !lookup(other, e->key, e->hash)) add_entry(a, r, e->key, e->hash);
    }
    return r;
}

void set_symmetric_difference_update(Arena *a, PySet *s, const PySet *other) {
    if (s == other) {
        set_clear(a, s);
        return;
    }
    for (int64_t i = 0; i <= other->mask; i++) {
        const SetEntry *e = &other->table[i];
        if (!is_live(e)) continue;
        SetEntry *hit = lookup(s, e->key, e->hash);
        if (hit) {
            hit->key = &dummy_key;
            hit->hash = -1;
            s->used--;
        } else {
            add_entry(a, s, e->key, e->hash);
        }
    }
}

PySet *set_symmetric_difference(Arena *a, const PySet *s, const PySet *other) {
    PySet *r = set_copy(a, other);
    set_symmetric_difference_update(a, r, s);
    return r;
}

bool set_is_subset(const PySet *s, const PySet *other) {
    if (s->used > other->used) return false;
    for (int64_t i = 0; i <= s->mask; i++)
        if (is_live(&s->table[i]) && !lookup(other, s->table[i].key, s->table[i].hash))
            return false;
    return true;
}
