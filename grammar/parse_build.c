/* parse_build.c — the checks and builders behind parser.y's actions: assignment
 * targets, call arguments, parameter lists, adjacent string literals, locations.
 * Entry points: parse_check_target, parse_args_*, parse_params_*, parse_strings_*.
 * Memory owner: everything is allocated in ctx->arena. */
#include <stdarg.h>
#include <string.h>

#include "parse_internal.h"

void parse_error(ParseCtx *ctx, SrcLoc loc, const char *fmt, ...) {
    if (ctx->quiet) return;
    ctx->quiet = true;
    char *msg;
    va_list ap;
    va_start(ap, fmt);
    msg = arena_vprintf(ctx->arena, fmt, ap);
    va_end(ap);
    diag_error(ctx->diag, loc, "%s", msg);
}

/* ---- locations ----------------------------------------------------------------- */

static void build_line_offsets(ParseCtx *ctx) {
    const SourceFile *f = ctx->file;
    int n = 1;
    for (size_t i = 0; i < f->len; i++) n += f->text[i] == '\n';
    ctx->line_offsets = ARENA_ARRAY(ctx->arena, int, n);
    ctx->nlines = n;
    int line = 1;
    for (size_t i = 0; i < f->len; i++)
        if (f->text[i] == '\n') ctx->line_offsets[line++] = (int)i + 1;
}

/* Column just past the last character of the line (a '\r' before '\n' excluded). */
static int line_end_col(ParseCtx *ctx, int line) {
    if (!ctx->line_offsets) build_line_offsets(ctx);
    if (line < 1 || line > ctx->nlines) return 1;
    const char *start = ctx->file->text + ctx->line_offsets[line - 1];
    const char *end = ctx->file->text + ctx->file->len;
    const char *eol = memchr(start, '\n', (size_t)(end - start));
    if (!eol) eol = end;
    if (eol > start && eol[-1] == '\r') eol--;
    return (int)(eol - start) + 1;
}

SrcLoc parse_loc_span(ParseCtx *ctx, SrcLoc a, SrcLoc b) {
    if (a.len == 0 || !a.file) return b.len == 0 ? a : b;
    if (b.len == 0 || !b.file) return a;
    if (b.line < a.line || (b.line == a.line && b.col < a.col)) return a;
    int end = b.line == a.line ? b.col + b.len : line_end_col(ctx, a.line);
    SrcLoc r = a;
    if (end - a.col > r.len) r.len = end - a.col;
    return r;
}

/* ---- assignment targets -------------------------------------------------------- */

/* What Python calls an expression that cannot be a target. */
static const char *target_desc(const Node *e) {
    switch (e->kind) {
    case AST_CALL: return "function call";
    case AST_INT:
    case AST_FLOAT:
    case AST_STR:
    case AST_BYTES: return "literal";
    case AST_FSTRING:
    case AST_FORMATTED: return "f-string expression";
    case AST_TRUE: return "True";
    case AST_FALSE: return "False";
    case AST_NONE: return "None";
    case AST_ELLIPSIS: return "ellipsis";
    case AST_BINOP:
    case AST_UNARYOP:
    case AST_BOOLOP: return "expression";
    case AST_COMPARE: return "comparison";
    case AST_IFEXP: return "conditional expression";
    case AST_LAMBDA: return "lambda";
    case AST_LISTCOMP: return "list comprehension";
    case AST_SETCOMP: return "set comprehension";
    case AST_DICTCOMP: return "dict comprehension";
    case AST_GENEXP: return "generator expression";
    case AST_DICT: return "dict literal";
    case AST_SET: return "set display";
    case AST_NAMED_EXPR: return "named expression";
    default: return "expression";
    }
}

static bool check_target(ParseCtx *ctx, Node *t, TargetUse use, bool in_seq) {
    const char *verb = use == TARGET_DEL ? "delete" : "assign to";
    switch (t->kind) {
    case AST_NAME:
    case AST_ATTRIBUTE:
    case AST_SUBSCRIPT: return true;
    case AST_STARRED:
        if (use == TARGET_DEL) {
            parse_error(ctx, t->loc, "cannot delete starred");
            return false;
        }
        if (!in_seq) {
            parse_error(ctx, t->loc, "starred assignment target must be in a list or tuple");
            return false;
        }
        return check_target(ctx, t->starred.value, use, false);
    case AST_TUPLE:
    case AST_LIST: {
        int starred = 0;
        for (int i = 0; i < t->seq.elts.len; i++) {
            Node *e = t->seq.elts.items[i];
            if (e->kind == AST_STARRED && ++starred > 1) {
                parse_error(ctx, e->loc, "multiple starred expressions in assignment");
                return false;
            }
            if (!check_target(ctx, e, use, true)) return false;
        }
        return true;
    }
    default: break;
    }
    parse_error(ctx, t->loc, "cannot %s %s", verb, target_desc(t));
    return false;
}

bool parse_check_target(ParseCtx *ctx, Node *target, TargetUse use) {
    return check_target(ctx, target, use, false);
}

bool parse_check_aug_target(ParseCtx *ctx, Node *t) {
    const char *desc;
    switch (t->kind) {
    case AST_NAME:
    case AST_ATTRIBUTE:
    case AST_SUBSCRIPT: return true;
    case AST_TUPLE: desc = "tuple"; break;
    case AST_LIST: desc = "list"; break;
    case AST_STARRED: desc = "starred"; break;
    default: desc = target_desc(t); break;
    }
    parse_error(ctx, t->loc, "'%s' is an illegal expression for augmented assignment", desc);
    return false;
}

bool parse_check_ann_target(ParseCtx *ctx, Node *t) {
    switch (t->kind) {
    case AST_NAME:
    case AST_ATTRIBUTE:
    case AST_SUBSCRIPT: return true;
    case AST_TUPLE:
        parse_error(ctx, t->loc, "only single target (not tuple) can be annotated");
        return false;
    case AST_LIST:
        parse_error(ctx, t->loc, "only single target (not list) can be annotated");
        return false;
    default: parse_error(ctx, t->loc, "illegal target for annotation"); return false;
    }
}

void parse_check_not_starred(ParseCtx *ctx, Node *value) {
    if (value->kind == AST_STARRED)
        parse_error(ctx, value->loc, "can't use starred expression here");
}

/* ---- call arguments ------------------------------------------------------------- */

CallArgs *parse_args_new(ParseCtx *ctx) { return ARENA_NEW(ctx->arena, CallArgs); }

static Node *new_keyword(ParseCtx *ctx, const char *name, Node *value, SrcLoc loc) {
    Node *k = ast_new(ctx->arena, AST_KEYWORD, loc);
    k->keyword.name = name;
    k->keyword.value = value;
    return k;
}

void parse_args_add(ParseCtx *ctx, CallArgs *a, const ArgItem *it) {
    a->count++;
    switch (it->kind) {
    case ARG_POSITIONAL:
    case ARG_GENEXP:
        if (a->seen_dstar)
            parse_error(ctx, it->loc, "positional argument follows keyword argument unpacking");
        else if (a->seen_keyword)
            parse_error(ctx, it->loc, "positional argument follows keyword argument");
        if (it->kind == ARG_GENEXP && !a->bare_genexp) a->bare_genexp = it->value;
        nodelist_push(ctx->arena, &a->args, it->value);
        break;
    case ARG_STAR:
        if (a->seen_dstar)
            parse_error(ctx, it->loc,
                        "iterable argument unpacking follows keyword argument unpacking");
        nodelist_push(ctx->arena, &a->args, it->value);
        break;
    case ARG_KEYWORD: {
        if (it->name->kind != AST_NAME) {
            parse_error(ctx, it->loc,
                        "expression cannot contain assignment, perhaps you meant \"==\"?");
            return;
        }
        const char *name = it->name->name.id;
        for (int i = 0; i < a->keywords.len; i++) {
            const char *other = a->keywords.items[i]->keyword.name;
            if (other && strcmp(other, name) == 0) {
                parse_error(ctx, it->loc, "keyword argument repeated: %s", name);
                break;
            }
        }
        a->seen_keyword = true;
        nodelist_push(ctx->arena, &a->keywords, new_keyword(ctx, name, it->value, it->loc));
        break;
    }
    case ARG_DSTAR:
        a->seen_dstar = true;
        nodelist_push(ctx->arena, &a->keywords, new_keyword(ctx, NULL, it->value, it->loc));
        break;
    }
}

void parse_args_finish(ParseCtx *ctx, CallArgs *a) {
    if (a->bare_genexp && a->count > 1)
        parse_error(ctx, a->bare_genexp->loc, "generator expression must be parenthesized");
}

/* ---- parameters ------------------------------------------------------------------ */

ParamItem *parse_param(ParseCtx *ctx, ParamKind kind, const Token *name, Node *annotation,
                       Node *default_, SrcLoc loc) {
    ParamItem *p = ARENA_NEW(ctx->arena, ParamItem);
    p->kind = kind;
    p->loc = loc;
    if (name) {
        Node *arg = ast_new(ctx->arena, AST_ARG, name->loc);
        arg->arg.name = arena_intern_cstr(ctx->arena, name->text);
        arg->arg.annotation = annotation;
        arg->arg.default_ = default_;
        p->arg = arg;
    }
    return p;
}

ParamList *parse_params_new(ParseCtx *ctx) { return ARENA_NEW(ctx->arena, ParamList); }

void parse_params_add(ParseCtx *ctx, ParamList *pl, ParamItem *item) {
    (void)ctx;
    if (pl->last) pl->last->next = item;
    else pl->first = item;
    pl->last = item;
}

/* Orders the flat list into Params, reporting the first misplaced or repeated one. */
Params parse_params_finish(ParseCtx *ctx, const ParamList *pl) {
    Params ps = {0};
    enum { POSITIONAL, KEYWORD_ONLY, AFTER_KWARGS } state = POSITIONAL;
    bool seen_default = false, named_after_star = false;
    const ParamItem *bare_star = NULL;
    for (const ParamItem *it = pl->first; it; it = it->next) {
        if (state == AFTER_KWARGS) {
            parse_error(ctx, it->loc, "arguments cannot follow var-keyword argument");
            return ps;
        }
        if (it->arg) {
            for (const ParamItem *o = pl->first; o != it; o = o->next) {
                if (o->arg && o->arg->arg.name == it->arg->arg.name) {
                    parse_error(ctx, it->arg->loc, "duplicate argument '%s' in function definition",
                                it->arg->arg.name);
                    return ps;
                }
            }
        }
        switch (it->kind) {
        case PARAM_PLAIN:
            if (state == KEYWORD_ONLY) {
                named_after_star = true;
                nodelist_push(ctx->arena, &ps.kwonly, it->arg);
            } else if (it->arg->arg.default_) {
                seen_default = true;
                nodelist_push(ctx->arena, &ps.args, it->arg);
            } else if (seen_default) {
                parse_error(ctx, it->loc, "non-default argument follows default argument");
                return ps;
            } else {
                nodelist_push(ctx->arena, &ps.args, it->arg);
            }
            break;
        case PARAM_STAR:
            if (state != POSITIONAL) {
                parse_error(ctx, it->loc, "* argument may appear only once");
                return ps;
            }
            state = KEYWORD_ONLY;
            if (it->arg) ps.vararg = it->arg;
            else bare_star = it;
            break;
        case PARAM_SLASH:
            /* Positional-only parameters: outside the subset, named at the '/'. */
            parse_error(ctx, it->loc, "not supported yet: positional-only parameters ('/')");
            return ps;
        case PARAM_DSTAR:
            if (bare_star && !named_after_star) {
                parse_error(ctx, bare_star->loc, "named arguments must follow bare *");
                return ps;
            }
            state = AFTER_KWARGS;
            ps.kwarg = it->arg;
            break;
        }
    }
    if (bare_star && !named_after_star)
        parse_error(ctx, bare_star->loc, "named arguments must follow bare *");
    return ps;
}

/* ---- names and strings ---------------------------------------------------------- */

Node *parse_new_name(ParseCtx *ctx, const Token *tok) {
    Node *n = ast_new(ctx->arena, AST_NAME, tok->loc);
    n->name.id = arena_intern_cstr(ctx->arena, tok->text);
    return n;
}

static Node *new_str(ParseCtx *ctx, AstKind kind, const char *s, size_t n, SrcLoc loc) {
    Node *node = ast_new(ctx->arena, kind, loc);
    node->str.value = arena_strndup(ctx->arena, s ? s : "", n);
    node->str.len = n;
    return node;
}

StrParts *parse_strings_new(ParseCtx *ctx, const Token *tok) {
    StrParts *sp = ARENA_NEW(ctx->arena, StrParts);
    sp->loc = tok->loc;
    sp->is_bytes = tok->kind == TOK_STRING && tok->is_bytes;
    parse_strings_add(ctx, sp, tok);
    return sp;
}

void parse_strings_add(ParseCtx *ctx, StrParts *sp, const Token *tok) {
    bool bytes = tok->kind == TOK_STRING && tok->is_bytes;
    if (bytes != sp->is_bytes && !sp->mixed) {
        sp->mixed = true;
        parse_error(ctx, tok->loc, "cannot mix bytes and nonbytes literals");
    }
    if (sp->mixed) return;
    if (tok->kind == TOK_FSTRING) {
        sp->has_fstring = true;
        parse_fstring_body(ctx, tok, &sp->pieces);
    } else {
        nodelist_push(ctx->arena, &sp->pieces,
                      new_str(ctx, bytes ? AST_BYTES : AST_STR, tok->str, tok->str_len, tok->loc));
    }
}

/* Plain literals become one AST_STR/AST_BYTES; with an f-string among them, one
 * AST_FSTRING whose adjacent literal pieces are merged and empty ones dropped. */
Node *parse_strings_finish(ParseCtx *ctx, StrParts *sp) {
    if (sp->mixed) return new_str(ctx, AST_STR, "", 0, sp->loc);
    if (!sp->has_fstring) {
        StrBuf sb;
        strbuf_init(&sb, ctx->arena);
        for (int i = 0; i < sp->pieces.len; i++)
            strbuf_putn(&sb, sp->pieces.items[i]->str.value, sp->pieces.items[i]->str.len);
        Node *n = ast_new(ctx->arena, sp->is_bytes ? AST_BYTES : AST_STR, sp->loc);
        n->str.value = strbuf_cstr(&sb);
        n->str.len = sb.len;
        return n;
    }
    Node *fs = ast_new(ctx->arena, AST_FSTRING, sp->loc);
    for (int i = 0; i < sp->pieces.len;) {
        Node *piece = sp->pieces.items[i];
        if (piece->kind != AST_STR) {
            nodelist_push(ctx->arena, &fs->fstring.values, piece);
            i++;
            continue;
        }
        StrBuf sb;
        strbuf_init(&sb, ctx->arena);
        SrcLoc loc = piece->loc;
        for (; i < sp->pieces.len && sp->pieces.items[i]->kind == AST_STR; i++)
            strbuf_putn(&sb, sp->pieces.items[i]->str.value, sp->pieces.items[i]->str.len);
        if (sb.len == 0) continue;
        Node *lit = ast_new(ctx->arena, AST_STR, loc);
        lit->str.value = strbuf_cstr(&sb);
        lit->str.len = sb.len;
        nodelist_push(ctx->arena, &fs->fstring.values, lit);
    }
    return fs;
}
