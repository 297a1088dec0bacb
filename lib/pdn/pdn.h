/* SPDX-License-Identifier: MIT */
/* libpdn umbrella header: include this one. */
#ifndef PDN_PDN_H
#define PDN_PDN_H

#include <pdn/error.h>
#include <pdn/game.h>
#include <pdn/reader.h>
#include <pdn/writer.h>
#include <pdn/variant.h>
#include <pdn/rules.h>
#include <pdn/result.h>
#include <pdn/opening.h>
#include <pdn/edit.h>
#include <pdn/replay.h>
#include <pdn/version.h>
#include <pdn/fingerprint.h>
#include <pdn/engine.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the library running, "0.1.0" (PDN_VERSION_STRING is
 * the one compiled against). Static; thread-safe. */
const char *pdn_version(void);

#ifdef __cplusplus
}
#endif
#endif /* PDN_PDN_H */
