//===- Build.cpp - NevercMCAPI: building a unit ---------------------------===//
//
// A provider (or an interceptor that replaces) on neverc.assembly.parse or
// neverc.codegen.mir_to_mc fills a unit (UnitBuild.cpp) through
// GetParseMCBuilder or GetMCBuilder: sections, symbols,
// expressions, fragments of bytes with their fixups, and instructions, in
// mutations. What a mutation commits is staged in order; once the phase's
// output is that unit the host emits the steps through LLVM's own streamer
// (emitProgram), so every byte is encoded, laid out and written by LLVM
// exactly as for text it parsed itself, and the emission phases see it.
//
// Everywhere else (a unit being emitted, a printed one) LLVM's assembler
// is live or finished: these slots answer CAPABILITY_UNAVAILABLE there.
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSymbolELF.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

namespace neverc::mc {
namespace {

constexpr uint16_t Major = NEVERC_MC_API_MAJOR;

/// The open builder mutation of a parse callback that may build: the task
/// rules, then CAPABILITY_UNAVAILABLE outside a parse builder (with the
/// reason once), then mayMutate's and the mutation's own checks.
template <class Fn>
NevercStatus buildSlot(void *Ctx, NevercTaskHandle Task,
                       NevercMCMutationHandle H, const char *Slot, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = compileOf(D, Task, &C); !isOk(S))
      return S;
    if (C->Role != UnitRole::Build) {
      if (D.Warned.insert(Slot).second)
        D.H.report(NEVERC_DIAGNOSTIC_WARNING,
                   std::string("NevercMCAPI.") + Slot +
                       " is unavailable here: only the unit an "
                       "assembly.parse builder fills takes new items; LLVM "
                       "22's assembler is being written (emission) or "
                       "finished (print) everywhere else",
                   nullptr,
                   C->Role == UnitRole::Print
                       ? "neverc.assembly.print"
                       : "neverc.mc.emission.pre_instruction");
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    }
    if (NevercStatus S = mayMutate(D, *C); !isOk(S))
      return S;
    Mutation *M;
    if (NevercStatus S = mutationOf(D, *C, H, &M); !isOk(S))
      return S;
    return Body(D, *C, *M);
  });
}

NevercStatus sectionArg(MCDomain::Impl &D, Compile &C, NevercHandle H,
                        llvm::MCSection **Out) {
  const llvm::MCSection **P;
  if (NevercStatus S = lookup(D, C, C.Sections, H, &P); !isOk(S))
    return S;
  *Out = const_cast<llvm::MCSection *>(*P);
  return okStatus();
}

/// The ELF type and flags of a section a plugin names: its flags say
/// allocated, executable, writable, mergeable; the type, string-ness and
/// entry size follow the name as GNU as and LLVM choose them
/// (NevercMCSectionDescriptor carries no ELF type).
llvm::MCSectionELF *elfSection(Compile &C, llvm::StringRef Name,
                               NevercMCSectionFlags F) {
  unsigned Type = llvm::ELF::SHT_PROGBITS, Flags = 0, EntSize = 0;
  if (F & NEVERC_MC_SECTION_ALLOCATED)
    Flags |= llvm::ELF::SHF_ALLOC;
  if (F & NEVERC_MC_SECTION_EXECUTABLE)
    Flags |= llvm::ELF::SHF_EXECINSTR;
  if (F & NEVERC_MC_SECTION_WRITABLE)
    Flags |= llvm::ELF::SHF_WRITE;
  if (Name.starts_with(".bss") || Name.starts_with(".tbss"))
    Type = llvm::ELF::SHT_NOBITS;
  else if (Name.starts_with(".note") && Name != ".note.GNU-stack")
    Type = llvm::ELF::SHT_NOTE;
  else if (Name.starts_with(".init_array"))
    Type = llvm::ELF::SHT_INIT_ARRAY;
  else if (Name.starts_with(".fini_array"))
    Type = llvm::ELF::SHT_FINI_ARRAY;
  else if (Name == ".eh_frame" && C.Arch == "x86_64")
    Type = llvm::ELF::SHT_X86_64_UNWIND;
  if (Name.starts_with(".tdata") || Name.starts_with(".tbss"))
    Flags |= llvm::ELF::SHF_TLS;
  if (F & NEVERC_MC_SECTION_MERGEABLE) {
    Flags |= llvm::ELF::SHF_MERGE;
    llvm::StringRef Rest = Name;
    unsigned N = 0;
    if (Name == ".comment") {
      Flags |= llvm::ELF::SHF_STRINGS;
    } else if (Rest.consume_front(".rodata.str")) {
      Flags |= llvm::ELF::SHF_STRINGS;
      Rest.consumeInteger(10, N);
    } else if (Rest.consume_front(".rodata.cst")) {
      Rest.consumeInteger(10, N);
    }
    EntSize = N ? N : 1;
  }
  return C.S->getContext().getELFSection(Name, Type, Flags, EntSize);
}

NevercStatus NEVERC_CALL createSection(void *Ctx, NevercTaskHandle Task,
                                       NevercMCMutationHandle H,
                                       const NevercMCSectionDescriptor *Desc,
                                       NevercMCSectionHandle *Out) {
  return buildSlot(Ctx, Task, H, "CreateSection",
                   [&](MCDomain::Impl &, Compile &C, Mutation &M) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Desc->Name.Data || !Desc->Name.Length ||
        (Desc->Alignment && !llvm::isPowerOf2_64(Desc->Alignment)) ||
        (Desc->Flags & ~uint64_t(0x1f)))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MCSectionELF *Sec = elfSection(
        C, llvm::StringRef(Desc->Name.Data, Desc->Name.Length), Desc->Flags);
    BuildItem I;
    I.K = BuildItem::Section;
    I.Sec = Sec;
    I.Desc.Alignment = Desc->Alignment ? Desc->Alignment : 1;
    M.Items.push_back(I);
    *Out = C.section(Sec);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createSymbol(void *Ctx, NevercTaskHandle Task,
                                      NevercMCMutationHandle H,
                                      const NevercMCSymbolDescriptor *Desc,
                                      NevercMCSymbolHandle *Out) {
  return buildSlot(Ctx, Task, H, "CreateSymbol",
                   [&](MCDomain::Impl &D, Compile &C, Mutation &M) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    if (!Desc->Name.Data || !Desc->Name.Length || Desc->Flags ||
        Desc->Binding < NEVERC_MC_SYMBOL_BINDING_LOCAL ||
        Desc->Binding > NEVERC_MC_SYMBOL_BINDING_WEAK ||
        Desc->Visibility < NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT ||
        Desc->Visibility > NEVERC_MC_SYMBOL_VISIBILITY_PROTECTED ||
        Desc->Type > NEVERC_MC_SYMBOL_TYPE_TLS ||
        Desc->Definition < NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED ||
        Desc->Definition > NEVERC_MC_SYMBOL_DEFINITION_COMMON)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    llvm::MCSection *Sec = nullptr;
    if (Desc->Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION) {
      if (NevercStatus S = sectionArg(D, C, Desc->Section, &Sec); !isOk(S))
        return S;
    } else if (Desc->Section.Value) {
      return st(NEVERC_STATUS_INVALID_ARGUMENT); // a section says where
    }
    // A section symbol is the section's own (LLVM made it with the
    // section): nothing to place.
    if (Desc->Type == NEVERC_MC_SYMBOL_TYPE_SECTION) {
      if (!Sec)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      *Out = C.symbol(Sec->getBeginSymbol());
      return okStatus();
    }
    llvm::MCSymbol *Sym = C.S->getContext().getOrCreateSymbol(
        llvm::StringRef(Desc->Name.Data, Desc->Name.Length));
    if (Desc->Definition != NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED) {
      // Defined once: by LLVM already, or earlier in this build.
      if (Sym->isDefined() || Sym->isVariable() || C.Defined.count(Sym) ||
          !M.Defined.insert(Sym).second)
        return st(NEVERC_STATUS_DUPLICATE_ID);
    }
    BuildItem I;
    I.K = BuildItem::Symbol;
    I.Sym = Sym;
    I.Sec = Sec;
    I.Desc = *Desc;
    I.Desc.Name = {};
    M.Items.push_back(I);
    *Out = C.symbol(Sym);
    return okStatus();
  });
}

llvm::MCBinaryExpr::Opcode binaryOpcode(NevercMCExpressionOperator Op,
                                        bool &Known) {
  using B = llvm::MCBinaryExpr;
  Known = true;
  switch (Op) {
  case NEVERC_MC_BINARY_ADD: return B::Add;
  case NEVERC_MC_BINARY_SUBTRACT: return B::Sub;
  case NEVERC_MC_BINARY_MULTIPLY: return B::Mul;
  case NEVERC_MC_BINARY_DIVIDE: return B::Div;
  case NEVERC_MC_BINARY_AND: return B::And;
  case NEVERC_MC_BINARY_OR: return B::Or;
  case NEVERC_MC_BINARY_XOR: return B::Xor;
  case NEVERC_MC_BINARY_SHIFT_LEFT: return B::Shl;
  case NEVERC_MC_BINARY_SHIFT_RIGHT: return B::AShr;
  default: Known = false; return B::Add;
  }
}

NevercStatus exprArg(MCDomain::Impl &D, Compile &C, NevercHandle H,
                     const llvm::MCExpr **Out) {
  const llvm::MCExpr **P;
  if (NevercStatus S = lookup(D, C, C.Exprs, H, &P); !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}

NevercStatus NEVERC_CALL createExpression(
    void *Ctx, NevercTaskHandle Task, NevercMCMutationHandle H,
    const NevercMCExpressionDescriptor *Desc, NevercMCExprHandle *Out) {
  return buildSlot(Ctx, Task, H, "CreateExpression",
                   [&](MCDomain::Impl &D, Compile &C, Mutation &) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    llvm::MCContext &Ctx = C.S->getContext();
    // MCExprs live as long as the context and change nothing until used:
    // made at once, they stay valid when a mutation is abandoned.
    const llvm::MCExpr *E = nullptr;
    switch (Desc->Kind) {
    case NEVERC_MC_EXPRESSION_CONSTANT:
      E = llvm::MCConstantExpr::create(Desc->Constant, Ctx);
      break;
    case NEVERC_MC_EXPRESSION_SYMBOL_REF:
    case NEVERC_MC_EXPRESSION_TARGET_VARIANT: {
      // The reverse of GetExpressionInfo: a symbol reference may carry a
      // specifier (x86's sym@PLT); TARGET_VARIANT wraps Left in one
      // (AArch64's :lo12:sym), or names a symbol as SYMBOL_REF does.
      const bool Variant = Desc->Kind == NEVERC_MC_EXPRESSION_TARGET_VARIANT;
      if (Variant || Desc->TargetVariant) {
        // A LOCKSTEP specifier travels with this unit's schema token.
        int *T;
        if (!isOk(lookup(D, C, C.Tokens, Desc->SchemaToken, &T)))
          return st(NEVERC_STATUS_ABI_MISMATCH);
      }
      if (Variant && Desc->Left.Value) {
        const llvm::MCExpr *L;
        if (NevercStatus S = exprArg(D, C, Desc->Left, &L); !isOk(S))
          return S;
        E = llvm::MCSpecifierExpr::create(L, Desc->TargetVariant, Ctx);
        break;
      }
      const llvm::MCSymbol **Sym;
      if (NevercStatus S = lookup(D, C, C.Symbols, Desc->Symbol, &Sym);
          !isOk(S))
        return S;
      E = llvm::MCSymbolRefExpr::create(*Sym, Desc->TargetVariant, Ctx);
      break;
    }
    case NEVERC_MC_EXPRESSION_UNARY: {
      const llvm::MCExpr *L;
      if (NevercStatus S = exprArg(D, C, Desc->Left, &L); !isOk(S))
        return S;
      switch (Desc->Operator) {
      case NEVERC_MC_UNARY_PLUS: E = llvm::MCUnaryExpr::createPlus(L, Ctx); break;
      case NEVERC_MC_UNARY_MINUS: E = llvm::MCUnaryExpr::createMinus(L, Ctx); break;
      case NEVERC_MC_UNARY_NOT: E = llvm::MCUnaryExpr::createNot(L, Ctx); break;
      default: return st(NEVERC_STATUS_INVALID_ARGUMENT);
      }
      break;
    }
    case NEVERC_MC_EXPRESSION_BINARY: {
      const llvm::MCExpr *L, *R;
      if (NevercStatus S = exprArg(D, C, Desc->Left, &L); !isOk(S))
        return S;
      if (NevercStatus S = exprArg(D, C, Desc->Right, &R); !isOk(S))
        return S;
      bool Known;
      llvm::MCBinaryExpr::Opcode Op = binaryOpcode(Desc->Operator, Known);
      if (!Known)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
      E = llvm::MCBinaryExpr::create(Op, L, R, Ctx);
      break;
    }
    default:
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    }
    *Out = C.expr(E);
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createFragment(void *Ctx, NevercTaskHandle Task,
                                        NevercMCMutationHandle H,
                                        NevercMCSectionHandle Section,
                                        const NevercMCFragmentDescriptor *Desc,
                                        NevercMCFragmentHandle *Out) {
  return buildSlot(Ctx, Task, H, "CreateFragment",
                   [&](MCDomain::Impl &D, Compile &C, Mutation &M) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    llvm::MCSection *Sec;
    if (NevercStatus S = sectionArg(D, C, Section, &Sec); !isOk(S))
      return S;
    // Bytes, and bytes then an alignment: what a builder can place without
    // LLVM's relaxation (instructions go through AppendInstruction).
    if (Desc->Kind != NEVERC_MC_FRAGMENT_DATA &&
        Desc->Kind != NEVERC_MC_FRAGMENT_ALIGN)
      return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
    if ((Desc->Section.Value && Desc->Section.Value != Section.Value) ||
        Desc->ExplicitOffset != NEVERC_MC_AUTOMATIC_OFFSET ||
        (Desc->Contents.Length && !Desc->Contents.Data) ||
        (Desc->Kind == NEVERC_MC_FRAGMENT_ALIGN &&
         (!Desc->Alignment || !llvm::isPowerOf2_64(Desc->Alignment))))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    auto F = std::make_unique<StagedFragment>();
    F->Section = Sec;
    F->Kind = Desc->Kind;
    F->Bytes.assign(reinterpret_cast<const char *>(Desc->Contents.Data),
                    Desc->Contents.Length);
    F->Alignment = Desc->Kind == NEVERC_MC_FRAGMENT_ALIGN ? Desc->Alignment : 1;
    F->Fill = Desc->FillValue;
    BuildItem I;
    I.K = BuildItem::Fragment;
    I.Frag = F.get();
    I.Sec = Sec;
    M.Items.push_back(I);
    C.Minted = true;
    *Out = C.StagedFrags.insert(F.get());
    C.LiveFrags.insert(F.get());
    M.Frags.push_back(std::move(F));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL createFixup(void *Ctx, NevercTaskHandle Task,
                                     NevercMCMutationHandle H,
                                     NevercMCFragmentHandle Fragment,
                                     const NevercMCFixupDescriptor *Desc,
                                     NevercMCFixupHandle *Out) {
  return buildSlot(Ctx, Task, H, "CreateFixup",
                   [&](MCDomain::Impl &D, Compile &C, Mutation &) {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = checkHeader(Desc, sizeof *Desc, Major); !isOk(S))
      return S;
    StagedFragment *F;
    if (NevercStatus S = stagedFragmentOf(D, C, Fragment, &F); !isOk(S))
      return S;
    if (Desc->Kind == NEVERC_MC_FIXUP_TARGET_EXTENSION) {
      int *T;
      if (!isOk(lookup(D, C, C.Tokens, Desc->SchemaToken, &T)))
        return st(NEVERC_STATUS_ABI_MISMATCH);
    }
    StagedFixup X;
    if (!llvmFixupKind(*Desc, X.Kind, X.Width, X.PCRel))
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    if (NevercStatus S = exprArg(D, C, Desc->Expression, &X.Value); !isOk(S))
      return S;
    // Inside the fragment's bytes, not over another fixup's.
    X.Offset = Desc->Offset;
    if (X.Offset == NEVERC_MC_AUTOMATIC_OFFSET ||
        X.Offset + X.Width > F->Bytes.size())
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    for (const StagedFixup &Y : F->Fixups)
      if (X.Offset < Y.Offset + Y.Width && Y.Offset < X.Offset + X.Width)
        return st(NEVERC_STATUS_INVALID_ARGUMENT);
    F->Fixups.push_back(X);
    std::sort(F->Fixups.begin(), F->Fixups.end(),
              [](const StagedFixup &A, const StagedFixup &B) {
                return A.Offset < B.Offset;
              });
    // A staged fixup has no LLVM fixup to name until it is emitted.
    *Out = NevercHandle{};
    return okStatus();
  });
}

/// Where the builder is in one section while it emits.
struct Place {
  uint64_t Offset = 0;
  bool Known = true; ///< false once an instruction went in (LLVM relaxes)
};

struct Emitter {
  MCDomain::Impl &D;
  Compile &C;
  llvm::MCObjectStreamer &S;
  std::map<const llvm::MCSection *, Place> Places;
  /// Symbols at an explicit offset, per section, by offset.
  std::map<const llvm::MCSection *,
           std::multimap<uint64_t, const BuildItem *>> Labels;

  bool fail(const std::string &Why) {
    D.H.report(NEVERC_DIAGNOSTIC_ERROR,
               C.BuildPhase +
                   ": the unit the plugin built cannot be "
                   "emitted: " +
                   Why,
               nullptr, C.BuildPhase);
    return false;
  }

  void enter(llvm::MCSection *Sec) {
    if (S.getCurrentSectionOnly() != Sec)
      S.switchSection(Sec);
  }

  /// Labels of the current section up to \p Upto (inclusive).
  bool labelsUpTo(const llvm::MCSection *Sec, uint64_t Upto) {
    auto It = Labels.find(Sec);
    if (It == Labels.end())
      return true;
    auto &L = It->second;
    while (!L.empty() && L.begin()->first <= Upto) {
      if (!Places[Sec].Known)
        return fail("symbol '" + L.begin()->second->Sym->getName().str() +
                    "' is placed by offset after an instruction (LLVM sizes "
                    "instructions at layout)");
      S.emitLabel(L.begin()->second->Sym);
      L.erase(L.begin());
    }
    return true;
  }

  bool bytes(const StagedFragment &F) {
    Place &P = Places[F.Section];
    uint64_t At = 0;
    // Bytes up to \p To, stopping at every label on the way: a label at
    // the place reached goes in before the bytes that follow it.
    auto Append = [&](uint64_t To) {
      while (true) {
        if (!labelsUpTo(F.Section, P.Offset))
          return false;
        if (At >= To)
          return true;
        uint64_t Next = To;
        auto It = Labels.find(F.Section);
        if (It != Labels.end() && !It->second.empty() &&
            It->second.begin()->first < P.Offset + (To - At))
          Next = At + (It->second.begin()->first - P.Offset);
        S.appendContents(llvm::ArrayRef<char>(F.Bytes.data() + At, Next - At));
        P.Offset += Next - At;
        At = Next;
      }
    };
    for (const StagedFixup &X : F.Fixups) {
      if (!Append(X.Offset))
        return false;
      S.ensureHeadroom(X.Width); // the fixup and its bytes in one fragment
      llvm::MCFragment *Frag = S.getCurrentFragment();
      Frag->addFixup(llvm::MCFixup::create(Frag->getFixedSize(), X.Value,
                                           llvm::MCFixupKind(X.Kind), X.PCRel));
      S.appendContents(
          llvm::ArrayRef<char>(F.Bytes.data() + X.Offset, X.Width));
      At = X.Offset + X.Width;
      P.Offset += X.Width;
    }
    return Append(F.Bytes.size());
  }

  void symbol(const BuildItem &I) {
    auto &Sym = static_cast<llvm::MCSymbolELF &>(*I.Sym);
    const NevercMCSymbolDescriptor &De = I.Desc;
    if (De.Binding == NEVERC_MC_SYMBOL_BINDING_GLOBAL)
      S.emitSymbolAttribute(&Sym, llvm::MCSA_Global);
    else if (De.Binding == NEVERC_MC_SYMBOL_BINDING_WEAK)
      S.emitSymbolAttribute(&Sym, llvm::MCSA_Weak);
    switch (De.Type) {
    case NEVERC_MC_SYMBOL_TYPE_FUNCTION:
      S.emitSymbolAttribute(&Sym, llvm::MCSA_ELF_TypeFunction);
      break;
    case NEVERC_MC_SYMBOL_TYPE_OBJECT:
      S.emitSymbolAttribute(&Sym, llvm::MCSA_ELF_TypeObject);
      break;
    case NEVERC_MC_SYMBOL_TYPE_TLS:
      S.emitSymbolAttribute(&Sym, llvm::MCSA_ELF_TypeTLS);
      break;
    default:
      break;
    }
    if (De.Visibility == NEVERC_MC_SYMBOL_VISIBILITY_HIDDEN)
      S.emitSymbolAttribute(&Sym, llvm::MCSA_Hidden);
    else if (De.Visibility == NEVERC_MC_SYMBOL_VISIBILITY_PROTECTED)
      S.emitSymbolAttribute(&Sym, llvm::MCSA_Protected);
    llvm::MCContext &Ctx = S.getContext();
    switch (De.Definition) {
    case NEVERC_MC_SYMBOL_DEFINITION_COMMON:
      S.emitCommonSymbol(&Sym, De.Size,
                         llvm::Align(De.Alignment ? De.Alignment : 1));
      return;
    case NEVERC_MC_SYMBOL_DEFINITION_ABSOLUTE:
      S.emitAssignment(&Sym, llvm::MCConstantExpr::create(De.Value, Ctx));
      break;
    case NEVERC_MC_SYMBOL_DEFINITION_SECTION:
      if (De.Value == NEVERC_MC_AUTOMATIC_OFFSET) {
        enter(I.Sec); // here, where the builder is now
        S.emitLabel(&Sym);
      }
      break;
    default:
      break;
    }
    if (De.Size && De.Definition != NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED)
      S.emitELFSize(&Sym, llvm::MCConstantExpr::create(De.Size, Ctx));
  }

  bool run() {
    for (const BuildItem &I : C.Program)
      if (I.K == BuildItem::Symbol &&
          I.Desc.Definition == NEVERC_MC_SYMBOL_DEFINITION_SECTION &&
          I.Desc.Value != NEVERC_MC_AUTOMATIC_OFFSET)
        Labels[I.Sec].emplace(I.Desc.Value, &I);
    for (const BuildItem &I : C.Program) {
      switch (I.K) {
      case BuildItem::Section:
        enter(I.Sec);
        I.Sec->ensureMinAlignment(llvm::Align(I.Desc.Alignment));
        break;
      case BuildItem::Fragment: {
        enter(I.Sec);
        if (!bytes(*I.Frag))
          return false;
        if (I.Frag->Kind == NEVERC_MC_FRAGMENT_ALIGN) {
          const llvm::Align A(I.Frag->Alignment);
          if (static_cast<llvm::MCSectionELF *>(I.Sec)->getFlags() &
              llvm::ELF::SHF_EXECINSTR)
            S.emitCodeAlignment(A, C.STI);
          else
            S.emitValueToAlignment(A, I.Frag->Fill);
          Place &P = Places[I.Sec];
          P.Offset = llvm::alignTo(P.Offset, A);
          if (!labelsUpTo(I.Sec, P.Offset))
            return false;
        }
        break;
      }
      case BuildItem::Symbol:
        symbol(I);
        break;
      case BuildItem::Instruction:
        if (!S.getCurrentSectionOnly())
          return fail("an instruction before any section");
        Places[S.getCurrentSectionOnly()].Known = false;
        S.emitInstruction(*I.Inst, *C.STI);
        break;
      }
    }
    // Labels at a section's end (or in a section with no bytes) go in
    // there; one past it has nowhere to be.
    for (auto &[Sec, L] : Labels) {
      if (L.empty())
        continue;
      enter(const_cast<llvm::MCSection *>(Sec));
      if (!labelsUpTo(Sec, Places[Sec].Offset))
        return false;
      if (!L.empty())
        return fail("symbol '" + L.begin()->second->Sym->getName().str() +
                    "' lies past the end of section '" +
                    Sec->getName().str() + "'");
    }
    return true;
  }
};

} // namespace

/// LLVM's fixup kind for a schema kind, or false for one a builder cannot
/// place (a target's own kind is LOCKSTEP: TargetKind under the token).
bool llvmFixupKind(const NevercMCFixupDescriptor &F, uint32_t &Kind,
                   uint32_t &Width, bool &PCRel) {
  PCRel = F.IsPCRelative == NEVERC_TRUE;
  switch (F.Kind) {
  case NEVERC_MC_FIXUP_DATA_1: Kind = llvm::FK_Data_1; Width = 1; return true;
  case NEVERC_MC_FIXUP_DATA_2: Kind = llvm::FK_Data_2; Width = 2; return true;
  case NEVERC_MC_FIXUP_DATA_4: Kind = llvm::FK_Data_4; Width = 4; return true;
  case NEVERC_MC_FIXUP_DATA_8: Kind = llvm::FK_Data_8; Width = 8; return true;
  case NEVERC_MC_FIXUP_PC_REL_1: Kind = llvm::FK_Data_1; Width = 1; break;
  case NEVERC_MC_FIXUP_PC_REL_2: Kind = llvm::FK_Data_2; Width = 2; break;
  case NEVERC_MC_FIXUP_PC_REL_4: Kind = llvm::FK_Data_4; Width = 4; break;
  case NEVERC_MC_FIXUP_PC_REL_8: Kind = llvm::FK_Data_8; Width = 8; break;
  case NEVERC_MC_FIXUP_SEC_REL_4: Kind = llvm::FK_SecRel_4; Width = 4; return true;
  case NEVERC_MC_FIXUP_SEC_REL_8: Kind = llvm::FK_SecRel_8; Width = 8; return true;
  case NEVERC_MC_FIXUP_TARGET_EXTENSION:
    if (F.TargetKind < llvm::FirstTargetFixupKind || !F.Width || F.Width > 8)
      return false;
    Kind = F.TargetKind;
    Width = F.Width;
    return true;
  default:
    return false;
  }
  PCRel = true;
  return true;
}

NevercStatus stagedFragmentOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                              StagedFragment **Out) {
  StagedFragment **P;
  if (NevercStatus S = lookup(D, C, C.StagedFrags, H, &P); !isOk(S))
    return S;
  // Committed, or made in the open mutation: one an abandoned mutation
  // made is gone.
  if (!C.LiveFrags.count(*P))
    return st(NEVERC_STATUS_STALE_HANDLE);
  *Out = *P;
  return okStatus();
}

bool emitProgram(MCDomain::Impl &D, Compile &C) {
  Emitter E{D, C, static_cast<llvm::MCObjectStreamer &>(*C.S), {}, {}};
  return E.run();
}

void fillBuildSlots(NevercMCAPI &T) {
  T.CreateSection = &createSection;
  T.CreateSymbol = &createSymbol;
  T.CreateExpression = &createExpression;
  T.CreateFragment = &createFragment;
  T.CreateFixup = &createFixup;
}

} // namespace neverc::mc
