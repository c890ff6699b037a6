/* Accesses the C library makes on the program's behalf (memcpy, memset, strcpy, puts of a
 * buffer, ...): instrumentation cannot see inside libc, so rankfold-cc links the program with
 * --wrap for these routines and each wrapper checks the bytes the routine will touch before
 * calling the real one (a heap overflow is stopped before it corrupts anything).
 * Linked into every module; never compiled with instrumentation itself.
 */
#include "AccessFilter.h"

#include <stdio.h>
#include <string.h>

/* The names below are fixed by the ABI they serve (GCC's -fsanitize=thread calls, the
 * linker's --wrap), and the access macros take C types, which cannot be parenthesised. */
/* NOLINTBEGIN(bugprone-reserved-identifier,bugprone-macro-parentheses) */

#define RF_API __attribute__((visibility("default")))
#define RF_SITE ((uintptr_t)__builtin_return_address(0))
#define RF_ADDR(p) ((uintptr_t)(p))

void* __real_memcpy(void* dst, const void* src, size_t n);
void* __real_memmove(void* dst, const void* src, size_t n);
void* __real_memset(void* dst, int c, size_t n);
int __real_memcmp(const void* a, const void* b, size_t n);
char* __real_strcpy(char* dst, const char* src);
char* __real_strncpy(char* dst, const char* src, size_t n);
char* __real_strcat(char* dst, const char* src);
size_t __real_strlen(const char* s);
int __real_puts(const char* s);
int __real_fputs(const char* s, FILE* f);
size_t __real_fwrite(const void* p, size_t size, size_t n, FILE* f);
size_t __real_fread(void* p, size_t size, size_t n, FILE* f);

/* strlen without going through the checked wrapper. */
static size_t length(const char* s) {
    return __real_strlen(s);
}

RF_API void* __wrap_memcpy(void* dst, const void* src, size_t n) {
    rankfold_access(RF_ADDR(src), n, 0, RF_SITE, "memcpy");
    rankfold_access(RF_ADDR(dst), n, 1, RF_SITE, "memcpy");
    return __real_memcpy(dst, src, n);
}

RF_API void* __wrap_memmove(void* dst, const void* src, size_t n) {
    rankfold_access(RF_ADDR(src), n, 0, RF_SITE, "memmove");
    rankfold_access(RF_ADDR(dst), n, 1, RF_SITE, "memmove");
    return __real_memmove(dst, src, n);
}

RF_API void* __wrap_memset(void* dst, int c, size_t n) {
    rankfold_access(RF_ADDR(dst), n, 1, RF_SITE, "memset");
    return __real_memset(dst, c, n);
}

RF_API int __wrap_memcmp(const void* a, const void* b, size_t n) {
    rankfold_access(RF_ADDR(a), n, 0, RF_SITE, "memcmp");
    rankfold_access(RF_ADDR(b), n, 0, RF_SITE, "memcmp");
    return __real_memcmp(a, b, n);
}

RF_API char* __wrap_strcpy(char* dst, const char* src) {
    const size_t n = length(src) + 1;
    rankfold_access(RF_ADDR(src), n, 0, RF_SITE, "strcpy");
    rankfold_access(RF_ADDR(dst), n, 1, RF_SITE, "strcpy");
    return __real_strcpy(dst, src);
}

RF_API char* __wrap_strncpy(char* dst, const char* src, size_t n) {
    size_t read = 0;
    while (read < n && src[read] != '\0') ++read;
    rankfold_access(RF_ADDR(src), read < n ? read + 1 : n, 0, RF_SITE, "strncpy");
    rankfold_access(RF_ADDR(dst), n, 1, RF_SITE, "strncpy"); /* pads with zeros up to n */
    return __real_strncpy(dst, src, n);
}

RF_API char* __wrap_strcat(char* dst, const char* src) {
    const size_t d = length(dst), s = length(src) + 1;
    rankfold_access(RF_ADDR(dst), d + 1, 0, RF_SITE, "strcat");
    rankfold_access(RF_ADDR(src), s, 0, RF_SITE, "strcat");
    rankfold_access(RF_ADDR(dst) + d, s, 1, RF_SITE, "strcat");
    return __real_strcat(dst, src);
}

RF_API size_t __wrap_strlen(const char* s) {
    const size_t n = length(s);
    rankfold_access(RF_ADDR(s), n + 1, 0, RF_SITE, "strlen");
    return n;
}

RF_API int __wrap_puts(const char* s) {
    rankfold_access(RF_ADDR(s), length(s) + 1, 0, RF_SITE, "puts");
    return __real_puts(s);
}

RF_API int __wrap_fputs(const char* s, FILE* f) {
    rankfold_access(RF_ADDR(s), length(s) + 1, 0, RF_SITE, "fputs");
    return __real_fputs(s, f);
}

RF_API size_t __wrap_fwrite(const void* p, size_t size, size_t n, FILE* f) {
    rankfold_access(RF_ADDR(p), size * n, 0, RF_SITE, "fwrite");
    return __real_fwrite(p, size, n, f);
}

RF_API size_t __wrap_fread(void* p, size_t size, size_t n, FILE* f) {
    rankfold_access(RF_ADDR(p), size * n, 1, RF_SITE, "fread");
    return __real_fread(p, size, n, f);
}
/* NOLINTEND(bugprone-reserved-identifier,bugprone-macro-parentheses) */
