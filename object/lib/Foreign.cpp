//===- Foreign.cpp - COFF and Mach-O objects → object graph ---------------===//
//
// Read through llvm::object's generic ObjectFile view: sections, symbols
// and relocations, normalized as far as that view says. What the view
// does not carry exactly (COFF section characteristics, Mach-O section
// types and attributes, implicit addends, COMDAT selections) rides along
// in an extension record of the format ("NCXS"/"NCXR": the native flags or
// type and, for relocations, the official type name). A COFF read also
// keeps what its writer (lib/coff) needs back: section numbers and data
// offsets, and each symbol's storage class, type, index and aux records
// ("NCXY"). Mach-O has no writer yet: such a graph is written back only
// unchanged (the original bytes).
//
//===----------------------------------------------------------------------===//
#include "neverc/object/Foreign.h"
#include "LittleEndian.h"

#include "macho/MachOFacts.h"

#include "llvm/Object/COFF.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Object/MachO.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"

#include <unordered_map>

namespace neverc::object {
namespace {

Outcome malformed(const std::string &What, std::string Why) {
  return Outcome::fail(Errc::InvalidArgument,
                       "malformed " + What + " object: " + Why);
}

Extension record(FormatID F, const char *Tag, uint32_t Native,
                 llvm::StringRef Name) {
  std::string B;
  B.append(Tag, 4);
  put32(B, 1);
  put32(B, Native);
  put32(B, uint32_t(Name.size()));
  B += Name.str();
  return Extension(F, 1, B);
}

/// A COFF symbol's native record (COFF.h, "NCXY"): what llvm::object's
/// generic view leaves out and the COFF writer needs back.
Extension coffSymbolRecord(const llvm::object::COFFObjectFile &O,
                           const llvm::object::SymbolRef &Y) {
  llvm::object::COFFSymbolRef S = O.getCOFFSymbol(Y);
  llvm::ArrayRef<uint8_t> Aux = O.getSymbolAuxData(S);
  std::string B("NCXY", 4);
  put32(B, 1);
  put32(B, S.getStorageClass());
  put32(B, S.getType());
  put32(B, uint32_t(S.getSectionNumber()));
  put32(B, uint32_t(O.getSymbolIndex(S)));
  put32(B, S.getNumberOfAuxSymbols());
  put32(B, uint32_t(Aux.size()));
  B.append(reinterpret_cast<const char *>(Aux.data()), Aux.size());
  return Extension(COFFFormat, 1, B);
}

} // namespace

Outcome readForeign(std::string_view Bytes, Graph &G) {
  auto Buf = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(Bytes.data(), Bytes.size()), "", false);
  auto ObjOr = llvm::object::ObjectFile::createObjectFile(*Buf);
  if (!ObjOr)
    return malformed("COFF or Mach-O", llvm::toString(ObjOr.takeError()));
  llvm::object::ObjectFile &O = **ObjOr;
  FormatID F;
  const char *What;
  if (O.isCOFF()) {
    F = COFFFormat;
    What = "COFF";
  } else if (O.isMachO()) {
    F = MachOFormat;
    What = "Mach-O";
  } else {
    return Outcome::fail(Errc::Unsupported, "not a COFF or Mach-O object");
  }
  if (!O.isRelocatableObject())
    return Outcome::fail(Errc::Unsupported,
                         std::string("not a relocatable ") + What + " object");
  const auto *COFF = llvm::dyn_cast<llvm::object::COFFObjectFile>(&O);
  const auto *MachO = llvm::dyn_cast<llvm::object::MachOObjectFile>(&O);

  std::unordered_map<uint64_t, Section *> SectionAt; // by raw index
  for (const llvm::object::SectionRef &S : O.sections()) {
    auto NameOr = S.getName();
    if (!NameOr)
      return malformed(What, llvm::toString(NameOr.takeError()));
    SectionFields SF;
    SF.Name = NameOr->str();
    if (MachO)
      SF.Name = (MachO->getSectionFinalSegmentName(S.getRawDataRefImpl()) +
                 "," + *NameOr)
                    .str();
    bool BSS = S.isBSS();
    if (S.isDebugSection())
      SF.Kind = SectionKind::Debug;
    else if (S.isText())
      SF.Kind = SectionKind::Text;
    else if (BSS)
      SF.Kind = SectionKind::ZeroFill;
    else if (S.isData())
      SF.Kind = SectionKind::Data;
    else
      SF.Kind = SectionKind::FormatExtension;
    if (S.isText() || S.isData() || BSS)
      SF.Flags |= SectionFlag::Allocated;
    if (S.isText())
      SF.Flags |= SectionFlag::Executable;
    if (SF.Kind == SectionKind::Debug)
      SF.Flags |= SectionFlag::Debug;
    SF.Alignment = S.getAlignment().value();
    if (BSS) {
      SF.ZeroFillSize = S.getSize();
    } else {
      auto DataOr = S.getContents();
      if (!DataOr)
        return malformed(What, llvm::toString(DataOr.takeError()));
      SF.Data = DataOr->str();
    }
    uint32_t Native = 0;
    if (COFF)
      Native = COFF->getCOFFSection(S)->Characteristics;
    else if (MachO)
      Native = MachO->is64Bit()
                   ? MachO->getSection64(S.getRawDataRefImpl()).flags
                   : MachO->getSection(S.getRawDataRefImpl()).flags;
    SF.Ext = record(F, "NCXS", Native, "");
    if (MachO) {
      // What the Mach-O writer needs back: address, alignment, reserved.
      llvm::MachO::section_64 H =
          MachO->is64Bit() ? MachO->getSection64(S.getRawDataRefImpl())
                           : llvm::MachO::section_64{};
      std::string B(SF.Ext.bytes());
      put32(B, uint32_t(H.addr));
      put32(B, uint32_t(H.addr >> 32));
      put32(B, H.align);
      put32(B, H.reserved1);
      put32(B, H.reserved2);
      put32(B, H.reserved3);
      put32(B, uint32_t(S.getIndex() + 1)); // the ordinal relocations name
      SF.Ext.setBytes(B);
    }
    if (COFF) {
      // The COFF writer renumbers sections: it needs the number a symbol's
      // section aux record (an associative COMDAT) gives.
      // The file order of section data is LLVM's, not the table's (it
      // moves COMDAT sections): the data's offset keeps it.
      std::string B(SF.Ext.bytes());
      put32(B, uint32_t(S.getIndex() + 1));
      put32(B, COFF->getCOFFSection(S)->PointerToRawData);
      SF.Ext.setBytes(B);
    }
    if (Outcome E = G.checkSection(SF, nullptr))
      return malformed(What, E.Message);
    SectionAt[S.getIndex()] = G.appendSection(std::move(SF));
  }

  std::unordered_map<uint64_t, Symbol *> SymbolAt; // by raw symbol ref
  for (const llvm::object::SymbolRef &Y : O.symbols()) {
    auto FlagsOr = Y.getFlags();
    if (!FlagsOr)
      return malformed(What, llvm::toString(FlagsOr.takeError()));
    uint32_t Fl = *FlagsOr;
    auto NameOr = Y.getName();
    if (!NameOr)
      return malformed(What, llvm::toString(NameOr.takeError()));
    SymbolFields YF;
    YF.Name = NameOr->str();
    YF.Bind = (Fl & llvm::object::SymbolRef::SF_Weak)     ? Binding::Weak
              : (Fl & llvm::object::SymbolRef::SF_Global) ? Binding::Global
                                                          : Binding::Local;
    YF.Vis = (Fl & llvm::object::SymbolRef::SF_Hidden) ? Visibility::Hidden
                                                        : Visibility::Default;
    auto TypeOr = Y.getType();
    if (!TypeOr)
      return malformed(What, llvm::toString(TypeOr.takeError()));
    switch (*TypeOr) {
    case llvm::object::SymbolRef::ST_Function:
      YF.Type = SymbolType::Function;
      break;
    case llvm::object::SymbolRef::ST_Data:
      YF.Type = SymbolType::Object;
      break;
    case llvm::object::SymbolRef::ST_File:
      YF.Type = SymbolType::File;
      break;
    case llvm::object::SymbolRef::ST_Debug:
      YF.Type = SymbolType::FormatExtension;
      break;
    default:
      YF.Type = SymbolType::NoType;
    }
    if (Fl & llvm::object::SymbolRef::SF_Undefined) {
      YF.Def = Definition::Undefined;
      YF.Flags |= SymbolFlag::Imported;
    } else if (Fl & llvm::object::SymbolRef::SF_Common) {
      YF.Def = Definition::Common;
      YF.Alignment = Y.getAlignment();
      YF.Size = Y.getCommonSize();
    } else if (Fl & llvm::object::SymbolRef::SF_Absolute) {
      YF.Def = Definition::Absolute;
      auto V = Y.getValue();
      YF.Value = V ? *V : 0;
      if (!V)
        llvm::consumeError(V.takeError());
    } else {
      auto SecOr = Y.getSection();
      if (!SecOr)
        return malformed(What, llvm::toString(SecOr.takeError()));
      if (*SecOr == O.section_end()) {
        YF.Def = Definition::Absolute;
      } else {
        auto It = SectionAt.find((*SecOr)->getIndex());
        if (It == SectionAt.end())
          return malformed(What, "symbol '" + YF.Name +
                                     "' names a section that is not read");
        YF.Def = Definition::Defined;
        YF.Sec = It->second;
        auto Addr = Y.getAddress();
        if (!Addr)
          return malformed(What, llvm::toString(Addr.takeError()));
        YF.Value = *Addr - (*SecOr)->getAddress();
      }
    }
    if ((Fl & llvm::object::SymbolRef::SF_Exported) && YF.Def != Definition::Undefined)
      YF.Flags |= SymbolFlag::Exported;
    if (YF.Type == SymbolType::NoType && YF.Sec && YF.Value == 0 &&
        YF.Name == YF.Sec->Name && YF.Bind == Binding::Local)
      YF.Type = SymbolType::Section;
    if (COFF)
      YF.Ext = coffSymbolRecord(*COFF, Y);
    if (MachO && MachO->is64Bit()) {
      llvm::MachO::nlist_64 N =
          MachO->getSymbol64TableEntry(Y.getRawDataRefImpl());
      std::string B("NCXM", 4);
      put32(B, 1);
      put32(B, N.n_type);
      put32(B, N.n_sect);
      put32(B, N.n_desc);
      put32(B, uint32_t(MachO->getSymbolIndex(Y.getRawDataRefImpl())));
      YF.Ext = Extension{MachOFormat, 1, B};
    }
    if (Outcome E = G.checkSymbol(YF, nullptr))
      return malformed(What, E.Message);
    SymbolAt[Y.getRawDataRefImpl().p] = G.appendSymbol(std::move(YF));
  }

  for (const llvm::object::SectionRef &S : O.sections()) {
    Section *Target = SectionAt[S.getIndex()];
    for (const llvm::object::RelocationRef &R : S.relocations()) {
      RelocationFields RF;
      RF.Sec = Target;
      RF.Offset = R.getOffset();
      RF.Kind = RelocKind::TargetExtension;
      RF.TargetExtensionKind = uint32_t(R.getType());
      llvm::SmallString<32> Name;
      R.getTypeName(Name);
      RF.Ext = record(F, "NCXR", uint32_t(R.getType()), Name);
      if (MachO) {
        llvm::MachO::any_relocation_info RI =
            MachO->getRelocation(R.getRawDataRefImpl());
        std::string B(RF.Ext.bytes());
        put32(B, RI.r_word0);
        put32(B, RI.r_word1);
        RF.Ext.setBytes(B);
      }
      llvm::object::symbol_iterator Sym = R.getSymbol();
      if (Sym != O.symbol_end()) {
        auto It = SymbolAt.find(Sym->getRawDataRefImpl().p);
        if (It == SymbolAt.end())
          return malformed(What, "a relocation names a symbol not read");
        RF.Target = RelocTarget::Symbol;
        RF.TargetSymbol = It->second;
      } else {
        RF.Target = RelocTarget::FormatExtension; // Mach-O section-relative
      }
      if (RF.Offset > Target->size())
        return malformed(What, "a relocation lies past the end of '" +
                                   Target->Name + "'");
      G.appendRelocation(std::move(RF));
    }
  }
  llvm::Triple T = O.makeTriple();
  if (COFF && T.getOS() == llvm::Triple::UnknownOS) {
    T.setVendor(llvm::Triple::PC);
    T.setOS(llvm::Triple::Win32);
    T.setEnvironment(llvm::Triple::MSVC);
  } else if (MachO && T.getOS() == llvm::Triple::UnknownOS) {
    T.setVendor(llvm::Triple::Apple);
    T.setOS(llvm::Triple::MacOSX);
  }
  G.Triple = T.str();
  G.Format = F;
  if (MachO && MachO->is64Bit()) {
    auto N = std::make_unique<MachONative>();
    const llvm::MachO::mach_header_64 &H = MachO->getHeader64();
    N->CpuType = H.cputype;
    N->CpuSubType = H.cpusubtype;
    N->Flags = H.flags;
    for (const auto &L : MachO->load_commands()) {
      if (L.C.cmd == llvm::MachO::LC_SEGMENT_64 ||
          L.C.cmd == llvm::MachO::LC_SYMTAB ||
          L.C.cmd == llvm::MachO::LC_DYSYMTAB)
        continue;
      MachONative::Command C;
      C.Cmd = L.C.cmd;
      C.Bytes.assign(L.Ptr, L.C.cmdsize);
      if (L.C.cmd == llvm::MachO::LC_DATA_IN_CODE ||
          L.C.cmd == llvm::MachO::LC_LINKER_OPTIMIZATION_HINT) {
        llvm::MachO::linkedit_data_command D =
            MachO->getLinkOptHintsLoadCommand();
        if (L.C.cmd == llvm::MachO::LC_DATA_IN_CODE)
          D = MachO->getDataInCodeLoadCommand();
        if (uint64_t(D.dataoff) + D.datasize > Bytes.size())
          return malformed(What, "a load command's data lies past the end");
        C.Linkedit.assign(Bytes.data() + D.dataoff, D.datasize);
      }
      N->Commands.push_back(std::move(C));
    }
    G.Native = std::move(N);
  }
  return Outcome::ok();
}

} // namespace neverc::object
