/*
 * neverc plugin SDK -- what an LTO codegen provider hands back (pure C11).
 * A neverc extension: a provider's NevercLTOObjectProduct names an
 * ObjectGraph or an artifact, and no upstream slot lets a plugin make
 * either (NevercObjectAPI edits graphs the host opened; NevercCoreAPI
 * makes no artifacts). This build publishes NevercLTOCodegenAPI
 * (NEVERC_INTERFACE_LTO_CODEGEN_*), owned by the link domain, for use
 * inside a provider's Codegen callback (PluginLTO.h):
 *
 *   RunBuiltinCodegen(Task, &Candidate)
 *       -- neverc's own LTO code generation (LLVM's lto::LTO, with every
 *          plugin's IR phases inside it) for the request Codegen received;
 *          Candidate.Objects then lists its objects as artifacts. A
 *          provider that wraps the built-in returns them, or some of them.
 *   CreateObjectArtifact(Task, Bytes, LogicalName, &Artifact)
 *       -- a relocatable object the provider made itself (its own code
 *          generator, a remote build), copied into a host artifact.
 *   GetObjectArtifactBytes(Task, Artifact, &Bytes)
 *       -- the bytes of either kind (to digest, inspect or record them).
 *
 * A product names its object through ObjectArtifact; ObjectGraph stays
 * null (a graph product gets NEVERC_STATUS_CAPABILITY_UNAVAILABLE: the
 * object domain opens graphs only for the objects a compile writes).
 *
 * What the host checks when Codegen returns OK (any failure fails the
 * link, names the provider and links nothing; no output is written):
 *  - Candidate.Header is an LTO 1.x header at least as large as this
 *    build's struct; Objects is a non-empty array whose stride covers
 *    NevercLTOObjectProduct; each product's ObjectArtifact is one this
 *    table made for the running Codegen call.
 *  - Every object is a relocatable ELF object of the link's target:
 *    ELF class, byte order and e_machine must match. An object for
 *    another target is refused by name ("... returned 'x.o' for
 *    aarch64; the link is for x86_64").
 * Caching (NEVERC_LTO_PROVIDER_CACHEABLE, with --thinlto-cache-dir):
 * before Codegen the host calls BuildCacheKey twice on the same request;
 * two different keys are reported (a warning naming the provider: the
 * key is not a pure function of the request) and nothing is cached for
 * that link. With one stable key, a hit (the provider's ID, the key and
 * the loaded plugins' identities, in LLVM's localCache) links the cached
 * objects without calling Codegen; a miss calls it and stores what it
 * returned. A DETERMINISTIC provider that is not CACHEABLE is cached the
 * same way under the request's digest (the same request makes the same
 * bytes); one that is neither is never cached. A REPLAY_REQUIRED provider
 * is refused at registration (NEVERC_STATUS_CAPABILITY_UNAVAILABLE): no
 * replay log of LTO code generation is kept.
 *
 * Rules:
 *  - Every slot outside a Codegen callback, or with another task than the
 *    callback's: NEVERC_STATUS_INVALID_STATE / the task's handle status.
 *  - RunBuiltinCodegen runs once per Codegen call; a second call:
 *    NEVERC_STATUS_INVALID_STATE. Its Objects array is the host's,
 *    borrowed until Codegen returns.
 *  - CreateObjectArtifact: empty Bytes, or a view with a length and no
 *    data: NEVERC_STATUS_INVALID_ARGUMENT (the target is checked when the
 *    candidate comes back, not here).
 *  - GetObjectArtifactBytes: a handle of another kind WRONG_TYPE, one of
 *    an earlier Codegen call STALE_HANDLE. The view is borrowed until
 *    Codegen returns.
 */
#ifndef NEVERC_PLUGIN_PLUGINLTOCODEGEN_H
#define NEVERC_PLUGIN_PLUGINLTOCODEGEN_H

#include "neverc/Plugin/PluginLTO.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "NCLTOCG", 0x01 / 1. */
#define NEVERC_INTERFACE_LTO_CODEGEN_HIGH UINT64_C(0x4e434c544f434701)
#define NEVERC_INTERFACE_LTO_CODEGEN_LOW UINT64_C(0x0000000000000001)
#define NEVERC_LTO_CODEGEN_API_MAJOR UINT16_C(1)
#define NEVERC_LTO_CODEGEN_API_MINOR UINT16_C(0)

NEVERC_ABI_PACK_BEGIN

typedef struct NevercLTOCodegenAPI {
  NevercABITableHeader Header;
  void *Context;
  NevercStatus(NEVERC_CALL *RunBuiltinCodegen)(
      void *Context, NevercTaskHandle Task,
      NevercLTOProductCandidate *OutCandidate);
  NevercStatus(NEVERC_CALL *CreateObjectArtifact)(
      void *Context, NevercTaskHandle Task, NevercByteView Bytes,
      NevercStringView LogicalName, NevercArtifactHandle *OutArtifact);
  NevercStatus(NEVERC_CALL *GetObjectArtifactBytes)(
      void *Context, NevercTaskHandle Task, NevercArtifactHandle Artifact,
      NevercByteView *OutBytes);
} NevercLTOCodegenAPI;

NEVERC_ABI_PACK_END

#ifdef __cplusplus
}
#endif

#endif /* NEVERC_PLUGIN_PLUGINLTOCODEGEN_H */
