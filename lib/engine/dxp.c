/* SPDX-License-Identifier: MIT */
/* The DamExchange Protocol (DXP) over TCP, the client as the initiator
 * of every game: the connection (connect, or listen and accept one), the
 * messages (NUL-ended ASCII, read with a deadline and a length limit),
 * GAMEREQ and GAMEACC, MOVE read through the rules engine, GAMEEND both
 * ways, CHAT kept, BACKREQ answered "not supported"; and the follower,
 * which reads the peer's GAMEREQ and answers it (GAMEACC). */
#include <config.h>
#include "engine_private.h"

#include <errno.h>
#include <fcntl.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

/* Messages skipped (chats, late moves) while waiting for one answer
 * before the peer is taken as flooding. */
#define DXP_JUNK_MAX 10000

struct pdn_dxp {
    int fd;                 /* the connection, -1 before */
    int lfd;                /* the listening socket, -1 when none */
    int port;               /* the port listened on */
    char label[96];         /* host:port, for messages */
    char name[33];          /* ours */
    char peer[33];          /* the follower's */
    char chat[160];         /* the peer's last chat */
    double timeout;
    char buf[PDN_DXP_MESSAGE_MAX + 1];  /* bytes read, not yet a message */
    size_t blen;
    char msg[PDN_DXP_MESSAGE_MAX + 1];  /* the last message, NUL-ended */
    size_t mlen;
    int playing;            /* a game accepted and not ended */
    int asked;              /* a GAMEREQ read and not answered */
    int peer_ended;         /* its GAMEEND read in this game */
    int failed;
    pdn_error ferr;
};

/* Fills *err with "dxp 'label': text"; any code but PDN_EVARIANT also
 * makes d unusable (its error kept). */
static void
fail(pdn_dxp *d, pdn_error *err, int code, const char *fmt, ...)
    PDNP_PRINTF(4, 5);

static void
fail(pdn_dxp *d, pdn_error *err, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    pdnp_eng_vfail("dxp", d->label, code != PDN_EVARIANT, &d->failed,
                   &d->ferr, err, code, fmt, ap);
    va_end(ap);
}

static int
usable(pdn_dxp *d, pdn_error *err)
{
    if (d->failed) {
        if (err != NULL)
            *err = d->ferr;
        return -1;
    }
    if (d->fd < 0) {
        fail(d, err, PDN_EIO, "not connected");
        return -1;
    }
    pdn_error_clear(err);
    return 0;
}

void
pdn_dxp_options_init(pdn_dxp_options *o)
{
    memset(o, 0, sizeof *o);
}

static pdn_dxp *
new_peer(const char *host, const char *port, const pdn_dxp_options *o,
         pdn_error *err)
{
    pdn_dxp *d;

    pdn_error_clear(err);
    if (port == NULL || port[0] == '\0')
        port = "27531";
    d = pdnp_calloc(1, sizeof *d);
    if (d == NULL) {
        pdnp_error_set(err, PDN_ENOMEM, PDN_SEV_ERROR, NULL, 0,
                       "out of memory");
        return NULL;
    }
    d->fd = d->lfd = -1;
    d->timeout = o != NULL && o->timeout > 0 ? o->timeout : 10;
    snprintf(d->name, sizeof d->name, "%.32s",
             o != NULL && o->name != NULL ? o->name : "pdntools");
    snprintf(d->label, sizeof d->label, "%.60s:%.20s", host, port);
    return d;
}

/* Non-blocking (reads and writes wait in poll), closed on exec. */
static void
nonblocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);

    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
    {
        /* where send has no MSG_NOSIGNAL: no SIGPIPE from a peer gone */
        int one = 1;

        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
    }
#endif
}

/* Waits until fd is ready for events or deadline passes: 1, 0 at the
 * deadline, -1 on error. */
static int
wait_fd(int fd, short events, double deadline)
{
    for (;;) {
        struct pollfd p = {fd, events, 0};
        double left = deadline - pdnp_now();
        int r;

        if (left <= 0)
            return 0;
        r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r;
        return 1;
    }
}

static struct addrinfo *
resolve(pdn_dxp *d, const char *host, const char *port, int passive,
        pdn_error *err)
{
    struct addrinfo hints, *ai = NULL;
    int rc;

    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    rc = getaddrinfo(host, port, &hints, &ai);
    if (rc != 0) {
        fail(d, err, PDN_EIO, "cannot find the address: %s",
             gai_strerror(rc));
        return NULL;
    }
    return ai;
}

pdn_dxp *
pdn_dxp_connect(const char *host, const char *port,
                const pdn_dxp_options *o, pdn_error *err)
{
    pdn_dxp *d;
    struct addrinfo *ai, *a;
    double deadline;
    int e = ECONNREFUSED;

    if (host == NULL || host[0] == '\0') {
        pdnp_error_set(err, PDN_EIO, PDN_SEV_ERROR, NULL, 0,
                       "dxp: no host given");
        return NULL;
    }
    if ((d = new_peer(host, port, o, err)) == NULL)
        return NULL;
    if ((ai = resolve(d, host, port ? port : "27531", 0, err)) == NULL)
        goto fail;
    deadline = pdnp_now() + d->timeout;
    for (a = ai; a != NULL; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        socklen_t len = sizeof e;

        if (fd < 0) {
            e = errno;
            continue;
        }
        nonblocking(fd);
        if (connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
            d->fd = fd;
            break;
        }
        e = errno;
        if (e == EINPROGRESS) {
            int r = wait_fd(fd, POLLOUT, deadline);

            if (r == 1 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len) == 0
                && e == 0) {
                d->fd = fd;
                break;
            }
            if (r == 0)
                e = ETIMEDOUT;
        }
        close(fd);
    }
    freeaddrinfo(ai);
    if (d->fd < 0) {
        fail(d, err, PDN_EIO, "cannot connect: %s", strerror(e));
        goto fail;
    }
    return d;
fail:
    pdn_dxp_free(d);
    return NULL;
}

pdn_dxp *
pdn_dxp_listen(const char *host, const char *port, const pdn_dxp_options *o,
               pdn_error *err)
{
    pdn_dxp *d;
    struct addrinfo *ai, *a;
    int e = EADDRNOTAVAIL, one = 1;

    if (host == NULL)
        host = "127.0.0.1";
    if ((d = new_peer(host, port, o, err)) == NULL)
        return NULL;
    if ((ai = resolve(d, host, port ? port : "27531", 1, err)) == NULL)
        goto fail;
    for (a = ai; a != NULL; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;

        if (fd < 0) {
            e = errno;
            continue;
        }
        nonblocking(fd);
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, 1) != 0 ||
            getsockname(fd, (struct sockaddr *)&ss, &len) != 0) {
            e = errno;
            close(fd);
            continue;
        }
        d->lfd = fd;
        if (ss.ss_family == AF_INET)
            d->port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        else if (ss.ss_family == AF_INET6)
            d->port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        break;
    }
    freeaddrinfo(ai);
    if (d->lfd < 0) {
        fail(d, err, PDN_EIO, "cannot listen: %s", strerror(e));
        goto fail;
    }
    snprintf(d->label, sizeof d->label, "%.60s:%d", host, d->port);
    return d;
fail:
    pdn_dxp_free(d);
    return NULL;
}

int
pdn_dxp_port(const pdn_dxp *d)
{
    return d->port;
}

int
pdn_dxp_accept(pdn_dxp *d, pdn_error *err)
{
    double deadline = pdnp_now() + d->timeout;

    if (d->failed) {
        if (err != NULL)
            *err = d->ferr;
        return -1;
    }
    if (d->fd >= 0)
        return 0;
    if (d->lfd < 0) {
        fail(d, err, PDN_EIO, "not listening");
        return -1;
    }
    for (;;) {
        int r = wait_fd(d->lfd, POLLIN, deadline), fd;

        if (r == 0) {
            fail(d, err, PDN_EIO, "no connection in %.1f s", d->timeout);
            return -1;
        }
        if (r < 0) {
            fail(d, err, PDN_EIO, "cannot wait for a connection: %s",
                 strerror(errno));
            return -1;
        }
        fd = accept(d->lfd, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ||
                errno == ECONNABORTED)
                continue;
            fail(d, err, PDN_EIO, "cannot accept a connection: %s",
                 strerror(errno));
            return -1;
        }
        nonblocking(fd);
        d->fd = fd;
        close(d->lfd);
        d->lfd = -1;
        pdn_error_clear(err);
        return 0;
    }
}

void
pdn_dxp_free(pdn_dxp *d)
{
    if (d == NULL)
        return;
    if (d->fd >= 0)
        close(d->fd);
    if (d->lfd >= 0)
        close(d->lfd);
    pdnp_free(d);
}

const char *
pdn_dxp_peer_name(const pdn_dxp *d)
{
    return d->peer;
}

const char *
pdn_dxp_chat(const pdn_dxp *d)
{
    return d->chat;
}

int
pdn_dxp_failed(const pdn_dxp *d, pdn_error *err)
{
    if (!d->failed)
        return 0;
    if (err != NULL)
        *err = d->ferr;
    return 1;
}

/* ---- messages ---- */

/* An excerpt of s (at most max bytes, "..." when cut) into buf, every
 * byte that is not printable ASCII as \xNN: a message quoted in an
 * error stays ASCII, whatever the peer sent. */
static void
quote(char *buf, size_t size, const char *s, size_t len, size_t max)
{
    size_t i, k = 0;

    for (i = 0; i < len && i < max && k + 5 < size; i++) {
        unsigned char c = (unsigned char)s[i];

        if (c >= 0x20 && c <= 0x7e)
            buf[k++] = (char)c;
        else
            k += (size_t)snprintf(buf + k, size - k, "\\x%02X", c);
    }
    if (i < len && k + 4 < size) {
        memcpy(buf + k, "...", 3);
        k += 3;
    }
    buf[k < size ? k : size - 1] = '\0';
}

/* " (its last chat: '...')" when the peer chatted, for messages. */
static const char *
last_chat(const pdn_dxp *d, char *buf, size_t size)
{
    char q[96] = "";

    buf[0] = '\0';
    if (d->chat[0] == '\0')
        return buf;
    quote(q, sizeof q, d->chat, strlen(d->chat), 60);
    snprintf(buf, size, " (its last chat: '%s')", q);
    return buf;
}

/* Sends s and its NUL. */
static int
put(pdn_dxp *d, const char *s, pdn_error *err)
{
    size_t n = strlen(s) + 1;
    double deadline = pdnp_now() + d->timeout;

    while (n > 0) {
        ssize_t w = send(d->fd, s, n, MSG_NOSIGNAL);

        if (w > 0) {
            s += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (wait_fd(d->fd, POLLOUT, deadline) <= 0) {
                fail(d, err, PDN_EIO, "the peer reads nothing (%.1f s)",
                     d->timeout);
                return -1;
            }
            continue;
        }
        {
            char c[128];

            fail(d, err, PDN_EIO, "cannot send: %s%s", strerror(errno),
                 last_chat(d, c, sizeof c));
        }
        return -1;
    }
    return 0;
}

/* The next message into d->msg (d->mlen bytes): 0; -2 when deadline
 * passes first (nothing reported); -1 with *err. waiting names what
 * for, in messages. */
static int
get(pdn_dxp *d, double deadline, const char *waiting, pdn_error *err)
{
    for (;;) {
        char *z = d->blen > 0 ? memchr(d->buf, '\0', d->blen) : NULL;
        ssize_t r;
        int w;

        if (z != NULL) {
            size_t n = (size_t)(z - d->buf), i;

            memcpy(d->msg, d->buf, n + 1);
            d->mlen = n;
            memmove(d->buf, d->buf + n + 1, d->blen - n - 1);
            d->blen -= n + 1;
            /* printable ASCII only (a chat may hold a tab) */
            for (i = 0; i < n; i++) {
                unsigned char c = (unsigned char)d->msg[i];

                if ((c < 0x20 || c > 0x7e) && !(c == '\t' && d->msg[0] ==
                                                                 'C'))
                    break;
            }
            if (n == 0 || i < n) {
                char q[80];

                quote(q, sizeof q, d->msg, n, 40);
                fail(d, err, PDN_ESYNTAX, "'%s' is not a DXP message "
                     "(waiting for %s)", q, waiting);
                return -1;
            }
            return 0;
        }
        if (d->blen >= PDN_DXP_MESSAGE_MAX) {
            fail(d, err, PDN_ELIMIT, "a message longer than %d bytes "
                 "(waiting for %s)", PDN_DXP_MESSAGE_MAX, waiting);
            return -1;
        }
        w = wait_fd(d->fd, POLLIN, deadline);
        if (w == 0)
            return -2;
        if (w < 0) {
            fail(d, err, PDN_EIO, "cannot wait for %s: %s", waiting,
                 strerror(errno));
            return -1;
        }
        r = recv(d->fd, d->buf + d->blen, PDN_DXP_MESSAGE_MAX - d->blen, 0);
        if (r < 0 && (errno == EINTR || errno == EAGAIN ||
                      errno == EWOULDBLOCK))
            continue;
        if (r <= 0) {
            char c[128];

            fail(d, err, PDN_EIO, "%s (waiting for %s)%s",
                 r == 0 ? "the peer closed the connection"
                        : strerror(errno),
                 waiting, last_chat(d, c, sizeof c));
            return -1;
        }
        d->blen += (size_t)r;
    }
}

/* The number in the n characters at s (digits, leading blanks
 * allowed): its value, or -1. */
static int
number(const char *s, int n)
{
    int v = 0, i = 0, digits = 0;

    while (i < n - 1 && s[i] == ' ')
        i++;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
        digits++;
    }
    return digits > 0 ? v : -1;
}

static int
not_dxp(pdn_dxp *d, const char *waiting, pdn_error *err)
{
    char q[80];

    quote(q, sizeof q, d->msg, d->mlen, 40);
    fail(d, err, PDN_ESYNTAX, "'%s' is not a DXP message (waiting for %s)",
         q, waiting);
    return -1;
}

/* Handles the messages any state takes: CHAT (kept), BACKREQ (answered
 * "not supported"), BACKACC (ignored). 1 when handled, 0 when not one
 * of them, -1 with *err. */
static int
common(pdn_dxp *d, const char *waiting, pdn_error *err)
{
    switch (d->msg[0]) {
    case 'C':
        snprintf(d->chat, sizeof d->chat, "%s", d->msg + 1);
        return 1;
    case 'B':
        if (d->mlen != 5 || number(d->msg + 1, 3) < 0 ||
            (d->msg[4] != 'W' && d->msg[4] != 'Z'))
            return not_dxp(d, waiting, err);
        return put(d, "K1", err) == 0 ? 1 : -1;
    case 'K':
        if (d->mlen != 2 || d->msg[1] < '0' || d->msg[1] > '9')
            return not_dxp(d, waiting, err);
        return 1;
    }
    return 0;
}

/* A GAMEEND in d->msg: its reason, or -1 when malformed. */
static int
game_end_reason(const pdn_dxp *d)
{
    if (d->mlen != 3 || d->msg[1] < '0' || d->msg[1] > '3' ||
        (d->msg[2] != '0' && d->msg[2] != '1'))
        return -1;
    return d->msg[1] - '0';
}

/* ---- positions and moves ---- */

static int
is_international(const pdn_gametype *gt)
{
    return gt->width == 10 && gt->height == 10 && gt->rules == 20 &&
           gt->folk == PDN_FOLK_NONE && !gt->giveaway &&
           pdn_square_count(gt) == 50;
}

size_t
pdn_dxp_move_format(const pdn_board *b, const pdn_move *m, double seconds,
                    char *buf, size_t size)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char tmp[16 + 2 * PDN_PATH_MAX];
    long t = seconds > 0 ? (long)(seconds + 0.5) : 0;
    size_t k;
    int i, nc = m->ncaptured < 99 ? m->ncaptured : 99;

    if (t > 9999)
        t = 9999;
    k = (size_t)snprintf(tmp, sizeof tmp, "M%04ld%02d%02d%02d", t,
                         pdn_coord_to_square(gt, m->path[0]) % 100,
                         pdn_coord_to_square(gt, m->path[m->n - 1]) % 100,
                         nc);
    for (i = 0; i < nc && k + 3 < sizeof tmp; i++)
        k += (size_t)snprintf(tmp + k, sizeof tmp - k, "%02d",
                              pdn_coord_to_square(gt, m->captured[i]) %
                                  100);
    if (size > 0)
        snprintf(buf, size, "%s", tmp);
    return k;
}

int
pdn_dxp_move_parse(const pdn_board *b, const char *s, size_t len,
                   pdn_move *m, pdn_error *err)
{
    int from, to, nc, caps[PDN_PATH_MAX], i;
    char q[80] = "", named[112];

    pdn_error_clear(err);
    quote(q, sizeof q, s, len, 50);
    if (len < 11 || s[0] != 'M' || number(s + 1, 4) < 0 ||
        (from = number(s + 5, 2)) < 1 || (to = number(s + 7, 2)) < 1 ||
        (nc = number(s + 9, 2)) < 0 || nc > PDN_PATH_MAX ||
        len != 11 + 2 * (size_t)nc) {
        pdnp_error_set(err, PDN_ESYNTAX, PDN_SEV_ERROR, NULL, 0,
                       "'%s' is not a DXP move", q);
        return -1;
    }
    for (i = 0; i < nc; i++)
        if ((caps[i] = number(s + 11 + 2 * i, 2)) < 1) {
            pdnp_error_set(err, PDN_ESYNTAX, PDN_SEV_ERROR, NULL, 0,
                           "'%s' is not a DXP move", q);
            return -1;
        }
    snprintf(named, sizeof named, "'%s' (%d%c%d)", q, from, nc ? 'x' : '-',
             to);
    return pdnp_eng_match(b, from, to, caps, nc, m, err, named,
                          PDN_EAMBIGUOUS);
}

/* ---- a game ---- */

/* 1 when b holds the initial position with White to move. */
static int
is_initial(const pdn_board *b)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    pdn_board *s = pdn_board_new(gt, NULL);
    int i, same = s != NULL && pdn_board_turn(b) == 'W' &&
                  pdn_board_turn(s) == 'W';

    for (i = 1; same && i <= 50; i++) {
        int c = pdn_square_to_coord(gt, i);

        same = pdn_board_piece(b, c) == pdn_board_piece(s, c);
    }
    pdn_board_free(s);
    return same;
}

int
pdn_dxp_game_request(pdn_dxp *d, const pdn_board *b, int follower,
                     int minutes, int moves, pdn_error *err)
{
    const pdn_gametype *gt = pdn_board_gametype(b);
    char req[160];
    double deadline;
    size_t k;
    int i, junk = 0;

    if (usable(d, err) != 0)
        return -1;
    if (!is_international(gt)) {
        fail(d, err, PDN_EVARIANT, "DXP plays international draughts only, "
             "not %s", pdn_gametype_name(gt));
        return -1;
    }
    if (minutes < 0)
        minutes = 0;
    if (moves < 0)
        moves = 0;
    k = (size_t)snprintf(req, sizeof req, "R01%-32.32s%c%03d%03d", d->name,
                         follower == 'W' ? 'W' : 'Z',
                         minutes > 999 ? 999 : minutes,
                         moves > 999 ? 999 : moves);
    if (is_initial(b))
        req[k++] = 'A';
    else {
        req[k++] = 'B';
        req[k++] = pdn_board_turn(b) == 'W' ? 'W' : 'Z';
        for (i = 1; i <= 50; i++) {
            int p = pdn_board_piece(b, pdn_square_to_coord(gt, i));

            req[k++] = p == 'w' ? 'w' : p == 'W' ? 'W' : p == 'b' ? 'z'
                       : p == 'B' ? 'Z' : 'e';
        }
    }
    req[k] = '\0';
    d->playing = d->peer_ended = 0;
    if (put(d, req, err) != 0)
        return -1;
    deadline = pdnp_now() + d->timeout;
    for (;;) {
        int rc = get(d, deadline, "the game's acceptance", err);

        if (rc == -2) {
            fail(d, err, PDN_EIO, "no answer in %.1f s (waiting for the "
                 "game's acceptance)", d->timeout);
            return -1;
        }
        if (rc != 0)
            return -1;
        if ((rc = common(d, "the game's acceptance", err)) < 0)
            return -1;
        if (rc == 1) {
            if (++junk > DXP_JUNK_MAX)
                return not_dxp(d, "the game's acceptance", err);
            continue;
        }
        if (d->msg[0] != 'A' || d->mlen != 34 || d->msg[33] < '0' ||
            d->msg[33] > '9')
            return not_dxp(d, "the game's acceptance", err);
        break;
    }
    memcpy(d->peer, d->msg + 1, 32);
    d->peer[32] = '\0';
    for (k = 32; k > 0 && d->peer[k - 1] == ' '; k--)
        d->peer[k - 1] = '\0';
    if (d->msg[33] != '0') {
        static const char *const why[] = {
            "", "it does not speak this version", "it declines this game",
            "it declines every game"};
        int c = d->msg[33] - '0';

        fail(d, err, PDN_EIO, "the game was refused (acceptance code %c%s%s)",
             d->msg[33], c <= 3 ? ": " : "", c <= 3 ? why[c] : "");
        return -1;
    }
    d->playing = 1;
    return 0;
}

int
pdn_dxp_send_move(pdn_dxp *d, const pdn_board *b, const pdn_move *m,
                  double seconds, pdn_error *err)
{
    char msg[16 + 2 * PDN_PATH_MAX];

    if (usable(d, err) != 0)
        return -1;
    if (!d->playing) {
        fail(d, err, PDN_EIO, "a move sent outside a game");
        return -1;
    }
    if (d->peer_ended)
        return 0; /* it has ended the game: the move is not for it */
    pdn_dxp_move_format(b, m, seconds, msg, sizeof msg);
    return put(d, msg, err);
}

int
pdn_dxp_read_move(pdn_dxp *d, const pdn_board *b, double timeout,
                  pdn_move *m, double *seconds, int *reason, pdn_error *err)
{
    double wait = timeout > 0 ? timeout : 60;
    double deadline = pdnp_now() + wait;
    int junk = 0;

    if (usable(d, err) != 0)
        return -1;
    if (!d->playing || d->peer_ended) {
        fail(d, err, PDN_EIO, "a move read outside a game");
        return -1;
    }
    for (;;) {
        int rc = get(d, deadline, "its move", err);
        pdn_error me;

        if (rc == -2) {
            fail(d, err, PDN_EIO, "no answer in %.1f s (waiting for its "
                 "move)", wait);
            return -1;
        }
        if (rc != 0 || (rc = common(d, "its move", err)) < 0)
            return -1;
        if (rc == 1) {
            if (++junk > DXP_JUNK_MAX)
                return not_dxp(d, "its move", err);
            continue;
        }
        if (d->msg[0] == 'E') {
            int r = game_end_reason(d);

            if (r < 0)
                return not_dxp(d, "its move", err);
            d->peer_ended = 1;
            if (reason != NULL)
                *reason = r;
            return 1;
        }
        if (d->msg[0] != 'M')
            return not_dxp(d, "its move", err);
        if (pdn_dxp_move_parse(b, d->msg, d->mlen, m, &me) != 0) {
            fail(d, err, me.code, "%s", me.text);
            return -1;
        }
        if (seconds != NULL)
            *seconds = number(d->msg + 1, 4);
        return 0;
    }
}

int
pdn_dxp_game_end(pdn_dxp *d, int reason, int stop, pdn_error *err)
{
    char msg[4];
    double deadline;
    int junk = 0;

    if (usable(d, err) != 0)
        return -1;
    if (!d->playing) {
        fail(d, err, PDN_EIO, "a game ended outside a game");
        return -1;
    }
    msg[0] = 'E';
    msg[1] = (char)('0' + (reason >= 0 && reason <= 3 ? reason : 0));
    msg[2] = stop ? '1' : '0';
    msg[3] = '\0';
    d->playing = 0;
    if (put(d, msg, err) != 0)
        return -1;
    if (d->peer_ended) {
        d->peer_ended = 0;
        return 0;
    }
    deadline = pdnp_now() + d->timeout;
    for (;;) {
        int rc = get(d, deadline, "its game end", err);

        if (rc == -2) {
            fail(d, err, PDN_EIO, "no answer in %.1f s (waiting for its "
                 "game end)", d->timeout);
            return -1;
        }
        if (rc != 0 || (rc = common(d, "its game end", err)) < 0)
            return -1;
        if (rc == 1 || d->msg[0] == 'M') {
            /* a move it sent before it read the end */
            if (++junk > DXP_JUNK_MAX)
                return not_dxp(d, "its game end", err);
            continue;
        }
        if (d->msg[0] != 'E' || game_end_reason(d) < 0)
            return not_dxp(d, "its game end", err);
        return 0;
    }
}

/* ---- the follower ---- */

/* The start position of the GAMEREQ in d->msg (from offset 42: 'A', or
 * 'B', the turn and 50 squares) into b: 0, or -1. */
static int
request_position(const pdn_dxp *d, pdn_board *b)
{
    char fen[PDN_FEN_STRING_MAX], side[2][400];
    size_t n[2] = {0, 0};
    const char *p = d->msg + 42;
    int i;

    if (d->mlen == 43 && p[0] == 'A') {
        pdn_board_reset(b);
        return 0;
    }
    if (d->mlen != 94 || p[0] != 'B' || (p[1] != 'W' && p[1] != 'Z'))
        return -1;
    side[0][0] = side[1][0] = '\0';
    for (i = 1; i <= 50; i++) {
        int c = p[1 + i], k = c == 'w' || c == 'W' ? 0 : 1;

        if (c == 'e')
            continue;
        if (c != 'w' && c != 'W' && c != 'z' && c != 'Z')
            return -1;
        n[k] += (size_t)snprintf(side[k] + n[k], sizeof side[k] - n[k],
                                 ",%s%d", c == 'W' || c == 'Z' ? "K" : "",
                                 i);
    }
    snprintf(fen, sizeof fen, "%c:W%s:B%s", p[1] == 'W' ? 'W' : 'B',
             side[0] + (n[0] > 0), side[1] + (n[1] > 0));
    return pdn_board_set_fen_string(b, fen, NULL) < 0 ? -1 : 0;
}

int
pdn_dxp_game_wait(pdn_dxp *d, pdn_board *b, double timeout,
                  pdn_dxp_request *r, pdn_error *err)
{
    double wait = timeout > 0 ? timeout : 60;
    double deadline = pdnp_now() + wait;
    int junk = 0, rc;
    size_t k;

    if (usable(d, err) != 0)
        return -1;
    if (!is_international(pdn_board_gametype(b))) {
        fail(d, err, PDN_EVARIANT, "DXP plays international draughts only, "
             "not %s", pdn_gametype_name(pdn_board_gametype(b)));
        return -1;
    }
    if (d->playing || d->asked) {
        fail(d, err, PDN_EIO, "a game requested during a game");
        return -1;
    }
    for (;;) {
        rc = get(d, deadline, "a game's request", err);
        if (rc == -2) {
            fail(d, err, PDN_EIO, "no answer in %.1f s (waiting for a "
                 "game's request)", wait);
            return -1;
        }
        if (rc != 0 || (rc = common(d, "a game's request", err)) < 0)
            return -1;
        if (rc == 1 || (d->msg[0] == 'E' && game_end_reason(d) >= 0)) {
            /* a chat, or the end of a game already ended */
            if (++junk > DXP_JUNK_MAX)
                return not_dxp(d, "a game's request", err);
            continue;
        }
        /* R, version 2, name 32, colour, minutes 3, moves 3, position */
        if (d->msg[0] != 'R' || d->mlen < 43 || number(d->msg + 1, 2) < 0 ||
            (d->msg[35] != 'W' && d->msg[35] != 'Z') ||
            number(d->msg + 36, 3) < 0 || number(d->msg + 39, 3) < 0 ||
            request_position(d, b) != 0)
            return not_dxp(d, "a game's request", err);
        break;
    }
    memcpy(d->peer, d->msg + 3, 32);
    d->peer[32] = '\0';
    for (k = 32; k > 0 && d->peer[k - 1] == ' '; k--)
        d->peer[k - 1] = '\0';
    r->version = number(d->msg + 1, 2);
    r->colour = d->msg[35] == 'W' ? 'W' : 'B';
    r->minutes = number(d->msg + 36, 3);
    r->moves = number(d->msg + 39, 3);
    d->asked = 1;
    return 0;
}

int
pdn_dxp_game_answer(pdn_dxp *d, int code, pdn_error *err)
{
    char msg[40];

    if (usable(d, err) != 0)
        return -1;
    if (!d->asked) {
        fail(d, err, PDN_EIO, "a game answered that was not requested");
        return -1;
    }
    if (code < 0 || code > 9)
        code = 2;
    snprintf(msg, sizeof msg, "A%-32.32s%c", d->name, '0' + code);
    d->asked = 0;
    if (put(d, msg, err) != 0)
        return -1;
    d->playing = code == 0;
    d->peer_ended = 0;
    return 0;
}
