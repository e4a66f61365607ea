//===- Units.cpp - NevercMCAPI: reading the MC unit -----------------------===//
//
// The unit is LLVM's own assembler for the object being written (sections,
// symbols, fragments and fixups as MCAssembler holds them at the event),
// plus the instructions a plugin can name: the one the event is about, or
// the sequence a pre_instruction replacement is building. LLVM 22 keeps no
// MCInst once it is encoded, except in relaxable fragments, which
// GetFirstFragmentInstruction rebuilds (read-only).
//
//===----------------------------------------------------------------------===//
#include "../Internal.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAssembler.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCObjectStreamer.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSymbolELF.h"

namespace neverc::mc {
namespace {

constexpr uint16_t Major = NEVERC_MC_API_MAJOR;


/// A slot answering with a handle: \p Out must be given, and the task's
/// compile found, before \p Body runs.
template <class Fn>
NevercStatus handleSlot(void *Ctx, NevercTaskHandle Task, NevercHandle *Out,
                        Fn &&Body) {
  return guard([&]() -> NevercStatus {
    if (!Out)
      return st(NEVERC_STATUS_INVALID_ARGUMENT);
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = compileOf(D, Task, &C); !isOk(S))
      return S;
    return Body(D, *C);
  });
}

/// A slot filling an info struct: its header is checked first, and what
/// \p Body fills is written (keeping the caller's header) only on success.
template <class Info, class Fn>
NevercStatus infoSlot(void *Ctx, NevercTaskHandle Task, Info *Out, Fn &&Body) {
  return guard([&]() -> NevercStatus {
    if (NevercStatus S = checkHeader(Out, sizeof *Out, Major); !isOk(S))
      return S;
    MCDomain::Impl &D = impl(Ctx);
    Compile *C;
    if (NevercStatus S = compileOf(D, Task, &C); !isOk(S))
      return S;
    Info I{};
    if (NevercStatus S = Body(D, *C, I); !isOk(S))
      return S;
    writeOut(Out, I);
    return okStatus();
  });
}

NevercStatus unitOf(MCDomain::Impl &D, Compile &C, NevercHandle H) {
  int *P;
  return lookup(D, C, C.Units, H, &P);
}
NevercStatus sectionOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                       const llvm::MCSection **Out) {
  const llvm::MCSection **P;
  if (NevercStatus S = lookup(D, C, C.Sections, H, &P); !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}
NevercStatus fragmentOf(MCDomain::Impl &D, Compile &C, NevercHandle H,
                        llvm::MCFragment **Out) {
  llvm::MCFragment **P;
  if (NevercStatus S = lookup(D, C, C.Fragments, H, &P); !isOk(S))
    return S;
  *Out = *P;
  return okStatus();
}

NevercStatus NEVERC_CALL getSchemaToken(void *Ctx, NevercTaskHandle Task,
                                        NevercMCUnitHandle Unit,
                                        NevercMCSchemaTokenHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    if (NevercStatus S = unitOf(D, C, Unit); !isOk(S))
      return S;
    *Out = C.token();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getSchemaTokenInfo(void *Ctx, NevercTaskHandle Task,
                                            NevercMCSchemaTokenHandle Token,
                                            NevercMCSchemaTokenInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    int *P;
    if (NevercStatus S = lookup(D, C, C.Tokens, Token, &P); !isOk(S))
      return S;
    I.SchemaID = C.schemaID();
    I.TargetID = C.TargetID;
    I.Digest = {C.Digest.data(), C.Digest.size()};
    I.UnitGeneration = C.Generation;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getUnitInfo(void *Ctx, NevercTaskHandle Task,
                                     NevercMCUnitHandle Unit,
                                     NevercMCUnitInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    if (NevercStatus S = unitOf(D, C, Unit); !isOk(S))
      return S;
    UnitCounts N = countUnit(assemblerOf(C));
    I.TargetID = C.TargetID;
    I.TargetSchemaDigest = {C.Digest.data(), C.Digest.size()};
    I.Generation = C.Generation;
    I.SectionCount = N.Sections;
    I.SymbolCount = N.Symbols;
    I.FragmentCount = N.Fragments;
    I.FixupCount = N.Fixups;
    // Every fixup has one expression the unit can name.
    I.ExpressionCount = I.FixupCount;
    I.InstructionCount = C.instructions().size();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFirstSection(void *Ctx, NevercTaskHandle Task,
                                         NevercMCUnitHandle Unit,
                                         NevercMCSectionHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    if (NevercStatus S = unitOf(D, C, Unit); !isOk(S))
      return S;
    llvm::MCAssembler &A = assemblerOf(C);
    *Out = A.begin() == A.end() ? NevercHandle{} : C.section(&*A.begin());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNextSection(void *Ctx, NevercTaskHandle Task,
                                        NevercMCSectionHandle Section,
                                        NevercMCSectionHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    const llvm::MCSection *Sec;
    if (NevercStatus S = sectionOf(D, C, Section, &Sec); !isOk(S))
      return S;
    llvm::MCAssembler &A = assemblerOf(C);
    for (auto I = A.begin(), E = A.end(); I != E; ++I)
      if (&*I == Sec) {
        ++I;
        *Out = I == E ? NevercHandle{} : C.section(&*I);
        return okStatus();
      }
    return st(NEVERC_STATUS_STALE_HANDLE);
  });
}

NevercStatus NEVERC_CALL getSectionInfo(void *Ctx, NevercTaskHandle Task,
                                        NevercMCSectionHandle Section,
                                        NevercMCSectionInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    const llvm::MCSection *Sec;
    if (NevercStatus S = sectionOf(D, C, Section, &Sec); !isOk(S))
      return S;
    llvm::StringRef N = Sec->getName();
    I.Name = {N.data(), N.size()};
    I.Alignment = Sec->getAlign().value();
    {
      // The domain only attaches to ELF objects.
      const unsigned F = static_cast<const llvm::MCSectionELF *>(Sec)->getFlags();
      if (F & llvm::ELF::SHF_ALLOC)
        I.Flags |= NEVERC_MC_SECTION_ALLOCATED;
      if (F & llvm::ELF::SHF_EXECINSTR)
        I.Flags |= NEVERC_MC_SECTION_EXECUTABLE;
      if (F & llvm::ELF::SHF_WRITE)
        I.Flags |= NEVERC_MC_SECTION_WRITABLE;
      if (F & llvm::ELF::SHF_MERGE)
        I.Flags |= NEVERC_MC_SECTION_MERGEABLE;
    }
    if (N.starts_with(".debug"))
      I.Flags |= NEVERC_MC_SECTION_DEBUG;
    return okStatus();
  });
}

/// The symbols of the unit in LLVM's order, and the place of one.
NevercStatus nextSymbol(Compile &C, const llvm::MCSymbol *After,
                        NevercHandle *Out) {
  // A build for one function lists the function's symbol first.
  if (C.Subject && !After) {
    *Out = C.symbol(C.Subject);
    return okStatus();
  }
  if (After == C.Subject)
    After = nullptr;
  bool Take = !After;
  for (const llvm::MCSymbol &Sym : assemblerOf(C).symbols()) {
    if (&Sym == C.Subject)
      continue;
    if (Take) {
      *Out = C.symbol(&Sym);
      return okStatus();
    }
    Take = &Sym == After;
  }
  *Out = NevercHandle{};
  return Take ? okStatus() : st(NEVERC_STATUS_STALE_HANDLE);
}

NevercStatus NEVERC_CALL getFirstSymbol(void *Ctx, NevercTaskHandle Task,
                                        NevercMCUnitHandle Unit,
                                        NevercMCSymbolHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    if (NevercStatus S = unitOf(D, C, Unit); !isOk(S))
      return S;
    return nextSymbol(C, nullptr, Out);
  });
}

NevercStatus NEVERC_CALL getNextSymbol(void *Ctx, NevercTaskHandle Task,
                                       NevercMCSymbolHandle Symbol,
                                       NevercMCSymbolHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    const llvm::MCSymbol **P;
    if (NevercStatus S = lookup(D, C, C.Symbols, Symbol, &P); !isOk(S))
      return S;
    return nextSymbol(C, *P, Out);
  });
}

NevercStatus NEVERC_CALL getSymbolInfo(void *Ctx, NevercTaskHandle Task,
                                       NevercMCSymbolHandle Symbol,
                                       NevercMCSymbolInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    const llvm::MCSymbol **P;
    if (NevercStatus S = lookup(D, C, C.Symbols, Symbol, &P); !isOk(S))
      return S;
    const auto &Sym = static_cast<const llvm::MCSymbolELF &>(**P);
    llvm::StringRef N = Sym.getName();
    I.Name = {N.data(), N.size()};
    switch (Sym.getBinding()) {
    case llvm::ELF::STB_GLOBAL:
      I.Binding = NEVERC_MC_SYMBOL_BINDING_GLOBAL;
      break;
    case llvm::ELF::STB_WEAK:
      I.Binding = NEVERC_MC_SYMBOL_BINDING_WEAK;
      break;
    default:
      I.Binding = NEVERC_MC_SYMBOL_BINDING_LOCAL;
    }
    switch (Sym.getVisibility()) {
    case llvm::ELF::STV_HIDDEN:
      I.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_HIDDEN;
      break;
    case llvm::ELF::STV_PROTECTED:
      I.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_PROTECTED;
      break;
    default:
      I.Visibility = NEVERC_MC_SYMBOL_VISIBILITY_DEFAULT;
    }
    switch (Sym.getType()) {
    case llvm::ELF::STT_FUNC:
      I.Type = NEVERC_MC_SYMBOL_TYPE_FUNCTION;
      break;
    case llvm::ELF::STT_OBJECT:
      I.Type = NEVERC_MC_SYMBOL_TYPE_OBJECT;
      break;
    case llvm::ELF::STT_SECTION:
      I.Type = NEVERC_MC_SYMBOL_TYPE_SECTION;
      break;
    case llvm::ELF::STT_TLS:
      I.Type = NEVERC_MC_SYMBOL_TYPE_TLS;
      break;
    default:
      I.Type = NEVERC_MC_SYMBOL_TYPE_NONE;
    }
    if (Sym.isCommon()) {
      I.Definition = NEVERC_MC_SYMBOL_DEFINITION_COMMON;
      I.Alignment = Sym.getCommonAlignment() ? Sym.getCommonAlignment()->value()
                                             : 0;
      I.Size = Sym.getCommonSize();
    } else if (Sym.isInSection()) {
      I.Definition = NEVERC_MC_SYMBOL_DEFINITION_SECTION;
      I.Section = C.section(&Sym.getSection());
    } else if (Sym.isAbsolute()) {
      I.Definition = NEVERC_MC_SYMBOL_DEFINITION_ABSOLUTE;
    } else {
      I.Definition = NEVERC_MC_SYMBOL_DEFINITION_UNDEFINED;
    }
    llvm::MCAssembler &A = assemblerOf(C);
    uint64_t V = 0;
    if (A.hasLayout() && Sym.isDefined() && A.getSymbolOffset(Sym, V))
      I.Value = V;
    int64_t Size = 0;
    // A .size is usually `end - start`: known once laid out.
    if (!Sym.isCommon() && Sym.getSize() &&
        (A.hasLayout() ? Sym.getSize()->evaluateAsAbsolute(Size, A)
                       : Sym.getSize()->evaluateAsAbsolute(Size)))
      I.Size = uint64_t(Size);
    return okStatus();
  });
}

NevercMCExpressionOperator binaryOperator(llvm::MCBinaryExpr::Opcode Op) {
  using B = llvm::MCBinaryExpr;
  switch (Op) {
  case B::Add: return NEVERC_MC_BINARY_ADD;
  case B::Sub: return NEVERC_MC_BINARY_SUBTRACT;
  case B::Mul: return NEVERC_MC_BINARY_MULTIPLY;
  case B::Div: return NEVERC_MC_BINARY_DIVIDE;
  case B::And: return NEVERC_MC_BINARY_AND;
  case B::Or: return NEVERC_MC_BINARY_OR;
  case B::Xor: return NEVERC_MC_BINARY_XOR;
  case B::Shl: return NEVERC_MC_BINARY_SHIFT_LEFT;
  case B::AShr: return NEVERC_MC_BINARY_SHIFT_RIGHT;
  default: return 0; // LLVM operators the schema does not name
  }
}

NevercStatus NEVERC_CALL getExpressionInfo(void *Ctx, NevercTaskHandle Task,
                                           NevercMCExprHandle Expression,
                                           NevercMCExpressionInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    const llvm::MCExpr **P;
    if (NevercStatus S = lookup(D, C, C.Exprs, Expression, &P); !isOk(S))
      return S;
    const llvm::MCExpr &E = **P;
    I.Kind = expressionKind(E);
    if (const auto *B = llvm::dyn_cast<llvm::MCBinaryExpr>(&E)) {
      I.Operator = binaryOperator(B->getOpcode());
      I.Left = C.expr(B->getLHS());
      I.Right = C.expr(B->getRHS());
    } else if (const auto *U = llvm::dyn_cast<llvm::MCUnaryExpr>(&E)) {
      switch (U->getOpcode()) {
      case llvm::MCUnaryExpr::Plus: I.Operator = NEVERC_MC_UNARY_PLUS; break;
      case llvm::MCUnaryExpr::Minus: I.Operator = NEVERC_MC_UNARY_MINUS; break;
      case llvm::MCUnaryExpr::Not: I.Operator = NEVERC_MC_UNARY_NOT; break;
      default: break;
      }
      I.Left = C.expr(U->getSubExpr());
    } else if (const auto *K = llvm::dyn_cast<llvm::MCConstantExpr>(&E)) {
      I.Constant = K->getValue();
    } else if (const auto *R = llvm::dyn_cast<llvm::MCSymbolRefExpr>(&E)) {
      I.Symbol = C.symbol(&R->getSymbol());
      if (R->getSpecifier()) {
        I.SchemaToken = C.token();
        I.TargetVariant = R->getSpecifier();
      }
    } else if (const auto *SE = llvm::dyn_cast<llvm::MCSpecifierExpr>(&E)) {
      I.Left = C.expr(SE->getSubExpr());
      I.SchemaToken = C.token();
      I.TargetVariant = SE->getSpecifier();
    } else {
      I.SchemaToken = C.token(); // a target expression
    }
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFirstFragment(void *Ctx, NevercTaskHandle Task,
                                          NevercMCSectionHandle Section,
                                          NevercMCFragmentHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    const llvm::MCSection *Sec;
    if (NevercStatus S = sectionOf(D, C, Section, &Sec); !isOk(S))
      return S;
    auto &M = const_cast<llvm::MCSection &>(*Sec);
    *Out = M.begin() == M.end() ? NevercHandle{} : C.fragment(&*M.begin());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNextFragment(void *Ctx, NevercTaskHandle Task,
                                         NevercMCFragmentHandle Fragment,
                                         NevercMCFragmentHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    llvm::MCFragment *F;
    if (NevercStatus S = fragmentOf(D, C, Fragment, &F); !isOk(S))
      return S;
    *Out = F->getNext() ? C.fragment(F->getNext()) : NevercHandle{};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFragmentInfo(void *Ctx, NevercTaskHandle Task,
                                         NevercMCFragmentHandle Fragment,
                                         NevercMCFragmentInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    llvm::MCFragment *F;
    if (NevercStatus S = fragmentOf(D, C, Fragment, &F); !isOk(S))
      return S;
    I.Kind = fragmentKind(*F);
    if (I.Kind == NEVERC_MC_FRAGMENT_FORMAT_EXTENSION)
      I.SchemaToken = C.token();
    I.Section = C.section(F->getParent());
    llvm::MCAssembler &A = assemblerOf(C);
    I.ExplicitOffset = A.hasLayout() ? A.getFragmentOffset(*F)
                                     : NEVERC_MC_AUTOMATIC_OFFSET;
    if (F->getKind() == llvm::MCFragment::FT_Align) {
      I.Alignment = F->getAlignment().value();
      I.FillValue = uint32_t(F->getAlignFill());
    }
    // The fixed part, then the variable tail where LLVM keeps it as bytes
    // (a relaxable instruction's encoding, a LEB or DWARF advance; an
    // alignment's padding is the writer's): the fragment's fixup offsets
    // count across both.
    llvm::ArrayRef<char> Bytes = F->getContents();
    const auto K = F->getKind();
    if (F->getVarSize() &&
        (K == llvm::MCFragment::FT_Relaxable || K == llvm::MCFragment::FT_LEB ||
         K == llvm::MCFragment::FT_Dwarf ||
         K == llvm::MCFragment::FT_DwarfFrame)) {
      llvm::ArrayRef<char> Var = F->getVarContents();
      C.FragmentBytes.emplace_back(Bytes.begin(), Bytes.end());
      C.FragmentBytes.back().append(Var.begin(), Var.end());
      C.Minted = true;
      Bytes = C.FragmentBytes.back();
    }
    // A fill's bytes are its value repeated (little-endian, as the ELF
    // targets here write it), once the count is known.
    int64_t Count = 0;
    if (const auto *Fill = llvm::dyn_cast<llvm::MCFillFragment>(F);
        Fill && Fill->getNumValues().evaluateAsAbsolute(Count, A) &&
        Count >= 0 && uint64_t(Count) * Fill->getValueSize() <= (64u << 20)) {
      I.FillValue = uint32_t(Fill->getValue());
      std::string Joined(Bytes.begin(), Bytes.end());
      for (int64_t N = 0; N < Count; ++N)
        for (unsigned B = 0; B < Fill->getValueSize(); ++B)
          Joined.push_back(char(B < 8 ? Fill->getValue() >> (8 * B) : 0));
      C.FragmentBytes.push_back(std::move(Joined));
      C.Minted = true;
      Bytes = C.FragmentBytes.back();
    }
    I.Contents = {reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size()};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFirstFragmentInstruction(
    void *Ctx, NevercTaskHandle Task, NevercMCFragmentHandle Fragment,
    NevercMCInstHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    llvm::MCFragment *F;
    if (NevercStatus S = fragmentOf(D, C, Fragment, &F); !isOk(S))
      return S;
    // Only a relaxable fragment keeps its instruction (LLVM 22 encodes the
    // others at once and keeps the bytes).
    if (F->getKind() != llvm::MCFragment::FT_Relaxable) {
      *Out = NevercHandle{};
      return okStatus();
    }
    C.FragmentInsts.push_back(F->getInst());
    *Out = C.inst(&C.FragmentInsts.back());
    return okStatus();
  });
}

/// The fixups of a fragment (forEachFixup's order), and the \p I-th.
size_t fixupCount(const llvm::MCFragment &F) {
  return F.getFixups().size() + F.getVarFixups().size();
}
const llvm::MCFixup *fixupAt(const llvm::MCFragment &F, unsigned I,
                             bool &Variable) {
  const llvm::MCFixup *Found = nullptr;
  forEachFixup(F, [&](const llvm::MCFixup &X, bool V) {
    if (I-- != 0)
      return false;
    Found = &X;
    Variable = V;
    return true;
  });
  return Found;
}

NevercStatus NEVERC_CALL getFirstFixup(void *Ctx, NevercTaskHandle Task,
                                       NevercMCFragmentHandle Fragment,
                                       NevercMCFixupHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    llvm::MCFragment *F;
    if (NevercStatus S = fragmentOf(D, C, Fragment, &F); !isOk(S))
      return S;
    *Out = fixupCount(*F) ? C.fixup(F, 0) : NevercHandle{};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNextFixup(void *Ctx, NevercTaskHandle Task,
                                      NevercMCFixupHandle Fixup,
                                      NevercMCFixupHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    FixupRef *R;
    if (NevercStatus S = lookup(D, C, C.Fixups, Fixup, &R); !isOk(S))
      return S;
    *Out = R->Index + 1 < fixupCount(*R->F) ? C.fixup(R->F, R->Index + 1)
                                            : NevercHandle{};
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFixupInfo(void *Ctx, NevercTaskHandle Task,
                                      NevercMCFixupHandle Fixup,
                                      NevercMCFixupInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    FixupRef *R;
    if (NevercStatus S = lookup(D, C, C.Fixups, Fixup, &R); !isOk(S))
      return S;
    bool Variable = false;
    const llvm::MCFixup *XP = fixupAt(*R->F, R->Index, Variable);
    if (!XP)
      return st(NEVERC_STATUS_STALE_HANDLE);
    const llvm::MCFixup &X = *XP;
    I.Fragment = C.fragment(R->F);
    I.Expression = C.expr(X.getValue());
    I.Offset = X.getOffset();
    I.Kind = fixupKind(X, &I.TargetKind);
    I.Width = fixupWidth(X, I.Kind);
    if (!I.Width && I.TargetKind) // the target says how wide its kind is
      I.Width = (assemblerOf(C)
                     .getBackend()
                     .getFixupKindInfo(X.getKind())
                     .TargetSize +
                 7) /
                8;
    if (I.Kind == NEVERC_MC_FIXUP_TARGET_EXTENSION)
      I.SchemaToken = C.token();
    I.IsPCRelative = X.isPCRel() ? NEVERC_TRUE : NEVERC_FALSE;
    I.MayRelax =
        R->F->getKind() == llvm::MCFragment::FT_Relaxable && Variable
            ? NEVERC_TRUE
            : NEVERC_FALSE;
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getFirstInstruction(void *Ctx, NevercTaskHandle Task,
                                             NevercMCUnitHandle Unit,
                                             NevercMCInstHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    if (NevercStatus S = unitOf(D, C, Unit); !isOk(S))
      return S;
    std::vector<llvm::MCInst *> L = C.instructions();
    *Out = L.empty() ? NevercHandle{} : C.inst(L.front());
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getNextInstruction(void *Ctx, NevercTaskHandle Task,
                                            NevercMCInstHandle Instruction,
                                            NevercMCInstHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    llvm::MCInst **P;
    if (NevercStatus S = lookup(D, C, C.Insts, Instruction, &P); !isOk(S))
      return S;
    std::vector<llvm::MCInst *> L = C.instructions();
    for (size_t K = 0; K < L.size(); ++K)
      if (L[K] == *P) {
        *Out = K + 1 < L.size() ? C.inst(L[K + 1]) : NevercHandle{};
        return okStatus();
      }
    *Out = NevercHandle{}; // not in the unit's sequence (made, not placed)
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getInstructionInfo(void *Ctx, NevercTaskHandle Task,
                                            NevercMCInstHandle Instruction,
                                            NevercMCInstructionInfo *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &I) {
    llvm::MCInst **P;
    if (NevercStatus S = lookup(D, C, C.Insts, Instruction, &P); !isOk(S))
      return S;
    I.SchemaToken = C.token();
    I.Opcode = (*P)->getOpcode();
    I.OperandCount = (*P)->getNumOperands();
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getInstructionOperand(void *Ctx,
                                               NevercTaskHandle Task,
                                               NevercMCInstHandle Instruction,
                                               uint64_t Index,
                                               NevercMCOperandHandle *Out) {
  return handleSlot(Ctx, Task, Out, [&](MCDomain::Impl &D, Compile &C) {
    llvm::MCInst **P;
    if (NevercStatus S = lookup(D, C, C.Insts, Instruction, &P); !isOk(S))
      return S;
    if (Index >= (*P)->getNumOperands())
      return st(NEVERC_STATUS_NOT_FOUND);
    *Out = C.operand(*P, unsigned(Index));
    return okStatus();
  });
}

NevercStatus NEVERC_CALL getOperandValue(void *Ctx, NevercTaskHandle Task,
                                         NevercMCOperandHandle Operand,
                                         NevercMCOperandValue *Out) {
  return infoSlot(Ctx, Task, Out,
                  [&](MCDomain::Impl &D, Compile &C, auto &V) {
    OperandRef *R;
    if (NevercStatus S = lookup(D, C, C.Operands, Operand, &R); !isOk(S))
      return S;
    if (R->Index >= R->I->getNumOperands())
      return st(NEVERC_STATUS_STALE_HANDLE); // erased since
    const llvm::MCOperand &Op = R->I->getOperand(R->Index);
    V.Kind = operandKind(Op);
    if (Op.isReg()) {
      V.SchemaToken = C.token(); // register numbers are LOCKSTEP
      V.Payload.Register = Op.getReg().id();
    } else if (Op.isImm()) {
      V.Payload.Immediate = Op.getImm();
    } else if (Op.isSFPImm()) {
      V.Payload.SingleFloatBits = Op.getSFPImm();
    } else if (Op.isDFPImm()) {
      V.Payload.DoubleFloatBits = Op.getDFPImm();
    } else if (Op.isExpr()) {
      V.Payload.Expression = C.expr(Op.getExpr());
    } else if (Op.isInst()) {
      V.Payload.Instruction =
          C.inst(const_cast<llvm::MCInst *>(Op.getInst()));
    }
    return okStatus();
  });
}

} // namespace

void fillReadSlots(NevercMCAPI &T) {
  T.GetSchemaToken = &getSchemaToken;
  T.GetSchemaTokenInfo = &getSchemaTokenInfo;
  T.GetUnitInfo = &getUnitInfo;
  T.GetFirstSection = &getFirstSection;
  T.GetNextSection = &getNextSection;
  T.GetSectionInfo = &getSectionInfo;
  T.GetFirstSymbol = &getFirstSymbol;
  T.GetNextSymbol = &getNextSymbol;
  T.GetSymbolInfo = &getSymbolInfo;
  T.GetExpressionInfo = &getExpressionInfo;
  T.GetFirstFragment = &getFirstFragment;
  T.GetNextFragment = &getNextFragment;
  T.GetFragmentInfo = &getFragmentInfo;
  T.GetFirstFragmentInstruction = &getFirstFragmentInstruction;
  T.GetFirstFixup = &getFirstFixup;
  T.GetNextFixup = &getNextFixup;
  T.GetFixupInfo = &getFixupInfo;
  T.GetFirstInstruction = &getFirstInstruction;
  T.GetNextInstruction = &getNextInstruction;
  T.GetInstructionInfo = &getInstructionInfo;
  T.GetInstructionOperand = &getInstructionOperand;
  T.GetOperandValue = &getOperandValue;
}

} // namespace neverc::mc
