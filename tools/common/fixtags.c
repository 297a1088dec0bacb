/* SPDX-License-Identifier: MIT */
/* Dates and results as archives write them (fixtags.h). */
#include <config.h>
#include "fixtags.h"

#include <pdn/result.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* One field of a date: digits, question marks or a word. */
typedef struct field {
    int kind;     /* 'd', '?' or 'w' */
    int value;    /* digits: the number; word: month 1-12, 0 none */
    size_t len;
} field;

/* An English month name or its abbreviation ("Apr", "Sept", "April"):
 * 1-12, else 0. */
static int
month_name(const char *s, size_t n)
{
    static const char *const m[] = {"january", "february", "march",
                                    "april", "may", "june", "july",
                                    "august", "september", "october",
                                    "november", "december"};
    size_t i, k;

    for (i = 0; n >= 3 && i < 12; i++) {
        for (k = 0; k < n && m[i][k] != '\0' &&
                    tolower((unsigned char)s[k]) == m[i][k];
             k++)
            ;
        if (k == n)
            return (int)i + 1;
    }
    return 0;
}

/* Splits v into at most 4 fields separated by . - / , or spaces. Returns
 * the count, or -1 when v holds anything else. */
static int
split(const char *v, field *f)
{
    int n = 0;

    while (*v != '\0') {
        const char *s = v;

        if (strchr(".-/, ", *v) != NULL) {
            v++;
            continue;
        }
        if (n == 4)
            return -1;
        if (isdigit((unsigned char)*v)) {
            f[n].kind = 'd';
            f[n].value = 0;
            for (; isdigit((unsigned char)*v) && v - s < 5; v++)
                f[n].value = f[n].value * 10 + (*v - '0');
        } else if (*v == '?') {
            f[n].kind = '?';
            while (*v == '?')
                v++;
        } else if (isalpha((unsigned char)*v)) {
            f[n].kind = 'w';
            while (isalpha((unsigned char)*v))
                v++;
            f[n].value = month_name(s, (size_t)(v - s));
            if (f[n].value == 0)
                return -1;
        } else {
            return -1;
        }
        f[n].len = (size_t)(v - s);
        if (f[n].kind != 'w' && f[n].len > 4)
            return -1;
        n++;
    }
    return n;
}

/* A part of the standard date: two digits, or ?? when unknown (f NULL or
 * question marks). 0 when the number is out of range. */
static int
part(char *out, const field *f, int max)
{
    int v;

    if (f == NULL || f->kind == '?') {
        memcpy(out, "??", 2);
        return 1;
    }
    v = f->value;
    if (f->kind != 'w' && (f->len > 2 || v < 1 || v > max))
        return 0;
    out[0] = (char)('0' + v / 10);
    out[1] = (char)('0' + v % 10);
    return 1;
}

static int
year(const field *f)
{
    return f->len == 4 && (f->kind == 'd' || f->kind == '?');
}

/* Year, month, day fields (month and day may be NULL) into buf. */
static int
build(char *buf, const field *y, const field *m, const field *d)
{
    if (y->kind == '?')
        memcpy(buf, "????", 4);
    else
        snprintf(buf, 5, "%04d", y->value);
    buf[4] = '.';
    buf[7] = '.';
    buf[10] = '\0';
    return part(buf + 5, m, 12) && part(buf + 8, d, 31);
}

int
fix_date(const char *v, char buf[FIX_DATE_SIZE], int order)
{
    field f[4];
    int n = split(v, f);
    const field *day, *mon;

    if (n <= 0 || n == 4)
        return FIX_UNKNOWN;
    if (year(&f[0])) {
        /* YYYY, YYYY.MM, YYYY.MM.DD, YYYY-MM-DD... */
        if ((n > 1 && f[1].kind == 'w') || (n > 2 && f[2].kind == 'w') ||
            !build(buf, &f[0], n > 1 ? &f[1] : NULL, n > 2 ? &f[2] : NULL))
            return FIX_UNKNOWN;
    } else if (n >= 2 && year(&f[n - 1])) {
        /* DD-MM-YYYY, D Month YYYY, Month D YYYY, Month YYYY */
        if (n == 2 && f[0].kind == 'w')
            day = NULL, mon = &f[0];
        else if (n == 3 && f[1].kind == 'w' && f[0].kind == 'd')
            day = &f[0], mon = &f[1];
        else if (n == 3 && f[0].kind == 'w' && f[1].kind == 'd')
            day = &f[1], mon = &f[0];
        else if (n == 3 && f[0].kind == 'd' && f[1].kind == 'd') {
            /* numbers only: the order is clear when one is over 12 */
            if (f[0].value > 12 || f[0].value == f[1].value ||
                (order == 'd' && f[1].value <= 12))
                day = &f[0], mon = &f[1];
            else if (f[1].value > 12 || (order == 'm' && f[0].value <= 12))
                day = &f[1], mon = &f[0];
            else if (order == 'y' && f[0].value >= 1 && f[1].value >= 1)
                day = mon = NULL;
            else if (f[0].value >= 1 && f[1].value >= 1)
                return FIX_AMBIGUOUS;
            else
                return FIX_UNKNOWN;
        } else {
            return FIX_UNKNOWN;
        }
        if (!build(buf, &f[n - 1], mon, day))
            return FIX_UNKNOWN;
    } else {
        return FIX_UNKNOWN;
    }
    return strcmp(buf, v) == 0 ? FIX_SAME : FIX_CHANGED;
}

int
fix_date_order(const char *v)
{
    field f[4];

    if (split(v, f) != 3 || f[0].kind != 'd' || f[1].kind != 'd' ||
        !year(&f[2]) || f[0].len > 2 || f[1].len > 2)
        return 0;
    if (f[0].value > 12 && f[0].value <= 31 && f[1].value <= 12)
        return 'd';
    if (f[1].value > 12 && f[1].value <= 31 && f[0].value <= 12)
        return 'm';
    return 0;
}

/* s when it is a result token in its normal form, else NULL. */
static const char *
token(const char *s)
{
    const char *t = pdn_result_token(s, strlen(s));

    return t != NULL && strcmp(t, s) == 0 ? t : NULL;
}

int
fix_result(const char *v, const char **out)
{
    char b[32];
    size_t k = 0;

    if (token(v) != NULL)
        return 0;
    for (; *v != '\0' && k + 4 < sizeof b; v++) {
        if (*v == ':')
            b[k++] = '-';
        else if ((unsigned char)v[0] == 0xC2 && (unsigned char)v[1] == 0xBD)
            memcpy(b + k, "1/2", 3), k += 3, v++;
        else if (*v != ' ')
            b[k++] = *v;
    }
    if (*v != '\0')
        return 0;
    b[k] = '\0';
    return (*out = token(b)) != NULL;
}

/* A number of points: digits, then optionally .5, ,5 or a half sign. */
static const char *
points(const char *s)
{
    const char *d = s;

    while (isdigit((unsigned char)*s))
        s++;
    if ((*s == '.' || *s == ',') && s[1] == '5')
        s += 2;
    else if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xBD)
        s += 2;
    return s == d ? NULL : s;
}

int
fix_match_score(const char *v)
{
    const char *s = points(v), *r;

    if (s == NULL || (*s != '-' && *s != ':') || points(s + 1) == NULL ||
        *points(s + 1) != '\0')
        return 0;
    return token(v) == NULL && !fix_result(v, &r);
}
