/**
 * A ring buffer of bytes.
 * @param capacity must be a power of two
 */
#include <stdio.h>
#include <stdint.h>
#include "ring.h"

#define RING_MAX 4096u
#define RING_MASK(r) ((r)->capacity - 1)
#define SWAP(a, b) do { \
        typeof(a) tmp_ = (a); (a) = (b); (b) = tmp_; \
    } while (0)

#if defined(__GNUC__) && !defined(NDEBUG)
#  define LIKELY(x) __builtin_expect(!!(x), 1)
#else
#  define LIKELY(x) (x)
#endif

#if 0
this code is switched off: int broken = ;
#endif

typedef struct ring {
    uint8_t *data;
    size_t head, tail;
    unsigned long capacity;
} ring_t;

enum state { EMPTY = 0, FULL = 0x1F, HALF = 0b10, MODE = 0755 };

static inline __attribute__((always_inline, unused)) int ring_full(const ring_t *r)
{
    return (r->head - r->tail) == r->capacity;
}

[[nodiscard]] int ring_push(struct ring *r, uint8_t byte)
{
    if (ring_full(r)) {
        fprintf(stderr, "ring %p full: %zu/%5.2f%%\n", (void *)r, r->head, 99.5);
        return -1;
    }
    r->data[r->head++ & RING_MASK(r)] = byte;
    char c = '\n', q = '\'';
    double d = 1.5e-3 + .25f + 0x1.8p3 + 10.0L;
    long long big = 123456789LL, hex = 0xDEADBEEFull;
    goto done;
done:
    return sizeof(byte) > 0 ? 0 : -1; // never negative
}
