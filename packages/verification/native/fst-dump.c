/*
 * fst-dump: prints an FST waveform trace as text, for the FSM coverage of the verification
 * platform (src/engine/fsm/fst-reader.ts). Built against the fstapi that Verilator bundles
 * (include/gtkwave: fstapi.c, fastlz.c, lz4.c; link with -lz).
 *
 *   fst-dump hierarchy TRACE          one line per hierarchy entry, fields separated by tabs:
 *                                       S <scope name> <component (module) name, may be empty>
 *                                       U                       (end of the innermost scope)
 *                                       V <handle> <width> <variable name>
 *   fst-dump changes TRACE HANDLE...  the value changes of those variables, in time order:
 *                                       C <time> <handle> <value: one character per bit, MSB first>
 *
 * Exit status: 0 on success, 1 when the trace cannot be read, 2 on a usage error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"

static int usage(void) {
    fputs("usage: fst-dump hierarchy TRACE | fst-dump changes TRACE HANDLE...\n", stderr);
    return 2;
}

static int print_hierarchy(void *trace) {
    struct fstHier *entry;
    fstReaderIterateHierRewind(trace);
    while ((entry = fstReaderIterateHier(trace)) != NULL) {
        switch (entry->htyp) {
        case FST_HT_SCOPE:
            printf("S\t%s\t%s\n", entry->u.scope.name, entry->u.scope.component ? entry->u.scope.component : "");
            break;
        case FST_HT_UPSCOPE:
            puts("U");
            break;
        case FST_HT_VAR:
            printf("V\t%u\t%u\t%s\n", (unsigned)entry->u.var.handle, (unsigned)entry->u.var.length, entry->u.var.name);
            break;
        default:
            /* attributes (enum tables, source locations) are not needed */
            break;
        }
    }
    return 0;
}

static void print_change(void *user, uint64_t time, fstHandle handle, const unsigned char *value) {
    (void)user;
    printf("C\t%llu\t%u\t%s\n", (unsigned long long)time, (unsigned)handle, (const char *)value);
}

static int print_changes(void *trace, int count, char **handles) {
    fstHandle max_handle = fstReaderGetMaxHandle(trace);
    fstReaderClrFacProcessMaskAll(trace);
    for (int i = 0; i < count; i++) {
        char *end;
        errno = 0;
        unsigned long handle = strtoul(handles[i], &end, 10);
        if (errno != 0 || *end != '\0' || handle == 0 || handle > max_handle) {
            fprintf(stderr, "fst-dump: no variable with handle '%s' (the trace has 1 to %u)\n", handles[i],
                    (unsigned)max_handle);
            return 2;
        }
        fstReaderSetFacProcessMask(trace, (fstHandle)handle);
    }
    return fstReaderIterBlocks(trace, print_change, NULL, NULL) ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 3) return usage();
    const char *command = argv[1];
    if (strcmp(command, "hierarchy") != 0 && strcmp(command, "changes") != 0) return usage();
    void *trace = fstReaderOpen(argv[2]);
    if (trace == NULL) {
        fprintf(stderr, "fst-dump: '%s' is not a readable FST trace\n", argv[2]);
        return 1;
    }
    int status = strcmp(command, "hierarchy") == 0 ? print_hierarchy(trace) : print_changes(trace, argc - 3, argv + 3);
    fstReaderClose(trace);
    if (fflush(stdout) != 0) return 1;
    return status;
}
