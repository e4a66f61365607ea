//===- CallConvPlan.cpp - Specs into plans, plans to and from strings -----===//
//
// callconv.md §5 (spec format), §6 (plan string). Register numbers are
// LLVM 22's own, so the schema a plan names is "llvm22-<triple>": the
// upstream digest "llvm-<triple>" leaves the LLVM release out, and LLVM
// renumbers registers between releases (callconv.md §10 RISK).
//
//===----------------------------------------------------------------------===//
#include "CallConv.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include <cinttypes>
#include <cstdio>

namespace neverc::target {

const NamedReg *RegTable::find(llvm::StringRef Name) const {
  for (const NamedReg &R : Regs)
    if (Name.equals_insensitive(R.Name))
      return &R;
  return nullptr;
}

const NamedReg *RegTable::byNumber(unsigned Number) const {
  for (const NamedReg &R : Regs)
    if (R.Number == Number)
      return &R;
  return nullptr;
}

const Location *Plan::argument(unsigned Index) const {
  for (const Location &L : Arguments)
    if (L.Value == Index)
      return &L;
  return nullptr;
}

const Location *Plan::result() const {
  return Returns.empty() ? nullptr : &Returns.front();
}

std::optional<RegTable> regTableFor(const llvm::Triple &T) {
  std::string Err;
  const llvm::Target *Tg = llvm::TargetRegistry::lookupTarget(T, Err);
  std::unique_ptr<llvm::MCRegisterInfo> MRI(Tg ? Tg->createMCRegInfo(T)
                                                : nullptr);
  if (!MRI)
    return std::nullopt;
  RegTable Table;
  // LLVM spells its registers in upper case ("RAX", "XMM0", "X0", "Q0").
  llvm::StringMap<unsigned> ByName;
  for (unsigned R = 1, E = MRI->getNumRegs(); R < E; ++R)
    ByName[MRI->getName(R)] = R;
  auto Add = [&](std::string Spelled, std::string LLVMName, RegClass C) {
    auto It = ByName.find(LLVMName);
    if (It != ByName.end())
      Table.Regs.push_back({std::move(Spelled), C, It->second});
  };
  std::vector<std::string> Saved;
  if (T.getArch() == llvm::Triple::x86_64) {
    Table.TargetID = X86_64TargetID;
    for (const char *N : {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp"})
      Add(N, llvm::StringRef(N).upper(), RegClass::GPR);
    for (int I = 8; I <= 15; ++I)
      Add("r" + std::to_string(I), "R" + std::to_string(I), RegClass::GPR);
    for (int I = 0; I <= 15; ++I)
      Add("xmm" + std::to_string(I), "XMM" + std::to_string(I),
          RegClass::SIMD);
    Saved = {"rbx", "rbp", "r12", "r13", "r14", "r15"};
  } else if (T.getArch() == llvm::Triple::aarch64) {
    Table.TargetID = AArch64TargetID;
    // x29 (frame pointer), x30 (link register) and sp are not nameable.
    for (int I = 0; I <= 28; ++I)
      Add("x" + std::to_string(I), "X" + std::to_string(I), RegClass::GPR);
    for (int I = 0; I <= 31; ++I)
      Add("v" + std::to_string(I), "Q" + std::to_string(I), RegClass::SIMD);
    for (int I = 19; I <= 28; ++I)
      Saved.push_back("x" + std::to_string(I));
    for (int I = 8; I <= 15; ++I)
      Saved.push_back("v" + std::to_string(I));
  } else {
    return std::nullopt;
  }
  for (const std::string &N : Saved)
    if (const NamedReg *R = Table.find(N))
      Table.StandardCalleeSaved.push_back(R->Number);
  Table.Schema = "llvm22-" + T.str();
  return Table;
}

bool hasCustomConvention(const llvm::Module &M) {
  for (const llvm::Function &F : M)
    if (F.getCallingConv() == CustomCC)
      return true;
  return false;
}

void forEachCustomCall(llvm::Function &F,
                       llvm::function_ref<void(llvm::CallBase &)> Fn) {
  for (llvm::User *U : F.users())
    if (auto *CB = llvm::dyn_cast<llvm::CallBase>(U))
      if (CB->getCalledOperand() == &F && CB->getCallingConv() == CustomCC)
        Fn(*CB);
}

std::optional<RegClass> classOf(const llvm::Type *T) {
  if (T->isPointerTy())
    return RegClass::GPR;
  if (T->isIntegerTy())
    return T->getIntegerBitWidth() <= 64 ? std::optional(RegClass::GPR)
                                         : std::nullopt;
  if (T->isFloatTy() || T->isDoubleTy())
    return RegClass::SIMD;
  return std::nullopt;
}

unsigned sizeOf(const llvm::Type *T) {
  if (T->isPointerTy())
    return 8;
  return unsigned((T->getPrimitiveSizeInBits().getFixedValue() + 7) / 8);
}

namespace {

/// One spec, split into its segments (callconv.md §5).
struct Spec {
  std::optional<std::vector<std::string>> Args, GPR, SIMD, RetGPR, RetSIMD,
      CSR;
};

Spec parseSpec(llvm::StringRef Text) {
  Spec S;
  llvm::SmallVector<llvm::StringRef, 8> Segments;
  Text.split(Segments, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Seg : Segments) {
    auto [Key, List] = Seg.split(':');
    std::string K = Key.trim().lower();
    std::vector<std::string> Names;
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    List.split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef P : Parts)
      if (!P.trim().empty())
        Names.push_back(P.trim().lower());
    if (K == "args")
      S.Args = Names;
    else if (K == "gpr" || K == "arg_gpr")
      S.GPR = Names;
    else if (K == "xmm" || K == "arg_xmm" || K == "fpr")
      S.SIMD = Names;
    else if (K == "ret_gpr" || K == "ret")
      S.RetGPR = Names;
    else if (K == "ret_xmm" || K == "ret_fpr")
      S.RetSIMD = Names;
    else if (K == "csr")
      S.CSR = Names;
    // Unknown segments are ignored (rule 8).
  }
  return S;
}

bool isStackToken(llvm::StringRef T) { return T == "stack" || T == "mem"; }

} // namespace

Plan planFromSpec(llvm::StringRef Text, const llvm::Function &F,
                  const RegTable &Regs, std::vector<std::string> &Warnings) {
  Spec S = parseSpec(Text);
  Plan P;
  P.Schema = Regs.Schema;
  P.Target = Regs.TargetID;
  P.Convention = SpecConventionID;
  P.StackAlignment = 16;
  std::vector<unsigned> Used;
  auto IsUsed = [&](unsigned N) {
    return std::find(Used.begin(), Used.end(), N) != Used.end();
  };
  // A name the table does not have: a reserved register (rsp, sp, x29,
  // x30, ...) or a typo. Either way it is skipped, and the user hears why.
  auto Lookup = [&](const std::string &Name) -> const NamedReg * {
    const NamedReg *R = Regs.find(Name);
    if (!R)
      Warnings.push_back("register '" + Name +
                         "' cannot carry a value in a custom calling "
                         "convention on this target; skipped");
    return R;
  };
  uint32_t StackNext = 0;
  auto Stack = [&](unsigned Index, unsigned Size) {
    Location L;
    L.Register = false;
    L.Value = Index;
    L.Size = Size;
    L.Alignment = 8;
    L.StackOffset = StackNext;
    StackNext += (Size + 7) / 8 * 8;
    return L;
  };
  auto Reg = [&](unsigned Index, unsigned Size, const NamedReg &R) {
    Location L;
    L.Value = Index;
    L.Size = Size;
    L.Alignment = Size;
    L.RegisterNumber = R.Number;
    Used.push_back(R.Number);
    return L;
  };

  const llvm::FunctionType *FT = F.getFunctionType();
  size_t PoolAt[2] = {0, 0};
  for (unsigned I = 0, E = FT->getNumParams(); I < E; ++I) {
    const llvm::Type *T = FT->getParamType(I);
    std::optional<RegClass> C = classOf(T);
    if (!C)
      continue; // not placeable: the standard convention's (rule 9)
    unsigned Size = sizeOf(T);
    if (S.Args) {
      if (I >= S.Args->size() || isStackToken((*S.Args)[I])) {
        P.Arguments.push_back(Stack(I, Size));
        continue;
      }
      const NamedReg *R = Lookup((*S.Args)[I]);
      if (R && R->Class == *C && !IsUsed(R->Number)) {
        P.Arguments.push_back(Reg(I, Size, *R));
        continue;
      }
      if (R)
        Warnings.push_back("register '" + R->Name + "' cannot carry argument " +
                           std::to_string(I) +
                           (IsUsed(R->Number) ? " (already used)"
                                              : " (wrong register class)") +
                           "; it goes on the stack");
      P.Arguments.push_back(Stack(I, Size));
      continue;
    }
    const std::optional<std::vector<std::string>> &Pool =
        *C == RegClass::GPR ? S.GPR : S.SIMD;
    if (!Pool)
      continue; // no pool for its class: standard convention
    size_t &At = PoolAt[*C == RegClass::GPR ? 0 : 1];
    const NamedReg *Chosen = nullptr;
    while (At < Pool->size() && !Chosen) {
      const NamedReg *R = Lookup((*Pool)[At++]);
      if (R && R->Class == *C && !IsUsed(R->Number))
        Chosen = R;
    }
    P.Arguments.push_back(Chosen ? Reg(I, Size, *Chosen) : Stack(I, Size));
  }

  const llvm::Type *RT = FT->getReturnType();
  if (std::optional<RegClass> C = classOf(RT)) {
    const std::optional<std::vector<std::string>> &List =
        *C == RegClass::GPR ? S.RetGPR : S.RetSIMD;
    if (List)
      for (const std::string &N : *List)
        if (const NamedReg *R = Lookup(N); R && R->Class == *C) {
          Location L;
          L.Value = 0;
          L.Size = sizeOf(RT);
          L.Alignment = L.Size;
          L.RegisterNumber = R->Number;
          P.Returns.push_back(L);
          break;
        }
  }

  if (S.CSR) {
    for (const std::string &N : *S.CSR)
      if (const NamedReg *R = Lookup(N))
        P.CalleeSaved.push_back(R->Number);
  } else {
    P.CalleeSaved = Regs.StandardCalleeSaved;
  }
  return P;
}

namespace {

std::string id(NevercInterfaceID ID) {
  char B[48];
  std::snprintf(B, sizeof B, "0x%016" PRIx64 ":0x%016" PRIx64, ID.High,
                ID.Low);
  return B;
}

void appendLocations(std::string &Out, const std::vector<Location> &Ls) {
  for (size_t I = 0; I < Ls.size(); ++I) {
    const Location &L = Ls[I];
    if (I)
      Out += '|';
    Out += L.Register ? 'r' : 's';
    for (uint64_t V : {uint64_t(L.Value), uint64_t(L.PieceOffset),
                       uint64_t(L.Size), uint64_t(L.Alignment),
                       uint64_t(L.RegisterNumber), uint64_t(L.StackOffset),
                       L.Flags})
      Out += "," + std::to_string(V);
  }
}

bool parseID(llvm::StringRef S, NevercInterfaceID &Out) {
  auto [H, L] = S.split(':');
  if (!H.consume_front("0x") || !L.consume_front("0x") || H.size() != 16 ||
      L.size() != 16)
    return false;
  return !H.getAsInteger(16, Out.High) && !L.getAsInteger(16, Out.Low);
}

bool parseLocations(llvm::StringRef S, std::vector<Location> &Out) {
  if (S.empty())
    return true;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  S.split(Items, '|');
  for (llvm::StringRef Item : Items) {
    llvm::SmallVector<llvm::StringRef, 8> F;
    Item.split(F, ',');
    if (F.size() != 8 || (F[0] != "r" && F[0] != "s"))
      return false;
    uint64_t V[7];
    for (int I = 0; I < 7; ++I)
      if (F[I + 1].getAsInteger(10, V[I]) || (I < 6 && V[I] > UINT32_MAX))
        return false;
    Location L;
    L.Register = F[0] == "r";
    L.Value = uint32_t(V[0]);
    L.PieceOffset = uint32_t(V[1]);
    L.Size = uint32_t(V[2]);
    L.Alignment = uint32_t(V[3]);
    L.RegisterNumber = uint32_t(V[4]);
    L.StackOffset = uint32_t(V[5]);
    L.Flags = V[6];
    Out.push_back(L);
  }
  return true;
}

} // namespace

std::string formatPlan(const Plan &P) {
  std::string S = std::string(PlanAttr) + ";schema=" + P.Schema +
                  ";target=" + id(P.Target) + ";cc=" + id(P.Convention) +
                  ";stack=" + std::to_string(P.StackAlignment) + ";returns=";
  appendLocations(S, P.Returns);
  S += ";arguments=";
  appendLocations(S, P.Arguments);
  S += ";callee-saved=";
  for (size_t I = 0; I < P.CalleeSaved.size(); ++I)
    S += (I ? "," : "") + std::to_string(P.CalleeSaved[I]);
  return S;
}

std::optional<Plan> parsePlan(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 8> Fields;
  S.split(Fields, ';');
  static const char *const Keys[] = {"schema", "target",    "cc",
                                     "stack",  "returns",   "arguments",
                                     "callee-saved"};
  if (Fields.size() != 8 || Fields[0] != PlanAttr)
    return std::nullopt;
  Plan P;
  for (int I = 0; I < 7; ++I) {
    auto [K, V] = Fields[I + 1].split('=');
    if (K != Keys[I])
      return std::nullopt;
    bool Ok = true;
    switch (I) {
    case 0:
      P.Schema = V.str();
      Ok = !V.empty();
      break;
    case 1:
      Ok = parseID(V, P.Target);
      break;
    case 2:
      Ok = parseID(V, P.Convention);
      break;
    case 3:
      Ok = !V.getAsInteger(10, P.StackAlignment);
      break;
    case 4:
      Ok = parseLocations(V, P.Returns);
      break;
    case 5:
      Ok = parseLocations(V, P.Arguments);
      break;
    case 6: {
      llvm::SmallVector<llvm::StringRef, 8> Regs;
      if (!V.empty())
        V.split(Regs, ',');
      for (llvm::StringRef R : Regs) {
        unsigned N;
        if (R.getAsInteger(10, N))
          return std::nullopt;
        P.CalleeSaved.push_back(N);
      }
      break;
    }
    }
    if (!Ok)
      return std::nullopt;
  }
  return P;
}

} // namespace neverc::target
