/* bot_process.c: an outside program as a child process: pipes, a line at a time under a deadline (poll),
 * its standard error kept for reports, its process group killed and reaped. */
#define _GNU_SOURCE /* pipe2 */
#include "bot_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct bot_process {
    pid_t pid;
    int in_fd, out_fd, err_fd; /* -1 once closed */
    bool reaped, killed;
    int wstatus;                    /* once reaped */
    char buf[BOT_LINE_MAX + 2];     /* what the program wrote and was not yet read as a line */
    size_t len;                     /* bytes in buf */
    char line[BOT_LINE_MAX + 1];    /* the line handed out by bot_process_read */
    char partial[BOT_LINE_MAX + 1]; /* an unfinished line, for reports */
    char err[BOT_STDERR_KEEP + 1];  /* the last bytes of standard error */
    size_t err_len;
};

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void close_fd(int *fd) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static bool set_nonblocking(int fd) {
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0;
}

/* Keeps the last BOT_STDERR_KEEP bytes of what the program wrote on standard error. */
static void keep_stderr(bot_process *b, const char *s, size_t n) {
    if (n >= BOT_STDERR_KEEP) {
        memcpy(b->err, s + n - BOT_STDERR_KEEP, BOT_STDERR_KEEP);
        b->err_len = BOT_STDERR_KEEP;
    } else {
        size_t keep = b->err_len + n > BOT_STDERR_KEEP ? BOT_STDERR_KEEP - n : b->err_len;
        memmove(b->err, b->err + b->err_len - keep, keep);
        memcpy(b->err + keep, s, n);
        b->err_len = keep + n;
    }
    b->err[b->err_len] = '\0';
}

/* Reads what standard error holds now (never waits). */
static void drain_stderr(bot_process *b) {
    char tmp[4096];
    for (int i = 0; i < 64 && b->err_fd >= 0; i++) {
        ssize_t n = read(b->err_fd, tmp, sizeof tmp);
        if (n > 0) {
            keep_stderr(b, tmp, (size_t)n);
        } else if (n == 0) {
            close_fd(&b->err_fd);
        } else if (errno != EINTR) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) close_fd(&b->err_fd);
            break;
        }
    }
}

void bot_process_kill(bot_process *b) {
    if (!b || b->reaped) return;
    kill(-b->pid, SIGKILL); /* the group: sh and whatever it started */
    kill(b->pid, SIGKILL);
    b->killed = true;
}

/* Whether the child has ended; it stays a zombie, keeping its process group's id, until reaped. */
static bool ended(const bot_process *b) {
    siginfo_t si;
    memset(&si, 0, sizeof si);
    for (;;) {
        if (waitid(P_PID, (id_t)b->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0) return si.si_pid == b->pid;
        if (errno != EINTR) return true; /* not our child any more: nothing to wait for */
    }
}

/* Waits up to grace_ms for the child to end by itself (else kills it), kills
 * what it left running in its process group (while the zombie still holds
 * the group's id, so that no other process can have it), and reaps it. */
static void reap_within(bot_process *b, int grace_ms) {
    if (b->reaped) return;
    int64_t end = now_ms() + grace_ms;
    while (!ended(b) && now_ms() < end) {
        struct timespec pause = {0, 2000000}; /* 2 ms */
        nanosleep(&pause, NULL);
        drain_stderr(b);
    }
    if (!ended(b))
        bot_process_kill(b);
    else
        kill(-b->pid, SIGKILL);
    while (waitpid(b->pid, &b->wstatus, 0) < 0 && errno == EINTR) {
    }
    b->reaped = true;
}

bot_process *bot_process_start(const char *cmd, char *why, size_t cap) {
    struct sigaction ign; /* the same setting every time: harmless from any thread */
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, NULL);
    bot_process *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) {
        snprintf(why, cap, "cannot make a pipe: %s", strerror(errno));
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, cap, "cannot start a process: %s", strerror(errno));
        goto fail;
    }
    if (pid == 0) { /* the child: only async-signal-safe calls until exec */
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &sa, NULL); /* an ignored signal would stay ignored across exec */
        setpgid(0, 0);
        int want[3] = {in[0], out[1], err[1]};
        for (int fd = 0; fd < 3; fd++) {
            if (want[fd] == fd)
                fcntl(fd, F_SETFD, 0); /* keep it open across exec */
            else if (dup2(want[fd], fd) < 0)
                _exit(127);
        }
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* as the child does: whichever runs first */
    close(in[0]);
    close(out[1]);
    close(err[1]);
    b->pid = pid;
    b->in_fd = in[1];
    b->out_fd = out[0];
    b->err_fd = err[0];
    if (!set_nonblocking(b->in_fd) || !set_nonblocking(b->out_fd) || !set_nonblocking(b->err_fd)) {
        snprintf(why, cap, "cannot set up the pipes: %s", strerror(errno));
        bot_process_stop(b, 0);
        return NULL;
    }
    return b;
fail:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0) close(in[i]);
        if (out[i] >= 0) close(out[i]);
        if (err[i] >= 0) close(err[i]);
    }
    free(b);
    return NULL;
}

/* Waits until fd is ready for events (or standard error has something, which
 * is read), at most until the deadline. 1 ready, 0 the deadline passed, -1 error. */
static int wait_for(bot_process *b, int fd, short events, int64_t deadline) {
    for (;;) {
        int64_t left = deadline - now_ms();
        if (left <= 0) return 0;
        struct pollfd p[2] = {{fd, events, 0}, {b->err_fd, POLLIN, 0}};
        int r = poll(p, b->err_fd >= 0 ? 2 : 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (r > 0 && b->err_fd >= 0 && p[1].revents) drain_stderr(b);
        if (r > 0 && p[0].revents) return 1;
    }
}

bot_io bot_process_send(bot_process *b, const char *line, int timeout_ms) {
    if (b->in_fd < 0) return BOT_IO_CLOSED;
    int64_t deadline = now_ms() + timeout_ms;
    size_t n = strlen(line), done = 0;
    char nl = '\n';
    while (done < n + 1) {
        const char *from = done < n ? line + done : &nl;
        size_t want = done < n ? n - done : 1;
        ssize_t w = write(b->in_fd, from, want);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR) continue;
        if (w < 0 && errno == EPIPE) {
            close_fd(&b->in_fd);
            return BOT_IO_CLOSED;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return BOT_IO_ERROR;
        int r = wait_for(b, b->in_fd, POLLOUT, deadline);
        if (r == 0) {
            bot_process_kill(b);
            return BOT_IO_TIMEOUT;
        }
        if (r < 0) return BOT_IO_ERROR;
    }
    return BOT_IO_OK;
}

/* Moves the first line of buf (ending at nl) to line (a CR before the newline dropped); false if
 * the line holds a NUL byte (garbage). */
static bool take_line(bot_process *b, const char *nl) {
    size_t n = (size_t)(nl - b->buf);
    bool clean = memchr(b->buf, '\0', n) == NULL;
    memcpy(b->line, b->buf, n);
    b->line[n] = '\0';
    if (n > 0 && b->line[n - 1] == '\r') b->line[n - 1] = '\0';
    memmove(b->buf, nl + 1, b->len - n - 1);
    b->len -= n + 1;
    return clean;
}

static void keep_partial(bot_process *b) {
    size_t n = b->len > BOT_LINE_MAX ? BOT_LINE_MAX : b->len;
    memcpy(b->partial, b->buf, n);
    b->partial[n] = '\0';
}

bot_io bot_process_read(bot_process *b, int timeout_ms, const char **line) {
    int64_t deadline = now_ms() + timeout_ms;
    b->partial[0] = '\0';
    for (;;) {
        char *nl = memchr(b->buf, '\n', b->len);
        if (nl) {
            if (!take_line(b, nl)) {
                snprintf(b->partial, sizeof b->partial, "%s", b->line);
                bot_process_kill(b);
                return BOT_IO_GARBAGE;
            }
            *line = b->line;
            return BOT_IO_OK;
        }
        if (b->len > BOT_LINE_MAX) {
            keep_partial(b);
            bot_process_kill(b);
            return BOT_IO_GARBAGE;
        }
        if (b->out_fd < 0) {
            keep_partial(b);
            return BOT_IO_CLOSED;
        }
        ssize_t n = read(b->out_fd, b->buf + b->len, sizeof b->buf - b->len);
        if (n > 0) {
            b->len += (size_t)n;
            continue;
        }
        if (n == 0) {
            close_fd(&b->out_fd);
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) {
            close_fd(&b->out_fd);
            continue;
        }
        int r = wait_for(b, b->out_fd, POLLIN, deadline);
        if (r == 0) {
            keep_partial(b);
            bot_process_kill(b);
            return BOT_IO_TIMEOUT;
        }
        if (r < 0) return BOT_IO_ERROR;
    }
}

bool bot_process_pending(bot_process *b) {
    while (b->out_fd >= 0 && b->len < sizeof b->buf) {
        ssize_t n = read(b->out_fd, b->buf + b->len, sizeof b->buf - b->len);
        if (n > 0) {
            b->len += (size_t)n;
        } else if (n == 0) {
            close_fd(&b->out_fd);
        } else if (errno != EINTR) {
            break; /* nothing more now (EAGAIN), or an error the next read reports */
        }
    }
    if (b->len == 0) return false;
    const char *nl = memchr(b->buf, '\n', b->len);
    size_t n = nl ? (size_t)(nl - b->buf) : b->len;
    if (n > BOT_LINE_MAX) n = BOT_LINE_MAX;
    memcpy(b->partial, b->buf, n);
    b->partial[n] = '\0';
    return true;
}

const char *bot_process_partial(bot_process *b) { return b->partial; }

const char *bot_process_stderr(bot_process *b) {
    drain_stderr(b);
    return b->err;
}

void bot_process_exit_text(bot_process *b, int grace_ms, char *out, size_t cap) {
    bool killed_before = b->killed;
    reap_within(b, grace_ms);
    drain_stderr(b);
    if (killed_before)
        snprintf(out, cap, "was stopped by the arena");
    else if (b->killed)
        snprintf(out, cap, "closed its input or output but did not exit; it was stopped by the arena");
    else if (WIFEXITED(b->wstatus) && WEXITSTATUS(b->wstatus) > 128 && WEXITSTATUS(b->wstatus) < 128 + 32)
        snprintf(out, cap,
                 "exited with status %d (the shell's way of saying its program was killed by signal %d, %s)",
                 WEXITSTATUS(b->wstatus), WEXITSTATUS(b->wstatus) - 128,
                 strsignal(WEXITSTATUS(b->wstatus) - 128));
    else if (WIFEXITED(b->wstatus))
        snprintf(out, cap, "exited with status %d", WEXITSTATUS(b->wstatus));
    else if (WIFSIGNALED(b->wstatus))
        snprintf(out, cap, "was killed by signal %d (%s)", WTERMSIG(b->wstatus),
                 strsignal(WTERMSIG(b->wstatus)));
    else
        snprintf(out, cap, "ended");
}

void bot_process_stop(bot_process *b, int grace_ms) {
    if (!b) return;
    close_fd(&b->in_fd); /* the program sees the end of its input */
    reap_within(b, grace_ms);
    close_fd(&b->out_fd);
    close_fd(&b->err_fd);
    free(b);
}

void bot_truncate(const char *s, size_t max, char *out, size_t cap) {
    size_t n = 0;
    if (cap == 0) return;
    for (; s[n] && n < max && n + 4 < cap; n++)
        out[n] = s[n] == '\n' || s[n] == '\t' ? ' ' : (unsigned char)s[n] < 0x20 || s[n] == 0x7f ? '?' : s[n];
    if (s[n]) {
        if (n + 4 > cap) n = cap - 4;
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}
