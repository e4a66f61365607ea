//===- Merge.cpp - neverc.link.object_merge: a relocatable link (-r) ------===//
//
// The objects read (inputs and the archive members they extracted) become
// one object graph, written by the object library's ELF writer:
//
//  - sections outside COMDAT groups join the output section of the same
//    name, ELF type and flags, each at its alignment, in input order;
//  - a COMDAT group is kept once per signature (the first, as lld keeps
//    it), its sections staying sections of their own;
//  - locals are kept as they are (section symbols are the writer's);
//    globals are resolved by name: a definition over a reference, a strong
//    definition over a weak one, the larger common, the stricter
//    visibility; two strong definitions are lld's duplicate-symbol error;
//  - every relocation moves with its section: offset and, for a section
//    target, addend shifted by where the input section landed.
//
// What it does not merge yet (shared libraries, SHF_LINK_ORDER sections,
// a reference into a dropped group from allocated code) is refused with
// "use -fuse-ld=lld", so that neverc hands the link to lld.
//
//===----------------------------------------------------------------------===//
#include "Arch.h"
#include "neverc/link/LinkGraph.h"
#include "neverc/object/ELF.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>
#include <unordered_map>

namespace neverc::link {
namespace {

using object::Binding;
using object::Definition;
using object::Section;
using object::Symbol;
using object::Visibility;

constexpr uint32_t SHT_LLVM_ADDRSIG = 0x6fff4c03;

int strictness(Visibility V) {
  switch (V) {
  case Visibility::Hidden:
  case Visibility::Internal:
    return 2;
  case Visibility::Protected:
    return 1;
  default:
    return 0;
  }
}

struct Merger {
  LinkGraph &G;
  object::Graph &Out;
  /// Where each input section went: its output section and offset there.
  std::unordered_map<const Section *, std::pair<Section *, uint64_t>> Placed;
  std::unordered_map<const Symbol *, Symbol *> SymbolOf;
  std::unordered_map<std::string, Symbol *> Globals;
  std::unordered_map<const Symbol *, std::string> DefinedIn; ///< out global
  std::map<std::string, object::Comdat *> Groups;
  std::map<std::tuple<std::string, uint32_t, uint64_t, uint32_t, uint64_t>,
           Section *>
      ByKey;

  bool place(const LinkObject &O, const Section &S, object::Comdat *Group);
  bool symbols(const LinkObject &O);
  bool relocations(const LinkObject &O);
};

bool Merger::place(const LinkObject &O, const Section &S,
                   object::Comdat *Group) {
  const uint32_t Type = object::elfSectionType(S);
  const uint64_t Native = object::elfNativeSectionFlags(S);
  if (Type == SHT_LLVM_ADDRSIG)
    return true; // lld drops it too: every function is then address-taken
  if (Native & llvm::ELF::SHF_LINK_ORDER)
    return G.fail(O.Name + ": the SHF_LINK_ORDER section '" + S.Name +
                  "' is not merged by the graph linker yet; use "
                  "-fuse-ld=lld");
  Section *To = nullptr;
  if (!Group) {
    auto Key =
        std::make_tuple(S.Name, Type, Native & ~uint64_t(llvm::ELF::SHF_GROUP),
                        uint32_t(S.Kind), S.Flags);
    auto [It, New] = ByKey.try_emplace(Key, nullptr);
    if (New) {
      object::SectionFields F;
      F.Name = S.Name;
      F.Kind = S.Kind;
      F.Flags = S.Flags;
      F.Alignment = 1;
      F.Ext = S.Ext; // the ELF type, flags and entry size
      It->second = Out.appendSection(std::move(F));
    }
    To = It->second;
  } else {
    object::SectionFields F;
    F.Name = S.Name;
    F.Kind = S.Kind;
    F.Flags = S.Flags;
    F.Alignment = 1;
    F.Ext = S.Ext;
    F.Group = Group;
    To = Out.appendSection(std::move(F));
  }
  const uint64_t Align = std::max<uint64_t>(S.Alignment, 1);
  To->Alignment = std::max(To->Alignment, Align);
  uint64_t At = (To->size() + Align - 1) & ~(Align - 1);
  if (S.bytes().empty() && S.ZeroFillSize) {
    To->ZeroFillSize = At + S.ZeroFillSize;
  } else if (!S.bytes().empty()) {
    To->Data.resize(size_t(At), '\0');
    To->Data += S.bytes();
  }
  Placed[&S] = {To, At};
  return true;
}

bool Merger::symbols(const LinkObject &O) {
  for (const Symbol *S : O.Graph.symbols()) {
    if (S->Type == object::SymbolType::Section)
      continue; // the writer makes the output's
    const Section *In = S->Def == Definition::Defined ? S->Sec : nullptr;
    auto P = In ? Placed.find(In) : Placed.end();
    const bool Dropped = In && P == Placed.end();
    object::SymbolFields F = *S;
    F.Group = nullptr;
    if (In && !Dropped) {
      F.Sec = P->second.first;
      F.Value = S->Value + P->second.second;
      F.Group = F.Sec->Group;
    }
    if (S->Bind == Binding::Local) {
      if (!Dropped)
        SymbolOf[S] = Out.appendSymbol(std::move(F));
      continue;
    }
    // A definition in a dropped group is the kept group's: a reference.
    if (Dropped) {
      F.Def = Definition::Undefined;
      F.Sec = nullptr;
      F.Value = F.Size = 0;
    }
    auto [It, New] = Globals.try_emplace(S->Name, nullptr);
    if (New) {
      It->second = Out.appendSymbol(std::move(F));
      if (It->second->Def != Definition::Undefined)
        DefinedIn[It->second] = O.Name;
      SymbolOf[S] = It->second;
      continue;
    }
    Symbol &Have = *It->second;
    SymbolOf[S] = &Have;
    if (strictness(F.Vis) > strictness(Have.Vis))
      Have.Vis = F.Vis;
    if (F.Def == Definition::Undefined) {
      if (Have.Def == Definition::Undefined && F.Bind == Binding::Global)
        Have.Bind = Binding::Global; // one strong reference makes it strong
      continue;
    }
    const bool HaveStrong = Have.Bind == Binding::Global;
    const bool NewStrong = F.Bind == Binding::Global;
    bool Take = false;
    if (Have.Def == Definition::Undefined) {
      Take = true;
    } else if (F.Def == Definition::Common && Have.Def == Definition::Common) {
      Have.Size = std::max(Have.Size, F.Size);
      Have.Alignment = std::max(Have.Alignment, F.Alignment);
      continue;
    } else if (F.Def == Definition::Common) {
      continue; // a definition beats a common
    } else if (Have.Def == Definition::Common) {
      Take = true;
    } else if (HaveStrong && NewStrong) {
      return G.fail("duplicate symbol: " + S->Name + "\n>>> defined in " +
                    DefinedIn[&Have] + "\n>>> defined in " + O.Name);
    } else {
      Take = !HaveStrong && NewStrong;
    }
    if (!Take)
      continue;
    Visibility Vis = Have.Vis;
    static_cast<object::SymbolFields &>(Have) = std::move(F);
    Have.Vis = Vis;
    DefinedIn[&Have] = O.Name;
  }
  return true;
}

bool Merger::relocations(const LinkObject &O) {
  for (const object::Relocation *R : O.Graph.relocations()) {
    auto P = Placed.find(R->Sec);
    if (P == Placed.end())
      continue; // its section was dropped with its group
    object::RelocationFields F = *R;
    F.Sec = P->second.first;
    F.Offset = R->Offset + P->second.second;
    const Section *TargetSec = nullptr;
    if (F.Target == object::RelocTarget::Section)
      TargetSec = R->TargetSection;
    else if (F.Target == object::RelocTarget::Symbol && R->TargetSymbol &&
             R->TargetSymbol->Type == object::SymbolType::Section)
      TargetSec = R->TargetSymbol->Sec;
    if (TargetSec) {
      auto T = Placed.find(TargetSec);
      if (T == Placed.end()) {
        if (F.Sec->Flags & object::SectionFlag::Allocated)
          return G.fail(O.Name + ": a relocation in '" + R->Sec->Name +
                        "' refers to the dropped COMDAT section '" +
                        TargetSec->Name +
                        "'; not merged by the graph linker yet; use "
                        "-fuse-ld=lld");
        // Debug data about a dropped copy: lld's tombstone, 0.
        F.Target = object::RelocTarget::Absolute;
        F.TargetSymbol = nullptr;
        F.TargetSection = nullptr;
        F.Addend = 0;
      } else {
        F.Target = object::RelocTarget::Section;
        F.TargetSymbol = nullptr;
        F.TargetSection = T->second.first;
        F.Addend = R->Addend + int64_t(T->second.second);
      }
    } else if (F.Target == object::RelocTarget::Symbol) {
      auto S = SymbolOf.find(R->TargetSymbol);
      if (S == SymbolOf.end())
        return G.fail(O.Name + ": a relocation in '" + R->Sec->Name +
                      "' refers to '" + R->TargetSymbol->Name +
                      "', which was dropped with its COMDAT group; not "
                      "merged by the graph linker yet; use -fuse-ld=lld");
      F.TargetSymbol = S->second;
    }
    Out.appendRelocation(std::move(F));
  }
  return true;
}

/// lld's fast build id over the written object: XXH3 of the whole file with
/// the note's descriptor zero, written big-endian into it.
void stampBuildId(std::string &Bytes) {
  auto Find = [&]() -> size_t {
    if (Bytes.size() < 64)
      return 0;
    uint64_t ShOff;
    uint16_t ShNum, ShStr;
    std::memcpy(&ShOff, &Bytes[40], 8);
    std::memcpy(&ShNum, &Bytes[60], 2);
    std::memcpy(&ShStr, &Bytes[62], 2);
    if (ShOff + uint64_t(ShNum) * 64 > Bytes.size() || ShStr >= ShNum)
      return 0;
    uint64_t StrOff;
    std::memcpy(&StrOff, &Bytes[ShOff + 64 * ShStr + 24], 8);
    for (uint16_t I = 1; I < ShNum; ++I) {
      uint32_t Name;
      uint64_t Off, Size;
      std::memcpy(&Name, &Bytes[ShOff + 64 * I], 4);
      std::memcpy(&Off, &Bytes[ShOff + 64 * I + 24], 8);
      std::memcpy(&Size, &Bytes[ShOff + 64 * I + 32], 8);
      if (StrOff + Name < Bytes.size() &&
          !std::strcmp(&Bytes[StrOff + Name], ".note.gnu.build-id") &&
          Size == 24 && Off + 24 <= Bytes.size())
        return size_t(Off);
    }
    return 0;
  };
  size_t Note = Find();
  if (!Note)
    return;
  uint64_t H = llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size()));
  for (int K = 0; K < 8; ++K)
    Bytes[Note + 16 + size_t(K)] = char(H >> (56 - 8 * K));
}

} // namespace

bool mergeableInputs(LinkGraph &G) {
  if (!G.In.Libraries.empty())
    return G.fail("a shared library (" +
                  G.In.Files[G.In.Libraries.front().Input].Path +
                  ") in a relocatable link is not merged by the graph linker "
                  "yet; use -fuse-ld=lld");
  if (!G.In.Bitcode.empty())
    return G.fail(G.In.Bitcode.front()->Name +
                  ": bitcode in a relocatable link (-r) is not merged by the "
                  "graph linker yet; use -fuse-ld=lld");
  return true;
}

bool mergeObjects(LinkGraph &G) {
  if (!mergeableInputs(G))
    return false;
  auto Out = std::make_unique<object::Graph>();
  Out->Format = object::ELFFormat;
  Merger M{G, *Out, {}, {}, {}, {}, {}, {}};
  for (const auto &O : G.In.Objects) {
    if (Out->Triple.empty())
      Out->Triple = O->Graph.Triple;
    // The groups this object keeps: the first of each signature.
    std::unordered_map<const object::Comdat *, object::Comdat *> Kept;
    for (const object::Comdat *C : O->Graph.comdats()) {
      if (M.Groups.count(C->Name))
        continue;
      object::ComdatFields F = *C;
      F.Associated = nullptr;
      Kept[C] = M.Groups[C->Name] = Out->appendComdat(std::move(F));
    }
    for (const Section *S : O->Graph.sections()) {
      object::Comdat *Group = nullptr;
      if (S->Group) {
        auto K = Kept.find(S->Group);
        if (K == Kept.end())
          continue; // a later copy of a kept group
        Group = K->second;
      }
      if (!M.place(*O, *S, Group))
        return false;
    }
    if (!M.symbols(*O))
      return false;
  }
  for (const auto &O : G.In.Objects)
    if (!M.relocations(*O))
      return false;
  return finishMerge(G, std::move(Out));
}

bool finishMerge(LinkGraph &G, std::unique_ptr<object::Graph> Out) {
  if (Out->Triple.empty())
    Out->Triple = G.Triple;
  if (G.Opt.BuildId) {
    object::SectionFields F;
    F.Name = ".note.gnu.build-id";
    F.Kind = object::elfSectionKind(llvm::ELF::SHT_NOTE, llvm::ELF::SHF_ALLOC,
                                    F.Name, G.Arch->Machine);
    F.Flags = object::elfSectionFlags(llvm::ELF::SHF_ALLOC, F.Kind);
    F.Alignment = 4;
    F.Ext =
        object::elfSectionRecord(llvm::ELF::SHT_NOTE, llvm::ELF::SHF_ALLOC, 0);
    F.Data.assign("\4\0\0\0\x08\0\0\0\3\0\0\0GNU\0", 16);
    F.Data.append(8, '\0');
    Out->appendSection(std::move(F));
  }
  std::string Bytes;
  if (object::Outcome O = object::writeELF(*Out, 0, Bytes))
    return G.fail("the merged object cannot be written: " + O.Message);
  if (G.Opt.BuildId)
    stampBuildId(Bytes);
  G.Image = std::move(Bytes);
  G.Merged = std::move(Out);
  return true;
}

} // namespace neverc::link
