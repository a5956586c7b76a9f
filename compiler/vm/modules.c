/* modules.c — import: the bundled stdlib (tensorflow, ingot), modules beside the
 * script, and the _ingot primitives implemented in C. */
#include <string.h>
#include <sys/stat.h>

#include "vm.h"

static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static const char *dir_of(Interp *in, const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? arena_strndup(in->arena, path, (size_t)(slash - path)) : ".";
}

static void register_module(Interp *in, PyModule *m) {
    if (in->nmodules == in->modules_cap) {
        int cap = in->modules_cap ? in->modules_cap * 2 : 16;
        in->modules = arena_grow(in->arena, in->modules, sizeof(PyModule *), (size_t)in->nmodules,
                                 (size_t)cap);
        in->modules_cap = cap;
    }
    in->modules[in->nmodules++] = m;
}

static PyModule *find_loaded(Interp *in, const char *name) {
    for (int i = 0; i < in->nmodules; i++)
        if (strcmp(in->modules[i]->name, name) == 0) return in->modules[i];
    return NULL;
}

PyModule *pymodule_create(Interp *in, const char *name, const SourceFile *file, bool is_library) {
    PyModule *m = ARENA_NEW(in->arena, PyModule);
    m->name = arena_strdup(in->arena, name);
    m->file = file;
    m->dir = file ? dir_of(in, file->path) : ".";
    m->is_library = is_library;
    m->globals = env_new(in, NULL, m, NULL);
    m->self = ARENA_NEW(in->arena, Value);
    m->self->kind = VAL_MODULE;
    m->self->module = m;
    env_set_local(in, m->globals, vm_intern(in, "__name__"), value_cstr(in->arena, name));
    register_module(in, m);
    return m;
}

/* Loads and runs the module file at path. */
static PyModule *load_module(Interp *in, const char *name, const char *path, bool is_package,
                             bool is_library, SrcLoc loc) {
    SourceFile *file = diag_load_file(in->arena, path);
    if (!file) {
        vm_error(in, loc, "cannot read module '%s' at '%s'", name, path);
        return NULL;
    }
    /* Parsed and converted by AutoGraph, as the driver does for the script. */
    Node *ast = in->opt->load(in->opt->load_ctx, in->arena, in->diag, file);
    if (!ast) return NULL;
    PyModule *m = pymodule_create(in, name, file, is_library);
    m->is_package = is_package;
    /* Its top level runs as a frame of the traceback ("<module>", called from the import). */
    PyFrame frame = {
        .call_loc = loc, .callee_name = "<module>", .parent = in->py_chain, .library = is_library};
    const PyFrame *saved = in->py_chain;
    in->py_chain = &frame;
    bool ok = exec_module(in, m, ast);
    in->py_chain = saved;
    return ok ? m : NULL;
}

/* Finds name (one component) inside dir: dir/name.py or dir/name/__init__.py. */
static PyModule *load_from_dir(Interp *in, const char *fullname, const char *dir, const char *leaf,
                               bool is_library, SrcLoc loc, bool *found) {
    const char *pkg = arena_printf(in->arena, "%s/%s/__init__.py", dir, leaf);
    const char *file = arena_printf(in->arena, "%s/%s.py", dir, leaf);
    *found = true;
    if (is_file(pkg)) return load_module(in, fullname, pkg, true, is_library, loc);
    if (is_file(file)) return load_module(in, fullname, file, false, is_library, loc);
    *found = false;
    return NULL;
}

/* The module named dotted, loaded on first use. NULL with *missing set when no such
   module exists (reported only if report_missing); NULL otherwise after an error. */
static PyModule *import_absolute(Interp *in, const char *dotted, SrcLoc loc, bool report_missing,
                                 bool *missing) {
    *missing = false;
    PyModule *m = find_loaded(in, dotted);
    if (m) return m;
    if (in->hooks.native_module) {
        PyModule *native = in->hooks.native_module(in, dotted);
        if (native) return native;
    }
    const char *dot = strrchr(dotted, '.');
    bool found = false;
    if (dot) {
        /* import a.b: a missing is reported as a, as Python does */
        const char *parent_name = arena_strndup(in->arena, dotted, (size_t)(dot - dotted));
        bool parent_missing;
        PyModule *parent = import_absolute(in, parent_name, loc, true, &parent_missing);
        if (!parent) return NULL;
        if ((m = find_loaded(in, dotted))) return m; /* the parent imported it */
        if (parent->is_package) {
            m = load_from_dir(in, dotted, parent->dir, dot + 1, parent->is_library, loc, &found);
            if (m) env_set_local(in, parent->globals, vm_intern(in, dot + 1), m->self);
        }
    } else {
        const char *script_dir = in->main_module ? in->main_module->dir : ".";
        m = load_from_dir(in, dotted, script_dir, dotted, false, loc, &found);
        if (!found) m = load_from_dir(in, dotted, in->opt->stdlib_dir, dotted, true, loc, &found);
    }
    *missing = !found;
    if (!found && report_missing)
        vm_error(
            in, loc,
            "no module named '%s' (ingot bundles 'tensorflow' and 'ingot'; other modules must be "
            "beside the script)",
            dotted);
    return m;
}

PyModule *pymodule_submodule(Interp *in, PyModule *package, const char *name, SrcLoc loc,
                             bool *missing) {
    *missing = !package->is_package;
    if (*missing) return NULL;
    return import_absolute(in, arena_printf(in->arena, "%s.%s", package->name, name), loc, false,
                           missing);
}

PyModule *pymodule_import(Interp *in, const char *dotted, PyModule *importer, int level,
                          SrcLoc loc) {
    bool missing;
    if (level == 0) return import_absolute(in, dotted, loc, true, &missing);
    /* Relative import: resolve against the importer's package. */
    const char *base = importer->is_package ? importer->name : NULL;
    if (!base) {
        const char *dot = strrchr(importer->name, '.');
        base =
            dot ? arena_strndup(in->arena, importer->name, (size_t)(dot - importer->name)) : NULL;
    }
    for (int i = 1; i < level && base; i++) {
        const char *dot = strrchr(base, '.');
        base = dot ? arena_strndup(in->arena, base, (size_t)(dot - base)) : NULL;
    }
    if (!base)
        return vm_raise(in, EXC_IMPORT_ERROR, loc,
                        "attempted relative import with no known parent package"),
               NULL;
    const char *full = dotted[0] ? arena_printf(in->arena, "%s.%s", base, dotted) : base;
    return import_absolute(in, full, loc, true, &missing);
}
