/* SPDX-License-Identifier: MIT */
/* pdn-stats' output: the counters of a file or of the total as text for
 * people or as one JSON object per line (stats.h). */
#include <config.h>
#include "stats.h"

#include <stdlib.h>
#include <string.h>

/* Plies per game: min, median (the lower middle), max; mean. */
static void
plies(const scope *s, unsigned long v[3], double *mean)
{
    unsigned long seen = 0, n = 0, half;
    size_t i;
    int have_min = 0, have_med = 0;

    for (i = 0; i < s->nhist; i++)
        n += s->hist[i];
    half = n ? (n - 1) / 2 : 0;
    v[0] = v[1] = v[2] = 0;
    for (i = 0; i < s->nhist; i++) {
        if (s->hist[i] == 0)
            continue;
        if (!have_min)
            v[0] = i, have_min = 1;
        seen += s->hist[i];
        if (!have_med && seen > half)
            v[1] = i, have_med = 1;
        v[2] = i;
    }
    *mean = n ? (double)s->plies / (double)n : 0.0;
}

static void
points(tbuf *b, unsigned long units)
{
    tbuf_printf(b, "%lu%s", units / 2, units % 2 ? ".5" : "");
}

/* How many lines of a list of n to show: --top, 0 for all. */
static size_t
shown(const tool_opts *o, size_t n)
{
    const stats_opts *so = &o->self->so;

    return so->top == 0 || (size_t)so->top > n ? n : (size_t)so->top;
}

/* "name count, name count" of a small map. */
static void
text_inline(tbuf *b, const char *label, const smap *m)
{
    size_t *ix = smap_order(m, 0), i;

    tbuf_printf(b, "  %s:", label);
    for (i = 0; i < m->len; i++)
        tbuf_printf(b, "%s %s %lu", i ? "," : "", m->e[ix[i]].key,
                    m->e[ix[i]].n);
    tbuf_adds(b, m->len ? "\n" : " none\n");
    free(ix);
}

/* One line per entry, largest first, up to -T. */
static void
text_list(const tool_opts *o, tbuf *b, const smap *m)
{
    size_t *ix = smap_order(m, 0), i, n = shown(o, m->len);
    const char *tab;

    for (i = 0; i < n; i++) {
        const smap_entry *e = &m->e[ix[i]];

        tab = strchr(e->key, '\t');
        if (tab != NULL)
            tbuf_printf(b, "    %6lu  %.*s: %s\n", e->n,
                        (int)(tab - e->key), e->key, tab + 1);
        else
            tbuf_printf(b, "    %6lu  %s\n", e->n, e->key);
    }
    free(ix);
}

/* Players of an event that get a cross table in text: up to this many. */
#define CROSS_MAX 20

/* Row j of an event's table: the player's games and points, then, for a
 * small event, the points against each player in table order ('x' the
 * player, '.' not met). */
static void
text_row(tbuf *b, const smap *players, const size_t *px, size_t j)
{
    const smap_entry *p = &players->e[px[j]], *o;
    tbuf pts = {NULL, 0, 0};
    size_t k;

    points(&pts, p->units);
    tbuf_printf(b, "    %4lu. %-24s %3lu played  +%-3lu =%-3lu -%-3lu %5s",
                (unsigned long)j + 1, p->key, p->n, p->won, p->drawn,
                p->lost, pts.data);
    for (k = 0; players->len <= CROSS_MAX && k < players->len; k++) {
        tbuf_adds(b, k ? " " : "  |");
        o = smap_find(p->sub, players->e[px[k]].key);
        pts.len = 0;
        if (o != NULL && k != j)
            points(&pts, o->units);
        tbuf_printf(b, "%4s", k == j ? "x" : o == NULL ? "." : pts.data);
    }
    tbuf_addc(b, '\n');
    tbuf_free(&pts);
}

static void
text_tables(const tool_opts *o, tbuf *b, const smap *t)
{
    size_t *ix = smap_order(t, 0), *px, i, j, n = shown(o, t->len);

    tbuf_printf(b, "  score tables: %lu event%s", (unsigned long)t->len,
                t->len == 1 ? "" : "s");
    if (n < t->len)
        tbuf_printf(b, " (the %lu with the most games; --top 0 for all)",
                    (unsigned long)n);
    tbuf_adds(b, t->len ? ":\n" : "\n");
    for (i = 0; i < n; i++) {
        const smap_entry *ev = &t->e[ix[i]];

        px = smap_order(ev->sub, 1);
        for (j = 0; j < ev->sub->len && !ev->sub->e[j].wide; j++)
            ;
        tbuf_printf(b, "    %s (%lu game%s, %s):\n", ev->key, ev->n,
                    ev->n == 1 ? "" : "s",
                    j < ev->sub->len ? "2/1/0" : "1/0.5/0");
        for (j = 0; j < ev->sub->len; j++)
            text_row(b, ev->sub, px, j);
        free(px);
    }
    free(ix);
}

static void
text(const tool_opts *o, tbuf *b, const char *file, const scope *s)
{
    const stats_opts *so = &o->self->so;
    unsigned long v[3], n = 0;
    double mean;
    size_t i;

    tbuf_printf(b, "%s: %lu game%s", file ? file : "total", s->games,
                s->games == 1 ? "" : "s");
    if (s->unread)
        tbuf_printf(b, " (%lu could not be read)", s->unread);
    tbuf_addc(b, '\n');
    if (s->games == s->unread) /* nothing more to say */
        return;
    text_inline(b, "variants", &s->variants);
    text_inline(b, "results", &s->results);
    if (s->dated)
        tbuf_printf(b, "  dates: %s to %s (%lu dated)\n", s->first,
                    s->last, s->dated);
    else
        tbuf_adds(b, "  dates: none\n");
    tbuf_printf(b, "  events: %lu (%lu games without one)\n",
                (unsigned long)s->events.len, s->noevent);
    text_list(o, b, &s->events);
    tbuf_printf(b, "  players: %lu\n", (unsigned long)s->players.len);
    text_list(o, b, &s->players);
    plies(s, v, &mean);
    tbuf_printf(b, "  plies: min %lu, median %lu, max %lu, mean %.1f\n",
                v[0], v[1], v[2], mean);
    for (i = 0; i < s->openings.len; i++)
        n += s->openings.e[i].n;
    tbuf_printf(b, "  openings: %lu different first %ld plies in %lu "
                   "games\n",
                (unsigned long)s->openings.len, so->opening, n);
    text_list(o, b, &s->openings);
    for (i = 0, n = 0; i < s->named.len; i++)
        n += s->named.e[i].n;
    tbuf_printf(b, "  named openings: %lu different in %lu games\n",
                (unsigned long)s->named.len, n);
    text_list(o, b, &s->named);
    text_tables(o, b, &s->tables);
}

/* {"key":count,...} of a map, largest first. */
static void
json_map(tbuf *b, const char *name, const smap *m)
{
    size_t *ix = smap_order(m, 0), i;

    tbuf_printf(b, ",\"%s\":{", name);
    for (i = 0; i < m->len; i++) {
        if (i)
            tbuf_addc(b, ',');
        tbuf_json(b, m->e[ix[i]].key);
        tbuf_printf(b, ":%lu", m->e[ix[i]].n);
    }
    tbuf_addc(b, '}');
    free(ix);
}

/* The "top" array of a map of "VARIANT\tVALUE" keys: variant, VALUE
 * under the name what, games; up to -T. */
static void
json_top(const tool_opts *o, tbuf *b, const smap *m, const char *what)
{
    size_t *ix = smap_order(m, 0), i, n = shown(o, m->len);

    tbuf_adds(b, "\"top\":[");
    for (i = 0; i < n; i++) {
        const smap_entry *e = &m->e[ix[i]];
        const char *tab = strchr(e->key, '\t');
        char *variant = tool_xmalloc((size_t)(tab - e->key) + 1);

        memcpy(variant, e->key, (size_t)(tab - e->key));
        variant[tab - e->key] = '\0';
        tbuf_adds(b, i ? ",{\"variant\":" : "{\"variant\":");
        tbuf_json(b, variant);
        tbuf_printf(b, ",\"%s\":", what);
        tbuf_json(b, tab + 1);
        tbuf_printf(b, ",\"games\":%lu}", e->n);
        free(variant);
    }
    tbuf_adds(b, "]}");
    free(ix);
}

static void
json_openings(const tool_opts *o, tbuf *b, const scope *s)
{
    const stats_opts *so = &o->self->so;
    unsigned long n = 0;
    size_t i;

    tbuf_printf(b, ",\"openings\":{\"plies\":%ld,\"different\":%lu,",
                so->opening, (unsigned long)s->openings.len);
    json_top(o, b, &s->openings, "moves");
    for (i = 0; i < s->named.len; i++)
        n += s->named.e[i].n;
    tbuf_printf(b, ",\"named_openings\":{\"games\":%lu,\"different\":%lu,",
                n, (unsigned long)s->named.len);
    json_top(o, b, &s->named, "name");
}

/* "NAME":{"games":N,"points":P} for each opponent, in meeting order. */
static void
json_opponents(tbuf *b, const smap *opp)
{
    size_t k;

    for (k = 0; opp != NULL && k < opp->len; k++) {
        if (k)
            tbuf_addc(b, ',');
        tbuf_json(b, opp->e[k].key);
        tbuf_printf(b, ":{\"games\":%lu,\"points\":", opp->e[k].n);
        points(b, opp->e[k].units);
        tbuf_addc(b, '}');
    }
}

static void
json_tables(tbuf *b, const smap *t)
{
    size_t *ix = smap_order(t, 0), *px, i, j;

    tbuf_adds(b, ",\"tables\":[");
    for (i = 0; i < t->len; i++) {
        const smap_entry *ev = &t->e[ix[i]];

        tbuf_adds(b, i ? ",{\"event\":" : "{\"event\":");
        tbuf_json(b, ev->key);
        tbuf_printf(b, ",\"games\":%lu,\"players\":[", ev->n);
        px = smap_order(ev->sub, 1);
        for (j = 0; j < ev->sub->len; j++) {
            const smap_entry *p = &ev->sub->e[px[j]];

            tbuf_adds(b, j ? ",{\"player\":" : "{\"player\":");
            tbuf_json(b, p->key);
            tbuf_printf(b, ",\"games\":%lu,\"won\":%lu,\"drawn\":%lu,"
                           "\"lost\":%lu,\"points\":",
                        p->n, p->won, p->drawn, p->lost);
            points(b, p->units);
            tbuf_printf(b, ",\"scoring\":\"%s\",\"opponents\":{",
                        p->wide ? "2/1/0" : "1/0.5/0");
            json_opponents(b, p->sub);
            tbuf_adds(b, "}}");
        }
        tbuf_adds(b, "]}");
        free(px);
    }
    tbuf_addc(b, ']');
    free(ix);
}

static void
json(const tool_opts *o, tbuf *b, const char *file, const scope *s)
{
    unsigned long v[3];
    double mean;

    tool_json_head(b, file ? "stats" : "total", file, 0);
    tbuf_printf(b, ",\"games\":%lu,\"unreadable\":%lu", s->games,
                s->unread);
    json_map(b, "variants", &s->variants);
    json_map(b, "results", &s->results);
    tbuf_adds(b, ",\"dates\":{\"first\":");
    tbuf_json(b, s->dated ? s->first : NULL);
    tbuf_adds(b, ",\"last\":");
    tbuf_json(b, s->dated ? s->last : NULL);
    tbuf_printf(b, ",\"dated\":%lu}", s->dated);
    json_map(b, "events", &s->events);
    tbuf_printf(b, ",\"games_without_event\":%lu", s->noevent);
    json_map(b, "players", &s->players);
    plies(s, v, &mean);
    if (s->games == s->unread) /* no game read: no figures */
        tbuf_adds(b, ",\"plies\":{\"min\":null,\"median\":null,"
                     "\"max\":null,\"mean\":null}");
    else
        tbuf_printf(b, ",\"plies\":{\"min\":%lu,\"median\":%lu,"
                       "\"max\":%lu,\"mean\":%.2f}", v[0], v[1], v[2], mean);
    json_openings(o, b, s);
    json_tables(b, &s->tables);
    tbuf_adds(b, "}\n");
}

void
stats_format(const tool_opts *o, tbuf *b, const char *file, const scope *s)
{
    static unsigned long blocks;

    if (!o->json && blocks++ != 0)
        tbuf_addc(b, '\n');
    if (o->json)
        json(o, b, file, s);
    else
        text(o, b, file, s);
}

int
stats_emit(const tool_opts *o, const char *file, const scope *s)
{
    tbuf b = {NULL, 0, 0};
    int rc;

    stats_format(o, &b, file, s);
    rc = tool_write(o->out, b.data, b.len);
    tbuf_free(&b);
    return rc;
}
