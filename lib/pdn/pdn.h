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
#include <pdn/check.h>
#include <pdn/version.h>
#include <pdn/fingerprint.h>
#include <pdn/engine.h>

/* pdn_version (pdn/version.h): the version of the library running. */

#endif /* PDN_PDN_H */
