//===- LinkGraph.h - The graph linker: one link, step by step ---*- C++ -*-===//
//
// LLVM-free (the C SDK's link constants come through Request.h): the
// standalone linker (neverc-ld), the link phases and tools use it alike. A link
// is a LinkGraph that thirteen steps advance through the link states of the
// plugin ABI (INITIAL ... IMAGE_EMITTED), each in a file of its own under
// lib/graph/:
//
//   probe, read_inputs        Inputs.cpp (the inputs read and resolved)
//   lto_resolve, lto_generate LTO.cpp (no-ops without bitcode)
//   resolve_symbols           Resolve.cpp: atoms, definitions, commons
//   select_comdat             Resolve.cpp: one group of a name kept
//   gc                        GC.cpp: --gc-sections liveness
//   icf                       GC.cpp: --icf (identical code folded)
//   synthesize                Synthetic.cpp: GOT, PLT, copy relocations,
//                             the dynamic sections' entries
//   relax_thunks              none needed on x86-64 (±2 GiB reach)
//   layout                    Layout.cpp: output sections, segments,
//                             addresses, linker-defined symbols
//   relocate                  Relocate.cpp: relocation values applied
//   emit_image                Emit.cpp: the ELF image in memory
//
// What it links: x86-64 ELF executables, dynamic (PIE and not) against
// shared libraries such as glibc. What it does not link yet is refused
// with an error that names the feature (and suggests -fuse-ld=lld); it
// never writes a wrong image on purpose.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_LINK_LINKGRAPH_H
#define NEVERC_LINK_LINKGRAPH_H

#include "neverc/link/Inputs.h"
#include "neverc/link/Request.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace neverc::link {

namespace graph {
struct TargetArch; // lib/graph/Arch.h
}

/// What the graph linker reads from a GNU ld command line besides the
/// request (Options.cpp).
struct LinkerOptions {
  std::string DynamicLinker;
  /// -m's target (its e_machine; 0: the objects' own).
  uint16_t Machine = 0;
  /// -z max-page-size= (0: the target's).
  uint64_t MaxPageSize = 0;
  std::vector<std::string> Undefined; ///< -u
  std::vector<std::string> Rpath;
  bool BuildId = false, EhFrameHdr = false, ZNow = false, ZRelro = true;
  bool GnuHash = true, SysvHash = false;
  bool ExecStack = false;
  bool StripAll = false, StripDebug = false;
  bool ICFAll = false, ICFSafe = false;
  /// Undefined references are errors: executables, and shared libraries
  /// with -z defs / --no-undefined.
  bool NoUndefined = true;
  /// -Bsymbolic / -Bsymbolic-functions: a shared library binds its own
  /// definitions (all, or its functions) to themselves.
  bool Bsymbolic = false, BsymbolicFunctions = false;
  /// --version-script files' text, in order; --default-symver.
  std::vector<std::string> VersionScripts;
  bool DefaultSymver = false;
  /// --undefined-version: a version script may name symbols the link does
  /// not define (lld's default is --no-undefined-version: an error).
  bool UndefinedVersion = false;
  /// --dynamic-list files' text: what an executable exports besides what
  /// libraries need; in a shared library, the only definitions that stay
  /// preemptible.
  std::vector<std::string> DynamicLists;
  /// --wrap SYM: references to SYM go to __wrap_SYM, to __real_SYM to SYM.
  std::vector<std::string> Wrap;
  /// --defsym NAME=VALUE: a number, or another symbol's name.
  std::vector<std::pair<std::string, std::string>> Defsyms;
  /// LTO (-plugin-opt=..., --lto-O, --thinlto-*): lld's defaults.
  struct LtoOptions {
    unsigned OptLevel = 2;
    int CGOptLevel = -1; ///< -1: lld's (3 at --lto-O3, else 2)
    unsigned codegenLevel() const {
      return CGOptLevel >= 0 ? unsigned(CGOptLevel) : OptLevel == 3 ? 3 : 2;
    }
    std::string CPU;
    std::vector<std::string> Features;
    bool TlsDesc = false; ///< -plugin-opt=-enable-tlsdesc
    unsigned Jobs = 0;
    std::string CacheDir;
    /// --thinlto-index-only[=LIST]: the link ends after lto_generate wrote
    /// the ThinLTO index files (no image, as lld); LIST names the modules.
    bool IndexOnly = false, EmitImports = false;
    std::string IndexList;
  } Lto;
};

/// One node of a version script: its version name ("" for an anonymous
/// node) and the patterns it makes global and local.
struct VersionNode {
  std::string Name;
  std::vector<std::string> Global, Local;
};
/// Reads a version script (Versions.cpp): the subset C libraries use
/// (named and anonymous nodes, global:/local: lists, wildcards, parents).
/// False: \p Error says what it does not take (extern "C++", ...).
bool parseVersionScript(const std::string &Text,
                        std::vector<VersionNode> &Nodes, std::string &Error);
/// The node of \p Nodes that names \p Name (exact names first, then
/// wildcards; a node's global list before its local one), or -1; \p Local:
/// it names it in its local list.
int versionNodeOf(const std::vector<VersionNode> &Nodes,
                  const std::string &Name, bool &Local);
/// Reads the options; false when the line asks for something the graph
/// linker does not do yet (\p Error names it).
bool parseLinkerOptions(const std::vector<std::string> &Argv,
                        const LinkRequestModel &R, LinkerOptions &O,
                        std::string &Error);

/// An input section in the link.
struct Atom {
  uint32_t Object = 0;
  const object::Section *Sec = nullptr;
  uint32_t Type = 0;    ///< sh_type
  uint64_t ShFlags = 0; ///< sh_flags
  uint64_t Size = 0, Align = 1;
  bool Live = true;        ///< false: discarded (COMDAT, GC) or not output
  bool Discarded = false;  ///< by COMDAT selection
  bool ForcedLive = false; ///< a plugin said so (SetAtomLive)
  bool ForcedDead = false; ///< ... or dropped it
  int32_t Leader = -1;     ///< ICF: the atom it folds into
  int32_t Out = -1;        ///< output section
  uint64_t OutOffset = 0;  ///< offset inside the output section
  uint64_t Address = 0;
  /// Replaced content (ReplaceAtomContent), else the section's own.
  bool Replaced = false;
  std::string Content;
  uint64_t ZeroFill = 0;
  /// In a deduplicated section (layout: strings, or constants of one
  /// size): where each of its pieces went, (input offset, offset in the
  /// output section), by input offset; Run is the output section's run
  /// that holds them.
  std::vector<std::pair<uint64_t, uint64_t>> Pieces;
  int32_t Run = -1;
  /// A range thunk (layout made it): the atom whose calls it serves; it is
  /// placed right after that atom.
  int32_t ThunkOf = -1;
  /// The output offset of input offset \p In (Pieces not empty).
  uint64_t pieceOffset(uint64_t In) const;
  std::string_view bytes() const {
    return Replaced ? std::string_view(Content) : Sec->bytes();
  }
  bool nobits() const { return bytes().empty(); }
};

/// A global symbol's final place in the link.
struct GlobalSym {
  enum Kind : uint8_t { Undefined, Defined, Common, Shared, LinkerDefined };
  Kind K = Undefined;
  bool Weak = false;
  int32_t Object = -1;                 ///< Defined, Common
  const object::Symbol *Def = nullptr; ///< Defined, Common
  int32_t Library = -1;                ///< Shared
  int32_t CommonAtom = -1;             ///< Common: its .bss atom
  bool Root = false;                   ///< a plugin's GC root (SetSymbolRoot)
  bool Referenced = false;             ///< a kept object refers to it
  bool StrongRef = false;              ///< ... not only weakly
  bool Exported = false;               ///< in .dynsym as a definition
  bool Imported = false;               ///< in .dynsym as an import
  bool NeedsGot = false, NeedsPlt = false, NeedsCopy = false;
  bool CanonicalPlt = false; ///< its address is its PLT entry
  /// Another name of a copied symbol (same library, same address): it
  /// names the same copy and is exported with it, so that the library's
  /// own references through any of its names see the copy.
  bool CopyAlias = false;
  /// An undefined weak symbol loaded through the GOT of a dynamic image:
  /// imported (R_X86_64_GLOB_DAT), so that a library may still define it
  /// at run time (lld does the same).
  bool WeakImport = false;
  /// An IFUNC definition referenced: its IPLT entry (the address every
  /// reference takes) and the slot an R_X86_64_IRELATIVE fills.
  int32_t Iplt = -1;
  /// The version script made it local (not exported, not preemptible).
  bool Localized = false;
  /// Its .gnu.version index as a definition (1: the base, unversioned).
  uint16_t VersionIndex = 1;
  /// Named by a --dynamic-list.
  bool DynamicListed = false;
  /// A plugin said it is exported (SetSymbolResolution): in .dynsym as
  /// -E or a dynamic list would put it.
  bool ForceExport = false;
  /// A linker-defined value that is a number, not an image address
  /// (--defsym N=0x...): no RELATIVE relocation moves it.
  bool AbsoluteValue = false;
  bool NeedsTlsGd = false, NeedsTpOff = false;
  int32_t Got = -1, Plt = -1, DynIndex = -1, TlsGd = -1, TpOff = -1,
          TlsDesc = -1;
  int32_t CopyAtom = -1;
  uint64_t Value = 0; ///< final address (after layout)
  uint64_t Size = 0;
};

struct OutputSection {
  std::string Name;
  uint32_t Type = 0;
  uint64_t Flags = 0;
  uint64_t Align = 1;
  std::vector<uint32_t> Atoms;
  uint64_t Address = 0, Offset = 0, Size = 0;
  uint32_t Segment = 0;
  /// Synthetic contents (GOT, PLT, dynamic tables), built by the steps.
  bool Synthetic = false;
  std::string Data;
  /// Pieces merged as lld merges them, each once: NUL-terminated strings,
  /// or constants of one size (.rodata.cst8, ...), one run per kind, where
  /// the first atom of the kind would be. Layout builds them; relocate
  /// copies them into Data.
  struct MergeRun {
    std::string Bytes;
    uint64_t Offset = 0, Align = 1;
    uint64_t EntSize = 1; ///< the piece size (1: strings)
    bool Strings = true;
  };
  std::vector<MergeRun> Runs;
  uint32_t Link = 0, Info = 0;
  uint64_t EntSize = 0;
  uint32_t Index = 0; ///< in the section header table
  bool nobits() const { return Type == 8 /*SHT_NOBITS*/; }
};

struct Segment {
  uint32_t Type = 0, Flags = 0;
  uint64_t Offset = 0, Address = 0, FileSize = 0, MemSize = 0, Align = 0;
};

/// A dynamic relocation the image carries (relocate fills them).
struct DynReloc {
  uint64_t Offset = 0; ///< the address patched
  uint32_t Type = 0;
  uint32_t Symbol = 0; ///< .dynsym index (0: none)
  int64_t Addend = 0;
};

/// A .got slot: what it holds.
struct GotSlot {
  /// TlsDesc: a TLS descriptor's pair (the resolver, then its argument),
  /// which one dynamic relocation fills.
  enum Kind : uint8_t {
    Address,
    TlsModule,
    TlsOffset,
    TpOffset,
    TlsDesc,
    TlsDescArg
  };
  Kind K = Address;
  int32_t Global = -1; ///< the global it is for, or -1 for a local target
  int32_t Atom = -1;   ///< a local target: its atom and offset in it
  uint64_t Offset = 0;
};

/// One link.
class LinkGraph {
public:
  LinkGraph(std::vector<std::string> Argv, LinkRequestModel Req,
            LinkerOptions Opt);

  std::vector<std::string> Argv;
  LinkRequestModel Req;
  LinkerOptions Opt;
  /// The target (x86-64 until read_inputs reads the objects' e_machine).
  const graph::TargetArch *Arch;
  /// NEVERC_LINK_STATE_* of the last step done.
  uint32_t State = 0;
  uint64_t Generation = 1;
  /// A committed change took the graph back (invalidateLinkGraph): the
  /// steps from State on run again. The runner clears it.
  bool Rewound = false;
  /// Bit K: step K's product exists (the built-in step made it, or a
  /// provider that can make it through NevercLinkAPI published it).
  uint32_t Made = 0;
  std::string Triple = "x86_64-unknown-linux-gnu";

  // read_inputs
  LinkInputs In;
  // lto_resolve: one resolution per symbol of each bitcode file, in
  // lto::InputFile order; LtoFirst[F] is file F's first.
  struct LtoResolution {
    uint32_t File = 0, Symbol = 0;
    int32_t Global = -1; ///< In.Symbols index (-1: none)
    uint64_t Flags = 0;  ///< Lto* below (NEVERC_LTO_SYMBOL_*'s values)
  };
  enum : uint64_t {
    LtoPrevailing = 1,
    LtoVisibleToRegular = 2,
    LtoExported = 4,
    LtoFinal = 8,
    LtoCanInline = 16,
    LtoCanInternalize = 32,
    LtoRedefined = 64,
    LtoRegularRef = 128,
  };
  std::vector<LtoResolution> LtoResolutions;
  std::vector<uint32_t> LtoFirst;
  /// Distributed ThinLTO: the index files are written; nothing is linked.
  bool indexOnlyDone() const {
    return Opt.Lto.IndexOnly && State >= NEVERC_LINK_STATE_LTO_GENERATED;
  }
  // lto_generate: its objects are In.Objects from In.LtoObjectsBegin.
  /// Added to every ThinLTO cache key: the loaded plugins' identities.
  std::string LtoCacheSalt;
  /// Plugins' IR phases inside LTO (lto::Options::Hook and ::Passes): set
  /// by the link domain for lto_generate.
  lto::ModuleHook LtoHook;
  lto::PassBuilderHook LtoPasses;
  /// An LTO codegen provider (the link domain's): makes lto_generate's
  /// objects instead of LLVM's LTO; builtinLto is what it may wrap. Not
  /// called for distributed ThinLTO (no objects are made there).
  std::function<bool(LinkGraph &, std::vector<lto::Product> &,
                     std::string &Error)>
      LtoCodegen;
  /// Where emit_image writes the image (null: Image): a zero-filled buffer
  /// of Size bytes that outlives the link, or null with Error set (null
  /// and no Error: declined, Image is used). The
  /// standalone route maps its staged output file here (no copy of the
  /// image in memory, no write of it: lld's FileOutputBuffer).
  std::function<char *(uint64_t Size, std::string &Error)> ImageSink;
  /// The image: Image, or what emit_image wrote into the sink.
  std::string_view imageBytes() const {
    return Sunk.data() ? Sunk : std::string_view(Image);
  }
  std::string_view Sunk;
  /// emit_image's plan (planImage: the symbol and string tables added,
  /// every file offset set): made early by relocate when it writes the
  /// sections straight into the sink, else by emit_image itself.
  bool ImagePlanned = false;
  uint64_t ImageSize = 0, ImageShOff = 0;
  uint32_t ImageShStrI = 0;
  /// The bytes of output section \p S: its Data, or its place in Sunk.
  std::string_view sectionBytes(const OutputSection &S) const {
    if (!S.Data.empty() || !Sunk.data() || S.nobits())
      return S.Data;
    return Sunk.substr(size_t(S.Offset), size_t(S.Size));
  }
  // resolve_symbols
  std::vector<Atom> Atoms;
  std::vector<GlobalSym> Globals; ///< parallel to In.Symbols
  /// [object][section's Serial] -> its atom (-1: none): no hashing on the
  /// paths every relocation takes.
  std::vector<std::vector<int32_t>> AtomOf;
  int32_t atomOf(uint32_t Object, const object::Section *S) const {
    if (!S || Object >= AtomOf.size() || S->Serial >= AtomOf[Object].size())
      return -1;
    return AtomOf[Object][S->Serial];
  }
  /// [object][symbol's Serial] -> globalOf's answer, made by
  /// resolve_symbols for the symbols known then (GlobalsKnown of them).
  std::vector<std::vector<int32_t>> GlobalOfSymbol;
  size_t GlobalsKnown = 0;
  /// Edges a plugin retargeted (RetargetEdge): the relocation's new target,
  /// a global symbol (its index) or an atom (its start). Keyed by the
  /// relocation, or for a debug section's raw one by its Elf64_Rela entry.
  struct Retarget {
    int32_t Global = -1, Atom = -1;
  };
  std::unordered_map<const void *, Retarget> Retargets;
  /// Globals a plugin rebound (RebindSymbol): the atom whose start now
  /// defines each (global index -> atom index), and the definitions made
  /// for them (resolve_symbols makes them again on every run).
  std::unordered_map<uint32_t, uint32_t> Rebinds;
  std::deque<object::Symbol> ReboundDefs;
  /// Resolutions a plugin set (SetSymbolResolution): per global, the
  /// binding and visibility (NEVERC_LINK_SYMBOL_*) and whether exported;
  /// applied after resolve_symbols on every run and at the commit.
  struct ResolutionUpdate {
    uint32_t Binding = 0, Visibility = 0;
    bool Exported = false;
  };
  std::unordered_map<uint32_t, ResolutionUpdate> Resolutions;
  /// Layout constraints plugins made (NevercLinkAPI.CreateConstraint,
  /// applied by layout): AtomOrder puts atom Subject at rank Value in its
  /// output section (ranked atoms first, lower rank first, then the rest
  /// in input order), AtomAlign gives it an address that is a multiple of
  /// Value. A Required one that cannot hold (its atom is not in the image,
  /// or merged) fails the link; another is then ignored.
  struct LayoutConstraint {
    enum Kind : uint8_t { AtomOrder, AtomAlign } K = AtomOrder;
    enum Life : uint8_t { Pending, Live, Erased } State = Pending;
    bool Required = false;
    uint32_t Subject = 0;
    uint64_t Value = 0;
    uint32_t MadeIn = 0; ///< the phase (index) of the mutation that made it
  };
  std::vector<LayoutConstraint> Constraints;
  /// Output sections plugins made (CreateSynthetic): atom Atom leaves the
  /// output section it would join for one of its own named Name, which
  /// layout places like any other (by its flags). A pending one (its
  /// mutation still open) and an erased one do nothing.
  struct MadeSynthetic {
    enum Life : uint8_t { Pending, Live, Erased } State = Pending;
    std::string Name;
    uint32_t Atom = 0;
    uint32_t MadeIn = 0; ///< the phase (index) of the mutation that made it
  };
  std::vector<MadeSynthetic> MadeSynthetics;
  /// Applies Resolutions[I] to Globals[I] (a definition's binding and
  /// visibility through a copy of its symbol in ReboundDefs).
  void applyResolution(uint32_t I);
  /// The relocations patching each atom, by atom index.
  std::vector<std::vector<const object::Relocation *>> Relocs;
  // synthesize
  std::vector<GotSlot> Got;
  std::vector<uint32_t> PltEntries; ///< global index per PLT entry
  /// Each IPLT entry's IFUNC: a global, or a local one (its atom and
  /// offset; LocalIplt finds its entry by localIpltKey).
  struct IpltEntry {
    int32_t Global = -1, Atom = -1;
    uint64_t Offset = 0;
  };
  std::vector<IpltEntry> IpltEntries;
  std::unordered_map<uint64_t, uint32_t> LocalIplt;
  static uint64_t localIpltKey(int32_t Atom, uint64_t Offset) {
    return uint64_t(uint32_t(Atom)) << 35 ^ Offset;
  }
  size_t RelaDynCount = 0;          ///< .rela.dyn entries relocate makes
  std::vector<uint32_t> DynSyms;    ///< global indexes, .dynsym order
  std::vector<int32_t> NeededLibraries;
  /// Local GOT slots (a local target, by atom and offset, and kind).
  std::unordered_map<uint64_t, uint32_t> LocalGot;
  /// Atoms before synthesize added copies (what a rerun truncates to).
  size_t AtomsBeforeSynthesize = 0;
  /// Range thunks (AArch64: a call beyond a branch's reach goes through
  /// one): the thunk atom, what it jumps to, and the call it serves.
  struct RangeThunk {
    uint32_t Atom = 0;
    int32_t Global = -1, TargetAtom = -1;
    uint64_t Offset = 0;
    const object::Symbol *Sym = nullptr;
    bool Absolute = false;
    int64_t Addend = 0;
  };
  std::vector<RangeThunk> Thunks;
  std::unordered_map<const object::Relocation *, uint32_t> ThunkOfReloc;
  int32_t TlsModuleGot = -1;
  /// .dynstr and where each string is in it.
  std::string DynStr;
  std::unordered_map<std::string, uint32_t> DynStrOffset;
  uint32_t dynString(const std::string &S);
  /// .dynamic: tags in order (values filled at relocate).
  std::vector<std::pair<int64_t, uint64_t>> Dynamic;
  /// .gnu.version_r: per library, the versions imported from it.
  struct VersionNeed {
    int32_t Library = -1;
    /// Each version's name and the .gnu.version index that names it.
    std::vector<std::pair<std::string, uint16_t>> Versions;
  };
  std::vector<VersionNeed> VersionNeeds;
  std::vector<uint16_t> VersionOf; ///< .gnu.version, per .dynsym entry
  uint32_t FirstHashed = 1;        ///< .dynsym index of the first export
  uint32_t EhFrameFdes = 0;        ///< FDEs in .eh_frame (.eh_frame_hdr)
  // layout
  std::vector<OutputSection> Sections;
  std::vector<Segment> Segments;
  uint64_t Entry = 0, ImageBase = 0;
  uint64_t TlsAddress = 0, TlsSize = 0, TlsAlign = 1;
  /// Output section indexes of the synthetic ones (-1: none).
  struct Synth {
    int32_t Interp = -1, BuildId = -1, DynSym = -1, DynStr = -1, GnuHash = -1,
            Hash = -1, VerSym = -1, VerNeed = -1, VerDef = -1, RelaDyn = -1,
            RelaPlt = -1, EhFrameHdr = -1, Plt = -1, Dynamic = -1, Got = -1,
            GotPlt = -1, Bss = -1, EhFrame = -1, Iplt = -1, IpltGot = -1,
            RelaIplt = -1;
    /// Every index, for what renumbers them (layout's sort). The size check
    /// below fails when a field is added and not listed here.
    template <class Fn> void each(Fn &&F) {
      for (int32_t *P :
           {&Interp, &BuildId, &DynSym,  &DynStr,  &GnuHash, &Hash,
            &VerSym, &VerNeed, &VerDef,  &RelaDyn, &RelaPlt, &EhFrameHdr,
            &Plt,    &Dynamic, &Got,     &GotPlt,  &Bss,     &EhFrame,
            &Iplt,   &IpltGot, &RelaIplt})
        F(*P);
    }
  } S;
  static_assert(sizeof(Synth) == 21 * sizeof(int32_t),
                "Synth::each lists every section index");
  // emit_image
  std::string Image;
  /// A relocatable link's product (mergeObjects); Image holds its bytes.
  std::unique_ptr<object::Graph> Merged;

  /// Error text of the last failed step.
  std::string Error;
  bool fail(std::string Why) {
    if (Error.empty())
      Error = std::move(Why);
    return false;
  }

  /// The address of a relocation target: a global resolved, or a local
  /// symbol of \p Object (section-relative). False: it has none (an
  /// undefined weak is 0 and true).
  uint64_t symbolAddress(uint32_t Object, const object::Symbol &S) const;
  int32_t globalOf(const object::Symbol &S) const;
  /// globalOf for a symbol of \p Object, from resolve_symbols' table while
  /// no global was added since.
  int32_t globalOf(uint32_t Object, const object::Symbol &S) const {
    if (GlobalsKnown == In.Symbols.size() && Object < GlobalOfSymbol.size() &&
        S.Serial < GlobalOfSymbol[Object].size())
      return GlobalOfSymbol[Object][S.Serial];
    return globalOf(S);
  }
  uint64_t atomAddress(uint32_t Atom) const;
  /// The address of offset \p Off of atom \p A (in a merged string
  /// section, where that string's one copy went).
  uint64_t offsetAddress(uint32_t A, uint64_t Off) const;
  uint64_t gotAddress(uint32_t Slot) const;
  uint64_t pltAddress(uint32_t Entry) const;
  uint64_t ipltAddress(uint32_t Entry) const;
  /// A static executable: no dynamic linker, IRELATIVE in .rela.iplt.
  bool dynamicImage() const { return !In.Libraries.empty() || pic(); }
  /// A static PIE (-static -pie): dynamic for its own RELATIVE and
  /// IRELATIVE relocations (glibc's startup applies them), with no loader
  /// and nothing imported.
  bool staticPie() const {
    return (Req.Flags & NEVERC_LINK_OPTION_STATIC) && pie() &&
           In.Libraries.empty();
  }
  bool pie() const {
    return (Req.Flags & NEVERC_LINK_OPTION_PIE) && !sharedOutput();
  }
  bool sharedOutput() const {
    return Req.OutputKind == NEVERC_LINK_OUTPUT_SHARED_LIBRARY;
  }
  /// Position-independent output: every image address needs RELATIVE.
  bool pic() const { return pie() || sharedOutput(); }
  /// Whether references to a definition can be bound elsewhere at run time
  /// (a shared library's default-visibility definitions).
  bool preemptible(const GlobalSym &X) const;
  /// Whether a reference to global \p I is bound by the dynamic linker
  /// (an import, an undefined symbol kept dynamic, a preemptible
  /// definition), after synthesize decided copies and canonical PLTs.
  bool dynamicTarget(int32_t I) const;
  /// The version definitions a shared library makes (.gnu.version_d),
  /// index 2 on (1 is the base: the soname).
  std::vector<std::string> VersionDefs;
  /// The base version's name: the soname, else the output's file name.
  std::string baseVersionName() const {
    if (!Req.Soname.empty())
      return Req.Soname;
    size_t Slash = Req.OutputPath.rfind('/');
    return Slash == std::string::npos ? Req.OutputPath
                                      : Req.OutputPath.substr(Slash + 1);
  }
};

/// The thirteen steps, in order (Step index + 1 == the state produced).
enum class LinkStep : uint32_t {
  InputProbe,
  ReadInputs,
  LtoResolve,
  LtoGenerate,
  ResolveSymbols,
  SelectComdat,
  GC,
  ICF,
  Synthesize,
  RelaxThunks,
  Layout,
  Relocate,
  EmitImage,
};
inline constexpr uint32_t LinkStepCount = 13;
const char *linkStepName(LinkStep S);

/// Runs one step on \p G (which must be in the state before it). False:
/// G.Error says why; the graph is not usable for later steps.
bool runLinkStep(LinkGraph &G, LinkStep S);
/// Whether step \p S has nothing to do on \p G as it is (the LTO steps
/// without bitcode, relax_thunks on x86-64, icf without --icf): what a
/// skip proof proves (link/README.md).
bool linkStepIsNoOp(const LinkGraph &G, LinkStep S);
/// lto_generate's built-in code generation: LLVM's LTO over the graph's
/// bitcode and resolutions, its objects in \p Out (not yet linked). False:
/// \p Error says why.
bool builtinLto(LinkGraph &G, std::vector<lto::Product> &Out,
                std::string &Error);
/// Whether a plugin can make step \p S's product itself through
/// NevercLinkAPI's mutations (liveness, folding) or there is nothing to
/// make (the LTO steps without bitcode, relax_thunks on x86-64).
bool stepReplaceable(LinkStep S);

/// Every step in order.
bool linkAll(LinkGraph &G);
/// neverc.link.object_merge (-r, Merge.cpp): the objects of a graph whose
/// inputs are read become one object graph (G.Merged), written as ELF into
/// G.Image. False: G.Error says why ("use -fuse-ld=lld" for what it does
/// not merge yet).
bool mergeObjects(LinkGraph &G);
/// What a -r merge hands over before its graph is made: false (G.Error
/// says why) for inputs no merge takes yet, shared libraries and bitcode.
bool mergeableInputs(LinkGraph &G);
/// The end of every -r merge, the built-in's or a provider's: \p Out gets
/// the build-ID note -r asks for, is written as ELF into G.Image and
/// becomes G.Merged. False: G.Error says why.
bool finishMerge(LinkGraph &G, std::unique_ptr<object::Graph> Out);
/// A committed change made state \p Earliest (and every later one)
/// invalid: the graph goes back to the state before it, and what the steps
/// from there made is undone, so that they can run again.
void invalidateLinkGraph(LinkGraph &G, uint32_t Earliest);

/// Sets the process heap up for a link (Heap.cpp): padded, not trimmed,
/// on transparent huge pages where the kernel gives them. Process-wide: a
/// tool calls it once, before it reads the inputs.
void prepareHeapForLink();

/// \p Argv with its @response files expanded (GNU quoting, as lld and GNU
/// ld read them), so a request sees what the linker will see.
std::vector<std::string>
expandLinkResponseFiles(const std::vector<std::string> &Argv);

/// Whether \p Error is the graph linker saying it does not make something
/// yet (every such error names it and ends "use -fuse-ld=lld"), as opposed
/// to a link that is wrong (an undefined symbol, an unreadable file).
bool graphLinkerNotYet(const std::string &Error);

/// How linkWithGraphLinker ended.
enum class GraphLinkResult {
  Linked, ///< the output and side outputs are written
  NotYet, ///< something the graph linker does not make yet; nothing written
  Failed, ///< the link is wrong, or an output could not be written
};
/// A whole link on a GNU ld line (argv[0] first), no plugin host
/// (Standalone.cpp): the thirteen steps, then -Map, --why-extract and the
/// image written as lld writes them, each through a temporary renamed into
/// place. \p Error says why when it did not link.
GraphLinkResult linkWithGraphLinker(const std::vector<std::string> &Line,
                                    std::string &Error);
/// neverc's link when the user named no linker and no plugin watches the
/// link: the graph linker, or lld (\p RunLld) for what the graph linker
/// does not make yet. Errors go to stderr; returns the exit code.
int linkByDefault(const std::vector<std::string> &Line,
                  int (*RunLld)(const std::vector<std::string> &));

/// lld's -Map text for a laid-out graph (Map.cpp).
std::string linkMap(const LinkGraph &G);

/// Whether the graph linker links what \p R asks for ("" yes, else why
/// not): the front door the driver checks before choosing the route.
/// An empty \p Triple is not checked (the line's -m and the objects'
/// machines still are).
std::string graphLinkerRefusal(const LinkRequestModel &R,
                               const std::string &Triple);

} // namespace neverc::link

#endif
