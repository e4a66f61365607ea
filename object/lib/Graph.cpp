//===- Graph.cpp - The object graph and its mutations ---------------------===//
//
// A mutation checks each step as it is staged (fields in their sets,
// references to entities that exist) and, at commit, what only the whole
// can tell: after every step, no live entity may point at an erased one and
// every relocation must lie inside its section. Then it applies the steps
// in order. Nothing is applied when a check fails.
//
//===----------------------------------------------------------------------===//
#include "neverc/object/Graph.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>
#include <variant>

namespace neverc::object {

FormatState::~FormatState() = default;

Graph::Graph() = default;
Graph::~Graph() = default;

const LayoutProof &Graph::proveLayout(FormatID F) {
  Proof.Generation = Generation;
  Proof.Format = F;
  HasProof = true;
  return Proof;
}

namespace {
template <class T> T *nextIn(const EntityList<T> &, const T *E) {
  return E && E->live() ? E->Next : nullptr;
}

template <class T> bool inSet(T V, T First, T Last) {
  return uint32_t(V) >= uint32_t(First) && uint32_t(V) <= uint32_t(Last);
}

bool zeroFill(SectionKind K) {
  return K == SectionKind::ZeroFill || K == SectionKind::TLSZeroFill;
}
} // namespace

Section *Graph::next(const Section *E) const { return nextIn(SectionOrder, E); }
Symbol *Graph::next(const Symbol *E) const { return nextIn(SymbolOrder, E); }
Relocation *Graph::next(const Relocation *E) const {
  return nextIn(RelocOrder, E);
}
Comdat *Graph::next(const Comdat *E) const { return nextIn(ComdatOrder, E); }

template <class T> T *Graph::make() {
  if constexpr (std::is_same_v<T, Section>)
    return AllSections.make();
  else if constexpr (std::is_same_v<T, Symbol>)
    return AllSymbols.make();
  else if constexpr (std::is_same_v<T, Relocation>)
    return AllRelocs.make();
  else
    return AllComdats.make();
}

namespace {
template <class T, class F> T *appendTo(EntityList<T> &L, T *E) {
  E->State = EntityState::Live;
  L.insert(nullptr, E);
  return E;
}
} // namespace

Section *Graph::appendSection(SectionFields F) {
  Section *E = make<Section>();
  static_cast<SectionFields &>(*E) = std::move(F);
  return appendTo<Section, SectionFields>(SectionOrder, E);
}
Symbol *Graph::appendSymbol(SymbolFields F) {
  Symbol *E = make<Symbol>();
  static_cast<SymbolFields &>(*E) = std::move(F);
  return appendTo<Symbol, SymbolFields>(SymbolOrder, E);
}
Relocation *Graph::appendRelocation(RelocationFields F) {
  Relocation *E = make<Relocation>();
  static_cast<RelocationFields &>(*E) = std::move(F);
  return appendTo<Relocation, RelocationFields>(RelocOrder, E);
}
Comdat *Graph::appendComdat(ComdatFields F) {
  Comdat *E = make<Comdat>();
  static_cast<ComdatFields &>(*E) = std::move(F);
  return appendTo<Comdat, ComdatFields>(ComdatOrder, E);
}

std::unique_ptr<Mutation> Graph::beginMutation() {
  if (Open)
    return nullptr;
  return std::make_unique<Mutation>(*this);
}

template <class T> bool Graph::usable(const T *E, const Mutation *M) const {
  if (!E)
    return false;
  if (E->State == EntityState::Live)
    return true;
  return E->State == EntityState::Staged && M && M->staged(E);
}

Outcome Graph::checkSection(const SectionFields &F, const Mutation *M) const {
  auto Bad = [](std::string W) {
    return Outcome::fail(Errc::InvalidArgument, "section: " + W);
  };
  if (F.Name.empty())
    return Bad("the name is empty");
  if (!inSet(F.Kind, SectionKind::Text, SectionKind::FormatExtension))
    return Bad("kind " + std::to_string(uint32_t(F.Kind)) +
               " is not an object schema section kind");
  if (F.Flags & ~SectionFlag::Known)
    return Bad("unknown flag bits");
  if (F.Alignment & (F.Alignment - 1))
    return Bad("the alignment " + std::to_string(F.Alignment) +
               " is not a power of two");
  if (zeroFill(F.Kind) && !F.bytes().empty())
    return Bad("a zero-fill section has no data bytes");
  if (!zeroFill(F.Kind) && F.ZeroFillSize)
    return Bad("only a zero-fill section has a zero-fill size");
  if (F.Group && !usable(F.Group, M))
    return Outcome::fail(Errc::StaleHandle, "section: its COMDAT is gone");
  return Outcome::ok();
}

Outcome Graph::checkSymbol(const SymbolFields &F, const Mutation *M) const {
  auto Bad = [&](std::string W) {
    return Outcome::fail(Errc::InvalidArgument,
                         "symbol '" + F.Name + "': " + W);
  };
  if (!inSet(F.Bind, Binding::Local, Binding::FormatExtension) ||
      !inSet(F.Vis, Visibility::Default, Visibility::FormatExtension) ||
      !inSet(F.Type, SymbolType::NoType, SymbolType::FormatExtension) ||
      !inSet(F.Def, Definition::Undefined, Definition::Absolute))
    return Bad("a binding, visibility, type or definition outside the "
               "object schema");
  if (F.Flags & ~SymbolFlag::Known)
    return Bad("unknown flag bits");
  if (F.Def == Definition::Defined) {
    if (!F.Sec)
      return Bad("a defined symbol needs its section");
    if (!usable(F.Sec, M))
      return Outcome::fail(Errc::StaleHandle,
                           "symbol '" + F.Name + "': its section is gone");
    if (F.Value > F.Sec->size())
      return Bad("value " + std::to_string(F.Value) + " is past the end of '" +
                 F.Sec->Name + "'");
  } else if (F.Sec) {
    return Bad("only a defined symbol names a section");
  }
  if (F.Type == SymbolType::Section && F.Def != Definition::Defined)
    return Bad("a section symbol is defined in its section");
  if (F.Group && !usable(F.Group, M))
    return Outcome::fail(Errc::StaleHandle,
                         "symbol '" + F.Name + "': its COMDAT is gone");
  return Outcome::ok();
}

Outcome Graph::checkRelocation(const RelocationFields &F,
                               const Mutation *M) const {
  auto Bad = [](std::string W) {
    return Outcome::fail(Errc::InvalidArgument, "relocation: " + W);
  };
  if (!inSet(F.Kind, RelocKind::Absolute, RelocKind::TargetExtension))
    return Bad("kind outside the object schema");
  if (!inSet(F.Target, RelocTarget::Symbol, RelocTarget::FormatExtension))
    return Bad("target kind outside the object schema");
  if (!F.Sec)
    return Bad("no section to patch");
  if (!usable(F.Sec, M))
    return Outcome::fail(Errc::StaleHandle, "relocation: its section is gone");
  if (zeroFill(F.Sec->Kind))
    return Bad("'" + F.Sec->Name + "' is zero-fill: nothing to patch");
  if (F.Width > 8)
    return Bad("width " + std::to_string(F.Width) + " is over 8 bytes");
  if (F.Offset > F.Sec->size() || F.Width > F.Sec->size() - F.Offset)
    return Bad("offset " + std::to_string(F.Offset) + " (+" +
               std::to_string(F.Width) + ") is past the end of '" +
               F.Sec->Name + "'");
  switch (F.Target) {
  case RelocTarget::Symbol:
    if (!F.TargetSymbol)
      return Bad("a symbol target needs its symbol");
    if (!usable(F.TargetSymbol, M))
      return Outcome::fail(Errc::StaleHandle,
                           "relocation: its target symbol is gone");
    break;
  case RelocTarget::Section:
    if (!F.TargetSection)
      return Bad("a section target needs its section");
    break;
  case RelocTarget::FormatExtension:
    if (F.Ext.empty())
      return Bad("a format-extension target needs its extension");
    break;
  case RelocTarget::Absolute:
    break;
  }
  if (F.TargetSection && !usable(F.TargetSection, M))
    return Outcome::fail(Errc::StaleHandle,
                         "relocation: its target section is gone");
  return Outcome::ok();
}

Outcome Graph::checkComdat(const ComdatFields &F, const Mutation *M) const {
  if (F.Name.empty())
    return Outcome::fail(Errc::InvalidArgument, "COMDAT: the name is empty");
  if (!inSet(F.Selection, ComdatSelection::Any, ComdatSelection::Associative))
    return Outcome::fail(Errc::InvalidArgument,
                         "COMDAT '" + F.Name +
                             "': selection outside the object schema");
  if ((F.Selection == ComdatSelection::Associative) != (F.Associated != nullptr))
    return Outcome::fail(Errc::InvalidArgument,
                         "COMDAT '" + F.Name +
                             "': an associative COMDAT (and only one) names "
                             "the COMDAT it follows");
  if (F.Associated && !usable(F.Associated, M))
    return Outcome::fail(Errc::StaleHandle,
                         "COMDAT '" + F.Name + "': its associated COMDAT is gone");
  return Outcome::ok();
}

//===----------------------------------------------------------------------===//
// Mutation
//===----------------------------------------------------------------------===//

enum class Op : uint8_t { Create, Replace, Move, Erase };

struct Mutation::Step {
  Op What;
  void *E;   ///< the entity
  void *Pos; ///< Move: the entity it goes before
  std::variant<std::monostate, SectionFields, SymbolFields, RelocationFields,
               ComdatFields>
      Fields; ///< Replace: the new fields; its index names the entity kind
  int Kind;   ///< 0 section, 1 symbol, 2 relocation, 3 COMDAT
};

Mutation::Mutation(Graph &G) : G(G) { G.Open = true; }
Mutation::~Mutation() { abandon(); }

bool Mutation::staged(const void *E) const {
  return Open && Created.count(E);
}

Outcome Mutation::stage(Step S) {
  if (!Open)
    return Outcome::fail(Errc::InvalidState, "the mutation is closed");
  Steps.push_back(std::move(S));
  return Outcome::ok();
}

namespace {
Outcome closed() {
  return Outcome::fail(Errc::InvalidState, "the mutation is closed");
}
Outcome gone(const char *What) {
  return Outcome::fail(Errc::StaleHandle,
                       std::string("the ") + What +
                           " is not part of the graph any more");
}
Outcome foreign(const char *What) {
  return Outcome::fail(Errc::InvalidArgument,
                       std::string("the ") + What +
                           " names an entity of another graph");
}
} // namespace

// What a change names must be the changed graph's: a reference into
// another graph (a plugin holding handles of two, as an object-merge
// provider does) would dangle once written.
bool Graph::ownsRefs(const SectionFields &F) const {
  return !F.Group || owns(F.Group);
}
bool Graph::ownsRefs(const SymbolFields &F) const {
  return (!F.Sec || owns(F.Sec)) && (!F.Group || owns(F.Group));
}
bool Graph::ownsRefs(const RelocationFields &F) const {
  return (!F.Sec || owns(F.Sec)) && (!F.TargetSymbol || owns(F.TargetSymbol)) &&
         (!F.TargetSection || owns(F.TargetSection));
}
bool Graph::ownsRefs(const ComdatFields &F) const {
  return !F.Associated || owns(F.Associated);
}

#define NEVERC_OBJECT_MUTATION_SLOTS(Name, Type, Index, Check)                 \
  Outcome Mutation::create##Name(const Type##Fields &F, Type *&Out) {          \
    Out = nullptr;                                                             \
    if (!Open)                                                                 \
      return closed();                                                         \
    if (!G.ownsRefs(F))                                                        \
      return foreign(#Name);                                                   \
    if (Outcome O = G.Check(F, this))                                          \
      return O;                                                                \
    Type *Raw = G.template make<Type>();                                       \
    static_cast<Type##Fields &>(*Raw) = F;                                     \
    Raw->State = EntityState::Staged;                                          \
    Created.insert(Raw);                                                       \
    Out = Raw;                                                                 \
    return stage(Step{Op::Create, Raw, nullptr, {}, Index});                   \
  }                                                                            \
  Outcome Mutation::replace##Name(Type *E, const Type##Fields &F) {            \
    if (!Open)                                                                 \
      return closed();                                                         \
    if (!G.owns(E) || !G.ownsRefs(F))                                          \
      return foreign(#Name);                                                   \
    if (!G.usable(E, this))                                                    \
      return gone(#Name);                                                      \
    if (Outcome O = G.Check(F, this))                                          \
      return O;                                                                \
    Step S{Op::Replace, E, nullptr, {}, Index};                                \
    S.Fields = F;                                                              \
    return stage(std::move(S));                                                \
  }                                                                            \
  Outcome Mutation::move##Name##Before(Type *E, Type *Position) {              \
    if (!Open)                                                                 \
      return closed();                                                         \
    if (!G.owns(E) || !G.owns(Position))                                       \
      return foreign(#Name);                                                   \
    if (!G.usable(E, this) || !G.usable(Position, this))                       \
      return gone(#Name);                                                      \
    if (E == Position)                                                         \
      return Outcome::fail(Errc::InvalidArgument,                              \
                           "an entity cannot move before itself");             \
    return stage(Step{Op::Move, E, Position, {}, Index});                      \
  }                                                                            \
  Outcome Mutation::erase##Name(Type *E) {                                     \
    if (!Open)                                                                 \
      return closed();                                                         \
    if (!G.owns(E))                                                            \
      return foreign(#Name);                                                   \
    if (!G.usable(E, this))                                                    \
      return gone(#Name);                                                      \
    return stage(Step{Op::Erase, E, nullptr, {}, Index});                      \
  }

NEVERC_OBJECT_MUTATION_SLOTS(Section, Section, 0, checkSection)
NEVERC_OBJECT_MUTATION_SLOTS(Symbol, Symbol, 1, checkSymbol)
NEVERC_OBJECT_MUTATION_SLOTS(Relocation, Relocation, 2, checkRelocation)
NEVERC_OBJECT_MUTATION_SLOTS(Comdat, Comdat, 3, checkComdat)
#undef NEVERC_OBJECT_MUTATION_SLOTS

void Mutation::abandon() {
  if (!Open)
    return;
  Open = false;
  G.Open = false;
  for (const Step &S : Steps) {
    if (S.What != Op::Create)
      continue;
    switch (S.Kind) {
    case 0: static_cast<Section *>(S.E)->State = EntityState::Abandoned; break;
    case 1: static_cast<Symbol *>(S.E)->State = EntityState::Abandoned; break;
    case 2: static_cast<Relocation *>(S.E)->State = EntityState::Abandoned; break;
    default: static_cast<Comdat *>(S.E)->State = EntityState::Abandoned; break;
    }
  }
  Steps.clear();
  Created.clear();
}

namespace {

/// The graph as it will be after the steps, for the whole-change checks.
struct Preview {
  std::unordered_set<const void *> Alive; ///< live now or created, not erased
  std::unordered_map<const void *, const void *> Fields; ///< last replacement

  template <class T, class F> const F &fieldsOf(const T *E) const {
    auto It = Fields.find(E);
    return It == Fields.end() ? static_cast<const F &>(*E)
                              : *static_cast<const F *>(It->second);
  }
  bool alive(const void *E) const { return !E || Alive.count(E); }
};

template <class T, class F>
void applyStep(void *Raw, EntityList<T> &L, Mutation::Step &S) {
  T *E = static_cast<T *>(Raw);
  switch (S.What) {
  case Op::Create:
    E->State = EntityState::Live;
    L.insert(nullptr, E);
    break;
  case Op::Replace:
    if (E->live())
      static_cast<F &>(*E) = std::move(std::get<F>(S.Fields));
    break;
  case Op::Move: {
    T *Pos = static_cast<T *>(S.Pos);
    if (E->live() && Pos->live() && E != Pos) {
      L.erase(E);
      L.insert(Pos, E);
    }
    break;
  }
  case Op::Erase:
    if (E->live()) {
      L.erase(E);
      E->State = EntityState::Erased;
    }
    break;
  }
}

} // namespace

Outcome Mutation::commit() {
  if (!Open)
    return closed();
  Preview P;
  for (Section *E : G.SectionOrder)
    P.Alive.insert(E);
  for (Symbol *E : G.SymbolOrder)
    P.Alive.insert(E);
  for (Relocation *E : G.RelocOrder)
    P.Alive.insert(E);
  for (Comdat *E : G.ComdatOrder)
    P.Alive.insert(E);
  for (Step &S : Steps) {
    if (S.What == Op::Create)
      P.Alive.insert(S.E);
    else if (S.What == Op::Erase)
      P.Alive.erase(S.E);
    else if (S.What == Op::Replace)
      P.Fields[S.E] = std::visit(
          [](auto &V) -> const void * { return &V; }, S.Fields);
  }
  auto Dangling = [](std::string What) {
    return Outcome::fail(Errc::InvalidState,
                         What + " (erase it in the same mutation, or point "
                                "it elsewhere)");
  };
  // Relocations go with the section they patch: an erased section takes
  // them along rather than refusing the change.
  std::vector<Relocation *> Dropped;
  for (Relocation *R : G.RelocOrder) {
    const auto &F = P.fieldsOf<Relocation, RelocationFields>(R);
    if (P.Alive.count(R) && !P.alive(F.Sec)) {
      P.Alive.erase(R);
      Dropped.push_back(R);
    }
  }
  auto CheckSection = [&](const Section *S) -> Outcome {
    const auto &F = P.fieldsOf<Section, SectionFields>(S);
    if (!P.alive(F.Group))
      return Dangling("section '" + F.Name + "' is in an erased COMDAT");
    return Outcome::ok();
  };
  auto CheckSymbol = [&](const Symbol *S) -> Outcome {
    const auto &F = P.fieldsOf<Symbol, SymbolFields>(S);
    const std::string Name =
        !F.Name.empty() ? F.Name
        : F.Sec         ? "(the section symbol of " + F.Sec->Name + ")"
                        : "(anonymous)";
    if (!P.alive(F.Sec))
      return Dangling("symbol '" + Name + "' is defined in an erased section");
    if (!P.alive(F.Group))
      return Dangling("symbol '" + Name + "' is in an erased COMDAT");
    if (F.Sec && F.Value > P.fieldsOf<Section, SectionFields>(F.Sec).size())
      return Outcome::fail(Errc::InvalidState,
                           "symbol '" + Name + "' would lie past the end of '" +
                               F.Sec->Name + "'");
    return Outcome::ok();
  };
  auto CheckReloc = [&](const Relocation *R) -> Outcome {
    const auto &F = P.fieldsOf<Relocation, RelocationFields>(R);
    const auto &SF = P.fieldsOf<Section, SectionFields>(F.Sec);
    if (!P.alive(F.TargetSymbol))
      return Dangling("a relocation in '" + SF.Name +
                      "' targets an erased symbol '" + F.TargetSymbol->Name +
                      "'");
    if (!P.alive(F.TargetSection))
      return Dangling("a relocation in '" + SF.Name +
                      "' targets an erased section");
    if (F.Offset > SF.size() || F.Width > SF.size() - F.Offset)
      return Outcome::fail(Errc::InvalidState,
                           "a relocation at " + std::to_string(F.Offset) +
                               " would lie past the end of '" + SF.Name + "'");
    return Outcome::ok();
  };
  auto CheckComdat = [&](const Comdat *C) -> Outcome {
    const auto &F = P.fieldsOf<Comdat, ComdatFields>(C);
    if (!P.alive(F.Associated))
      return Dangling("COMDAT '" + F.Name + "' follows an erased COMDAT");
    return Outcome::ok();
  };
  auto CheckAll = [&]() -> Outcome {
    for (const Section *S : G.SectionOrder)
      if (P.Alive.count(S))
        if (Outcome O = CheckSection(S))
          return O;
    for (const Symbol *S : G.SymbolOrder)
      if (P.Alive.count(S))
        if (Outcome O = CheckSymbol(S))
          return O;
    for (const Relocation *R : G.RelocOrder)
      if (P.Alive.count(R))
        if (Outcome O = CheckReloc(R))
          return O;
    for (const Comdat *C : G.ComdatOrder)
      if (P.Alive.count(C))
        if (Outcome O = CheckComdat(C))
          return O;
    for (const Step &S : Steps) {
      if (S.What != Op::Create || !P.Alive.count(S.E))
        continue;
      Outcome O;
      switch (S.Kind) {
      case 0: O = CheckSection(static_cast<Section *>(S.E)); break;
      case 1: O = CheckSymbol(static_cast<Symbol *>(S.E)); break;
      case 2: O = CheckReloc(static_cast<Relocation *>(S.E)); break;
      default: O = CheckComdat(static_cast<Comdat *>(S.E)); break;
      }
      if (O)
        return O;
    }
    return Outcome::ok();
  };
  if (Outcome O = CheckAll())
    return O; // still open: the caller abandons or fixes

  // Apply, in the order staged.
  for (Step &S : Steps) {
    switch (S.Kind) {
    case 0:
      applyStep<Section, SectionFields>(S.E, G.SectionOrder, S);
      break;
    case 1:
      applyStep<Symbol, SymbolFields>(S.E, G.SymbolOrder, S);
      break;
    case 2:
      applyStep<Relocation, RelocationFields>(S.E, G.RelocOrder, S);
      break;
    default:
      applyStep<Comdat, ComdatFields>(S.E, G.ComdatOrder, S);
      break;
    }
  }
  for (Relocation *R : Dropped)
    if (R->live()) {
      G.RelocOrder.erase(R);
      R->State = EntityState::Erased;
    }
  ++G.Generation;
  G.HasProof = false;
  Open = false;
  G.Open = false;
  Steps.clear();
  Created.clear();
  return Outcome::ok();
}

} // namespace neverc::object
