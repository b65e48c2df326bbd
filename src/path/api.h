/*
 * api.h: how the installed headers of libastray-path mark what they export.
 *
 * The library is compiled with -fvisibility=hidden: only declarations
 * marked PATH_API leave it, in the shared library and (through a
 * relocatable object whose hidden symbols are made local, see
 * Makefile.am) in the static archive alike.  Everything else, the
 * library's own helpers and the base layer it is built on, stays inside,
 * so a program may define its own xmalloc or scan_line.
 *
 * PATH_BEGIN_DECLS and PATH_END_DECLS give every public header C linkage
 * when a C++ compiler includes it.
 */
#ifndef ASTRAY_PATH_API_H
#define ASTRAY_PATH_API_H

#if defined(__GNUC__) || defined(__clang__)
#define PATH_API	__attribute__((visibility("default")))
#else
#define PATH_API
#endif

#ifdef __cplusplus
#define PATH_BEGIN_DECLS	extern "C" {
#define PATH_END_DECLS		}
#else
#define PATH_BEGIN_DECLS
#define PATH_END_DECLS
#endif

#endif
