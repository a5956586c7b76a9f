/* hash.h — FNV-1a over bytes: the string hash of interning, of dict keys, of a build's
 * identity and of ingot run's cache directory. Not for anything an attacker chooses
 * to collide: none of these is. (Its offset basis lost a digit of FNV's
 * 14695981039346656037 long ago; it stays, since a set of strings iterates in the
 * order of these hashes.)
 * Entry point: hash_bytes. */
#ifndef INGOT_HASH_H
#define INGOT_HASH_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t hash_bytes(const void *data, size_t n) {
    const unsigned char *p = data;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

#endif
