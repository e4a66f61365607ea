//===- Domain.cpp - ObjectDomain: joining a compile -----------------------===//
//
// A cc1 writes its object through the job's llvm::vfs::OutputBackend (the
// source domain's staged files). With a plugin on an object phase, a proxy
// in front of that backend keeps the object LLVM writes in memory; when
// Clang keeps the file, the pipeline runs over those bytes, and its commit
// writes what the pipeline chose into the staged file and renames it. A
// pipeline that fails discards the staged file: nothing partial appears.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

#include "clang/Basic/TargetOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendOptions.h"
#include "llvm/Support/VirtualOutputBackends.h"
#include "llvm/Support/VirtualOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace neverc::object {
namespace {

std::unique_ptr<FormatRecord> builtinFormat(FormatID ID, const char *Name,
                                            const char *Ext, uint64_t Flags) {
  auto F = std::make_unique<FormatRecord>();
  F->ID = ID;
  F->Name = Name;
  F->DefaultExtension = Ext;
  F->Flags = Flags;
  F->Minor = NEVERC_OBJECT_FORMAT_API_MINOR;
  F->Builtin = true;
  return F;
}

/// The object file of a cc1: LLVM's bytes are held until Clang keeps it.
class HeldObject final
    : public llvm::RTTIExtends<HeldObject, llvm::vfs::OutputFileImpl> {
public:
  static char ID;
  HeldObject(ObjectDomain::Impl &D, core::Task &T, std::string Path,
             std::string Triple,
             std::unique_ptr<llvm::vfs::OutputFileImpl> Under)
      : D(D), T(T), Path(std::move(Path)), Triple(std::move(Triple)),
        Under(std::move(Under)), OS(Bytes) {}

  llvm::raw_pwrite_stream &getOS() override { return OS; }
  llvm::Error discard() override { return Under->discard(); }

  llvm::Error keep() override {
    ObjectDomain::Output Out;
    Out.Path = Path;
    Out.Triple = Triple;
    Out.Bytes.assign(Bytes.data(), Bytes.size());
    Out.Commit = &HeldObject::commit;
    Out.CommitCtx = this;
    if (runPipeline(D, T, Out) == 0)
      return llvm::Error::success();
    if (llvm::Error E = Under->discard())
      llvm::consumeError(std::move(E));
    return llvm::createStringError(
        "the object was not committed: an object phase failed");
  }

private:
  static bool commit(void *Ctx, const std::string &B, std::string &Error) {
    auto &H = *static_cast<HeldObject *>(Ctx);
    llvm::raw_pwrite_stream &S = H.Under->getOS();
    S << B;
    S.flush();
    if (llvm::Error E = H.Under->keep()) {
      Error = llvm::toString(std::move(E));
      return false;
    }
    return true;
  }

  ObjectDomain::Impl &D;
  core::Task &T;
  std::string Path, Triple;
  std::unique_ptr<llvm::vfs::OutputFileImpl> Under;
  llvm::SmallVector<char, 0> Bytes;
  llvm::raw_svector_ostream OS;
};
char HeldObject::ID = 0;

class ObjectBackend final : public llvm::vfs::ProxyOutputBackend {
public:
  ObjectBackend(llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under,
                ObjectDomain::Impl &D, core::Task &T, std::string Path,
                std::string Triple)
      : ProxyOutputBackend(std::move(Under)), D(D), T(T),
        Path(std::move(Path)), Triple(std::move(Triple)) {}

protected:
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> cloneImpl() const override {
    return llvm::makeIntrusiveRefCnt<ObjectBackend>(
        getUnderlyingBackend().clone(), D, T, Path, Triple);
  }
  llvm::Expected<std::unique_ptr<llvm::vfs::OutputFileImpl>>
  createFileImpl(llvm::StringRef P,
                 std::optional<llvm::vfs::OutputConfig> Config) override {
    auto Impl = ProxyOutputBackend::createFileImpl(P, Config);
    if (!Impl || P != Path)
      return Impl;
    return std::make_unique<HeldObject>(D, T, Path, Triple, std::move(*Impl));
  }

private:
  ObjectDomain::Impl &D;
  core::Task &T;
  std::string Path, Triple;
};

} // namespace

ObjectDomain::Impl::Impl(core::Host &H) : H(H) {
  fillObjectAPI(Object);
  fillObjectPhaseAPI(Phase);
  fillObjectFormatAPI(Format);
  fillMutableBinaryAPI(Binary, *this);
  Object.Context = Phase.Context = Format.Context = this;
  constexpr uint64_t All = NEVERC_OBJECT_FORMAT_CAN_PROBE |
                           NEVERC_OBJECT_FORMAT_CAN_READ |
                           NEVERC_OBJECT_FORMAT_CAN_WRITE;
  Formats.push_back(builtinFormat(ELFFormat, "elf", ".o", All));
  Formats.push_back(builtinFormat(COFFFormat, "coff", ".obj", All));
  Formats.push_back(builtinFormat(MachOFormat, "macho", ".o", All));
  BuiltinFormats = Formats.size();
}

ObjectDomain::Impl::~Impl() { shutdownFormats(); }

void ObjectDomain::Impl::shutdownFormats() {
  // Their destructors live in the plugins' modules: this must run while
  // those are still loaded (ObjectDomain::shutdown, before the host's).
  for (auto &F : Formats)
    if (F->DestroyUserData) {
      F->DestroyUserData(F->UserData);
      F->DestroyUserData = nullptr;
    }
  Formats.resize(BuiltinFormats);
}

NevercStatus ObjectDomain::Impl::resolveStage(NevercTaskHandle Task,
                                              NevercHandle Builder,
                                              core::Task **T,
                                              BinaryStage **Out) {
  ObjectJob *J;
  if (NevercStatus S = object::jobOf(*this, Task, &J); !isOk(S))
    return S;
  ImageBox **P;
  if (NevercStatus S = lookup(*this, *J, J->Builders, Builder, &P); !isOk(S))
    return S;
  *T = &J->T;
  *Out = *P;
  return okStatus();
}

ObjectDomain::ObjectDomain(core::Host &H) : P(std::make_unique<Impl>(H)) {
  NevercStatus S = H.publishInterface(
      NevercInterfaceID{NEVERC_INTERFACE_OBJECT_HIGH, NEVERC_INTERFACE_OBJECT_LOW},
      NEVERC_OBJECT_API_MAJOR, NEVERC_OBJECT_API_MINOR, &P->Object,
      sizeof P->Object);
  if (isOk(S))
    S = H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_OBJECT_PHASE_HIGH,
                          NEVERC_INTERFACE_OBJECT_PHASE_LOW},
        NEVERC_OBJECT_PHASE_API_MAJOR, NEVERC_OBJECT_PHASE_API_MINOR,
        &P->Phase, sizeof P->Phase);
  if (isOk(S))
    H.publishInterface(
        NevercInterfaceID{NEVERC_INTERFACE_OBJECT_FORMAT_HIGH,
                          NEVERC_INTERFACE_OBJECT_FORMAT_LOW},
        NEVERC_OBJECT_FORMAT_API_MAJOR, NEVERC_OBJECT_FORMAT_API_MINOR,
        &P->Format, sizeof P->Format);
}
ObjectDomain::~ObjectDomain() = default;

uint32_t ObjectDomain::firstPhase() const { return core::Phase_OBJECT_PROBE; }

bool ObjectDomain::active() const { return P->active(); }

void ObjectDomain::shutdown() { P->shutdownFormats(); }

void ObjectDomain::setWriteFlags(uint64_t Flags) { P->WriteFlags = Flags; }

void ObjectDomain::setForeignImages(ForeignImages *F) { P->Foreign = F; }

int ObjectDomain::attach(clang::CompilerInstance &CI, core::Task &TU) {
  const clang::FrontendOptions &FE = CI.getFrontendOpts();
  if (FE.ProgramAction != clang::frontend::EmitObj || FE.OutputFile.empty() ||
      !P->active())
    return 0;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OutputBackend> Under(
      &CI.getOrCreateOutputManager());
  CI.setOutputManager(llvm::makeIntrusiveRefCnt<ObjectBackend>(
      Under, *P, TU, FE.OutputFile, CI.getTargetOpts().Triple));
  return 0;
}

int ObjectDomain::detach(clang::CompilerInstance &, core::Task &, bool) {
  return 0;
}

bool ObjectDomain::holdsAssembledObject() { return P->active(); }

int ObjectDomain::assembledObject(core::Task &TU, const std::string &Path,
                                  const std::string &Triple,
                                  std::string &Bytes,
                                  bool (*Commit)(void *, const std::string &,
                                                 std::string &),
                                  void *CommitCtx) {
  Output Out;
  Out.Path = Path;
  Out.Triple = Triple;
  Out.Bytes = std::move(Bytes);
  Out.Commit = Commit;
  Out.CommitCtx = CommitCtx;
  return runPipeline(*P, TU, Out);
}

int ObjectDomain::processObject(core::Task &TU, Output &Out) {
  return runPipeline(*P, TU, Out);
}

} // namespace neverc::object
