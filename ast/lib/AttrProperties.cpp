//===- AttrProperties.cpp - GetProperty for attribute arguments -----------===//
//
// The schema's attribute-argument properties, read from Clang 22's Attr
// subclasses. MANY-cardinality arguments read their first element (spec
// §8.1 b; absent: a zero value). ENUM payloads are Clang's enumerator
// values (LLVM-version-specific). PARAMETER_INDEX is the 1-based source
// index. Arguments Clang 22 does not keep are reported by the caller as
// CAPABILITY_UNAVAILABLE.
//
//===----------------------------------------------------------------------===//
#include "Internal.h"

namespace neverc::ast {

using namespace clang;

namespace {

void str(TaskState &TS, NevercASTValue &V, StringRef S) {
  std::string &K = TS.own<std::string>();
  K = S.str();
  V.StringValue = {K.data(), K.size()};
}
void num(NevercASTValue &V, uint64_t X) {
  V.UnsignedValue = X;
  V.SignedValue = int64_t(X);
}
void snum(NevercASTValue &V, int64_t X) {
  V.SignedValue = X;
  V.UnsignedValue = uint64_t(X);
}
void ident(TaskState &TS, NevercASTValue &V, const IdentifierInfo *II) {
  str(TS, V, II ? II->getName() : StringRef());
}
void param(NevercASTValue &V, ParamIdx P) {
  num(V, P.isValid() ? P.getSourceIndex() : 0);
}
void expr(TaskState &TS, NevercASTValue &V, const Expr *E) {
  V.NodeValue = E ? TS.handle(static_cast<const Stmt *>(E)) : NevercHandle{};
}
int64_t priority(const Expr *E, ASTContext &C) {
  if (!E)
    return 0;
  Expr::EvalResult R;
  return E->EvaluateAsInt(R, C) ? R.Val.getInt().getExtValue() : 0;
}

} // namespace

bool readAttrProperty(TaskState &TS, const Attr *A, uint32_t ID,
                      NevercASTValue &V) {
  ASTContext &C = *TS.Ctx;
  switch (ID) {
#define NEVERC_ATTR_PROP(PROP, CLASS, BODY)                                    \
  case NEVERC_AST_PROPERTY_##PROP:                                             \
    if (const auto *X = dyn_cast<CLASS>(A)) {                                  \
      (void)X;                                                                 \
      BODY;                                                                    \
      return true;                                                             \
    }                                                                          \
    return false;
    NEVERC_ATTR_PROP(ATTR_ADDRESS_SPACE_ADDRESS_SPACE, AddressSpaceAttr,
                     snum(V, X->getAddressSpace()))
    NEVERC_ATTR_PROP(ATTR_ANNOTATE_ANNOTATION, AnnotateAttr,
                     str(TS, V, X->getAnnotation()))
    NEVERC_ATTR_PROP(ATTR_ANNOTATE_ARGS, AnnotateAttr,
                     expr(TS, V, X->args_size() ? *X->args_begin() : nullptr))
    NEVERC_ATTR_PROP(ATTR_ANNOTATE_TYPE_ANNOTATION, AnnotateTypeAttr,
                     str(TS, V, X->getAnnotation()))
    NEVERC_ATTR_PROP(ATTR_ANNOTATE_TYPE_ARGS, AnnotateTypeAttr,
                     expr(TS, V, X->args_size() ? *X->args_begin() : nullptr))
    NEVERC_ATTR_PROP(ATTR_BTF_TYPE_TAG_BTF_TYPE_TAG, BTFTypeTagAttr,
                     str(TS, V, X->getBTFTypeTag()))
    NEVERC_ATTR_PROP(ATTR_BTF_DECL_TAG_BTF_DECL_TAG, BTFDeclTagAttr,
                     str(TS, V, X->getBTFDeclTag()))
    NEVERC_ATTR_PROP(ATTR_NON_NULL_ARGS, NonNullAttr,
                     num(V, X->args_size() ? X->args_begin()->getSourceIndex()
                                           : 0))
    NEVERC_ATTR_PROP(ATTR_PASS_OBJECT_SIZE_TYPE, PassObjectSizeAttr,
                     snum(V, X->getType()))
    NEVERC_ATTR_PROP(ATTR_ALIGNED_IS_ALIGNMENT_EXPR, AlignedAttr,
                     num(V, X->isAlignmentExpr()))
    NEVERC_ATTR_PROP(ATTR_ALIGNED_ALIGNMENT, AlignedAttr,
                     num(V, X->isAlignmentDependent() ? 0
                                                      : X->getAlignment(C)))
    NEVERC_ATTR_PROP(ATTR_ALLOC_ALIGN_PARAM_INDEX, AllocAlignAttr,
                     param(V, X->getParamIndex()))
    NEVERC_ATTR_PROP(ATTR_ALLOC_SIZE_ELEM_SIZE_PARAM, AllocSizeAttr,
                     param(V, X->getElemSizeParam()))
    NEVERC_ATTR_PROP(ATTR_ALLOC_SIZE_NUM_ELEMS_PARAM, AllocSizeAttr,
                     param(V, X->getNumElemsParam()))
    NEVERC_ATTR_PROP(ATTR_ARGUMENT_WITH_TYPE_TAG_ARGUMENT_KIND,
                     ArgumentWithTypeTagAttr, ident(TS, V, X->getArgumentKind()))
    NEVERC_ATTR_PROP(ATTR_ARGUMENT_WITH_TYPE_TAG_ARGUMENT_IDX,
                     ArgumentWithTypeTagAttr, param(V, X->getArgumentIdx()))
    NEVERC_ATTR_PROP(ATTR_ARGUMENT_WITH_TYPE_TAG_TYPE_TAG_IDX,
                     ArgumentWithTypeTagAttr, param(V, X->getTypeTagIdx()))
    NEVERC_ATTR_PROP(ATTR_ARGUMENT_WITH_TYPE_TAG_IS_POINTER,
                     ArgumentWithTypeTagAttr, num(V, X->getIsPointer()))
    NEVERC_ATTR_PROP(ATTR_ASM_LABEL_LABEL, AsmLabelAttr,
                     str(TS, V, X->getLabel()))
    NEVERC_ATTR_PROP(ATTR_ASSUME_ALIGNED_ALIGNMENT, AssumeAlignedAttr,
                     expr(TS, V, X->getAlignment()))
    NEVERC_ATTR_PROP(ATTR_ASSUME_ALIGNED_OFFSET, AssumeAlignedAttr,
                     expr(TS, V, X->getOffset()))
    NEVERC_ATTR_PROP(ATTR_BUILTIN_ID, BuiltinAttr, num(V, X->getID()))
    NEVERC_ATTR_PROP(ATTR_CLEANUP_FUNCTION_DECL, CleanupAttr,
                     V.NodeValue = TS.handle(X->getFunctionDecl()))
    NEVERC_ATTR_PROP(ATTR_CODE_SEG_NAME, CodeSegAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_CONSTRUCTOR_PRIORITY, ConstructorAttr,
                     snum(V, priority(X->getPriority(), C)))
    NEVERC_ATTR_PROP(ATTR_DESTRUCTOR_PRIORITY, DestructorAttr,
                     snum(V, priority(X->getPriority(), C)))
    NEVERC_ATTR_PROP(ATTR_DEPRECATED_MESSAGE, DeprecatedAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_DEPRECATED_REPLACEMENT, DeprecatedAttr,
                     str(TS, V, X->getReplacement()))
    NEVERC_ATTR_PROP(ATTR_ERROR_USER_DIAGNOSTIC, ErrorAttr,
                     str(TS, V, X->getUserDiagnostic()))
    NEVERC_ATTR_PROP(ATTR_FORMAT_TYPE, FormatAttr, ident(TS, V, X->getType()))
    NEVERC_ATTR_PROP(ATTR_FORMAT_FORMAT_IDX, FormatAttr,
                     snum(V, X->getFormatIdx()))
    NEVERC_ATTR_PROP(ATTR_FORMAT_FIRST_ARG, FormatAttr,
                     snum(V, X->getFirstArg()))
    NEVERC_ATTR_PROP(ATTR_FORMAT_ARG_FORMAT_IDX, FormatArgAttr,
                     param(V, X->getFormatIdx()))
    NEVERC_ATTR_PROP(ATTR_MAX_FIELD_ALIGNMENT_ALIGNMENT, MaxFieldAlignmentAttr,
                     num(V, X->getAlignment()))
    NEVERC_ATTR_PROP(ATTR_MIN_VECTOR_WIDTH_VECTOR_WIDTH, MinVectorWidthAttr,
                     num(V, X->getVectorWidth()))
    NEVERC_ATTR_PROP(ATTR_PATCHABLE_FUNCTION_ENTRY_COUNT,
                     PatchableFunctionEntryAttr, num(V, X->getCount()))
    NEVERC_ATTR_PROP(ATTR_PATCHABLE_FUNCTION_ENTRY_OFFSET,
                     PatchableFunctionEntryAttr, snum(V, X->getOffset()))
    NEVERC_ATTR_PROP(ATTR_SECTION_NAME, SectionAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_SENTINEL_SENTINEL, SentinelAttr,
                     snum(V, X->getSentinel()))
    NEVERC_ATTR_PROP(ATTR_SENTINEL_NULL_POS, SentinelAttr,
                     snum(V, X->getNullPos()))
    NEVERC_ATTR_PROP(ATTR_TLS_MODEL_MODEL, TLSModelAttr,
                     str(TS, V, X->getModel()))
    NEVERC_ATTR_PROP(ATTR_TARGET_FEATURES_STR, TargetAttr,
                     str(TS, V, X->getFeaturesStr()))
    NEVERC_ATTR_PROP(ATTR_UNAVAILABLE_MESSAGE, UnavailableAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_UNAVAILABLE_IMPLICIT_REASON, UnavailableAttr,
                     num(V, X->getImplicitReason()))
    NEVERC_ATTR_PROP(ATTR_VISIBILITY_VISIBILITY, VisibilityAttr,
                     num(V, X->getVisibility()))
    NEVERC_ATTR_PROP(ATTR_TYPE_VISIBILITY_VISIBILITY, TypeVisibilityAttr,
                     num(V, X->getVisibility()))
    NEVERC_ATTR_PROP(ATTR_WARN_UNUSED_RESULT_MESSAGE, WarnUnusedResultAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_WEAK_REF_ALIASEE, WeakRefAttr,
                     str(TS, V, X->getAliasee()))
    NEVERC_ATTR_PROP(ATTR_ALIAS_ALIASEE, AliasAttr, str(TS, V, X->getAliasee()))
    NEVERC_ATTR_PROP(ATTR_I_FUNC_RESOLVER, IFuncAttr,
                     str(TS, V, X->getResolver()))
    NEVERC_ATTR_PROP(ATTR_MODE_MODE, ModeAttr, ident(TS, V, X->getMode()))
    NEVERC_ATTR_PROP(ATTR_ENFORCE_TCB_TCB_NAME, EnforceTCBAttr,
                     str(TS, V, X->getTCBName()))
    NEVERC_ATTR_PROP(ATTR_ENFORCE_TCB_LEAF_TCB_NAME, EnforceTCBLeafAttr,
                     str(TS, V, X->getTCBName()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_IF_COND, DiagnoseIfAttr,
                     expr(TS, V, X->getCond()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_IF_MESSAGE, DiagnoseIfAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_IF_DIAGNOSTIC_TYPE, DiagnoseIfAttr,
                     num(V, X->getDefaultSeverity()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_IF_ARG_DEPENDENT, DiagnoseIfAttr,
                     num(V, X->getArgDependent()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_IF_PARENT, DiagnoseIfAttr,
                     V.NodeValue = TS.handle(X->getParent()))
    NEVERC_ATTR_PROP(ATTR_ENABLE_IF_COND, EnableIfAttr,
                     expr(TS, V, X->getCond()))
    NEVERC_ATTR_PROP(ATTR_ENABLE_IF_MESSAGE, EnableIfAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_ALIGN_VALUE_ALIGNMENT, AlignValueAttr,
                     expr(TS, V, X->getAlignment()))
    NEVERC_ATTR_PROP(ATTR_CALLBACK_ENCODING, CallbackAttr,
                     snum(V, X->encoding_size() ? *X->encoding_begin() : 0))
    NEVERC_ATTR_PROP(ATTR_CODE_ALIGN_ALIGNMENT, CodeAlignAttr,
                     expr(TS, V, X->getAlignment()))
    NEVERC_ATTR_PROP(ATTR_ZERO_CALL_USED_REGS_ZERO_CALL_USED_REGS,
                     ZeroCallUsedRegsAttr, num(V, X->getZeroCallUsedRegs()))
    NEVERC_ATTR_PROP(ATTR_FUNCTION_RETURN_THUNKS_THUNK_TYPE,
                     FunctionReturnThunksAttr, num(V, X->getThunkType()))
    NEVERC_ATTR_PROP(ATTR_ENUM_EXTENSIBILITY_EXTENSIBILITY,
                     EnumExtensibilityAttr, num(V, X->getExtensibility()))
    NEVERC_ATTR_PROP(ATTR_CF_GUARD_GUARD, CFGuardAttr, num(V, X->getGuard()))
    NEVERC_ATTR_PROP(ATTR_BUILTIN_ALIAS_BUILTIN_NAME, BuiltinAliasAttr,
                     ident(TS, V, X->getBuiltinName()))
    NEVERC_ATTR_PROP(ATTR_NO_BUILTIN_BUILTIN_NAMES, NoBuiltinAttr,
                     str(TS, V, X->builtinNames_size() ? *X->builtinNames_begin()
                                                       : StringRef()))
    NEVERC_ATTR_PROP(ATTR_TARGET_CLONES_FEATURES_STRS, TargetClonesAttr,
                     str(TS, V, X->featuresStrs_size() ? *X->featuresStrs_begin()
                                                       : StringRef()))
    NEVERC_ATTR_PROP(ATTR_TARGET_VERSION_NAMES_STR, TargetVersionAttr,
                     str(TS, V, X->getNamesStr()))
    NEVERC_ATTR_PROP(ATTR_INIT_SEG_SECTION, InitSegAttr,
                     str(TS, V, X->getSection()))
    NEVERC_ATTR_PROP(ATTR_ACQUIRE_HANDLE_HANDLE_TYPE, AcquireHandleAttr,
                     str(TS, V, X->getHandleType()))
    NEVERC_ATTR_PROP(ATTR_RELEASE_HANDLE_HANDLE_TYPE, ReleaseHandleAttr,
                     str(TS, V, X->getHandleType()))
    NEVERC_ATTR_PROP(ATTR_USE_HANDLE_HANDLE_TYPE, UseHandleAttr,
                     str(TS, V, X->getHandleType()))
    NEVERC_ATTR_PROP(ATTR_SUPPRESS_DIAGNOSTIC_IDENTIFIERS, SuppressAttr,
                     str(TS, V, X->diagnosticIdentifiers_size()
                                    ? *X->diagnosticIdentifiers_begin()
                                    : StringRef()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_PLATFORM, AvailabilityAttr,
                     ident(TS, V, X->getPlatform()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_INTRODUCED, AvailabilityAttr,
                     str(TS, V, X->getIntroduced().getAsString()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_DEPRECATED, AvailabilityAttr,
                     str(TS, V, X->getDeprecated().getAsString()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_OBSOLETED, AvailabilityAttr,
                     str(TS, V, X->getObsoleted().getAsString()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_UNAVAILABLE, AvailabilityAttr,
                     num(V, X->getUnavailable()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_MESSAGE, AvailabilityAttr,
                     str(TS, V, X->getMessage()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_STRICT, AvailabilityAttr,
                     num(V, X->getStrict()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_REPLACEMENT, AvailabilityAttr,
                     str(TS, V, X->getReplacement()))
    NEVERC_ATTR_PROP(ATTR_AVAILABILITY_PRIORITY, AvailabilityAttr,
                     snum(V, X->getPriority()))
    // Type locations hang off the attribute that holds them.
    NEVERC_ATTR_PROP(ATTR_PREFERRED_TYPE_TYPE, PreferredTypeAttr,
                     V.NodeValue = X->getTypeLoc()
                                       ? TS.handle(X->getTypeLoc()->getTypeLoc(),
                                                   NodeRef{const_cast<Attr *>(A),
                                                           NEVERC_AST_SCHEMA_DOMAIN_ATTR})
                                       : NevercHandle{})
    NEVERC_ATTR_PROP(ATTR_TYPE_TAG_FOR_DATATYPE_MATCHING_C_TYPE,
                     TypeTagForDatatypeAttr,
                     V.NodeValue = X->getMatchingCTypeLoc()
                                       ? TS.handle(
                                             X->getMatchingCTypeLoc()->getTypeLoc(),
                                             NodeRef{const_cast<Attr *>(A),
                                                     NEVERC_AST_SCHEMA_DOMAIN_ATTR})
                                       : NevercHandle{})
    NEVERC_ATTR_PROP(ATTR_TYPE_TAG_FOR_DATATYPE_ARGUMENT_KIND,
                     TypeTagForDatatypeAttr, ident(TS, V, X->getArgumentKind()))
    NEVERC_ATTR_PROP(ATTR_TYPE_TAG_FOR_DATATYPE_LAYOUT_COMPATIBLE,
                     TypeTagForDatatypeAttr, num(V, X->getLayoutCompatible()))
    NEVERC_ATTR_PROP(ATTR_TYPE_TAG_FOR_DATATYPE_MUST_BE_NULL,
                     TypeTagForDatatypeAttr, num(V, X->getMustBeNull()))
    NEVERC_ATTR_PROP(ATTR_CPU_DISPATCH_CPUS, CPUDispatchAttr,
                     ident(TS, V, X->cpus_size() ? *X->cpus_begin() : nullptr))
    NEVERC_ATTR_PROP(ATTR_CPU_SPECIFIC_CPUS, CPUSpecificAttr,
                     ident(TS, V, X->cpus_size() ? *X->cpus_begin() : nullptr))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_AS_BUILTIN_FUNCTION, DiagnoseAsBuiltinAttr,
                     V.NodeValue = TS.handle(X->getFunction()))
    NEVERC_ATTR_PROP(ATTR_DIAGNOSE_AS_BUILTIN_ARG_INDICES,
                     DiagnoseAsBuiltinAttr,
                     num(V, X->argIndices_size() ? *X->argIndices_begin() : 0))
    NEVERC_ATTR_PROP(ATTR_PRAGMA_NEVER_CBSS_SECTION_NAME, PragmaClangBSSSectionAttr,
                     str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_PRAGMA_NEVER_C_DATA_SECTION_NAME,
                     PragmaClangDataSectionAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_PRAGMA_NEVER_C_RELRO_SECTION_NAME,
                     PragmaClangRelroSectionAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_PRAGMA_NEVER_C_RODATA_SECTION_NAME,
                     PragmaClangRodataSectionAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_PRAGMA_NEVER_C_TEXT_SECTION_NAME,
                     PragmaClangTextSectionAttr, str(TS, V, X->getName()))
    NEVERC_ATTR_PROP(ATTR_ARM_BUILTIN_ALIAS_BUILTIN_NAME, ArmBuiltinAliasAttr,
                     ident(TS, V, X->getBuiltinName()))
#undef NEVERC_ATTR_PROP
  default:
    return false;
  }
}

} // namespace neverc::ast
