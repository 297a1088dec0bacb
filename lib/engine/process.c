/* SPDX-License-Identifier: MIT */
/* An engine's process and its channel: started without a shell through
 * posix_spawn on one end of a socket pair (its standard input and output),
 * lines read with a deadline and a length limit, lines written with
 * MSG_NOSIGNAL (no SIGPIPE when it has died), and the end: quit, a moment
 * to go, then SIGKILL. */
#define _GNU_SOURCE
#include <config.h>
#include "engine_private.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double
pdnp_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
pdnp_eng_vfail(const char *prefix, const char *label, int fatal,
               int *failed, pdn_error *ferr, pdn_error *err, int code,
               const char *fmt, va_list ap)
{
    char text[PDN_ERROR_TEXT_SIZE];

    vsnprintf(text, sizeof text, fmt, ap);
    pdn_error_clear(err);
    pdnp_error_set(err, code, PDN_SEV_ERROR, NULL, 0, "%s '%s': %s", prefix,
                   label, text);
    if (fatal && !*failed) {
        *failed = 1;
        pdn_error_clear(ferr);
        pdnp_error_set(ferr, code, PDN_SEV_ERROR, NULL, 0, "%s '%s': %s",
                       prefix, label, text);
    }
}

void
pdnp_eng_fail(pdn_engine *e, pdn_error *err, int code, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    pdnp_eng_vfail("engine", e->label,
                   code != PDN_EVARIANT && code != PDN_ETAG, &e->failed,
                   &e->ferr, err, code, fmt, ap);
    va_end(ap);
}

/* The program's last path component, for messages. */
static void
set_label(pdn_engine *e, const char *prog)
{
    const char *s = strrchr(prog, '/');

    snprintf(e->label, sizeof e->label, "%s", s != NULL ? s + 1 : prog);
}

int
pdnp_eng_spawn(pdn_engine *e, const pdn_engine_options *o, pdn_error *err)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, def;
    int sv[2], rc;
    pid_t pid;

    set_label(e, o->argv[0]);
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        pdnp_eng_fail(e, err, PDN_EIO, "cannot make its channel: %s",
                      strerror(errno));
        return -1;
    }
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    if (o->stderr_fd >= 0)
        posix_spawn_file_actions_adddup2(&fa, o->stderr_fd, 2);
    else
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    if (o->dir != NULL) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 29)
        posix_spawn_file_actions_addchdir_np(&fa, o->dir);
#else
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&at);
        close(sv[0]);
        close(sv[1]);
        pdnp_eng_fail(e, err, PDN_EIO, "a working directory needs "
                      "posix_spawn_file_actions_addchdir_np");
        return -1;
#endif
    }
    /* the child starts with no signal blocked and SIGPIPE as by default,
     * whatever the caller did with its own */
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    sigaddset(&def, SIGINT);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &def);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
    rc = posix_spawnp(&pid, o->argv[0], &fa, &at, (char *const *)o->argv,
                      environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(sv[1]);
    if (rc != 0) {
        close(sv[0]);
        pdnp_eng_fail(e, err, PDN_EIO, "cannot start '%s'%s%s: %s",
                      o->argv[0], o->dir ? " in " : "", o->dir ? o->dir : "",
                      strerror(rc));
        return -1;
    }
    e->pid = pid;
    e->fd = sv[0];
    return 0;
}

/* How the process ended, into buf; reaps it (waits at most until
 * deadline, then kills it). */
static void
reap(pdn_engine *e, double deadline, char *buf, size_t size)
{
    int status = 0;
    pid_t r = 0;

    if (e->pid <= 0) {
        snprintf(buf, size, "it has ended");
        return;
    }
    while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 &&
           pdnp_now() < deadline) {
        struct timespec ts = {0, 5000000};

        nanosleep(&ts, NULL);
    }
    if (r == 0) {
        kill(e->pid, SIGKILL);
        r = waitpid(e->pid, &status, 0);
        snprintf(buf, size, "it closed its output and was killed");
    } else if (r > 0 && WIFEXITED(status))
        snprintf(buf, size, "it exited with status %d",
                 WEXITSTATUS(status));
    else if (r > 0 && WIFSIGNALED(status))
        snprintf(buf, size, "it was killed by signal %d (%s)",
                 WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        snprintf(buf, size, "it has ended");
    e->pid = 0;
}

int
pdnp_eng_write(pdn_engine *e, const char *s, size_t n, pdn_error *err)
{
    double deadline = pdnp_now() + e->timeout;

    if (e->fd < 0) {
        pdnp_eng_fail(e, err, PDN_EIO, "no channel");
        return -1;
    }
    while (n > 0) {
        ssize_t w = send(e->fd, s, n, MSG_NOSIGNAL | MSG_DONTWAIT);

        if (w > 0) {
            s += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd p = {e->fd, POLLOUT, 0};
            double left = deadline - pdnp_now();

            if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) == 0) {
                pdnp_eng_fail(e, err, PDN_EIO, "it reads no input "
                              "(%.1f s)", e->timeout);
                return -1;
            }
            continue;
        }
        {
            char how[120];

            reap(e, pdnp_now() + 1, how, sizeof how);
            pdnp_eng_fail(e, err, PDN_EIO, "cannot write to it: %s",
                          how);
        }
        return -1;
    }
    return 0;
}

int
pdnp_eng_send(pdn_engine *e, const char *line, pdn_error *err)
{
    size_t n = strlen(line);

    if (n + 1 > sizeof e->out)
        return -1;
    memcpy(e->out, line, n);
    e->out[n] = '\n';
    return pdnp_eng_write(e, e->out, n + 1, err);
}

int
pdnp_eng_read_line(pdn_engine *e, double deadline, const char *waiting,
                   char **line, pdn_error *err)
{
    for (;;) {
        char *nl = e->blen > e->bstart
                       ? memchr(e->buf + e->bstart, '\n',
                                e->blen - e->bstart)
                       : NULL;
        struct pollfd p;
        double left;
        ssize_t r;
        int pr;

        if (nl != NULL) {
            char *s = e->buf + e->bstart;
            size_t n = (size_t)(nl - s);

            if (n > e->max_line) {
                pdnp_eng_fail(e, err, PDN_ELIMIT, "a line longer than %zu "
                              "bytes (waiting for %s)", e->max_line, waiting);
                return -1;
            }
            *nl = '\0';
            if (n > 0 && s[n - 1] == '\r')
                s[n - 1] = '\0';
            e->bstart += n + 1;
            *line = s;
            return 0;
        }
        if (e->blen - e->bstart > e->max_line) {
            pdnp_eng_fail(e, err, PDN_ELIMIT, "a line longer than %zu bytes "
                          "(waiting for %s)", e->max_line, waiting);
            return -1;
        }
        /* room to read: move the partial line to the front, grow */
        if (e->bstart > 0) {
            memmove(e->buf, e->buf + e->bstart, e->blen - e->bstart);
            e->blen -= e->bstart;
            e->bstart = 0;
        }
        if (e->bcap - e->blen < 4096) {
            size_t cap = e->bcap ? e->bcap * 2 : 65536;
            char *nb;

            if (cap > e->max_line + 65536)
                cap = e->max_line + 65536;
            if (cap <= e->bcap) {
                pdnp_eng_fail(e, err, PDN_ELIMIT, "a line longer than %zu "
                              "bytes (waiting for %s)", e->max_line, waiting);
                return -1;
            }
            nb = pdnp_realloc(e->buf, cap);
            if (nb == NULL) {
                pdnp_eng_fail(e, err, PDN_ENOMEM, "out of memory");
                return -1;
            }
            e->buf = nb;
            e->bcap = cap;
        }
        left = deadline - pdnp_now();
        if (left <= 0)
            return -2; /* the caller decides: stop, or fail */
        p.fd = e->fd;
        p.events = POLLIN;
        p.revents = 0;
        pr = poll(&p, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr == 0)
            continue; /* the deadline check above ends it */
        r = read(e->fd, e->buf + e->blen, e->bcap - e->blen - 1);
        if (r < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (r <= 0) {
            char how[120];

            reap(e, pdnp_now() + 2, how, sizeof how);
            pdnp_eng_fail(e, err, PDN_EIO, "its output ended (waiting for "
                          "%s): %s", waiting, how);
            return -1;
        }
        e->blen += (size_t)r;
    }
}

void
pdnp_eng_stop(pdn_engine *e)
{
    char how[120];

    if (e->fd >= 0) {
        if (e->pid > 0 && !e->failed)
            (void)send(e->fd, "quit\n", 5, MSG_NOSIGNAL | MSG_DONTWAIT);
        shutdown(e->fd, SHUT_WR);
        if (e->pid > 0 && !e->failed) {
            /* its output ends when it does */
            double deadline = pdnp_now() + 1;
            char junk[4096];

            for (;;) {
                struct pollfd p = {e->fd, POLLIN, 0};
                double left = deadline - pdnp_now();

                if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) <= 0)
                    break;
                if (read(e->fd, junk, sizeof junk) <= 0)
                    break;
            }
        }
        close(e->fd);
        e->fd = -1;
    }
    if (e->pid > 0) {
        if (e->failed)
            kill(e->pid, SIGKILL);
        reap(e, pdnp_now() + 0.5, how, sizeof how);
    }
}
