//===- Layout.cpp - neverc.mc.layout
//---------------------------------------===//
//
// Where the phase sits. LLVM 22 lays an object's unit out inside
// MCAssembler::Finish, called from the target streamer's finishImpl: it
// assigns offsets, relaxes until nothing grows, lets the backend finish,
// binds symbols and applies fixups, then writes. Nothing it calls before
// it starts can be replaced (the streamer, backend and writer are the
// target's own or final classes: Streamer.cpp), so the first point neverc
// sees is the writer's first byte, taken from the stream the domain puts
// under the ELF writer. The phase runs there, once per unit:
//
//   input   the unit (the artifact's GetEvent gives the unit handle; the
//           NevercMCAPI reads walk its sections, symbols, fragments)
//   built-in  LLVM's layout, which is complete at this point
//   output  the layout (HAS_LAYOUT: NevercMCEmissionAPI.GetLayout* read
//           the offsets and sizes LLVM computed)
//   verifier neverc.mc.verify_layout: the output is the unit's layout
//
// Observers see the unit and its layout, interceptors run the rest of the
// chain around them. A plugin cannot lay a unit out instead (no entry of
// LLVM 22's assembler takes a layout from outside): a replacement is
// refused with CAPABILITY_UNAVAILABLE, naming the limit.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

namespace neverc::mc {
namespace {

constexpr const char *Check = "neverc.mc.verify_layout";

struct LayoutRun {
  MCDomain::Impl *D;
  EventBox Unit;   ///< the input: the unit, no event data
  EventBox Layout; ///< the output: HAS_LAYOUT

  static NevercStatus builtin(void *Ctx, void *, void **Out) {
    *Out = &static_cast<LayoutRun *>(Ctx)->Layout;
    return okStatus();
  }

  static NevercStatus verify(void *Ctx, void *Out) {
    auto &R = *static_cast<LayoutRun *>(Ctx);
    if (Out == &R.Layout)
      return okStatus();
    R.D->H.report(NEVERC_DIAGNOSTIC_ERROR,
                  std::string(Check) +
                      ": the product of neverc.mc.layout must be LLVM's "
                      "layout of the unit: LLVM 22 lays a unit out inside "
                      "MCAssembler::Finish and takes no layout from a plugin",
                  nullptr, Check);
    return st(NEVERC_STATUS_CAPABILITY_UNAVAILABLE);
  }
};

} // namespace

void runLayoutPhase(MCDomain::Impl &D, Compile &C) {
  LayoutRun R{&D, {}, {}};
  R.Layout.Flags = NEVERC_MC_EMISSION_HAS_LAYOUT;
  R.Layout.LayoutChanged = C.Relaxations != 0;
  core::PhaseRequest Q;
  Q.T = C.T;
  Q.Input = &R.Unit;
  Q.Builtin = {&LayoutRun::builtin, &R};
  Q.Verifier = {&LayoutRun::verify, &R};
  C.Event = &R.Unit;
  C.Result = &R.Layout;
  core::PhaseOutcome O = D.H.runPhase(core::Phase_MC_LAYOUT, Q);
  C.Event = C.Result = nullptr;
  C.expireCallbackHandles();
  if (isOk(O.Status) && O.Output != &R.Layout)
    O.Status = LayoutRun::verify(&R, O.Output);
  if (!isOk(O.Status))
    D.fail(core::Phase_MC_LAYOUT, O.Status);
}

} // namespace neverc::mc
