/* SPDX-License-Identifier: MIT */
/* pdn-select --opening-name NAME|CODE (selectopen.h). */
#include <config.h>
#include "common.h"
#include "selectopen.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

char *
selopen_arg(const char *arg)
{
    char *s = tool_xmalloc(strlen(arg) + 1), *d = s;

    for (; *arg; arg++)
        if (*arg != ' ' && *arg != '\t')
            *d++ = *arg;
        else if (d > s && d[-1] != ' ')
            *d++ = ' ';
    if (d > s && d[-1] == ' ')
        d--;
    *d = '\0';
    if (*s == '\0') {
        tool_error("--opening-name: an empty name");
        free(s);
        return NULL;
    }
    return s;
}

/* want is name, or name without its " (meaning)" */
static int
same_name(const char *want, const char *name)
{
    const char *br;

    if (name == NULL)
        return 0;
    if (strcasecmp(want, name) == 0)
        return 1;
    br = strstr(name, " (");
    return br != NULL && strlen(want) == (size_t)(br - name) &&
           strncasecmp(want, name, (size_t)(br - name)) == 0;
}

int
selopen_match(const char *want, const pdn_game *g, const pdn_gametype *gt)
{
    pdn_opening op;
    size_t digits = strspn(want, "0123456789");

    if (pdn_opening_game(g, gt, &op, NULL) != 0)
        return 0;
    if (want[digits] == '\0' && digits < 6)
        return op.ballot != 0 && op.ballot == (unsigned)atoi(want);
    return same_name(want, op.name) || same_name(want, op.name_en) ||
           (op.code[0] != '\0' && strcmp(want, op.code) == 0);
}
