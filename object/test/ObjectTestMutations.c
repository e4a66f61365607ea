/*===- ObjectTestMutations.c - The object test plugin's mutating modes ----===*/
/*
 * The modes of the object test plugin (ObjectTestPlugin.c lists them) that
 * change the graph or the image: mutate, edits, move, descriptors, abandon,
 * refused-commit, stale-proof, anonymous, overflow, append, late and
 * cross-task. The interceptor in ObjectTestPlugin.c picks one by mode; they
 * are apart from it because the plugin is split by concern
 * (ObjectTestPlugin.h).
 */
#include "ObjectTestPlugin.h"

#include <inttypes.h>

/* --- lookups -------------------------------------------------------------- */

/* The live section named \p Name, or the null handle. */
static NevercObjectSectionHandle findSection(const NevercObjectAPI *O,
                                             NevercTaskHandle T,
                                             NevercObjectGraphHandle Graph,
                                             const char *Name) {
  NevercObjectSectionHandle S, None;
  NevercObjectSectionInfo I;
  memset(&None, 0, sizeof None);
  if (O->GetFirstSection(O->Context, T, Graph, &S).Code)
    return None;
  while (!isNull(S)) {
    if (!sectionInfo(O, T, S, &I).Code && tpSame(I.Name, Name))
      return S;
    if (O->GetNextSection(O->Context, T, S, &S).Code)
      return None;
  }
  return None;
}

static NevercObjectSymbolHandle findSymbol(const NevercObjectAPI *O,
                                           NevercTaskHandle T,
                                           NevercObjectGraphHandle Graph,
                                           const char *Name) {
  NevercObjectSymbolHandle S, None;
  NevercObjectSymbolInfo I;
  memset(&None, 0, sizeof None);
  if (O->GetFirstSymbol(O->Context, T, Graph, &S).Code)
    return None;
  while (!isNull(S)) {
    if (!symbolInfo(O, T, S, &I).Code && tpSame(I.Name, Name))
      return S;
    if (O->GetNextSymbol(O->Context, T, S, &S).Code)
      return None;
  }
  return None;
}

/* --- mutate --------------------------------------------------------------- */

static const char MutateMarker[] = "neverc mutate marker";

void mutate(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Marker, Scratch, Data;
  NevercObjectSymbolHandle Sym, Local, Helper;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectSymbolInfo HI;
  NevercObjectSectionInfo SI;
  NevercStatus S;
  static const uint8_t Zero[4] = {0, 0, 0, 0};
  char List[1024];
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("mutate GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate start gen=%" PRIu64 " sections=%" PRIu64, GI.Generation,
      GI.SectionCount);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("mutate BeginMutation %s", sname(S));
  D = dataSection(".neverc_test", MutateMarker, sizeof MutateMarker);
  S = O->CreateSection(O->Context, T, M, &D, &Marker);
  say("mutate CreateSection .neverc_test %s", sname(S));
  Y = definedSymbol("neverc_test_marker", Marker, sizeof MutateMarker);
  S = O->CreateSymbol(O->Context, T, M, &Y, &Sym);
  say("mutate CreateSymbol neverc_test_marker %s", sname(S));
  /* A local symbol too: locals come first in an ELF symbol table, so
   * every global's index moves (relocations and .llvm_addrsig follow). */
  Y = definedSymbol("neverc_test_local", Marker, 0);
  Y.Binding = NEVERC_OBJECT_SYMBOL_BINDING_LOCAL;
  S = O->CreateSymbol(O->Context, T, M, &Y, &Local);
  say("mutate CreateSymbol neverc_test_local %s", sname(S));
  D = dataSection(".neverc_scratch", Zero, sizeof Zero);
  S = O->CreateSection(O->Context, T, M, &D, &Scratch);
  say("mutate CreateSection .neverc_scratch %s", sname(S));
  /* A pointer to counter: a new section with a relocation of its own. */
  {
    static const uint8_t Slot[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    NevercObjectSectionHandle Ptr;
    NevercObjectSymbolHandle PtrSym;
    NevercObjectRelocationHandle Rel;
    NevercObjectRelocationDescriptor R;
    D = dataSection(".neverc_ptr", Slot, sizeof Slot);
    D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
    D.Alignment = 8;
    S = O->CreateSection(O->Context, T, M, &D, &Ptr);
    say("mutate CreateSection .neverc_ptr %s", sname(S));
    Y = definedSymbol("neverc_test_pointer", Ptr, sizeof Slot);
    S = O->CreateSymbol(O->Context, T, M, &Y, &PtrSym);
    say("mutate CreateSymbol neverc_test_pointer %s", sname(S));
    memset(&R, 0, sizeof R);
    R.Header = objHeader(sizeof R);
    R.Section = Ptr;
    R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
    R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
    R.Width = 8;
    R.TargetSymbol = findSymbol(O, T, PG.Graph, "counter");
    S = O->CreateRelocation(O->Context, T, M, &R, &Rel);
    say("mutate CreateRelocation .neverc_ptr -> counter %s", sname(S));
  }
  /* A staged entity reads back while its mutation is open, but has no
   * place in the order yet. */
  S = sectionInfo(O, T, Marker, &SI);
  say("mutate GetSectionInfo(staged) %s name=%.*s", sname(S), SV(SI.Name));
  {
    NevercObjectSectionHandle After;
    say("mutate GetNextSection(staged) %s",
        sname(O->GetNextSection(O->Context, T, Marker, &After)));
  }
  Helper = findSymbol(O, T, PG.Graph, "helper_visible");
  S = symbolInfo(O, T, Helper, &HI);
  say("mutate GetSymbolInfo helper_visible %s visibility=%s", sname(S),
      visibilityName(HI.Visibility));
  HI.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_HIDDEN;
  S = O->ReplaceSymbol(O->Context, T, M, Helper, &HI);
  say("mutate ReplaceSymbol helper_visible hidden %s", sname(S));
  Data = findSection(O, T, PG.Graph, ".data");
  S = O->MoveSectionBefore(O->Context, T, M, Marker, Data);
  say("mutate MoveSectionBefore .neverc_test .data %s", sname(S));
  {
    NevercObjectSectionHandle Null;
    memset(&Null, 0, sizeof Null);
    say("mutate MoveSectionBefore(null position) %s",
        sname(O->MoveSectionBefore(O->Context, T, M, Marker, Null)));
  }
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate CommitMutation %s gen=%" PRIu64 " sections=%" PRIu64
      " symbols=%" PRIu64,
      sname(S), GI.Generation, GI.SectionCount, GI.SymbolCount);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("mutate BeginMutation(second) %s", sname(S));
  S = O->EraseSection(O->Context, T, M, Scratch);
  say("mutate EraseSection .neverc_scratch %s", sname(S));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("mutate CommitMutation(second) %s gen=%" PRIu64 " sections=%" PRIu64,
      sname(S), GI.Generation, GI.SectionCount);
  say("mutate GetSectionInfo(erased) %s",
      sname(sectionInfo(O, T, Scratch, &SI)));
  S = sectionInfo(O, T, Marker, &SI);
  say("mutate GetSectionInfo .neverc_test %s size=%" PRIu64, sname(S),
      SI.Data.Length);
  sectionList(O, T, PG.Graph, List, sizeof List);
  say("mutate sections %s", List);
}

/* mode=edits: the replace, move and erase slots of relocations and
 * COMDATs, ReplaceSection, and (in post_write) the builder's Insert. Every
 * step is checked in the object written (tests/lit/object/edits.c). */
static const uint8_t EditsOld[4] = {'o', 'l', 'd', '!'};
static const uint8_t EditsNew[8] = {'r', 'e', 'p', 'l', 'a', 'c', 'e', 'd'};
static const uint8_t EditsSlots[16] = {0};

static NevercObjectRelocationDescriptor
absoluteRelocation(NevercObjectSectionHandle In, uint64_t Offset,
                   NevercObjectSymbolHandle To, int64_t Addend) {
  NevercObjectRelocationDescriptor R;
  memset(&R, 0, sizeof R);
  R.Header = objHeader(sizeof R);
  R.Section = In;
  R.Offset = Offset;
  R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
  R.Width = 8;
  R.TargetSymbol = To;
  R.Addend = Addend;
  return R;
}

static NevercObjectComdatDescriptor comdatNamed(const char *Name) {
  NevercObjectComdatDescriptor C;
  memset(&C, 0, sizeof C);
  C.Header = objHeader(sizeof C);
  C.Name = sv(Name);
  C.Selection = NEVERC_OBJECT_COMDAT_ANY;
  return C;
}

void edits(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text, Slots, Grouped;
  NevercObjectSymbolHandle Counter, GroupSym;
  NevercObjectRelocationHandle R1, R2, R3;
  NevercObjectComdatHandle Keep, Drop;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectRelocationDescriptor R;
  NevercObjectComdatDescriptor C;
  NevercObjectRelocationInfo RI;
  NevercObjectComdatInfo CI;
  NevercObjectComdatHandle First;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  Counter = findSymbol(O, T, PG.Graph, "counter");
  say("edits BeginMutation %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M)));
  /* A section whose bytes are replaced before the commit. */
  D = dataSection(".neverc_edit", EditsOld, sizeof EditsOld);
  say("edits CreateSection .neverc_edit %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Text)));
  D = dataSection(".neverc_edit", EditsNew, sizeof EditsNew);
  say("edits ReplaceSection .neverc_edit %s",
      sname(O->ReplaceSection(O->Context, T, M, Text, &D)));
  /* Two pointer slots, three relocations: one erased, one replaced (its
   * addend), one moved before the first. */
  D = dataSection(".neverc_slots", EditsSlots, sizeof EditsSlots);
  D.Flags |= NEVERC_OBJECT_SECTION_WRITABLE;
  D.Alignment = 8;
  say("edits CreateSection .neverc_slots %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Slots)));
  R = absoluteRelocation(Slots, 0, Counter, 0);
  say("edits CreateRelocation slot0 %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R1)));
  R = absoluteRelocation(Slots, 8, Counter, 0);
  say("edits CreateRelocation slot8 %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R2)));
  R = absoluteRelocation(Slots, 8, Counter, 99);
  say("edits CreateRelocation slot8-extra %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &R3)));
  R = absoluteRelocation(Slots, 8, Counter, 4);
  say("edits ReplaceRelocation slot8 addend=4 %s",
      sname(O->ReplaceRelocation(O->Context, T, M, R2, &R)));
  say("edits MoveRelocationBefore slot8 slot0 %s",
      sname(O->MoveRelocationBefore(O->Context, T, M, R2, R1)));
  say("edits EraseRelocation slot8-extra %s",
      sname(O->EraseRelocation(O->Context, T, M, R3)));
  /* Two COMDATs: one kept (renamed by ReplaceComdat, moved first) with a
   * section and its signature symbol, one erased. */
  C = comdatNamed("neverc_group_old");
  say("edits CreateComdat neverc_group_old %s",
      sname(O->CreateComdat(O->Context, T, M, &C, &Keep)));
  C = comdatNamed("neverc_group_drop");
  say("edits CreateComdat neverc_group_drop %s",
      sname(O->CreateComdat(O->Context, T, M, &C, &Drop)));
  C = comdatNamed("neverc_group");
  say("edits ReplaceComdat neverc_group %s",
      sname(O->ReplaceComdat(O->Context, T, M, Keep, &C)));
  say("edits MoveComdatBefore %s",
      sname(O->MoveComdatBefore(O->Context, T, M, Drop, Keep)));
  say("edits MoveComdatBefore(back) %s",
      sname(O->MoveComdatBefore(O->Context, T, M, Keep, Drop)));
  say("edits EraseComdat neverc_group_drop %s",
      sname(O->EraseComdat(O->Context, T, M, Drop)));
  D = dataSection(".neverc_grouped", EditsOld, sizeof EditsOld);
  D.Comdat = Keep;
  say("edits CreateSection .neverc_grouped %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Grouped)));
  Y = definedSymbol("neverc_group", Grouped, sizeof EditsOld);
  Y.Binding = NEVERC_OBJECT_SYMBOL_BINDING_WEAK;
  Y.Comdat = Keep;
  say("edits CreateSymbol neverc_group %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &GroupSym)));
  say("edits CommitMutation %s", sname(O->CommitMutation(O->Context, T, M)));
  /* The committed order and fields read back. */
  memset(&RI, 0, sizeof RI);
  RI.Header = objHeader(sizeof RI);
  say("edits GetRelocationInfo slot8 %s offset=%" PRIu64 " addend=%" PRId64,
      sname(O->GetRelocationInfo(O->Context, T, R2, &RI)), RI.Offset,
      RI.Addend);
  say("edits GetRelocationInfo(erased) %s",
      sname(O->GetRelocationInfo(O->Context, T, R3, &RI)));
  say("edits GetFirstComdat %s",
      sname(O->GetFirstComdat(O->Context, T, PG.Graph, &First)));
  memset(&CI, 0, sizeof CI);
  CI.Header = objHeader(sizeof CI);
  O->GetComdatInfo(O->Context, T, First, &CI);
  say("edits first COMDAT %.*s same-as-kept=%d", SV(CI.Name),
      same(First, Keep));
  say("edits GetComdatInfo(erased) %s",
      sname(O->GetComdatInfo(O->Context, T, Drop, &CI)));
}

/* mode=edits in post_write: Insert shifts the tail; the host's audit then
 * still reads the image (4 bytes inserted at the very end). */
void editsInsert(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  uint64_t Size;
  if (getImage(F, F->Input, &I).Code)
    return;
  Size = I.Size;
  say("edits Insert(end) %s",
      sname(I.Binary->Insert(I.Binary->Context, F->Task, I.Builder, Size,
                             bv("INS!", 4))));
  say("edits Insert(past the end) %s",
      sname(I.Binary->Insert(I.Binary->Context, F->Task, I.Builder, Size + 99,
                             bv("x", 1))));
  getImage(F, F->Input, &I);
  say("edits size-grew-by=%" PRIu64, I.Size - Size);
}

/* mode=move: an existing section moved: .data before .text. */
void moveExisting(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercStatus S;
  char List[1024];
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("move BeginMutation %s", sname(S));
  say("move MoveSectionBefore .data .text %s",
      sname(O->MoveSectionBefore(O->Context, T, M,
                                 findSection(O, T, PG.Graph, ".data"),
                                 findSection(O, T, PG.Graph, ".text"))));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("move CommitMutation %s gen=%" PRIu64, sname(S), GI.Generation);
  sectionList(O, T, PG.Graph, List, sizeof List);
  say("move sections %s", List);
}

/* mode=descriptors: what the staging slots refuse (each with a warning
 * naming the slot); then the mutation is abandoned. */
void descriptors(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectRelocationDescriptor R;
  NevercObjectSectionHandle Sec, Text, Null;
  NevercObjectSymbolHandle Sym;
  NevercObjectRelocationHandle Rel;
  static const uint8_t Four[4] = {1, 2, 3, 4};
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  memset(&Null, 0, sizeof Null);
  Text = findSection(O, T, PG.Graph, ".text");
  say("descriptors BeginMutation %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M)));
  D = dataSection("", Four, sizeof Four);
  say("descriptors CreateSection(empty name) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Kind = 7;
  say("descriptors CreateSection(kind 7) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Alignment = 3;
  say("descriptors CreateSection(alignment 3) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Reserved = 1;
  say("descriptors CreateSection(Reserved 1) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Header.Major = 99;
  say("descriptors CreateSection(major 99) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  D = dataSection(".bad", Four, sizeof Four);
  D.Kind = NEVERC_OBJECT_SECTION_KIND_ZERO_FILL;
  say("descriptors CreateSection(zero-fill with data) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Sec)));
  say("descriptors CreateSection(null out) %s",
      sname(O->CreateSection(O->Context, T, M, &D, NULL)));
  Y = definedSymbol("bad_symbol", Null, 0);
  say("descriptors CreateSymbol(defined, no section) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  Y = definedSymbol("bad_symbol", Text, 0);
  Y.Value = 1u << 20;
  say("descriptors CreateSymbol(value past its section) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  Y = definedSymbol("bad_symbol", Text, 0);
  Y.Binding = 0x12345678;
  say("descriptors CreateSymbol(binding outside the schema) %s",
      sname(O->CreateSymbol(O->Context, T, M, &Y, &Sym)));
  memset(&R, 0, sizeof R);
  R.Header = objHeader(sizeof R);
  R.Section = Text;
  R.Offset = 1u << 20;
  R.Kind = NEVERC_OBJECT_RELOCATION_ABSOLUTE;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_ABSOLUTE;
  R.Width = 8;
  say("descriptors CreateRelocation(past its section) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.Offset = 0;
  R.Width = 16;
  say("descriptors CreateRelocation(width 16) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.Width = 8;
  R.IsPCRelative = 2;
  say("descriptors CreateRelocation(IsPCRelative 2) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  R.IsPCRelative = NEVERC_FALSE;
  R.Width = 1;
  R.TargetKind = NEVERC_OBJECT_RELOCATION_TARGET_SYMBOL;
  say("descriptors CreateRelocation(symbol target, no symbol) %s",
      sname(O->CreateRelocation(O->Context, T, M, &R, &Rel)));
  say("descriptors AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, T, M)));
}

/* --- abandon -------------------------------------------------------------- */

void abandon(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M, M2;
  NevercObjectSectionHandle Gone, Late;
  NevercObjectSymbolHandle GoneSym;
  NevercObjectSectionDescriptor D;
  NevercObjectSymbolDescriptor Y;
  NevercObjectSectionInfo SI;
  NevercObjectSymbolInfo YI;
  NevercStatus S;
  static const uint8_t Bytes[8] = "gone!!!";
  uint64_t Sections;
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("abandon GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  Sections = GI.SectionCount;
  say("abandon start gen=%" PRIu64, GI.Generation);

  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("abandon BeginMutation %s", sname(S));
  say("abandon BeginMutation(while one is open) %s",
      sname(O->BeginMutation(O->Context, T, PG.Graph, &M2)));
  D = dataSection(".neverc_gone", Bytes, sizeof Bytes);
  S = O->CreateSection(O->Context, T, M, &D, &Gone);
  say("abandon CreateSection %s", sname(S));
  Y = definedSymbol("neverc_gone", Gone, sizeof Bytes);
  S = O->CreateSymbol(O->Context, T, M, &Y, &GoneSym);
  say("abandon CreateSymbol %s", sname(S));
  say("abandon GetSectionInfo(staged) %s", sname(sectionInfo(O, T, Gone, &SI)));
  S = O->AbandonMutation(O->Context, T, M);
  say("abandon AbandonMutation %s", sname(S));
  say("abandon GetSectionInfo(abandoned) %s",
      sname(sectionInfo(O, T, Gone, &SI)));
  say("abandon GetSymbolInfo(abandoned) %s",
      sname(symbolInfo(O, T, GoneSym, &YI)));
  say("abandon CommitMutation(abandoned mutation) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("abandon AbandonMutation(again) %s",
      sname(O->AbandonMutation(O->Context, T, M)));
  graphInfo(O, T, PG.Graph, &GI);
  say("abandon after-abandon gen=%" PRIu64 " sections-unchanged=%d",
      GI.Generation, GI.SectionCount == Sections);

  /* An empty mutation committed: the generation moves on, nothing else. */
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("abandon BeginMutation(empty) %s", sname(S));
  S = O->CommitMutation(O->Context, T, M);
  graphInfo(O, T, PG.Graph, &GI);
  say("abandon CommitMutation(empty) %s gen=%" PRIu64, sname(S), GI.Generation);
  D = dataSection(".neverc_late", Bytes, sizeof Bytes);
  say("abandon CreateSection(committed mutation) %s",
      sname(O->CreateSection(O->Context, T, M, &D, &Late)));
  say("abandon CommitMutation(committed mutation) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("abandon AbandonMutation(committed mutation) %s",
      sname(O->AbandonMutation(O->Context, T, M)));

  graphInfo(O, T, PG.Graph, &GI);
  say("abandon end gen=%" PRIu64 " sections-unchanged=%d", GI.Generation,
      GI.SectionCount == Sections);
}

/* A refused commit leaves the mutation open and nothing applied: the
 * plugin still owes it one end, and may abandon it. */
void refusedCommit(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercTaskHandle T = F->Task;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Text;
  NevercObjectSectionInfo SI;
  NevercStatus S;
  uint64_t Sections, Gen;
  if ((S = getGraph(F, F->Input, &PG)).Code) {
    say("refused-commit GetGraph %s", sname(S));
    return;
  }
  O = PG.Object;
  graphInfo(O, T, PG.Graph, &GI);
  Sections = GI.SectionCount;
  Gen = GI.Generation;
  Text = findSection(O, T, PG.Graph, ".text");
  S = O->BeginMutation(O->Context, T, PG.Graph, &M);
  say("refused-commit BeginMutation %s", sname(S));
  say("refused-commit EraseSection .text %s",
      sname(O->EraseSection(O->Context, T, M, Text)));
  say("refused-commit CommitMutation(dangling) %s",
      sname(O->CommitMutation(O->Context, T, M)));
  say("refused-commit AbandonMutation %s",
      sname(O->AbandonMutation(O->Context, T, M)));
  say("refused-commit GetSectionInfo .text %s",
      sname(sectionInfo(O, T, Text, &SI)));
  graphInfo(O, T, PG.Graph, &GI);
  say("refused-commit end generation-unchanged=%d sections-unchanged=%d",
      GI.Generation == Gen, GI.SectionCount == Sections);
}

/* --- stale-proof ---------------------------------------------------------- */

void addSection(const char *Who, const NevercPhaseFrame *F, const char *Name) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSectionHandle Sec;
  NevercObjectSectionDescriptor D;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  D = dataSection(Name, Name, strlen(Name) + 1);
  S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M);
  if (!S.Code)
    S = O->CreateSection(O->Context, F->Task, M, &D, &Sec);
  if (!S.Code)
    S = O->CommitMutation(O->Context, F->Task, M);
  else
    O->AbandonMutation(O->Context, F->Task, M);
  graphInfo(O, F->Task, PG.Graph, &GI);
  say("%s add %s %s gen=%" PRIu64 " has-proof=%d", Who, Name, sname(S),
      GI.Generation, GI.HasLayoutProof ? 1 : 0);
}

void staleAfterChange(const char *Who, const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectLayoutProofHandle P;
  NevercObjectLayoutProofInfo I;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  S = PG.Object->GetLayoutProof(PG.Object->Context, F->Task, PG.Graph, &P);
  say("%s GetLayoutProof(after the change) %s null=%d phase-view-null=%d", Who,
      sname(S), isNull(P), isNull(PG.LayoutProof));
  say("%s GetLayoutProofInfo(old proof) %s", Who,
      sname(proofInfo(PG.Object, F->Task, G.OldProof, &I)));
}

void keepProof(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  if (!getGraph(F, F->Input, &PG).Code)
    G.OldProof = PG.LayoutProof;
}

/* --- the anonymous symbol (rule 14) --------------------------------------- */

void anonymous(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  const NevercObjectAPI *O;
  NevercObjectMutationHandle M;
  NevercObjectSymbolHandle Y;
  NevercObjectSymbolDescriptor D;
  NevercStatus S;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  memset(&D, 0, sizeof D);
  D.Header = objHeader(sizeof D);
  D.Name.Data = "";
  D.Name.Length = 0;
  D.Binding = NEVERC_OBJECT_SYMBOL_BINDING_GLOBAL;
  D.Visibility = NEVERC_OBJECT_SYMBOL_VISIBILITY_DEFAULT;
  D.Type = NEVERC_OBJECT_SYMBOL_TYPE_NO_TYPE;
  D.Definition = NEVERC_OBJECT_SYMBOL_DEFINITION_UNDEFINED;
  S = O->BeginMutation(O->Context, F->Task, PG.Graph, &M);
  say("anonymous BeginMutation %s", sname(S));
  S = O->CreateSymbol(O->Context, F->Task, M, &D, &Y);
  say("anonymous CreateSymbol(empty name) %s", sname(S));
  S = O->CommitMutation(O->Context, F->Task, M);
  say("anonymous CommitMutation %s", sname(S));
}

/* --- post_write: the builder ---------------------------------------------- */

void overflow(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  const NevercMutableBinaryAPI *B;
  NevercStatus S;
  uint64_t Size, Pos = 0;
  if ((S = getImage(F, F->Input, &I)).Code) {
    say("overflow GetImage %s", sname(S));
    return;
  }
  B = I.Binary;
  Size = I.Size;
  say("overflow image state=%s size>0=%d", stateName(I.State), Size > 0);
  say("overflow Reserve(size-1) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size - 1)));
  say("overflow Reserve(size) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size)));
  say("overflow Append(1 byte) %s",
      sname(B->Append(B->Context, F->Task, I.Builder, bv("!", 1))));
  getImage(F, F->Input, &I);
  say("overflow after state=%s output=%s size-unchanged=%d", stateName(I.State),
      outputStateName(I.OutputState), I.Size == Size);
  say("overflow Append(again) %s",
      sname(B->Append(B->Context, F->Task, I.Builder, bv("!", 1))));
  say("overflow Reserve(after abort) %s",
      sname(B->Reserve(B->Context, F->Task, I.Builder, Size * 2)));
  S = B->Tell(B->Context, F->Task, I.Builder, &Pos);
  say("overflow Tell %s", sname(S));
}

const char Appended[16] = {'n', 'e', 'v', 'e', 'r', 'c', '-', 'a',
                           'p', 'p', 'e', 'n', 'd', '-', '1', '6'};

void append(const NevercPhaseFrame *F) {
  NevercObjectImageInfo I;
  const NevercMutableBinaryAPI *B;
  NevercStatus S;
  uint64_t Size, Gen, Before = 99, After = 99;
  uint8_t Back[16];
  NevercMutableByteView Into;
  if ((S = getImage(F, F->Input, &I)).Code) {
    say("append GetImage %s", sname(S));
    return;
  }
  B = I.Binary;
  Size = I.Size;
  Gen = I.PublicationGeneration;
  B->Tell(B->Context, F->Task, I.Builder, &Before);
  S = B->Append(B->Context, F->Task, I.Builder, bv(Appended, sizeof Appended));
  say("append Append(16) %s", sname(S));
  B->Tell(B->Context, F->Task, I.Builder, &After);
  Into.Data = Back;
  Into.Length = sizeof Back;
  S = B->ReadAt(B->Context, F->Task, I.Builder, Size, Into);
  say("append ReadAt(size) %s same=%d", sname(S),
      !memcmp(Back, Appended, sizeof Back));
  Into.Length = sizeof Back + 1;
  say("append ReadAt(past the end) %s",
      sname(B->ReadAt(B->Context, F->Task, I.Builder, Size, Into)));
  say("append WriteAt(past the end) %s",
      sname(B->WriteAt(B->Context, F->Task, I.Builder, Size + 16, bv("x", 1))));
  getImage(F, F->Input, &I);
  say("append size-grew-by=%" PRIu64 " publication-bumped=%d tell-unchanged=%d "
      "state=%s",
      I.Size - Size, I.PublicationGeneration > Gen, Before == After,
      stateName(I.State));
}

/* --- late: the graph after the graph phases ------------------------------- */

void keepGraph(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  if (!getGraph(F, F->Input, &PG).Code) {
    G.KeptObject = PG.Object;
    G.KeptGraph = PG.Graph;
  }
}

void lateMutation(const char *Who, const NevercPhaseFrame *F) {
  const NevercObjectAPI *O = G.KeptObject;
  NevercObjectGraphInfo GI;
  NevercObjectMutationHandle M;
  NevercStatus S;
  if (!O)
    return;
  S = graphInfo(O, F->Task, G.KeptGraph, &GI);
  say("late %s GetGraphInfo %s gen=%" PRIu64, Who, sname(S), GI.Generation);
  S = O->BeginMutation(O->Context, F->Task, G.KeptGraph, &M);
  say("late %s BeginMutation %s", Who, sname(S));
  if (!S.Code)
    O->AbandonMutation(O->Context, F->Task, M);
}

/* --- cross-task: handles kept from the previous object (-c a.c b.c) ------- */

void crossTask(const NevercPhaseFrame *F) {
  NevercObjectPhaseGraphInfo PG;
  NevercObjectGraphInfo GI;
  NevercObjectSectionInfo SI;
  const NevercObjectAPI *O;
  if (getGraph(F, F->Input, &PG).Code)
    return;
  O = PG.Object;
  if (G.HaveOld) {
    say("cross-task GetSectionInfo(section of the last task) %s",
        sname(sectionInfo(O, F->Task, G.OldSection, &SI)));
    say("cross-task GetGraphInfo(graph of the last task) %s",
        sname(graphInfo(O, F->Task, G.OldGraph, &GI)));
    say("cross-task GetGraphInfo(the last task) %s",
        sname(graphInfo(O, G.OldTask, PG.Graph, &GI)));
  }
  G.HaveOld =
      !O->GetFirstSection(O->Context, F->Task, PG.Graph, &G.OldSection).Code;
  G.OldGraph = PG.Graph;
  G.OldTask = F->Task;
  say("cross-task kept %s", G.HaveOld ? "a section" : "nothing");
}
