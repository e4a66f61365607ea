//===- Slots.cpp - The 37 slots of NevercPrepAPI (LLVM-free) --------------===//
#include "Payloads.h"
#include "PrepInternal.h"

#include <cstddef>

namespace neverc::prep {

namespace {

#define PREP_TRY(X)                                                            \
  do {                                                                         \
    NevercStatus S_ = (X);                                                     \
    if (!isOk(S_))                                                             \
      return S_;                                                               \
  } while (0)

/// Token handle → stored token (WRONG_TYPE / STALE_HANDLE / WRONG_SCOPE …).
NevercStatus tokenAt(PrepDomain::Impl &D, TaskState &TS, NevercTokenHandle H,
                     StoredToken **Out) {
  PREP_TRY(checkScope(D, TS, H, PrepHandleKind::Token));
  StoredToken *Slot = TS.Tokens.lookup(H);
  if (!Slot)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = Slot;
  return okStatus();
}

template <class V>
NevercStatus lookupIn(PrepDomain::Impl &D, TaskState &TS,
                      core::HandleTable<V> &Table, NevercHandle H,
                      PrepHandleKind K, V **Out) {
  PREP_TRY(checkScope(D, TS, H, K));
  V *Slot = Table.lookup(H);
  if (!Slot)
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = Slot;
  return okStatus();
}

NevercStatus needBackend(TaskState &TS) {
  return TS.Backend ? okStatus() : st(NEVERC_STATUS_INVALID_STATE);
}

/// A plain out pointer: NULL → INVALID_ARGUMENT.
NevercStatus needOut(const void *Out) {
  return Out ? okStatus() : st(NEVERC_STATUS_INVALID_ARGUMENT);
}

/// The body of a task-taking slot: \p Pre (the slot's argument checks,
/// which come first), then the task, then \p Fn(domain, task state).
template <class F>
NevercStatus inTask(void *Ctx, NevercTaskHandle Task, NevercStatus Pre,
                    F &&Fn) {
  return guard([&] {
    PREP_TRY(Pre);
    PrepDomain::Impl &D = impl(Ctx);
    core::Task *T;
    TaskState *TS;
    PREP_TRY(taskOf(D, Task, &T, &TS));
    return Fn(D, *TS);
  });
}

/// The same for a slot on one record of the task: \p Fn(domain, task
/// state, the record \p H names in \p Table).
template <class V, class F>
NevercStatus onHandle(void *Ctx, NevercTaskHandle Task, NevercStatus Pre,
                      core::HandleTable<V> TaskState::*Table, PrepHandleKind K,
                      NevercHandle H, F &&Fn) {
  return inTask(Ctx, Task, Pre, [&](PrepDomain::Impl &D, TaskState &TS) {
    V *Rec;
    PREP_TRY(lookupIn(D, TS, TS.*Table, H, K, &Rec));
    return Fn(D, TS, *Rec);
  });
}

/// The same for a slot on a native object of the live preprocessor, which
/// needs the bound backend (INVALID_STATE without one).
template <class F>
NevercStatus onNative(void *Ctx, NevercTaskHandle Task, NevercStatus Pre,
                      core::HandleTable<void *> TaskState::*Table,
                      PrepHandleKind K, NevercHandle H, F &&Fn) {
  return onHandle(Ctx, Task, Pre, Table, K, H,
                  [&](PrepDomain::Impl &D, TaskState &TS, void *N) {
                    PREP_TRY(needBackend(TS));
                    return Fn(D, TS, N);
                  });
}

/// The body of a token-builder slot: \p Fn(domain, task state, builder).
template <class F>
NevercStatus onBuilder(void *Ctx, NevercTaskHandle Task,
                       NevercTokenBuilderHandle Builder, NevercStatus Pre,
                       F &&Fn) {
  return onHandle(
      Ctx, Task, Pre, &TaskState::Builders, PrepHandleKind::TokenBuilder,
      Builder,
      [&](PrepDomain::Impl &D, TaskState &TS,
          std::unique_ptr<TokenBuilderModel> &B) { return Fn(D, TS, *B); });
}

/// Destroy*: forgets the record \p H names in \p Table.
template <class V>
NevercStatus destroyHandle(void *Ctx, NevercTaskHandle Task,
                           core::HandleTable<V> TaskState::*Table,
                           PrepHandleKind K, NevercHandle H) {
  return onHandle(Ctx, Task, okStatus(), Table, K, H,
                  [&](PrepDomain::Impl &, TaskState &TS, V &) {
                    (TS.*Table).erase(H);
                    return okStatus();
                  });
}

/// Everything GetTokenInfo reports. Pending facts are computed on this
/// first request (PrepDomain.h: TokenModel).
NevercTokenInfo tokenInfo(PrepDomain::Impl &D, TaskState &TS, StoredToken &M) {
  const TokenFacts &F = D.facts(TS, M);
  NevercTokenInfo I{};
  I.Kind = M.Kind;
  I.Flags = M.Flags;
  I.Origin = F.Origin;
  I.Spelling = sv(F.Spelling); // facts records never move
  I.Location = F.Location;
  I.Range = F.Range;
  PrepDomain::Impl::tokenHandles(TS, M, I.Identifier, I.MacroDefinition);
  return I;
}

using TokenList = std::unique_ptr<std::vector<NevercTokenHandle>>;

//===--- 1-4: tokens and streams ----------------------------------------===//

NevercStatus NEVERC_CALL getTokenInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercTokenHandle Token,
                                      NevercTokenInfo *OutInfo) {
  return inTask(Ctx, Task, checkHeader(OutInfo, sizeof(NevercTokenInfo)),
                [&](PrepDomain::Impl &D, TaskState &TS) {
                  StoredToken *M;
                  PREP_TRY(tokenAt(D, TS, Token, &M));
                  writeOut(OutInfo, tokenInfo(D, TS, *M));
                  return okStatus();
                });
}

NevercStatus NEVERC_CALL getTokenInfoBatch(void *Ctx, NevercTaskHandle Task,
                                           const NevercTokenHandle *Tokens,
                                           uint64_t TokenCount,
                                           NevercTokenInfo *OutInfos,
                                           uint64_t OutInfoCapacity) {
  bool Bad =
      (TokenCount && (!Tokens || !OutInfos)) || OutInfoCapacity < TokenCount;
  return inTask(
      Ctx, Task, Bad ? st(NEVERC_STATUS_INVALID_ARGUMENT) : okStatus(),
      [&](PrepDomain::Impl &D, TaskState &TS) {
        std::vector<StoredToken *> Ms(TokenCount);
        for (uint64_t I = 0; I < TokenCount; ++I) {
          PREP_TRY(checkHeader(&OutInfos[I], sizeof(NevercTokenInfo)));
          PREP_TRY(tokenAt(D, TS, Tokens[I], &Ms[I]));
        }
        for (uint64_t I = 0; I < TokenCount; ++I)
          writeOut(&OutInfos[I], tokenInfo(D, TS, *Ms[I]));
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getTokenStreamView(void *Ctx, NevercTaskHandle Task,
                                            NevercTokenStreamHandle Stream,
                                            NevercTokenViewList *OutView) {
  return onHandle(Ctx, Task, checkHeader(OutView, sizeof(NevercTokenViewList)),
                  &TaskState::Streams, PrepHandleKind::TokenStream, Stream,
                  [&](PrepDomain::Impl &D, TaskState &TS, TokenList &S) {
                    auto &Views = TS.own<std::vector<NevercTokenView>>();
                    Views.reserve(S->size());
                    for (NevercTokenHandle H : *S) {
                      StoredToken *Tok = TS.Tokens.lookup(H);
                      NevercTokenView V{};
                      if (Tok) {
                        const TokenFacts &F = D.facts(TS, *Tok);
                        V.Kind = Tok->Kind;
                        V.Flags = Tok->Flags;
                        V.Origin = F.Origin;
                        V.Spelling = sv(F.Spelling); // records never move
                      } else {
                        V.Kind = NEVERC_TOKEN_UNKNOWN;
                      }
                      Views.push_back(V);
                    }
                    NevercTokenViewList L{};
                    L.Data = Views.data();
                    L.Count = Views.size();
                    L.Stride = sizeof(NevercTokenView);
                    writeOut(OutView, L);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL getTokenStreamToken(void *Ctx, NevercTaskHandle Task,
                                             NevercTokenStreamHandle Stream,
                                             uint64_t Index,
                                             NevercTokenHandle *OutToken) {
  return onHandle(Ctx, Task, needOut(OutToken), &TaskState::Streams,
                  PrepHandleKind::TokenStream, Stream,
                  [&](PrepDomain::Impl &, TaskState &, TokenList &S) {
                    if (Index >= S->size())
                      return st(NEVERC_STATUS_NOT_FOUND);
                    *OutToken = (*S)[Index];
                    return okStatus();
                  });
}

//===--- 5-13: identifiers and macros -----------------------------------===//

NevercStatus NEVERC_CALL getIdentifierInfo(void *Ctx, NevercTaskHandle Task,
                                           NevercIdentifierHandle Identifier,
                                           NevercIdentifierInfo *OutInfo) {
  return onNative(Ctx, Task, checkHeader(OutInfo, sizeof(NevercIdentifierInfo)),
                  &TaskState::Identifiers, PrepHandleKind::Identifier,
                  Identifier, [&](PrepDomain::Impl &, TaskState &TS, void *N) {
                    auto &F = TS.own<IdentifierFacts>();
                    if (!TS.Backend->identifierFacts(N, F))
                      return st(NEVERC_STATUS_STALE_HANDLE);
                    NevercIdentifierInfo I{};
                    I.Name = sv(F.Name);
                    I.TokenKind = F.TokenKind;
                    I.PPKeywordKind = F.PPKeywordKind;
                    I.BuiltinID = F.BuiltinID;
                    I.Flags = F.Flags;
                    writeOut(OutInfo, I);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL
getOrCreateIdentifier(void *Ctx, NevercTaskHandle Task, NevercStringView Name,
                      NevercIdentifierHandle *OutIdentifier) {
  bool Bad = !OutIdentifier || !Name.Length || !Name.Data ||
             std::string_view(Name.Data, Name.Length).find('\0') !=
                 std::string_view::npos;
  return inTask(
      Ctx, Task, Bad ? st(NEVERC_STATUS_INVALID_ARGUMENT) : okStatus(),
      [&](PrepDomain::Impl &, TaskState &TS) {
        PREP_TRY(needBackend(TS));
        void *Native = TS.Backend->getOrCreateIdentifier(
            std::string_view(Name.Data, Name.Length));
        if (!Native)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        *OutIdentifier = PrepDomain::Impl::identifierHandle(TS, Native);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getMacroDefinitionForIdentifier(
    void *Ctx, NevercTaskHandle Task, NevercIdentifierHandle Identifier,
    NevercMacroDefinitionHandle *OutDefinition) {
  return onNative(Ctx, Task, needOut(OutDefinition), &TaskState::Identifiers,
                  PrepHandleKind::Identifier, Identifier,
                  [&](PrepDomain::Impl &, TaskState &TS, void *N) {
                    void *Dir = nullptr;
                    void *Def = TS.Backend->macroDefinitionOf(N, &Dir);
                    *OutDefinition =
                        PrepDomain::Impl::definitionHandle(TS, Def);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL getMacroDefinitionInfo(
    void *Ctx, NevercTaskHandle Task, NevercMacroDefinitionHandle Definition,
    NevercMacroDefinitionInfo *OutInfo) {
  return onNative(
      Ctx, Task, checkHeader(OutInfo, sizeof(NevercMacroDefinitionInfo)),
      &TaskState::MacroDefinitions, PrepHandleKind::MacroDefinition, Definition,
      [&](PrepDomain::Impl &, TaskState &TS, void *N) {
        MacroDefinitionFacts F;
        if (!TS.Backend->macroDefinitionFacts(N, F))
          return st(NEVERC_STATUS_STALE_HANDLE);
        NevercMacroDefinitionInfo I{};
        MacroDirectiveFacts DF;
        if (F.Directive && TS.Backend->macroDirectiveFacts(F.Directive, DF))
          I.Name = PrepDomain::Impl::identifierHandle(TS, DF.Identifier);
        I.Directive = PrepDomain::Impl::directiveHandle(TS, F.Directive);
        I.DefinitionLocation = F.DefinitionLocation;
        I.DefinitionEndLocation = F.DefinitionEndLocation;
        I.UndefinitionLocation = F.UndefinitionLocation;
        I.ParameterCount = F.ParameterCount;
        I.ReplacementTokenCount = F.ReplacementTokenCount;
        I.Flags = F.Flags;
        writeOut(OutInfo, I);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getMacroParameter(
    void *Ctx, NevercTaskHandle Task, NevercMacroDefinitionHandle Definition,
    uint32_t Index, NevercIdentifierHandle *OutParameter) {
  return onNative(Ctx, Task, needOut(OutParameter),
                  &TaskState::MacroDefinitions, PrepHandleKind::MacroDefinition,
                  Definition, [&](PrepDomain::Impl &, TaskState &TS, void *N) {
                    void *P = TS.Backend->macroParameter(N, Index);
                    if (!P)
                      return st(NEVERC_STATUS_NOT_FOUND);
                    *OutParameter = PrepDomain::Impl::identifierHandle(TS, P);
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL getMacroReplacementToken(
    void *Ctx, NevercTaskHandle Task, NevercMacroDefinitionHandle Definition,
    uint32_t Index, NevercTokenHandle *OutToken) {
  return onNative(Ctx, Task, needOut(OutToken), &TaskState::MacroDefinitions,
                  PrepHandleKind::MacroDefinition, Definition,
                  [&](PrepDomain::Impl &, TaskState &TS, void *N) {
                    TokenModel M;
                    if (!TS.Backend->macroReplacementToken(N, Index, M))
                      return st(NEVERC_STATUS_NOT_FOUND);
                    *OutToken = TS.mintToken(std::move(M));
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL getMacroDirectiveInfo(
    void *Ctx, NevercTaskHandle Task, NevercMacroDirectiveHandle Directive,
    NevercMacroDirectiveInfo *OutInfo) {
  return onNative(
      Ctx, Task, checkHeader(OutInfo, sizeof(NevercMacroDirectiveInfo)),
      &TaskState::MacroDirectives, PrepHandleKind::MacroDirective, Directive,
      [&](PrepDomain::Impl &, TaskState &TS, void *N) {
        MacroDirectiveFacts F;
        if (!TS.Backend->macroDirectiveFacts(N, F))
          return st(NEVERC_STATUS_STALE_HANDLE);
        NevercMacroDirectiveInfo I{};
        I.Kind = F.Kind;
        I.Location = F.Location;
        I.Previous = PrepDomain::Impl::directiveHandle(TS, F.Previous);
        I.Definition = PrepDomain::Impl::definitionHandle(TS, F.Definition);
        writeOut(OutInfo, I);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getMacroArgumentInfo(
    void *Ctx, NevercTaskHandle Task, NevercMacroArgumentHandle Arguments,
    NevercMacroArgumentInfo *OutInfo) {
  return onHandle(
      Ctx, Task, checkHeader(OutInfo, sizeof(NevercMacroArgumentInfo)),
      &TaskState::Arguments, PrepHandleKind::MacroArguments, Arguments,
      [&](PrepDomain::Impl &, TaskState &,
          std::unique_ptr<MacroArgumentsModel> &A) {
        NevercMacroArgumentInfo I{};
        I.ArgumentCount = A->ArgumentCount;
        I.VarargsElided = A->VarargsElided;
        writeOut(OutInfo, I);
        return okStatus();
      });
}

NevercStatus NEVERC_CALL getMacroArgumentTokenStream(
    void *Ctx, NevercTaskHandle Task, NevercMacroArgumentHandle Arguments,
    uint32_t Index, NevercTokenStreamHandle *OutStream) {
  return onHandle(Ctx, Task, needOut(OutStream), &TaskState::Arguments,
                  PrepHandleKind::MacroArguments, Arguments,
                  [&](PrepDomain::Impl &, TaskState &TS,
                      std::unique_ptr<MacroArgumentsModel> &A) {
                    if (Index >= A->ArgumentCount)
                      return st(NEVERC_STATUS_NOT_FOUND);
                    // Handles for the arguments' tokens on first request.
                    if (A->Arguments.size() < A->NativeEnd.size()) {
                      A->Arguments.resize(A->NativeEnd.size());
                      for (size_t I = 0, At = 0; I < A->NativeEnd.size(); ++I)
                        for (; At < A->NativeEnd[I]; ++At) {
                          const auto &N = A->Native[At];
                          TokenModel M;
                          void *II = nullptr;
                          if (TS.Facts)
                            TS.Facts->fromNative(N.Bytes, M, &II);
                          // Its handle is made on request, while the
                          // preprocessor is bound (PrepDomain::detach).
                          M.IdentifierNative = II;
                          A->Arguments[I].push_back(TS.mintToken(std::move(M)));
                        }
                      A->Native = {};
                      A->NativeEnd = {};
                    }
                    if (Index >= A->Arguments.size())
                      return st(NEVERC_STATUS_NOT_FOUND);
                    *OutStream = TS.Streams.insert(
                        std::make_unique<std::vector<NevercTokenHandle>>(
                            A->Arguments[Index]));
                    return okStatus();
                  });
}

//===--- 14-21: token builder -------------------------------------------===//

NevercStatus NEVERC_CALL createTokenBuilder(void *Ctx, NevercTaskHandle Task,
                                            NevercTokenBuilderHandle *Out) {
  return inTask(Ctx, Task, needOut(Out),
                [&](PrepDomain::Impl &, TaskState &TS) {
                  auto M = std::make_unique<TokenBuilderModel>();
                  M->Token.Origin = NEVERC_TOKEN_ORIGIN_SYNTHESIZED;
                  *Out = TS.Builders.insert(std::move(M));
                  return okStatus();
                });
}

NevercStatus NEVERC_CALL tokenBuilderSetKind(void *Ctx, NevercTaskHandle Task,
                                             NevercTokenBuilderHandle Builder,
                                             NevercTokenKind Kind) {
  return onBuilder(
      Ctx, Task, Builder, okStatus(),
      [&](PrepDomain::Impl &D, TaskState &TS, TokenBuilderModel &B) {
        KindInfo K = kindInfo(Kind);
        if (!K.Known)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (K.Category == NEVERC_TOKEN_CATEGORY_KEYWORD) {
          // A keyword: its fixed spelling resolved to the identifier.
          PREP_TRY(needBackend(TS));
          void *Id = TS.Backend->keywordIdentifier(Kind);
          if (!Id) {
            D.diag(NEVERC_DIAGNOSTIC_WARNING,
                   "token kind " + std::to_string(Kind) +
                       " is a NeverC-only keyword that stock Clang 22 cannot "
                       "lex",
                   Phase_PREP_TOKEN);
            return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
          }
          B.Token.Kind = Kind;
          B.Token.Identifier = PrepDomain::Impl::identifierHandle(TS, Id);
          IdentifierFacts F;
          if (TS.Backend->identifierFacts(Id, F))
            B.Token.Spelling = F.Name;
          B.KindSet = B.IdentifierSet = true;
          B.LiteralSet = false;
          return okStatus();
        }
        if (K.Category != NEVERC_TOKEN_CATEGORY_PUNCTUATOR &&
            Kind != NEVERC_TOKEN_EOF)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        B.Token.Kind = Kind;
        B.Token.Identifier = NevercHandle{};
        B.Token.Spelling.clear();
        B.KindSet = true;
        B.IdentifierSet = B.LiteralSet = false;
        return okStatus();
      });
}

NevercStatus NEVERC_CALL tokenBuilderSetIdentifier(
    void *Ctx, NevercTaskHandle Task, NevercTokenBuilderHandle Builder,
    NevercIdentifierHandle Identifier) {
  return onBuilder(
      Ctx, Task, Builder, okStatus(),
      [&](PrepDomain::Impl &D, TaskState &TS, TokenBuilderModel &B) {
        void **N;
        PREP_TRY(lookupIn(D, TS, TS.Identifiers, Identifier,
                          PrepHandleKind::Identifier, &N));
        PREP_TRY(needBackend(TS));
        IdentifierFacts F;
        if (!TS.Backend->identifierFacts(*N, F))
          return st(NEVERC_STATUS_STALE_HANDLE);
        // The identifier's own kind: IDENTIFIER, or the keyword it spells.
        B.Token.Kind = F.TokenKind;
        B.Token.Identifier = Identifier;
        B.Token.Spelling = F.Name;
        B.KindSet = B.IdentifierSet = true;
        B.LiteralSet = false;
        return okStatus();
      });
}

NevercStatus NEVERC_CALL tokenBuilderSetLiteral(
    void *Ctx, NevercTaskHandle Task, NevercTokenBuilderHandle Builder,
    NevercTokenKind Kind, NevercStringView Spelling) {
  return onBuilder(Ctx, Task, Builder, okStatus(),
                   [&](PrepDomain::Impl &, TaskState &, TokenBuilderModel &B) {
                     KindInfo K = kindInfo(Kind);
                     if (!K.Known ||
                         K.Category != NEVERC_TOKEN_CATEGORY_LITERAL)
                       return st(NEVERC_STATUS_INVALID_ARGUMENT);
                     if (!Spelling.Length || !Spelling.Data)
                       return st(NEVERC_STATUS_INVALID_ARGUMENT);
                     std::string_view Sp(Spelling.Data, Spelling.Length);
                     if (Sp.find_first_of(std::string_view("\0\n\r", 3)) !=
                         std::string_view::npos)
                       return st(NEVERC_STATUS_INVALID_ARGUMENT);
                     B.Token.Kind = Kind;
                     B.Token.Spelling.assign(Sp);
                     B.Token.Identifier = NevercHandle{};
                     B.KindSet = B.LiteralSet = true;
                     B.IdentifierSet = false;
                     return okStatus();
                   });
}

NevercStatus NEVERC_CALL tokenBuilderSetLocation(
    void *Ctx, NevercTaskHandle Task, NevercTokenBuilderHandle Builder,
    NevercSourceLocation Location) {
  return onBuilder(Ctx, Task, Builder, okStatus(),
                   [&](PrepDomain::Impl &, TaskState &, TokenBuilderModel &B) {
                     B.Token.Location = Location;
                     return okStatus();
                   });
}

NevercStatus NEVERC_CALL tokenBuilderSetFlags(void *Ctx, NevercTaskHandle Task,
                                              NevercTokenBuilderHandle Builder,
                                              NevercTokenFlags Flags) {
  return onBuilder(Ctx, Task, Builder, okStatus(),
                   [&](PrepDomain::Impl &, TaskState &, TokenBuilderModel &B) {
                     if (Flags & ~NEVERC_TOKEN_FLAG_ALL)
                       return st(NEVERC_STATUS_INVALID_ARGUMENT);
                     B.Token.Flags = Flags;
                     return okStatus();
                   });
}

NevercStatus NEVERC_CALL tokenBuilderCommit(void *Ctx, NevercTaskHandle Task,
                                            NevercTokenBuilderHandle Builder,
                                            NevercTokenHandle *OutToken) {
  return onBuilder(
      Ctx, Task, Builder, needOut(OutToken),
      [&](PrepDomain::Impl &D, TaskState &TS, TokenBuilderModel &B) {
        if (!B.KindSet)
          return st(NEVERC_STATUS_INVALID_STATE);
        KindInfo K = kindInfo(B.Token.Kind);
        const bool Keyword = K.Category == NEVERC_TOKEN_CATEGORY_KEYWORD;
        if (!K.Constructible && !(Keyword && B.IdentifierSet))
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (K.Category == NEVERC_TOKEN_CATEGORY_LITERAL && !B.LiteralSet)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if ((B.Token.Kind == NEVERC_TOKEN_IDENTIFIER || Keyword) &&
            !B.IdentifierSet)
          return st(NEVERC_STATUS_INVALID_ARGUMENT);
        if (TS.Backend && !TS.Backend->lexerHasKind(B.Token.Kind)) {
          D.diag(NEVERC_DIAGNOSTIC_WARNING,
                 "token kind " + std::to_string(B.Token.Kind) +
                     " has no stock Clang 22 equivalent",
                 Phase_PREP_TOKEN);
          return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
        }
        *OutToken = TS.mintToken(TokenModel(B.Token));
        return okStatus();
      });
}

NevercStatus NEVERC_CALL destroyTokenBuilder(void *Ctx, NevercTaskHandle Task,
                                             NevercTokenBuilderHandle Builder) {
  return destroyHandle(Ctx, Task, &TaskState::Builders,
                       PrepHandleKind::TokenBuilder, Builder);
}

//===--- 22: events -----------------------------------------------------===//

/// The descriptor's header, then a callback and a known, non-empty mask.
NevercStatus checkObserver(const NevercPrepObserverDescriptor *Descriptor) {
  PREP_TRY(checkHeader(Descriptor, sizeof(NevercPrepObserverDescriptor)));
  if (!Descriptor->Callback || !Descriptor->Events ||
      (Descriptor->Events & ~NEVERC_PREP_EVENT_MASK_ALL))
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  return okStatus();
}

NevercStatus NEVERC_CALL
registerEventObserver(void *Ctx, NevercTaskHandle Task,
                      const NevercPrepObserverDescriptor *Descriptor) {
  return inTask(Ctx, Task, checkObserver(Descriptor),
                [&](PrepDomain::Impl &, TaskState &TS) {
                  TS.Subscriptions.push_back({Descriptor->Events,
                                              Descriptor->Callback,
                                              Descriptor->UserData});
                  TS.Mask |= Descriptor->Events;
                  return okStatus();
                });
}

//===--- 23-33: phase inputs and outputs ------------------------------===//

/// Frame + input artifact of \p Phase → its input box.
template <class Box>
NevercStatus inputOf(PrepDomain::Impl &D, const NevercPhaseFrame *F,
                     NevercArtifactHandle A, uint32_t Phase, BoxTag Tag,
                     Box **Out) {
  core::Task *T;
  TaskState *TS;
  PREP_TRY(frameOf(D, F, &T, &TS));
  NevercInterfaceID Type{};
  void *Payload = nullptr;
  PREP_TRY(T->lookupArtifact(A, &Type, &Payload));
  if (!(Type == D.H.phases().at(Phase).Input) || !Payload ||
      *static_cast<BoxTag *>(Payload) != Tag)
    return st(NEVERC_STATUS_WRONG_TYPE);
  *Out = static_cast<Box *>(Payload);
  return okStatus();
}

/// The checks every Create*PhaseOutput makes: observer → POLICY_VIOLATION;
/// not inside an interceptor of \p Phase with its live continuation →
/// WRONG_SCOPE.
NevercStatus outputScope(PrepDomain::Impl &D, const NevercPhaseFrame *F,
                         const NevercPhaseContinuation *C, uint32_t Phase,
                         core::Task **OutT, TaskState **OutTS,
                         RunContext **Run) {
  PREP_TRY(frameOf(D, F, OutT, OutTS));
  core::Task &T = **OutT;
  if (T.role() == core::CallbackRole::Observer || inEventObserver())
    return st(NEVERC_STATUS_POLICY_VIOLATION);
  RunContext *R = currentRun();
  if (!R || R->D != &D || R->T != &T || R->Phase != Phase)
    return st(NEVERC_STATUS_WRONG_SCOPE);
  if (T.role() != core::CallbackRole::Interceptor || !C ||
      !T.continuationLive(C))
    return st(NEVERC_STATUS_WRONG_SCOPE);
  *Run = R;
  return okStatus();
}

NevercStatus readTokens(PrepDomain::Impl &D, TaskState &TS,
                        const NevercTokenHandle *Tokens, uint64_t Count,
                        std::vector<NevercTokenHandle> &Out) {
  if (Count && !Tokens)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  if (Count > NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS)
    return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
  Out.clear();
  for (uint64_t I = 0; I < Count; ++I) {
    StoredToken *M;
    PREP_TRY(tokenAt(D, TS, Tokens[I], &M));
    Out.push_back(Tokens[I]);
  }
  return okStatus();
}

NevercStatus capability(PrepDomain::Impl &D, TaskState &TS, uint32_t Phase,
                        uint32_t Operation, uint32_t Action) {
  if (!TS.Backend)
    return okStatus(); // no preprocessor bound (tests): the model accepts
  Capability C = TS.Backend->canApply(Phase, Operation, Action);
  if (C.Available)
    return okStatus();
  D.diag(NEVERC_DIAGNOSTIC_WARNING,
         "capability unavailable on stock Clang 22: " + C.Limitation, Phase);
  return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
}

/// The front every structured Create*PhaseOutput shares: an out pointer,
/// a descriptor with a valid header, and the interceptor scope of \p Phase.
template <class OutT>
NevercStatus outputFront(PrepDomain::Impl &D, const NevercPhaseFrame *F,
                         const NevercPhaseContinuation *C, const OutT *Output,
                         NevercArtifactHandle *OutOutput, uint32_t Phase,
                         core::Task **T, TaskState **TS, RunContext **R) {
  if (!OutOutput)
    return st(NEVERC_STATUS_INVALID_ARGUMENT);
  PREP_TRY(checkHeader(Output, sizeof(OutT)));
  return outputScope(D, F, C, Phase, T, TS, R);
}

/// The back they share: what stock Clang can apply, then the artifact.
template <class Box>
NevercStatus publishOutput(PrepDomain::Impl &D, core::Task &T, TaskState &TS,
                           uint32_t Phase, uint32_t Operation, uint32_t Action,
                           Box &B, NevercArtifactHandle *OutOutput) {
  PREP_TRY(capability(D, TS, Phase, Operation, Action));
  *OutOutput = T.createArtifact(D.H.phases().at(Phase).Output, &B);
  return okStatus();
}

/// The structured Get*PhaseInput slots: header check, the input box of
/// \p Phase, the box's copy written out.
template <class Box, class OutT>
NevercStatus readPhaseInput(void *Ctx, const NevercPhaseFrame *Frame,
                            NevercArtifactHandle Input, OutT *Out,
                            uint32_t Phase, BoxTag Tag) {
  return guard([&] {
    PREP_TRY(checkHeader(Out, sizeof(OutT)));
    Box *B;
    PREP_TRY(inputOf(impl(Ctx), Frame, Input, Phase, Tag, &B));
    resolveInput(*B);
    writeOut(Out, B->C);
    return okStatus();
  });
}

/// The macro and pragma outputs: an action up to \p Replace, tokens only
/// with \p Replace; \p Operation picks the operation stock Clang is asked
/// about from the phase's run.
template <class Box, class OutT, class OpFn>
NevercStatus replacementOutput(void *Ctx, const NevercPhaseFrame *Frame,
                               const NevercPhaseContinuation *Continuation,
                               const OutT *Output,
                               NevercArtifactHandle *OutOutput, uint32_t Phase,
                               uint32_t Replace, OpFn &&Operation) {
  return guard([&] {
    PrepDomain::Impl &D = impl(Ctx);
    core::Task *T;
    TaskState *TS;
    RunContext *R;
    PREP_TRY(outputFront(D, Frame, Continuation, Output, OutOutput, Phase, &T,
                         &TS, &R));
    if (Output->Action > Replace ||
        (Output->Action != Replace && Output->TokenCount))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto &B = TS->own<Box>();
    B.D.Action = Output->Action;
    PREP_TRY(
        readTokens(D, *TS, Output->Tokens, Output->TokenCount, B.D.Tokens));
    return publishOutput(D, *T, *TS, Phase, Operation(*R), B.D.Action, B,
                         OutOutput);
  });
}

NevercStatus NEVERC_CALL getTokenPhaseInput(void *Ctx,
                                            const NevercPhaseFrame *Frame,
                                            NevercArtifactHandle Input,
                                            NevercTokenHandle *OutToken) {
  return guard([&] {
    if (!OutToken)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    TokenInBox *B;
    PREP_TRY(inputOf(impl(Ctx), Frame, Input, Phase_PREP_TOKEN, BoxTag::TokenIn,
                     &B));
    *OutToken = B->Token;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL
createTokenPhaseOutput(void *Ctx, const NevercPhaseFrame *Frame,
                       const NevercPhaseContinuation *Continuation,
                       const NevercTokenHandle *Tokens, uint64_t TokenCount,
                       NevercArtifactHandle *OutOutput) {
  return guard([&] {
    PrepDomain::Impl &D = impl(Ctx);
    if (!OutOutput)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T;
    TaskState *TS;
    RunContext *R;
    PREP_TRY(
        outputScope(D, Frame, Continuation, Phase_PREP_TOKEN, &T, &TS, &R));
    if (TokenCount > TokenExpansionBudget) {
      D.diag(NEVERC_DIAGNOSTIC_ERROR,
             "neverc.prep.token: output of " + std::to_string(TokenCount) +
                 " tokens exceeds the expansion budget of " +
                 std::to_string(TokenExpansionBudget),
             Phase_PREP_TOKEN);
      return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    }
    auto &Box = TS->own<TokenOutBox>();
    PREP_TRY(readTokens(D, *TS, Tokens, TokenCount, Box.Tokens));
    PREP_TRY(capability(D, *TS, Phase_PREP_TOKEN, 0, 0));
    *OutOutput =
        T->createArtifact(D.H.phases().at(Phase_PREP_TOKEN).Output, &Box);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getIncludePhaseInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercPrepIncludePhaseInput *OutInput) {
  return readPhaseInput<IncludeInBox>(Ctx, Frame, Input, OutInput,
                                      Phase_PREP_INCLUDE, BoxTag::IncludeIn);
}

NevercStatus NEVERC_CALL
createIncludePhaseOutput(void *Ctx, const NevercPhaseFrame *Frame,
                         const NevercPhaseContinuation *Continuation,
                         const NevercPrepIncludePhaseOutput *Output,
                         NevercArtifactHandle *OutOutput) {
  return guard([&] {
    PrepDomain::Impl &D = impl(Ctx);
    core::Task *T;
    TaskState *TS;
    RunContext *R;
    PREP_TRY(outputFront(D, Frame, Continuation, Output, OutOutput,
                         Phase_PREP_INCLUDE, &T, &TS, &R));
    if (Output->Action > NEVERC_PREP_INCLUDE_REDIRECT ||
        (Output->Filename.Length && !Output->Filename.Data))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto &Box = TS->own<IncludeOutBox>();
    Box.D.Action = Output->Action;
    Box.D.IsAngled = Output->IsAngled != 0;
    Box.D.Filename.assign(Output->Filename.Data ? Output->Filename.Data : "",
                          Output->Filename.Length);
    if (Box.D.Action == NEVERC_PREP_INCLUDE_REDIRECT &&
        (Box.D.Filename.empty() ||
         Box.D.Filename.find('\0') != std::string::npos))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    return publishOutput(D, *T, *TS, Phase_PREP_INCLUDE, 0, Box.D.Action, Box,
                         OutOutput);
  });
}

NevercStatus NEVERC_CALL getMacroPhaseInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercPrepMacroPhaseInput *OutInput) {
  return readPhaseInput<MacroInBox>(Ctx, Frame, Input, OutInput,
                                    Phase_PREP_MACRO, BoxTag::MacroIn);
}

NevercStatus NEVERC_CALL createMacroPhaseOutput(
    void *Ctx, const NevercPhaseFrame *Frame,
    const NevercPhaseContinuation *Continuation,
    const NevercPrepMacroPhaseOutput *Output, NevercArtifactHandle *OutOutput) {
  return replacementOutput<MacroOutBox>(
      Ctx, Frame, Continuation, Output, OutOutput, Phase_PREP_MACRO,
      NEVERC_PREP_MACRO_REPLACE_TOKENS, [](const RunContext &R) {
        return uint32_t(static_cast<MacroInBox *>(R.Input)->R.Operation);
      });
}

NevercStatus NEVERC_CALL getPragmaPhaseInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercPrepPragmaPhaseInput *OutInput) {
  return readPhaseInput<PragmaInBox>(Ctx, Frame, Input, OutInput,
                                     Phase_PREP_PRAGMA, BoxTag::PragmaIn);
}

NevercStatus NEVERC_CALL
createPragmaPhaseOutput(void *Ctx, const NevercPhaseFrame *Frame,
                        const NevercPhaseContinuation *Continuation,
                        const NevercPrepPragmaPhaseOutput *Output,
                        NevercArtifactHandle *OutOutput) {
  return replacementOutput<PragmaOutBox>(
      Ctx, Frame, Continuation, Output, OutOutput, Phase_PREP_PRAGMA,
      NEVERC_PREP_PRAGMA_REPLACE_TOKENS,
      [](const RunContext &) { return uint32_t(0); });
}

NevercStatus NEVERC_CALL getFeatureQueryPhaseInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercPrepFeatureQueryPhaseInput *OutInput) {
  return readPhaseInput<FeatureInBox>(
      Ctx, Frame, Input, OutInput, Phase_PREP_FEATURE_QUERY, BoxTag::FeatureIn);
}

NevercStatus NEVERC_CALL
createFeatureQueryPhaseOutput(void *Ctx, const NevercPhaseFrame *Frame,
                              const NevercPhaseContinuation *Continuation,
                              const NevercPrepFeatureQueryPhaseOutput *Output,
                              NevercArtifactHandle *OutOutput) {
  return guard([&] {
    PrepDomain::Impl &D = impl(Ctx);
    core::Task *T;
    TaskState *TS;
    RunContext *R;
    PREP_TRY(outputFront(D, Frame, Continuation, Output, OutOutput,
                         Phase_PREP_FEATURE_QUERY, &T, &TS, &R));
    if (Output->Action > NEVERC_PREP_QUERY_REPLACE)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto *In = static_cast<FeatureInBox *>(R->Input);
    auto &Box = TS->own<FeatureOutBox>();
    Box.D.Action = Output->Action;
    Box.D.Value = Output->Action == NEVERC_PREP_QUERY_REPLACE
                      ? Output->Value != 0
                      : In->R.BuiltinValue;
    return publishOutput(D, *T, *TS, Phase_PREP_FEATURE_QUERY, In->R.Kind,
                         Box.D.Action, Box, OutOutput);
  });
}

//===--- 33-37: build_token_stream ------------------------------------===//

NevercStatus NEVERC_CALL getTokenStreamPhaseInput(
    void *Ctx, const NevercPhaseFrame *Frame, NevercArtifactHandle Input,
    NevercPrepTokenStreamPhaseInput *OutInput) {
  return readPhaseInput<StreamInBox>(Ctx, Frame, Input, OutInput,
                                     Phase_PREP_BUILD_TOKEN_STREAM,
                                     BoxTag::StreamIn);
}

NevercStatus NEVERC_CALL createTokenStreamBuilder(
    void *Ctx, NevercTaskHandle Task, NevercTokenStreamBuilderHandle *Out) {
  return inTask(
      Ctx, Task, needOut(Out), [&](PrepDomain::Impl &, TaskState &TS) {
        *Out = TS.StreamBuilders.insert(std::make_unique<StreamBuilderModel>());
        return okStatus();
      });
}

NevercStatus NEVERC_CALL tokenStreamBuilderAppend(
    void *Ctx, NevercTaskHandle Task, NevercTokenStreamBuilderHandle Builder,
    const NevercTokenHandle *Tokens, uint64_t TokenCount) {
  return onHandle(Ctx, Task, okStatus(), &TaskState::StreamBuilders,
                  PrepHandleKind::TokenStreamBuilder, Builder,
                  [&](PrepDomain::Impl &D, TaskState &TS,
                      std::unique_ptr<StreamBuilderModel> &B) {
                    std::vector<NevercTokenHandle> Add;
                    PREP_TRY(readTokens(D, TS, Tokens, TokenCount, Add));
                    if (B->Tokens.size() + Add.size() >
                        NEVERC_PREP_TOKEN_STREAM_MAX_TOKENS)
                      return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
                    B->Tokens.insert(B->Tokens.end(), Add.begin(), Add.end());
                    return okStatus();
                  });
}

NevercStatus NEVERC_CALL tokenStreamBuilderCommit(
    void *Ctx, const NevercPhaseFrame *Frame,
    NevercTokenStreamBuilderHandle Builder, NevercArtifactHandle *OutOutput) {
  return guard([&] {
    PrepDomain::Impl &D = impl(Ctx);
    if (!OutOutput)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    core::Task *T;
    TaskState *TS;
    PREP_TRY(frameOf(D, Frame, &T, &TS));
    if (T->role() == core::CallbackRole::Observer || inEventObserver())
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    const auto &Info = D.H.phases().at(Phase_PREP_BUILD_TOKEN_STREAM);
    RunContext *R = currentRun();
    if (!(Frame->Phase == Info.ID) || !R || R->D != &D || R->T != T ||
        R->Phase != Phase_PREP_BUILD_TOKEN_STREAM)
      return st(NEVERC_STATUS_WRONG_SCOPE);
    std::unique_ptr<StreamBuilderModel> *B;
    PREP_TRY(lookupIn(D, *TS, TS->StreamBuilders, Builder,
                      PrepHandleKind::TokenStreamBuilder, &B));
    auto *In = static_cast<StreamInBox *>(R->Input);
    if ((*B)->Tokens.size() > In->C.MaximumTokenCount)
      return st(NEVERC_STATUS_RESOURCE_EXHAUSTED);
    auto &Box = TS->own<TokenOutBox>();
    Box.Tokens = (*B)->Tokens;
    PREP_TRY(capability(D, *TS, Phase_PREP_BUILD_TOKEN_STREAM, 0, 1));
    *OutOutput = T->createArtifact(Info.Output, &Box);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL destroyTokenStreamBuilder(
    void *Ctx, NevercTaskHandle Task, NevercTokenStreamBuilderHandle Builder) {
  return destroyHandle(Ctx, Task, &TaskState::StreamBuilders,
                       PrepHandleKind::TokenStreamBuilder, Builder);
}

} // namespace

namespace {
/// The live handle \p N already has in \p Table, else a new one.
NevercHandle handleFor(core::PointerMap<NevercHandle> &Of,
                       core::HandleTable<void *> &Table, void *N) {
  if (!N)
    return NevercHandle{};
  NevercHandle &H = Of[N];
  if (isNull(H) || !Table.lookup(H))
    H = Table.insert(N);
  return H;
}
} // namespace

NevercHandle PrepDomain::Impl::identifierHandle(TaskState &TS, void *N) {
  return handleFor(TS.IdentifierOf, TS.Identifiers, N);
}
NevercHandle PrepDomain::Impl::definitionHandle(TaskState &TS, void *N) {
  return handleFor(TS.DefinitionOf, TS.MacroDefinitions, N);
}
NevercHandle PrepDomain::Impl::directiveHandle(TaskState &TS, void *N) {
  return handleFor(TS.DirectiveOf, TS.MacroDirectives, N);
}

void PrepDomain::Impl::fillTable() {
  Table.Header = {sizeof(NevercPrepAPI), NEVERC_PREP_API_MAJOR,
                  NEVERC_PREP_API_MINOR, 0};
  Table.Context = this;
  Table.GetTokenInfo = getTokenInfo;
  Table.GetTokenInfoBatch = getTokenInfoBatch;
  Table.GetTokenStreamView = getTokenStreamView;
  Table.GetTokenStreamToken = getTokenStreamToken;
  Table.GetIdentifierInfo = getIdentifierInfo;
  Table.GetOrCreateIdentifier = getOrCreateIdentifier;
  Table.GetMacroDefinitionForIdentifier = getMacroDefinitionForIdentifier;
  Table.GetMacroDefinitionInfo = getMacroDefinitionInfo;
  Table.GetMacroParameter = getMacroParameter;
  Table.GetMacroReplacementToken = getMacroReplacementToken;
  Table.GetMacroDirectiveInfo = getMacroDirectiveInfo;
  Table.GetMacroArgumentInfo = getMacroArgumentInfo;
  Table.GetMacroArgumentTokenStream = getMacroArgumentTokenStream;
  Table.CreateTokenBuilder = createTokenBuilder;
  Table.TokenBuilderSetKind = tokenBuilderSetKind;
  Table.TokenBuilderSetIdentifier = tokenBuilderSetIdentifier;
  Table.TokenBuilderSetLiteral = tokenBuilderSetLiteral;
  Table.TokenBuilderSetLocation = tokenBuilderSetLocation;
  Table.TokenBuilderSetFlags = tokenBuilderSetFlags;
  Table.TokenBuilderCommit = tokenBuilderCommit;
  Table.DestroyTokenBuilder = destroyTokenBuilder;
  Table.RegisterEventObserver = registerEventObserver;
  Table.GetTokenPhaseInput = getTokenPhaseInput;
  Table.CreateTokenPhaseOutput = createTokenPhaseOutput;
  Table.GetIncludePhaseInput = getIncludePhaseInput;
  Table.CreateIncludePhaseOutput = createIncludePhaseOutput;
  Table.GetMacroPhaseInput = getMacroPhaseInput;
  Table.CreateMacroPhaseOutput = createMacroPhaseOutput;
  Table.GetPragmaPhaseInput = getPragmaPhaseInput;
  Table.CreatePragmaPhaseOutput = createPragmaPhaseOutput;
  Table.GetFeatureQueryPhaseInput = getFeatureQueryPhaseInput;
  Table.CreateFeatureQueryPhaseOutput = createFeatureQueryPhaseOutput;
  Table.GetTokenStreamPhaseInput = getTokenStreamPhaseInput;
  Table.CreateTokenStreamBuilder = createTokenStreamBuilder;
  Table.TokenStreamBuilderAppend = tokenStreamBuilderAppend;
  Table.TokenStreamBuilderCommit = tokenStreamBuilderCommit;
  Table.DestroyTokenStreamBuilder = destroyTokenStreamBuilder;
}

} // namespace neverc::prep
