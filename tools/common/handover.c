/* SPDX-License-Identifier: MIT */
/* Payloads from the workers to the main thread, by game address: a hash
 * of short lists under one lock (handover.h). */
#include <config.h>
#include "handover.h"
#include "common.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct hand_item {
    const void *key;
    void *payload;
    struct hand_item *next;
} hand_item;

static size_t
bucket_of(const void *key)
{
    return ((uintptr_t)key >> 4) % HANDOVER_BUCKETS;
}

void
handover_init(handover *h)
{
    size_t k;

    pthread_mutex_init(&h->lock, NULL);
    for (k = 0; k < HANDOVER_BUCKETS; k++)
        h->bucket[k] = NULL;
}

void
handover_put(handover *h, const void *key, void *payload)
{
    hand_item *p = tool_xmalloc(sizeof *p);
    size_t k = bucket_of(key);

    p->key = key;
    p->payload = payload;
    pthread_mutex_lock(&h->lock);
    p->next = h->bucket[k];
    h->bucket[k] = p;
    pthread_mutex_unlock(&h->lock);
}

void *
handover_take(handover *h, const void *key)
{
    hand_item **pp, *p;
    size_t k = bucket_of(key);
    void *payload;

    pthread_mutex_lock(&h->lock);
    for (pp = &h->bucket[k]; *pp != NULL && (*pp)->key != key;
         pp = &(*pp)->next)
        ;
    p = *pp;
    if (p != NULL)
        *pp = p->next;
    pthread_mutex_unlock(&h->lock);
    if (p == NULL)
        return NULL;
    payload = p->payload;
    free(p);
    return payload;
}

void
handover_free(handover *h)
{
    hand_item *p, *next;
    size_t k;

    for (k = 0; k < HANDOVER_BUCKETS; k++)
        for (p = h->bucket[k]; p != NULL; p = next) {
            next = p->next;
            free(p->payload);
            free(p);
        }
    pthread_mutex_destroy(&h->lock);
}
