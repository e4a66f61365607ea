//===- Targets.cpp - which target a link is for ---------------------------===//
//
// A link's target is -m's, else its first object's e_machine; every other
// object must be for the same one (lld's "is incompatible with").
//
//===----------------------------------------------------------------------===//
#include "../Arch.h"

#include "neverc/link/Request.h"

namespace neverc::link::graph {

const TargetArch *targetArchOf(uint16_t Machine) {
  if (Machine == X86_64Target.Machine)
    return &X86_64Target;
  if (Machine == AArch64Target.Machine)
    return &AArch64Target;
  return nullptr;
}

const TargetArch *targetArchOfEmulation(const std::string &Emulation) {
  if (Emulation == X86_64Target.Emulation)
    return &X86_64Target;
  if (Emulation == AArch64Target.Emulation || Emulation == "aarch64elf")
    return &AArch64Target;
  return nullptr;
}

bool pickTarget(LinkGraph &G) {
  const TargetArch *Chosen = targetArchOf(G.Opt.Machine);
  std::string ChosenBy =
      Chosen ? std::string("-m ") + Chosen->Emulation : std::string();
  auto Check = [&](const std::string &Name, const std::string &Triple,
                   const char *Kind) {
    const TargetArch *T = targetArchOf(object::elfMachineOf(Triple));
    if (!T)
      return G.fail(Name + ": a " + Triple + " " + Kind +
                    " is not linked by the graph linker yet (x86-64 and "
                    "AArch64 are); use -fuse-ld=lld");
    if (!Chosen) {
      Chosen = T;
      ChosenBy = Name;
    } else if (T != Chosen) {
      return G.fail(Name + " is incompatible with " + ChosenBy + " (" +
                    T->Name + ", not " + Chosen->Name + ")");
    }
    return true;
  };
  for (const auto &O : G.In.Objects)
    if (!Check(O->Name, O->Graph.Triple, "object"))
      return false;
  // A shared library for another target is lld's error too.
  for (const SharedLibrary &L : G.In.Libraries)
    if (!Check(G.In.Files[L.Input].Path,
               object::elfTripleOf(L.Machine).empty()
                   ? "e_machine " + std::to_string(L.Machine)
                   : object::elfTripleOf(L.Machine),
               "shared library"))
      return false;
  for (const auto &B : G.In.Bitcode)
    if (!B->Info.Triple.empty() &&
        !Check(B->Name, B->Info.Triple, "bitcode file"))
      return false;
  if (Chosen)
    G.Arch = Chosen;
  return true;
}

} // namespace neverc::link::graph
