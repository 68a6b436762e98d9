// Prints every occurrence of a symbol in a Swift index store (the one `swift build` writes in
// .build/<triple>/debug/index/store), one line each: FILE LINE COLUMN ROLES USR NAME, tab-separated,
// through libIndexStore's C API (declared here: the toolchain ships the library, not its header).
// Built and run in the Swift root by swift_availability_check (bindings-swift/swift-root.sh).
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const char *data; size_t length; } str_t;
typedef void *ref_t;
extern ref_t indexstore_store_create(const char *path, ref_t *error);
extern const char *indexstore_error_get_description(ref_t error);
extern bool indexstore_store_units_apply_f(ref_t store, unsigned sorted, void *ctx, bool (*f)(void *, str_t));
extern ref_t indexstore_unit_reader_create(ref_t store, const char *unit, ref_t *error);
extern bool indexstore_unit_reader_dependencies_apply_f(ref_t unit, void *ctx, bool (*f)(void *, ref_t));
extern int indexstore_unit_dependency_get_kind(ref_t dep);  /* 1 a unit, 2 a record (a source file's symbols), 3 a file */
extern str_t indexstore_unit_dependency_get_name(ref_t dep);
extern str_t indexstore_unit_dependency_get_filepath(ref_t dep);
extern ref_t indexstore_record_reader_create(ref_t store, const char *record, ref_t *error);
extern bool indexstore_record_reader_occurrences_apply_f(ref_t record, void *ctx, bool (*f)(void *, ref_t));
extern ref_t indexstore_occurrence_get_symbol(ref_t occ);
extern uint64_t indexstore_occurrence_get_roles(ref_t occ);
extern void indexstore_occurrence_get_line_col(ref_t occ, unsigned *line, unsigned *col);
extern str_t indexstore_symbol_get_usr(ref_t sym);
extern str_t indexstore_symbol_get_name(ref_t sym);

static ref_t store;
static char *copy_str(str_t s) { char *c = malloc(s.length + 1); memcpy(c, s.data, s.length); c[s.length] = 0; return c; }

static bool occurrence(void *file, ref_t occ) {
    unsigned line, col;
    indexstore_occurrence_get_line_col(occ, &line, &col);
    ref_t sym = indexstore_occurrence_get_symbol(occ);
    str_t usr = indexstore_symbol_get_usr(sym), name = indexstore_symbol_get_name(sym);
    printf("%s\t%u\t%u\t%llu\t%.*s\t%.*s\n", (char *)file, line, col,
           (unsigned long long)indexstore_occurrence_get_roles(occ), (int)usr.length, usr.data, (int)name.length, name.data);
    return true;
}

static bool dependency(void *ctx, ref_t dep) {
    if (indexstore_unit_dependency_get_kind(dep) != 2) return true;
    char *record = copy_str(indexstore_unit_dependency_get_name(dep)), *file = copy_str(indexstore_unit_dependency_get_filepath(dep));
    ref_t error = NULL, reader = indexstore_record_reader_create(store, record, &error);
    if (reader) indexstore_record_reader_occurrences_apply_f(reader, file, occurrence);
    free(record); free(file);
    return true;
}

static bool unit(void *ctx, str_t name) {
    char *n = copy_str(name);
    ref_t error = NULL, reader = indexstore_unit_reader_create(store, n, &error);
    if (reader) indexstore_unit_reader_dependencies_apply_f(reader, NULL, dependency);
    free(n);
    return true;
}

int main(int argc, char **argv) {
    ref_t error = NULL;
    if (argc != 2 || !(store = indexstore_store_create(argv[1], &error))) {
        fprintf(stderr, "usage: occurrences INDEX_STORE (%s)\n", error ? indexstore_error_get_description(error) : "");
        return 2;
    }
    indexstore_store_units_apply_f(store, 0, NULL, unit);
    return 0;
}
