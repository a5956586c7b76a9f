/* indent.c — the layout filter between the raw scanner and the parser: NEWLINE,
 * INDENT and DEDENT by CPython's rules (tok_get_normal_mode), and bracket matching.
 * Entry point: lexer_next. Memory owner: all state is in the Lexer (in the Arena). */
#include "lexer_internal.h"

#define TAB_SIZE 8
#define ALT_TAB_SIZE 1

static Token layout_token(TokenKind kind, SrcLoc loc, const char *text) {
    Token t = {0};
    t.kind = kind;
    t.loc = loc;
    t.text = text;
    return t;
}

/* Where NEWLINE goes: right after the last character of the logical line, so a
 * missing ':' after "def f(x)" is reported just past the ')'. */
static SrcLoc end_of_line_loc(const Lexer *lx) {
    return (SrcLoc){lx->file, lx->end_line, lx->end_col, 1};
}

/* Measures the indentation in front of the first token of a logical line, twice:
 * with tabs to the next multiple of 8 and with tabs as one column (CPython's
 * tabsize/alttabsize). Indentation cannot be split with backslashes: the column
 * before the first backslash counts, as in CPython. */
static void measure_indent(const Lexer *lx, int *col_out, int *alt_out) {
    int col = 0, alt = 0, cont_col = 0;
    for (const char *p = lx->logical_begin; p < lx->tok_begin; p++) {
        if (*p == ' ') {
            col++;
            alt++;
        } else if (*p == '\t') {
            col = (col / TAB_SIZE + 1) * TAB_SIZE;
            alt = (alt / ALT_TAB_SIZE + 1) * ALT_TAB_SIZE;
        } else if (*p == '\f') {
            col = alt = 0; /* form feed resets the column (for Emacs users, says CPython) */
        } else if (*p == '\\') {
            if (!cont_col) cont_col = col;
            while (p + 1 < lx->tok_begin && p[1] != '\n') p++; /* to the joined newline */
            p++;
        } else {
            break;
        }
    }
    *col_out = cont_col ? cont_col : col;
    *alt_out = cont_col ? cont_col : alt;
}

static void report_tab_error(Lexer *lx, SrcLoc loc) {
    diag_error(lx->diag, loc, "inconsistent use of tabs and spaces in indentation");
}

/* The first token of a logical line: compares its indentation with the stack and
 * queues the INDENT or DEDENTs that go in front of it. */
static void layout_begin_line(Lexer *lx, SrcLoc loc) {
    int col, alt;
    measure_indent(lx, &col, &alt);
    int top = lx->n_indents - 1;
    lx->pending_loc = loc;
    if (col == lx->indents[top]) {
        if (alt != lx->alt_indents[top]) {
            report_tab_error(lx, loc);
            lx->alt_indents[top] = alt; /* report a mixed-up block once, not every line */
        }
    } else if (col > lx->indents[top]) {
        if (lx->n_indents == LEXER_MAX_INDENT) {
            diag_error(lx->diag, loc, "too many levels of indentation");
            return;
        }
        if (alt <= lx->alt_indents[top]) report_tab_error(lx, loc);
        lx->indents[lx->n_indents] = col;
        lx->alt_indents[lx->n_indents] = alt;
        lx->n_indents++;
        lx->pending = 1;
    } else {
        int level = top;
        while (level > 0 && col < lx->indents[level - 1]) level--;
        /* Now indents[level] > col >= indents[level - 1]: pop the levels above
         * level - 1 if col matches it; otherwise it is an error, and the line stays in
         * the block `level`, re-measured, so the lines after it do not cascade. */
        if (col == lx->indents[level - 1]) {
            lx->pending = -(lx->n_indents - level);
            lx->n_indents = level;
            if (alt != lx->alt_indents[level - 1]) {
                report_tab_error(lx, loc);
                lx->alt_indents[level - 1] = alt;
            }
        } else {
            diag_error(lx->diag, loc, "unindent does not match any outer indentation level");
            lx->pending = -(lx->n_indents - 1 - level);
            lx->n_indents = level + 1;
            lx->indents[level] = col;
            lx->alt_indents[level] = alt;
        }
    }
}

static bool is_opener(TokenKind k) { return k == TOK_LPAR || k == TOK_LSQB || k == TOK_LBRACE; }
static bool is_closer(TokenKind k) { return k == TOK_RPAR || k == TOK_RSQB || k == TOK_RBRACE; }

static TokenKind closer_of(TokenKind opener) {
    return opener == TOK_LPAR ? TOK_RPAR : opener == TOK_LSQB ? TOK_RSQB : TOK_RBRACE;
}

/* Tracks nesting for implicit line joining and reports bad closers (Python's wording).
 * A mismatched closer is taken as the right one, so the parser sees balanced brackets. */
static Token layout_track_brackets(Lexer *lx, Token t) {
    if (is_opener(t.kind)) {
        if (lx->n_parens == LEXER_MAX_PARENS) {
            diag_error(lx->diag, t.loc, "too many nested parentheses");
            t.kind = TOK_ERROR;
            return t;
        }
        lx->parens[lx->n_parens++] = (LexerParen){t.kind, t.loc};
    } else if (is_closer(t.kind)) {
        if (lx->n_parens == 0) {
            diag_error(lx->diag, t.loc, "unmatched '%s'", t.text);
            t.kind = TOK_ERROR;
            return t;
        }
        LexerParen open = lx->parens[--lx->n_parens];
        if (t.kind != closer_of(open.kind)) {
            if (open.loc.line == t.loc.line)
                diag_error(lx->diag, t.loc,
                           "closing parenthesis '%s' does not match opening parenthesis '%s'",
                           t.text, token_kind_name(open.kind));
            else
                diag_error(lx->diag, t.loc,
                           "closing parenthesis '%s' does not match opening parenthesis '%s' "
                           "on line %d",
                           t.text, token_kind_name(open.kind), open.loc.line);
            t.kind = closer_of(open.kind);
        }
    }
    return t;
}

/* After the scanner's EOF, one token per call: a closer for each bracket left open
 * (reported once, at the innermost opener, as Python does), the last line's NEWLINE,
 * a DEDENT per open block, then TOK_EOF forever. */
static Token layout_drain_eof(Lexer *lx) {
    if (lx->n_parens > 0) {
        TokenKind k = closer_of(lx->parens[--lx->n_parens].kind);
        return layout_token(k, lx->eof.loc, token_kind_name(k));
    }
    if (lx->line_has_tokens) {
        lx->line_has_tokens = false;
        return layout_token(TOK_NEWLINE, end_of_line_loc(lx), "");
    }
    if (lx->n_indents > 1) {
        lx->n_indents--;
        return layout_token(TOK_DEDENT, lx->eof.loc, "");
    }
    return lx->eof;
}

Token lexer_next(Lexer *lx) {
    if (lx->pending < 0) {
        lx->pending++;
        return layout_token(TOK_DEDENT, lx->pending_loc, "");
    }
    if (lx->pending > 0) {
        lx->pending--;
        return layout_token(TOK_INDENT, lx->pending_loc, "");
    }
    if (lx->has_held) {
        lx->has_held = false;
        return lx->held;
    }
    if (lx->at_eof) return layout_drain_eof(lx);
    for (;;) {
        Token t = lexer_scan(lx);
        if (t.kind == TOK_NEWLINE) {
            lx->logical_begin = lx->cur;
            /* Inside brackets lines are joined; blank and comment-only lines are
             * not lines at all. Neither gives a NEWLINE or has its indent checked. */
            if (lx->n_parens > 0 || !lx->line_has_tokens) continue;
            lx->line_has_tokens = false;
            t.loc = end_of_line_loc(lx);
            return t;
        }
        if (t.kind == TOK_EOF) {
            lx->at_eof = true;
            lx->eof = t;
            if (lx->n_parens > 0) {
                LexerParen open = lx->parens[lx->n_parens - 1];
                diag_error(lx->diag, open.loc, "'%s' was never closed", token_kind_name(open.kind));
            }
            return layout_drain_eof(lx);
        }
        if (!lx->line_has_tokens) {
            lx->line_has_tokens = true;
            layout_begin_line(lx, t.loc);
        }
        lx->end_line = lx->tok_end_line;
        lx->end_col = lx->tok_end_col;
        t = layout_track_brackets(lx, t);
        if (lx->pending == 0) return t;
        lx->held = t;
        lx->has_held = true;
        return lexer_next(lx);
    }
}
