/* irtext.c — value numbering and literal/attribute/signature text for the IR
 * printers and the C emitter (see irtext.h). */
#include "irtext.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbering ------------------------------------------------------------------ */
static void number_region(const Region *r, int *numbers, int *next) {
    for (int i = 0; i < r->nparams; i++) numbers[r->params[i]->id] = (*next)++;
    for (const Inst *inst = r->first; inst; inst = inst->next) {
        for (int i = 0; i < inst->noutputs; i++) numbers[inst->outputs[i]->id] = (*next)++;
        for (int i = 0; i < inst->nregions; i++) number_region(inst->regions[i], numbers, next);
    }
}

int *irtext_number_values(Arena *a, const Module *m, const Func *f, int *count) {
    int n = m->next_value_id > 0 ? m->next_value_id : 1;
    int *numbers = ARENA_ARRAY(a, int, n);
    for (int i = 0; i < n; i++) numbers[i] = -1;
    int next = 0;
    number_region(f->body, numbers, &next);
    if (count) *count = next;
    return numbers;
}

/* ---- literals ------------------------------------------------------------------- */
void irtext_float(StrBuf *sb, double x, bool is_float32) {
    if (isnan(x)) {
        strbuf_puts(sb, "nan");
        return;
    }
    if (isinf(x)) {
        strbuf_puts(sb, x < 0 ? "-inf" : "inf");
        return;
    }
    /* The shortest %g text that reads back to the same value, like Python's repr. */
    char buf[40];
    int maxprec = is_float32 ? 9 : 17;
    for (int prec = 1; prec <= maxprec; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (is_float32 ? strtof(buf, NULL) == (float)x : strtod(buf, NULL) == x) break;
    }
    strbuf_puts(sb, buf);
    if (!strpbrk(buf, ".e")) strbuf_puts(sb, ".0");
}

void irtext_quoted(StrBuf *sb, const char *s, bool c_literal) {
    strbuf_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': strbuf_puts(sb, "\\\""); break;
        case '\\': strbuf_puts(sb, "\\\\"); break;
        case '\n': strbuf_puts(sb, "\\n"); break;
        case '\t': strbuf_puts(sb, "\\t"); break;
        case '\r': strbuf_puts(sb, "\\r"); break;
        case '?':
            /* In C, "??" could start a trigraph. */
            strbuf_puts(sb, c_literal ? "\\?" : "?");
            break;
        default:
            /* C takes octal: a \x escape would swallow a following hex digit. */
            if (*p < 0x20 || *p == 0x7f) strbuf_printf(sb, c_literal ? "\\%03o" : "\\x%02x", *p);
            else strbuf_putc(sb, (char)*p);
        }
    }
    strbuf_putc(sb, '"');
}

void irtext_element(StrBuf *sb, DType dt, const void *p) {
    switch (dt) {
    case DT_BOOL: strbuf_puts(sb, *(const bool *)p ? "true" : "false"); break;
    case DT_INT32: strbuf_printf(sb, "%" PRId32, *(const int32_t *)p); break;
    case DT_INT64: strbuf_printf(sb, "%" PRId64, *(const int64_t *)p); break;
    case DT_FLOAT32: irtext_float(sb, *(const float *)p, true); break;
    case DT_FLOAT64: irtext_float(sb, *(const double *)p, false); break;
    case DT_STRING: irtext_quoted(sb, *(const char *const *)p, false); break;
    default: UNREACHABLE();
    }
}

/* Dimension dim of c starting at flat element offset; stride is the element count of
 * one entry of this dimension. */
static void const_dim(StrBuf *sb, const ConstData *c, int dim, int64_t offset, bool summarize) {
    if (dim == c->shape.rank) {
        irtext_element(sb, c->dtype, (const char *)c->data + (size_t)offset * dtype_size(c->dtype));
        return;
    }
    int64_t n = c->shape.dims[dim], stride = 1;
    for (int i = dim + 1; i < c->shape.rank; i++) stride *= c->shape.dims[i];
    strbuf_putc(sb, '[');
    for (int64_t i = 0; i < n; i++) {
        if (i > 0) strbuf_puts(sb, ", ");
        if (summarize && n > 6 && i == 3) {
            strbuf_puts(sb, "..., ");
            i = n - 3;
        }
        const_dim(sb, c, dim + 1, offset + i * stride, summarize);
    }
    strbuf_putc(sb, ']');
}

void irtext_const(StrBuf *sb, const ConstData *c) {
    int64_t n = shape_num_elements(&c->shape);
    IG_ASSERT(n >= 0);
    const_dim(sb, c, 0, 0, n > IRTEXT_MAX_ELEMENTS);
}

/* ---- attributes and signatures ------------------------------------------------- */
static void attr_value(StrBuf *sb, const Attr *a) {
    char buf[16 * IR_MAX_RANK + 4];
    switch (a->kind) {
    case ATTR_INT: strbuf_printf(sb, "%" PRId64, a->i); break;
    case ATTR_BOOL: strbuf_puts(sb, a->i ? "true" : "false"); break;
    case ATTR_FLOAT: irtext_float(sb, a->f, false); break;
    case ATTR_STRING: irtext_quoted(sb, a->s ? a->s : "", false); break;
    case ATTR_INTS:
        strbuf_putc(sb, '[');
        for (int i = 0; i < a->ints.len; i++)
            strbuf_printf(sb, "%s%" PRId64, i ? ", " : "", a->ints.items[i]);
        strbuf_putc(sb, ']');
        break;
    case ATTR_DTYPE: strbuf_puts(sb, dtype_short_name(a->dtype)); break;
    case ATTR_SHAPE: strbuf_puts(sb, shape_str(&a->shape, buf, sizeof buf)); break;
    case ATTR_TENSOR: irtext_const(sb, a->tensor); break;
    default: UNREACHABLE();
    }
}

void irtext_attrs(StrBuf *sb, const Attrs *attrs, const char *skip) {
    bool first = true;
    for (int i = 0; i < attrs->len; i++) {
        const Attr *a = &attrs->items[i];
        if (skip && strcmp(a->key, skip) == 0) continue;
        strbuf_puts(sb, first ? " {" : ", ");
        first = false;
        strbuf_printf(sb, "%s=", a->key);
        attr_value(sb, a);
    }
    if (!first) strbuf_putc(sb, '}');
}

void irtext_signature(StrBuf *sb, const Func *f, const int *numbers) {
    char buf[16 * IR_MAX_RANK + 16];
    const Region *r = f->body;
    strbuf_putc(sb, '(');
    for (int i = 0; i < r->nparams; i++)
        strbuf_printf(sb, "%s%%%d:%s", i ? ", " : "", numbers[r->params[i]->id],
                      type_str(&r->params[i]->type, buf, sizeof buf));
    strbuf_puts(sb, ") -> (");
    for (int i = 0; i < r->nresults; i++)
        strbuf_printf(sb, "%s%s", i ? ", " : "", type_str(&r->results[i]->type, buf, sizeof buf));
    strbuf_putc(sb, ')');
}

const char *irtext_region_name(const Inst *inst, int i) {
    static const char *const cond_names[] = {"then", "else"};
    static const char *const while_names[] = {"cond", "body"};
    IG_ASSERT(i >= 0 && i < 2);
    switch (inst->op) {
    case OP_COND: return cond_names[i];
    case OP_WHILE: return while_names[i];
    default: UNREACHABLE();
    }
}

void irtext_region_params(StrBuf *sb, const Region *r, const int *numbers) {
    char buf[16 * IR_MAX_RANK + 16];
    strbuf_putc(sb, '(');
    for (int i = 0; i < r->nparams; i++)
        strbuf_printf(sb, "%s%%%d:%s", i ? ", " : "", numbers[r->params[i]->id],
                      type_str(&r->params[i]->type, buf, sizeof buf));
    strbuf_putc(sb, ')');
}

void irtext_global(StrBuf *sb, const Global *g) {
    char buf[16 * IR_MAX_RANK + 16];
    strbuf_printf(sb, "var $%s:%s = ", g->name, type_str(&g->type, buf, sizeof buf));
    if (g->init) {
        irtext_const(sb, g->init);
        strbuf_printf(sb, ":%s", dtype_short_name(g->init->dtype));
    } else {
        strbuf_puts(sb, "computed"); /* by the program's 'initialize' */
    }
    if (!g->trainable) strbuf_puts(sb, " {trainable=false}");
    if (g->loc.file)
        strbuf_printf(sb, "  # %s:%d", irtext_basename(g->loc.file->path), g->loc.line);
}

const char *irtext_basename(const char *path) {
    if (!path) return "";
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
