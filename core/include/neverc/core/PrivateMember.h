//===- PrivateMember.h - Naming one private member of a library class ------===//
//
// Some LLVM 22 objects keep what a domain must reach in a private member
// with no accessor (TargetPassConfig's pass manager, a Target's ELF
// streamer constructor). An explicit template instantiation may name a
// private member, because access is not checked there; the instantiation
// defines a friend function that hands the pointer-to-member out. Each use
// names exactly one member, so nothing else of the class is touched:
//
//   NEVERC_PRIVATE_MEMBER(PMOf, llvm::legacy::PassManagerBase *,
//                         llvm::TargetPassConfig, PM);
//   ... PC->*memberOf(PMOf{}) ...
//
// Use it at namespace scope (the friend is found by argument-dependent
// lookup on the tag). LLVM-free: the macro knows nothing of the classes it
// opens. A member type with a comma needs a typedef first.
//
//===----------------------------------------------------------------------===//
#ifndef NEVERC_CORE_PRIVATEMEMBER_H
#define NEVERC_CORE_PRIVATEMEMBER_H

#define NEVERC_PRIVATE_MEMBER(Tag, MemberType, Class, Member)                 \
  struct Tag {                                                                 \
    using Type = MemberType Class::*;                                          \
    friend Type memberOf(Tag);                                                 \
  };                                                                           \
  template <class T, typename T::Type M> struct Tag##Exposer {                 \
    friend typename T::Type memberOf(T) { return M; }                          \
  };                                                                           \
  template struct Tag##Exposer<Tag, &Class::Member>

#endif
