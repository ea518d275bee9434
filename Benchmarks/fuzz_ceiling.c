/* The ceiling storygraph's fuzzer is compared to: the simplest C loop over the same
 * compressed arrays (CSR), on one core. Reads the arrays from a text file written by
 * fuzz-bench.sh ("P S start", then P+1 offsets, then S targets; -1 = broken link),
 * plays RUNS runs of the uniform reader with xoshiro256** and Lemire's bounded draw,
 * exactly as storygraph does, and prints the choices per second. With "coverage" as
 * the third argument it also counts, like storygraph, the runs that visited each
 * passage and took each choice.
 *
 *   cc -O2 -o fuzz_ceiling fuzz_ceiling.c && ./fuzz_ceiling arrays.txt 1000000 [coverage]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

typedef struct { uint64_t s[4]; } rng_t;

static void seed_run(rng_t *r, uint64_t seed, uint64_t run) {
    uint64_t state = mix(seed + mix(run + 0x6A09E667F3BCC909ULL));
    for (int i = 0; i < 4; i++) { state += 0x9E3779B97F4A7C15ULL; r->s[i] = mix(state); }
}
static inline uint64_t next(rng_t *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return result;
}
static inline uint64_t bounded(rng_t *r, uint64_t n) {
    __uint128_t m = (__uint128_t)next(r) * n;
    if ((uint64_t)m < n) {
        uint64_t t = (0 - n) % n;
        while ((uint64_t)m < t) m = (__uint128_t)next(r) * n;
    }
    return (uint64_t)(m >> 64);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s arrays.txt RUNS [coverage]\n", argv[0]); return 64; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 65; }
    long p, s, start;
    if (fscanf(f, "%ld %ld %ld", &p, &s, &start) != 3) return 65;
    int32_t *off = malloc((p + 1) * sizeof *off), *tgt = malloc((s + 1) * sizeof *tgt);
    for (long i = 0; i <= p; i++) if (fscanf(f, "%d", &off[i]) != 1) return 65;
    for (long i = 0; i < s; i++) if (fscanf(f, "%d", &tgt[i]) != 1) return 65;
    fclose(f);
    long runs = atol(argv[2]);
    int coverage = argc > 3 && strcmp(argv[3], "coverage") == 0;
    long cap = 10 * p > 1000 ? 10 * p : 1000;
    uint32_t *pstamp = calloc(p, 4), *sstamp = calloc(s + 1, 4);
    int64_t *pruns = calloc(p, 8), *sruns = calloc(s + 1, 8);
    uint64_t steps = 0, ended = 0, checksum = 0;
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (long run = 1; run <= runs; run++) {
        rng_t r;
        seed_run(&r, 1, (uint64_t)run);
        long v = start, n = 0;
        uint32_t stamp = (uint32_t)run;
        if (coverage) { pruns[v] += pstamp[v] != stamp; pstamp[v] = stamp; }
        for (;;) {
            int32_t lo = off[v], hi = off[v + 1];
            if (lo == hi) { ended++; break; }
            if (n == cap) break;
            int32_t slot = lo + (int32_t)bounded(&r, (uint64_t)(hi - lo));
            n++;
            if (coverage) { sruns[slot] += sstamp[slot] != stamp; sstamp[slot] = stamp; }
            int32_t w = tgt[slot];
            if (w < 0) break;
            v = w;
            if (coverage) { pruns[v] += pstamp[v] != stamp; pstamp[v] = stamp; }
        }
        steps += n;
        checksum += (uint64_t)v;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    double cpu = (c1.tv_sec - c0.tv_sec) + (c1.tv_nsec - c0.tv_nsec) * 1e-9;
    printf("C ceiling (1 core%s): %ld runs, %llu choices in %.3f s = %.1f M choices/s; %.1f M choices per CPU second "
           "(ended %llu, checksum %llu)\n",
           coverage ? ", coverage on" : "", runs, (unsigned long long)steps, seconds, steps / seconds / 1e6,
           steps / cpu / 1e6, (unsigned long long)ended, (unsigned long long)checksum);
    return 0;
}
