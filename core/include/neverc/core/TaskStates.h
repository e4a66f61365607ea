//===- TaskStates.h - A domain's state per task -----------------*- C++ -*-===//
//
// LLVM-free. Every domain keeps some state per task (handle tables, the
// live compile): made on the first call that needs it and dropped once the
// task has ended (its handles die with it). One map serves them all, keyed
// by the task's (session, task) scope; the states of ended tasks are swept
// when a new one is made, so a long session holds only live tasks.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_TASKSTATES_H
#define NEVERC_CORE_TASKSTATES_H

#include "neverc/core/Handles.h"

#include <map>
#include <memory>
#include <mutex>

namespace neverc::core {

template <class State, class Mutex = std::mutex> class TaskStates {
public:
  explicit TaskStates(const ScopeOracle &Oracle) : Oracle(Oracle) {}

  /// The state of the task with scope \p S; \p Make() (returning a
  /// std::unique_ptr<State>) makes it when there is none.
  template <class MakeFn> State &get(HandleScope S, MakeFn &&Make) {
    std::lock_guard<Mutex> G(Lock);
    auto It = States.find(key(S));
    if (It != States.end())
      return *It->second;
    for (auto I = States.begin(); I != States.end();)
      if (!Oracle.taskAlive(uint32_t(I->first >> 32), uint32_t(I->first)))
        I = States.erase(I);
      else
        ++I;
    std::unique_ptr<State> &P = States[key(S)];
    P = Make();
    return *P;
  }
  /// The state of the task with scope \p S, or null when none was made.
  State *find(HandleScope S) const {
    std::lock_guard<Mutex> G(Lock);
    auto It = States.find(key(S));
    return It == States.end() ? nullptr : It->second.get();
  }
  /// \p Fn(State &) for every state kept (under the lock).
  template <class Fn> void forEach(Fn &&F) {
    std::lock_guard<Mutex> G(Lock);
    for (auto &E : States)
      F(*E.second);
  }

private:
  static uint64_t key(HandleScope S) {
    return (uint64_t(S.Session) << 32) | S.Task;
  }
  const ScopeOracle &Oracle;
  mutable Mutex Lock;
  std::map<uint64_t, std::unique_ptr<State>> States;
};

} // namespace neverc::core

#endif
