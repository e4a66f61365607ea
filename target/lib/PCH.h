//===- PCH.h - Precompiled header of the target domain ----------*- C++ -*-===//
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
