/* SPDX-License-Identifier: MIT */
/* The tools' layer over the library's variant inference (pdn/replay.h,
 * pdn_infer_gametype; see infer.h): each worker keeps a pdn_infer in its
 * cache (a board per candidate), a first pass over a file gives the
 * prior, and the file's summary says what its untagged games were
 * replayed as. The tool then replays the game under the variant taken and
 * reports as usual. */
#include <config.h>
#include "infer.h"
#include "common.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(INFER_NCAND == PDN_INFER_NCAND,
               "the tools' candidates are the library's");

/* The number of games a first pass replays under every candidate. */
#define PREPASS_GAMES 64

/* The candidates' GameTypes, parsed once (a parse per replay cost pdn-fix
 * 411 M of 3,485 M on OCA). */
static pdn_gametype cand_gts[INFER_NCAND];
static pthread_once_t cand_once = PTHREAD_ONCE_INIT;

static void
parse_cands(void)
{
    int i;

    for (i = 0; i < INFER_NCAND; i++)
        pdn_infer_candidate(i, &cand_gts[i]);
}

void
infer_cand_gt(int i, pdn_gametype *gt)
{
    pthread_once(&cand_once, parse_cands);
    *gt = cand_gts[i];
}

void
infer_describe(const pdn_gametype *gt, char *buf, size_t size)
{
    const char *name = pdn_gametype_name(gt);
    char num[64];
    size_t i;

    pdn_gametype_format(gt, num, sizeof num);
    snprintf(buf, size, "%s (%s)", name, num);
    /* "russian-giveaway" -> "Russian giveaway" */
    for (i = 0; buf[i] != '\0' && buf[i] != ' '; i++)
        if (buf[i] == '-')
            buf[i] = ' ';
    buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* Candidate i, or for i >= INFER_NCAND the giveaway form of candidate
 * i - INFER_NCAND (a tally's slot). */
static void
cand_describe(int i, char *buf, size_t size)
{
    pdn_gametype gt;

    infer_cand_gt(i % INFER_NCAND, &gt);
    gt.giveaway = i >= INFER_NCAND;
    infer_describe(&gt, buf, size);
}

/* The worker's inference context (kept in its cache, with a board per
 * candidate), or a new one (*own set: the caller frees it) outside the
 * pipeline. NULL when memory runs out. */
static pdn_infer *
ctx_for(tool_out *to, int *own)
{
    tool_cache *c = to != NULL ? to->cache : NULL;

    *own = c == NULL;
    if (c == NULL)
        return pdn_infer_new();
    if (c->infer == NULL)
        c->infer = pdn_infer_new();
    return c->infer;
}

static void
ctx_done(pdn_infer *x, int own)
{
    if (own)
        pdn_infer_free(x);
}

void
infer_prior_took(const pdn_game *g, int cand, unsigned long plies,
                 infer_game_result *res)
{
    res->r.cand = cand;
    res->r.legal = 1;
    res->r.plies = plies;
    res->r.next = -1;
    res->r.next_plies = 0;
    res->r.moves = pdn_game_first(g) != NULL;
    res->giveaway = 0;
}

int
infer_game(const char *file, const pdn_game *g, pdn_gametype *gt,
           infer_game_result *res, tool_out *to)
{
    pdn_infer *x;
    int own, rc;

    res->r.cand = res->r.next = -1;
    res->giveaway = 0;
    if ((x = ctx_for(to, &own)) == NULL)
        return -1;
    pdn_infer_set_prior(x, own || to->cache->prior == NULL
                               ? -1
                               : to->cache->prior->prior);
    rc = pdn_infer_gametype(x, g, file, gt, &res->r, NULL);
    res->giveaway = rc == 0 && gt->giveaway;
    ctx_done(x, own);
    return rc < 0 ? -1 : 0;
}

/* Whether word (lower case) occurs in s, whatever the case of s. */
static int
strcasestr_ascii(const char *s, const char *word)
{
    size_t n = strlen(word), i;

    for (; *s != '\0'; s++) {
        for (i = 0; i < n && s[i] != '\0' &&
                    tolower((unsigned char)s[i]) == word[i];
             i++)
            ;
        if (i == n)
            return 1;
    }
    return 0;
}

int
infer_giveaway_named(const char *file, const pdn_game *g)
{
    static const char *const words[] = {"suicide", "giveaway", "losing",
                                        "anti", NULL};
    const char *v[3];
    size_t i, k;

    v[0] = file;
    v[1] = pdn_game_tag(g, "Event");
    v[2] = pdn_game_tag(g, "Site");
    for (i = 0; i < 3; i++)
        for (k = 0; v[i] != NULL && words[k] != NULL; k++)
            if (strcasestr_ascii(v[i], words[k]))
                return 1;
    return 0;
}

int
infer_prior_guess(const infer_prior *p, const pdn_game *g)
{
    int i;

    if (p == NULL || (i = p->prior) < 0)
        return -1;
    return pdn_infer_fits_board(g, i) ? i : -1;
}

static int
known_variant(const pdn_game *g)
{
    const char *v = pdn_game_tag(g, "Variant");
    pdn_gametype gt;

    return pdn_game_tag(g, "GameType") != NULL ||
           (v != NULL && pdn_gametype_by_name(v, &gt) == 0);
}

/* The prior: the candidate most sampled games are legal under, then the
 * one their tags name most, then the earlier. */
static int
pick_prior(const infer_prior *p, const unsigned long *hints)
{
    int i, best = -1;

    for (i = 0; i < INFER_NCAND; i++) {
        if (!p->tried[i] || p->legal[i] == 0)
            continue;
        if (best < 0 || p->legal[i] > p->legal[best] ||
            (p->legal[i] == p->legal[best] && hints[i] > hints[best]))
            best = i;
    }
    return best;
}

void
infer_prepass(const tool_opts *o, FILE *fp, const char *name,
              infer_prior *p)
{
    unsigned long hints[INFER_NCAND] = {0}, plies[INFER_NCAND];
    int legal[INFER_NCAND], tried[INFER_NCAND], i;
    pdn_infer *x;
    pdn_reader *r;
    pdn_error err;
    pdn_game *g;

    (void)o;
    memset(p, 0, sizeof *p);
    p->prior = -1;
    if ((x = pdn_infer_new()) == NULL)
        return;
    if ((r = run_limit(pdn_reader_new_file(fp, name))) == NULL) {
        pdn_infer_free(x);
        return;
    }
    pdn_error_clear(&err);
    while (p->sampled < PREPASS_GAMES &&
           pdn_reader_next(r, &g, &err) != 0) {
        int h;

        if (g == NULL || known_variant(g) ||
            pdn_infer_sample(x, g, name, plies, legal, tried, &h) <= 0) {
            int stop = g != NULL && known_variant(g) && p->sampled == 0;

            pdn_game_free(g);
            pdn_error_clear(&err);
            if (stop)
                break;
            continue;
        }
        if (h >= 0)
            hints[h]++;
        for (i = 0; i < INFER_NCAND; i++) {
            if (!tried[i])
                continue;
            p->tried[i] = 1;
            if (legal[i])
                p->legal[i]++;
            else if (plies[i] + 1 > p->fail_ply[i])
                p->fail_ply[i] = plies[i] + 1;
        }
        p->sampled++;
        pdn_game_free(g);
    }
    pdn_reader_free(r);
    pdn_infer_free(x);
    p->prior = pick_prior(p, hints);
    rewind(fp);
}

void
infer_count(infer_tally *t, const infer_game_result *res)
{
    int i = res->r.cand + (res->giveaway ? INFER_NCAND : 0);

    if (res->r.cand < 0)
        return;
    t->games++;
    t->chosen[i]++;
    if (res->r.legal)
        t->legal[i]++;
}

/* The candidate of p that fits the sampled games best, other than not. */
static int
runner_up(const infer_prior *p, int not)
{
    int i, best = -1;

    for (i = 0; i < INFER_NCAND; i++)
        if (p->tried[i] && i != not &&
            (best < 0 || p->legal[i] > p->legal[best]))
            best = i;
    return best;
}

void
infer_summary(const tool_opts *o, const char *file, const infer_tally *t,
              const infer_prior *p, tool_out *to)
{
    tbuf msg = {NULL, 0, 0};
    char name[96];
    int i, top = -1, ru;

    if (t->games == 0)
        return;
    tbuf_printf(&msg, "%lu game%s without GameType replayed as ", t->games,
                t->games == 1 ? "" : "s");
    for (i = 0; i < 2 * INFER_NCAND; i++) {
        if (t->chosen[i] == 0)
            continue;
        if (top >= 0)
            tbuf_adds(&msg, "; ");
        if (top < 0 || t->chosen[i] > t->chosen[top])
            top = i;
        cand_describe(i, name, sizeof name);
        if (t->chosen[i] == t->games)
            tbuf_printf(&msg, "%s: ", name);
        else
            tbuf_printf(&msg, "%s (%lu): ", name, t->chosen[i]);
        if (t->legal[i] == t->chosen[i])
            tbuf_adds(&msg, t->chosen[i] == 1 ? "legal" : "all legal");
        else
            tbuf_printf(&msg, "%lu legal, %lu legal under no candidate",
                        t->legal[i], t->chosen[i] - t->legal[i]);
    }
    /* the first pass replays the usual forms only: it says nothing of a
     * giveaway form's runner-up */
    if (p != NULL && p->sampled != 0 && t->chosen[top] == t->games &&
        top < INFER_NCAND && (ru = runner_up(p, top)) >= 0) {
        cand_describe(ru, name, sizeof name);
        if (p->legal[ru] == 0 && p->sampled == t->games)
            tbuf_printf(&msg, "; as %s %s would fail by ply %lu", name,
                        p->sampled == 1 ? "it" : "all", p->fail_ply[ru]);
        else if (p->legal[ru] == 0)
            tbuf_printf(&msg, "; as %s the first %lu would all fail by ply "
                        "%lu", name, p->sampled, p->fail_ply[ru]);
        else if (p->sampled == t->games && p->legal[ru] == p->sampled)
            tbuf_printf(&msg, "; as %s %s would be legal too", name,
                        p->sampled == 1 ? "it" : "all");
        else if (p->sampled == t->games)
            tbuf_printf(&msg, "; as %s %lu of them would be legal", name,
                        p->legal[ru]);
        else
            tbuf_printf(&msg, "; as %s %lu of the first %lu would be legal",
                        name, p->legal[ru], p->sampled);
    }
    tbuf_adds(&msg, " (-g sets the variant)");
    tool_diag(o, to, file, NULL, 0, PDN_SEV_WARNING, PDN_EVARIANT, NULL,
              "%s", msg.data);
    tbuf_free(&msg);
}

int
infer_fits(const pdn_game *g, const pdn_gametype *gt, tool_out *to)
{
    pdn_infer *x;
    int own, rc;

    if ((x = ctx_for(to, &own)) == NULL)
        return 0;
    rc = pdn_infer_try(x, g, gt, NULL) > 0;
    ctx_done(x, own);
    return rc;
}

/* The same variant numbered from the other corners, and the variants of
 * the table that the game's squares fit (real files tag Russian games with
 * International's 20): the first under which g is
 * legal throughout, for REFIT_PLIES plies at least (a short fragment that
 * fits another variant says little about its tag). */
#define REFIT_PLIES 4

/* g legal throughout under gt for REFIT_PLIES plies at least. */
static int
refits(pdn_infer *x, const pdn_game *g, const pdn_gametype *gt)
{
    unsigned long plies;

    return pdn_infer_try(x, g, gt, &plies) > 0 && plies >= REFIT_PLIES;
}

int
infer_refit(const pdn_game *g, const pdn_gametype *gt, pdn_gametype *fit,
            tool_out *to)
{
    pdn_gametype alt;
    pdn_infer *x;
    int i, c, own, found = 0;

    if ((x = ctx_for(to, &own)) == NULL)
        return 0;
    for (c = 0; c < 4 && !found; c++) {
        alt = *gt;
        alt.corner = c;
        found = c != gt->corner && refits(x, g, &alt);
    }
    for (i = 0; i < INFER_NCAND && !found; i++) {
        infer_cand_gt(i, &alt);
        found = pdn_infer_fits_board(g, i) &&
                !pdn_gametype_equal(&alt, gt) && refits(x, g, &alt);
    }
    ctx_done(x, own);
    if (found)
        *fit = alt;
    return found;
}

void
infer_cache_free(tool_cache *c)
{
    pdn_infer_free(c->infer);
    c->infer = NULL;
}
