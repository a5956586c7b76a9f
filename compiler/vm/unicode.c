/* unicode.c — CPython 3.11's Unicode character database (Unicode 14.0) for the str
 * methods and repr: character classes, decimal values and full case mappings, read
 * from the tables in unicode_db.inc, which scripts/gen_unicode_db.py generates from
 * CPython itself. Entry points: unicode.h. Memory owner: static tables only. */
#include <stdint.h>

#include "builtins.h"
#include "vm.h"
#include "unicode.h"

#include "unicode_db.inc"

static const UniRecord *uni_record(uint32_t c) {
    if (c >= 0x110000) c = 0xfffe; /* a noncharacter: no properties */
    unsigned mask1 = (1u << UNI_SHIFT1) - 1, mask2 = (1u << UNI_SHIFT2) - 1;
    unsigned i0 = uni_index0[c >> (UNI_SHIFT1 + UNI_SHIFT2)];
    unsigned i1 = uni_index1[(i0 << UNI_SHIFT2) + ((c >> UNI_SHIFT1) & mask2)];
    return &uni_records[uni_index2[(i1 << UNI_SHIFT1) + (c & mask1)]];
}

bool unicode_has(uint32_t c, unsigned flags) { return (uni_record(c)->flags & flags) != 0; }

bool unicode_is_printable(uint32_t c) { return unicode_has(c, UNI_PRINTABLE); }
bool unicode_is_space(uint32_t c) { return unicode_has(c, UNI_SPACE); }

int unicode_decimal(uint32_t c) {
    const UniRecord *r = uni_record(c);
    return r->flags & UNI_DECIMAL ? r->decimal : -1;
}

uint32_t utf8_decode_next(const char *s, size_t n, size_t *i) {
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c = u[*i];
    int more = c < 0x80 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
    c &= more == 0 ? 0x7f : more == 1 ? 0x1f : more == 2 ? 0x0f : 0x07;
    for ((*i)++; more-- > 0 && *i < n && (u[*i] & 0xc0) == 0x80; (*i)++)
        c = (c << 6) | (u[*i] & 0x3f);
    return c;
}

/* Appends c's full mapping (one to three code points, as CPython's _PyUnicode_To*Full);
   which < 0: c itself. */
void unicode_put_mapped(StrBuf *sb, uint32_t c, int which) {
    const UniRecord *r = uni_record(c);
    char buf[4];
    if (which < 0) { /* unmapped */
        strbuf_putn(sb, buf, (size_t)utf8_encode(c, buf));
        return;
    }
    if (!(r->flags & UNI_EXTENDED)) {
        strbuf_putn(sb, buf, (size_t)utf8_encode((uint32_t)((int32_t)c + r->map[which]), buf));
        return;
    }
    uint32_t field = (uint32_t)r->map[which];
    for (uint32_t k = 0; k < field >> 24; k++)
        strbuf_putn(sb, buf, (size_t)utf8_encode(uni_ext[(field & 0xffffff) + k], buf));
}
