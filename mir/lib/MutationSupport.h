//===- MutationSupport.h - The prologue of a staged MIR edit ----*- C++ -*-===//
//
// Shared by the staged edits of Mutations.cpp (instructions, blocks, edges,
// registers) and FrameMutations.cpp (frame, memory operands, properties,
// the edits LLVM 22 cannot undo).
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_MIR_LIB_MUTATIONSUPPORT_H
#define NEVERC_MIR_LIB_MUTATIONSUPPORT_H

#include "ReadSupport.h"

namespace neverc::mir {

inline bool observing(const Compile &C) {
  return C.T->role() == core::CallbackRole::Observer;
}

/// The prologue of a staged edit: task, an open mutation of this compile,
/// not from an observer.
template <class F>
NevercStatus withMutation(void *Ctx, NevercTaskHandle T, NevercHandle Mu,
                          F &&Fn) {
  return withCompile(Ctx, T, [&](MIRDomain::Impl &D, Compile &C) {
    if (observing(C))
      return st(NEVERC_STATUS_POLICY_VIOLATION);
    Mutation *M = nullptr;
    TRY(mutationOf(D, C, Mu, &M));
    if (M->S != Mutation::Open)
      return st(NEVERC_STATUS_INVALID_STATE);
    return Fn(D, C, *M, *M->MF);
  });
}

/// An object named by a handle must belong to the mutation's function.
inline NevercStatus sameFunction(const Mutation &M, const llvm::MachineFunction *MF) {
  return MF == M.MF ? okStatus() : st(NEVERC_STATUS_WRONG_SCOPE);
}

/// A staged edit LLVM 22 could make but never undo exactly: refused with
/// CAPABILITY_UNAVAILABLE and one warning per kind and compile saying why.
NevercStatus cannotUndo(void *Ctx, NevercTaskHandle T, NevercHandle Mu,
                        const char *Slot, const char *Why);

} // namespace neverc::mir

#endif
