/*===- ObjectTestPlugin.h - What the object test plugin's files share -----===*/
/*
 * The object test plugin is one module built from three files, split by
 * concern (one file was past the project's ~1500 lines):
 *   ObjectTestPlugin.c     the entry, registration, the observers, the
 *                          interceptor's dispatch by mode and the read-only
 *                          walks; the modes are listed at its top
 *   ObjectTestMutations.c  the modes that change the graph or the image
 *   ObjectTestFormats.c    the toy formats and the providers, each under
 *                          the build-time #if that selects it
 * This private header holds what they share: the phase table's row, the
 * plugin's state G and the helpers more than one file calls. Every module
 * is built with hidden visibility (CMakeLists.txt), so these names never
 * leave it; the entry alone is exported.
 */
#ifndef NEVERC_OBJECT_TEST_OBJECTTESTPLUGIN_H
#define NEVERC_OBJECT_TEST_OBJECTTESTPLUGIN_H

#include "TestPlugin.h"

/* The test formats' IDs ("NCTOYFMT" + 1, 2, 3). */
#define TOY_HIGH UINT64_C(0x4e43544f59464d54)
#define TOY_LOW UINT64_C(1)
#define TOY10_LOW UINT64_C(2)
#define BADPROBE_LOW UINT64_C(3)

enum PhaseKey {
  P_PROBE,
  P_READ,
  P_PRE_WRITE,
  P_POST_LAYOUT,
  P_WRITE,
  P_POST_WRITE,
  P_FINAL_VERIFY,
  P_COMMIT,
  P_COUNT
};

typedef struct PhaseRow {
  enum PhaseKey Key;
  uint64_t High, Low;
  const char *Name;
  NevercObserverPoint Points;
  int Intercept;
} PhaseRow;

/* Defined in ObjectTestPlugin.c. */
struct ObjectTestState {
  const NevercCoreAPI *Core;
  const NevercObjectPhaseAPI *Phase;
  const NevercObjectFormatAPI *Format;
  void *Registrar;
  char Mode[32];
  int TriedMutation, TriedBuilder;
  /* mode=stale-proof: the proof post_layout saw (one task, one object). */
  NevercObjectLayoutProofHandle OldProof;
  /* mode=late: the graph pre_write saw, used in the image phases. */
  const NevercObjectAPI *KeptObject;
  NevercObjectGraphHandle KeptGraph;
  /* mode=cross-task: handles of the previous object's task. */
  int HaveOld;
  NevercTaskHandle OldTask;
  NevercObjectGraphHandle OldGraph;
  NevercObjectSectionHandle OldSection;
  /* mode=twice: a continuation kept past its callback. */
  NevercPhaseContinuation *Kept;
};
extern struct ObjectTestState G;

/* "%.*s" of a view. */
#define SV(V) (int)(V).Length, (V).Data ? (V).Data : ""

/* --- ObjectTestPlugin.c: helpers ----------------------------------------- */

int mode(const char *M);
void say(const char *Fmt, ...);
const char *sname(NevercStatus S);
const char *stateName(NevercObjectImageState S);
const char *outputStateName(NevercOutputState S);
const char *visibilityName(uint32_t K);
const char *formatName(NevercObjectFormatID F);
const char *targetName(NevercTargetID T);
extern const uint8_t ElfMagic[4];
int isNull(NevercHandle H);
int same(NevercHandle A, NevercHandle B);
NevercABITableHeader objHeader(uint32_t Size);
NevercStringView sv(const char *S);
NevercByteView bv(const void *P, size_t N);
NevercStatus getGraph(const NevercPhaseFrame *F, NevercArtifactHandle A,
                      NevercObjectPhaseGraphInfo *Out);
NevercStatus getImage(const NevercPhaseFrame *F, NevercArtifactHandle A,
                      NevercObjectImageInfo *Out);
NevercStatus graphInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                       NevercObjectGraphHandle Graph,
                       NevercObjectGraphInfo *Out);
NevercStatus sectionInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                         NevercObjectSectionHandle S,
                         NevercObjectSectionInfo *Out);
NevercStatus symbolInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                        NevercObjectSymbolHandle S,
                        NevercObjectSymbolInfo *Out);
NevercStatus proofInfo(const NevercObjectAPI *O, NevercTaskHandle T,
                       NevercObjectLayoutProofHandle P,
                       NevercObjectLayoutProofInfo *Out);
void sectionList(const NevercObjectAPI *O, NevercTaskHandle T,
                 NevercObjectGraphHandle Graph, char *Out, size_t Size);
NevercObjectSectionDescriptor dataSection(const char *Name, const void *Data,
                                          size_t N);
NevercObjectSymbolDescriptor
definedSymbol(const char *Name, NevercObjectSectionHandle S, uint64_t Size);

/* --- ObjectTestPlugin.c: the interceptor --------------------------------- */

NevercStatus NEVERC_CALL intercept(const NevercPhaseFrame *F,
                                   NevercPhaseContinuation *C,
                                   NevercPhaseResult *R, void *U);

/* --- ObjectTestMutations.c: the modes that change things ----------------- */

void mutate(const NevercPhaseFrame *F);
void edits(const NevercPhaseFrame *F);
void editsInsert(const NevercPhaseFrame *F);
void moveExisting(const NevercPhaseFrame *F);
void descriptors(const NevercPhaseFrame *F);
void abandon(const NevercPhaseFrame *F);
void refusedCommit(const NevercPhaseFrame *F);
void addSection(const char *Who, const NevercPhaseFrame *F, const char *Name);
void staleAfterChange(const char *Who, const NevercPhaseFrame *F);
void keepProof(const NevercPhaseFrame *F);
void anonymous(const NevercPhaseFrame *F);
void overflow(const NevercPhaseFrame *F);
extern const char Appended[16];
void append(const NevercPhaseFrame *F);
void keepGraph(const NevercPhaseFrame *F);
void lateMutation(const char *Who, const NevercPhaseFrame *F);
void crossTask(const NevercPhaseFrame *F);

/* --- ObjectTestFormats.c: formats and providers -------------------------- */

#ifdef OBJECT_TEST_FORMATS
NevercObjectFormatDescriptor toyDescriptor(uint64_t Low, const char *Name,
                                           uint16_t Minor);
NevercStatus registerFormats(void *Ctx);
#endif
#if defined(OBJECT_TEST_PROVIDERS) || defined(OBJECT_TEST_PROBE_PROVIDER)
NevercStatus providerOn(const NevercRegistrarAPI *Reg, void *Ctx,
                        const PhaseRow *P);
#endif
#ifdef OBJECT_TEST_SEAL
NevercStatus sealInterceptor(const NevercRegistrarAPI *Reg, void *Ctx,
                             const PhaseRow *P);
NevercStatus provider(const NevercRegistrarAPI *Reg, void *Ctx,
                      const PhaseRow *P);
#endif

#endif /* NEVERC_OBJECT_TEST_OBJECTTESTPLUGIN_H */
