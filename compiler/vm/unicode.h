/* unicode.h — CPython 3.11's Unicode character database (unicode.c over the generated
 * unicode_db.inc): the flags of a code point and its full case mappings.
 * Entry points: unicode_has, unicode_put_mapped (and, in builtins.h,
 * utf8_decode_next, unicode_is_printable, unicode_is_space, unicode_decimal).
 * Memory owner: static tables only. */
#ifndef INGOT_UNICODE_H
#define INGOT_UNICODE_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"

/* The flags of a code point: CPython's str.isalpha() & co. for one character.
   scripts/gen_unicode_db.py writes the tables with these bits (and checks them). */
#define UNI_ALPHA (1u << 0)
#define UNI_DECIMAL (1u << 1)
#define UNI_DIGIT (1u << 2)
#define UNI_NUMERIC (1u << 3)
#define UNI_SPACE (1u << 4)
#define UNI_PRINTABLE (1u << 5)
#define UNI_LOWER (1u << 6)
#define UNI_UPPER (1u << 7)
#define UNI_TITLE (1u << 8)
#define UNI_CASED (1u << 9)
#define UNI_CASE_IGNORABLE (1u << 10)
#define UNI_XID_START (1u << 11)
#define UNI_XID_CONTINUE (1u << 12)
#define UNI_EXTENDED (1u << 13)

bool unicode_has(uint32_t c, unsigned flags);  /* any of flags */

/* Which case mapping unicode_put_mapped appends. */
enum { MAP_UPPER, MAP_LOWER, MAP_TITLE, MAP_FOLD };

/* Appends c's full mapping (one to three code points, as CPython's _PyUnicode_To*Full);
   which < 0: c itself. */
void unicode_put_mapped(StrBuf *sb, uint32_t c, int which);

#endif
