/* SPDX-License-Identifier: MIT */
/* What a run checked: totals over every file for the closing summary, and
 * the progress line (bytes and games done, rate, time left), redrawn at
 * most four times a second on a terminal and erased at the end. */
#include <config.h>
#include "summary.h"

#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static struct {
    unsigned long files, games, plies, errors, warnings;
    unsigned long file_games;    /* of the current file */
    unsigned long long size;     /* of the current file, 0: unknown */
    double start, drawn;         /* clock at the start, at the last draw */
    double file_start;           /* when the current file was opened */
    const char *file;
    int shown;                   /* a progress line stands on stderr */
    int have_selected;           /* pdn-select: games selected */
    unsigned long selected;
} sum;

static double
now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
summary_begin(void)
{
    memset(&sum, 0, sizeof sum);
    sum.start = now();
    sum.drawn = 0; /* the first line comes at once */
}

void
summary_file(const tool_opts *o, const char *file, FILE *fp)
{
    struct stat sb;

    (void)o;
    sum.files++;
    sum.file_games = 0;
    sum.file = file;
    sum.file_start = now();
    sum.size = fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode)
                   ? (unsigned long long)sb.st_size
                   : 0;
}

void
summary_selected(unsigned long n)
{
    sum.have_selected = 1;
    sum.selected = n;
}

unsigned long
summary_file_games(void)
{
    return sum.file_games;
}

void
summary_findings(unsigned long errors, unsigned long warnings)
{
    sum.errors += errors;
    sum.warnings += warnings;
}

void
progress_clear(void)
{
    if (!sum.shown)
        return;
    fputs("\r\033[K", stderr);
    sum.shown = 0;
}

/* "FILE: 41% of 12.3 MB, 10233 games, 5120 games/s, 7 s left" (the
 * share and time left when the file's size is known). */
static void
progress_draw(unsigned long long end, double t)
{
    double secs = t - sum.file_start;
    double rate = secs > 0 ? sum.file_games / secs : 0;

    fprintf(stderr, "\r\033[K%s: ", sum.file);
    if (sum.size != 0 && end <= sum.size && end > 0)
        fprintf(stderr, "%.0f%% of %.1f MB, ",
                100.0 * (double)end / (double)sum.size, sum.size / 1e6);
    fprintf(stderr, "%lu games, %.0f games/s", sum.file_games, rate);
    if (sum.size != 0 && end <= sum.size && end > 0)
        fprintf(stderr, ", %.0f s left",
                secs * (double)(sum.size - end) / (double)end);
    fflush(stderr);
    sum.shown = 1;
}

void
summary_game(const tool_opts *o, unsigned long errors,
             unsigned long warnings, unsigned long plies,
             unsigned long long end)
{
    double t;

    sum.games++;
    sum.file_games++;
    sum.plies += plies;
    sum.errors += errors;
    sum.warnings += warnings;
    if (o->progress <= 0 || (sum.games & 63) != 0)
        return;
    t = now();
    if (t - sum.drawn < 0.25)
        return;
    sum.drawn = t;
    progress_draw(end, t);
}

int
summary_end(const tool_opts *o)
{
    double secs = now() - sum.start;
    tbuf b = {NULL, 0, 0};
    int rc = 0;

    progress_clear();
    if (o->summary == SUMMARY_JSON) {
        tool_json_head(&b, "summary", NULL, 0);
        tbuf_printf(&b, ",\"files\":%lu,\"games\":%lu,", sum.files,
                    sum.games);
        if (sum.have_selected)
            tbuf_printf(&b, "\"selected\":%lu,", sum.selected);
        tbuf_printf(&b, "\"plies\":%lu,\"errors\":%lu,\"warnings\":%lu,"
                        "\"seconds\":%.3f}\n",
                    sum.plies, sum.errors, sum.warnings, secs);
        /* with the findings: the last JSON record of the output when
         * they go there, never a line at the end of PDN or FEN */
        if (o->json && o->diag_stdout)
            rc = tool_write(o->out, b.data, b.len);
        else
            fputs(b.data, stderr);
    } else if (o->summary == SUMMARY_TEXT && !o->quiet) {
        tbuf_printf(&b, "%s: %lu file%s, %lu game%s, ", tool_name,
                    sum.files, sum.files == 1 ? "" : "s", sum.games,
                    sum.games == 1 ? "" : "s");
        if (sum.have_selected)
            tbuf_printf(&b, "%lu selected, ", sum.selected);
        if (sum.plies != 0) /* pdn-validate replays nothing */
            tbuf_printf(&b, "%lu pl%s replayed, ", sum.plies,
                        sum.plies == 1 ? "y" : "ies");
        tbuf_printf(&b, "%lu error%s, %lu warning%s in %.1f s\n", sum.errors,
                    sum.errors == 1 ? "" : "s", sum.warnings,
                    sum.warnings == 1 ? "" : "s", secs);
        fputs(b.data, stderr);
    }
    tbuf_free(&b);
    return rc;
}
