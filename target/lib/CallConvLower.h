//===- CallConvLower.h - Lowering plans (internal) --------------*- C++ -*-===//
#ifndef NEVERC_TARGET_CALLCONVLOWER_H
#define NEVERC_TARGET_CALLCONVLOWER_H

#include "CallConv.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Module;
} // namespace llvm

namespace neverc::target {

/// Every function with the custom convention and its validated plan, in
/// module order.
using PlanMap = llvm::MapVector<llvm::Function *, Plan>;
/// An error about one function (the reason, without its name).
using ReportFn = llvm::function_ref<void(const llvm::Function &,
                                         const std::string &)>;

/// Rewrites \p M so that no CC 1000 is left (CallConvX86.cpp). False: an
/// error was reported for some function; the module is then only fit to
/// be thrown away.
bool lowerCustomConventionsX86(llvm::Module &M, const RegTable &Regs,
                               const PlanMap &Plans, ReportFn Report);

} // namespace neverc::target

#endif
