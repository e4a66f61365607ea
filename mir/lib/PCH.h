//===- PCH.h - Precompiled header of the MIR domain -------------*- C++ -*-===//
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/LegacyPassManager.h"
