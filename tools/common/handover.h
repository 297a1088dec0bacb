/* SPDX-License-Identifier: MIT */
/* What a worker hands to the main thread about one game (handover.c):
 * a payload kept under the game's address until the game's turn in input
 * order has come (a game lives until then). Any thread. */
#ifndef PDN_TOOLS_HANDOVER_H
#define PDN_TOOLS_HANDOVER_H

#include <pthread.h>

#define HANDOVER_BUCKETS 1024

struct hand_item;
typedef struct handover {
    pthread_mutex_t lock;
    struct hand_item *bucket[HANDOVER_BUCKETS];
} handover;

void handover_init(handover *h);
/* Keeps payload (malloc'd, taken over) under key. */
void handover_put(handover *h, const void *key, void *payload);
/* The payload kept under key, removed from h; NULL when none was. */
void *handover_take(handover *h, const void *key);
/* Frees what is left (payloads with free). */
void handover_free(handover *h);

#endif /* PDN_TOOLS_HANDOVER_H */
