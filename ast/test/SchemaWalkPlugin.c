/*
 * SchemaWalkPlugin (test plugin for tests/conformance/schema-walk.sh): reads
 * every property of every node of a real translation unit through the
 * schema tables of PluginASTSchema.inc and counts what the host answers.
 *
 * An AFTER observer of neverc.syntax.parse walks the tree from the
 * translation unit, depth-first through GetChildCount / GetChild. It also
 * reaches
 *  - the attributes of every declaration (GetDeclAttributeCount /
 *    GetDeclAttribute),
 *  - every type a TYPE-valued property, a typed accessor or GetTypeInfo
 *    (CanonicalType, DesugaredType, RelatedType) and GetTypeElement hand
 *    out, each distinct handle visited once (handles of one node compare
 *    equal: an open-addressing set on (Owner, Value)),
 *  - the expressions attribute arguments hold and any TYPE_LOC value, once
 *    each (they are not children of anything).
 * For every node: GetNodeInfo; its kind must be a schema kind of the domain
 * GetNodeInfo names (a kind outside the schema is "unmapped", a failure; an
 * abstract kind is the host's documented report of a Clang class the schema
 * lacks by its nearest schema ancestor, spec §11.2: counted as "ancestor"
 * and listed, not a failure; the first kind IDs are remembered); then every property the kind owns (owner is the kind
 * or an ancestor by the NEVERC_AST_SCHEMA_NODE parent column, a root-less
 * kind counting as a child of its domain's root; AST_SOURCE_RANGE is owned
 * by every node outside the type domain; the result must match the table's
 * property-count column) is read with GetProperty
 * and its status tallied per property: OK (and of the schema's value type),
 * CAPABILITY_UNAVAILABLE, or an error. The typed accessor of the kind is
 * called as well (GetFunctionDeclInfo / GetFunctionDeclParameter,
 * GetVarDeclInfo, GetRecordDeclInfo, GetCallExprInfo / GetCallExprArgument,
 * GetDeclRefExprInfo, GetBinaryOperatorInfo, GetCompoundStmtInfo,
 * GetIntegerLiteralInfo / GetIntegerLiteralWord, GetAttrInfo, GetTypeInfo /
 * GetTypeElement); any non-OK answer of those or of the navigation slots is
 * a "call error".
 *
 * At TaskEnd of each translation unit, on stderr:
 *   schema-walk: nodes=N decl=.. stmt=.. type=.. attr=.. unmapped=U reads=R
 *     ok=.. unavailable=.. errors=E type_loc=.. calls=C call_errors=CE
 *     ancestor=A
 * (one line) and, when nonzero, lines "schema-walk: unmapped kinds: ..."
 * (or "ancestor kinds:" when only ancestors were seen),
 * "schema-walk: unavailable: SYMBOL=count ...", "schema-walk: errors: ..."
 * and "schema-walk: call errors: ...".
 *
 * Strictness, from the plugin options --schema-walk-strict and
 * --schema-walk-strict-unavailable (flags; -fplugin-arg=schema-walk-strict
 * works too) or the environment variables SCHEMA_WALK_STRICT=1 and
 * SCHEMA_WALK_STRICT_UNAVAILABLE=1: strict fails TaskEnd (an error
 * diagnostic and a non-OK status, so the compile fails) when unmapped,
 * errors or call_errors is nonzero; strict-unavailable implies strict and
 * also fails when unavailable is nonzero.
 */
#include "TestPlugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SW_ID "org.neverc.test.schema-walk"
#define SW_OPT_STRICT "--schema-walk-strict"
#define SW_OPT_STRICT_UNAVAILABLE "--schema-walk-strict-unavailable"
#define SW_MAX_UNMAPPED 16
#define SW_MAX_OWNED 64
#define SW_MAX_NODES UINT64_C(200000000) /* a child cycle would not end */

/*===--- schema tables ----------------------------------------------------===*/

typedef struct NodeRow {
  uint32_t ID;
  uint32_t Parent;
  NevercBool Abstract;
  NevercASTSchemaDomain Domain;
  uint32_t PropertyCount; /* the schema's own count, cross-checked */
  const char *Name;
} NodeRow;

static const NodeRow NodeRows[] = {
#define NEVERC_AST_SCHEMA_NODE(DOM, ENUM, SYM, ID, PARENT, ABSTRACT, RANGE,    \
                               NAME, CLASS, NPROPS, NSLOTS)                    \
  {ID, PARENT, ABSTRACT, NEVERC_AST_SCHEMA_DOMAIN_##DOM, NPROPS, #DOM "." NAME},
#include "neverc/Plugin/Schema/PluginASTSchema.inc"
};
#define SW_NODE_COUNT (sizeof NodeRows / sizeof NodeRows[0])

typedef struct PropRow {
  uint32_t ID;
  uint32_t Owner;
  NevercASTValueType ValueType;
  const char *Symbol;
} PropRow;

static const PropRow PropRows[] = {
#define NEVERC_AST_SCHEMA_PROPERTY(SYM, ID, OWNER, TYPE, ACCESS, CARD, NAME)   \
  {ID, OWNER, TYPE, #SYM},
#include "neverc/Plugin/Schema/PluginASTSchema.inc"
};
#define SW_PROP_COUNT (sizeof PropRows / sizeof PropRows[0])

/* Per node row: the indexes (into PropRows) of the properties it owns. */
static uint16_t Owned[SW_NODE_COUNT][SW_MAX_OWNED];
static uint8_t OwnedCount[SW_NODE_COUNT];
static int SchemaReady;
static int SchemaSorted;

static int nodeIndex(uint32_t ID) {
  size_t Lo = 0, Hi = SW_NODE_COUNT, I;
  if (!SchemaSorted) {
    for (I = 0; I < SW_NODE_COUNT; ++I)
      if (NodeRows[I].ID == ID)
        return (int)I;
    return -1;
  }
  while (Lo < Hi) {
    size_t Mid = Lo + (Hi - Lo) / 2;
    if (NodeRows[Mid].ID == ID)
      return (int)Mid;
    if (NodeRows[Mid].ID < ID)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  return -1;
}

/* The first row of each domain: its root (decl.Decl, stmt.Stmt, ...). */
static uint32_t DomainRoot[NEVERC_AST_SCHEMA_DOMAIN_ATTR + 1];

/* The schema parent of row K. A kind without one that is not its domain's
 * root (the 11 root-less attributes Alias ... Thread) is under the root: the
 * schema lists the root's properties on them too (the property-count
 * column, cross-checked in prepareSchema). */
static uint32_t parentOf(int K) {
  uint32_t Root = NodeRows[K].Domain <= NEVERC_AST_SCHEMA_DOMAIN_ATTR
                      ? DomainRoot[NodeRows[K].Domain]
                      : NEVERC_AST_NODE_KIND_INVALID;
  if (NodeRows[K].Parent != NEVERC_AST_NODE_KIND_INVALID ||
      NodeRows[K].ID == Root)
    return NodeRows[K].Parent;
  return Root;
}

/* Whether kind row K is Ancestor or one of its descendants. */
static int isA(int K, uint32_t Ancestor) {
  int Depth;
  for (Depth = 0; K >= 0 && Depth < 64; ++Depth) {
    uint32_t P;
    if (NodeRows[K].ID == Ancestor)
      return 1;
    P = parentOf(K);
    if (P == NEVERC_AST_NODE_KIND_INVALID)
      return 0;
    K = nodeIndex(P);
  }
  return 0;
}

static int kindIsA(uint32_t Kind, uint32_t Ancestor) {
  return isA(nodeIndex(Kind), Ancestor);
}

/* Builds the ownership lists; a list that disagrees with the schema's own
 * property count is a bug of this plugin (or a stale .inc): said once. */
static void prepareSchema(void) {
  size_t K, P;
  if (SchemaReady)
    return;
  SchemaSorted = 1;
  for (K = 1; K < SW_NODE_COUNT; ++K)
    if (NodeRows[K - 1].ID >= NodeRows[K].ID)
      SchemaSorted = 0;
  for (K = SW_NODE_COUNT; K-- > 0;)
    if (NodeRows[K].Domain <= NEVERC_AST_SCHEMA_DOMAIN_ATTR)
      DomainRoot[NodeRows[K].Domain] = NodeRows[K].ID;
  for (K = 0; K < SW_NODE_COUNT; ++K) {
    unsigned N = 0;
    for (P = 0; P < SW_PROP_COUNT; ++P) {
      int Owns = PropRows[P].ID == NEVERC_AST_PROPERTY_AST_SOURCE_RANGE
                     ? NodeRows[K].Domain != NEVERC_AST_SCHEMA_DOMAIN_TYPE
                     : isA((int)K, PropRows[P].Owner);
      if (!Owns)
        continue;
      if (N < SW_MAX_OWNED)
        Owned[K][N] = (uint16_t)P;
      ++N;
    }
    if (N > SW_MAX_OWNED || N != NodeRows[K].PropertyCount)
      fprintf(stderr,
              "schema-walk: internal: %s owns %u properties by the parent "
              "column, the schema's property count says %u\n",
              NodeRows[K].Name, N, (unsigned)NodeRows[K].PropertyCount);
    OwnedCount[K] = (uint8_t)(N > SW_MAX_OWNED ? SW_MAX_OWNED : N);
  }
  SchemaReady = 1;
}

/*===--- state ------------------------------------------------------------===*/

static const NevercASTAPI *AST;
static int Strict, StrictUnavailable;

/* Typed accessors and navigation slots, tallied by name. */
enum {
  C_GET_NODE_INFO,
  C_NODE_DOMAIN,
  C_GET_CHILD_COUNT,
  C_GET_CHILD,
  C_GET_DECL_ATTRIBUTE_COUNT,
  C_GET_DECL_ATTRIBUTE,
  C_GET_FUNCTION_DECL_INFO,
  C_GET_FUNCTION_DECL_PARAMETER,
  C_GET_VAR_DECL_INFO,
  C_GET_RECORD_DECL_INFO,
  C_GET_CALL_EXPR_INFO,
  C_GET_CALL_EXPR_ARGUMENT,
  C_GET_DECL_REF_EXPR_INFO,
  C_GET_BINARY_OPERATOR_INFO,
  C_GET_COMPOUND_STMT_INFO,
  C_GET_INTEGER_LITERAL_INFO,
  C_GET_INTEGER_LITERAL_WORD,
  C_GET_ATTR_INFO,
  C_ATTR_INFO_KIND,
  C_GET_TYPE_INFO,
  C_TYPE_INFO_KIND,
  C_GET_TYPE_ELEMENT,
  C_INTERNAL,
  C_WALK_LIMIT,
  C_COUNT
};
static const char *const CallNames[C_COUNT] = {
    "GetNodeInfo",
    "GetNodeInfo.Domain!=schema-domain-of-Kind",
    "GetChildCount",
    "GetChild",
    "GetDeclAttributeCount",
    "GetDeclAttribute",
    "GetFunctionDeclInfo",
    "GetFunctionDeclParameter",
    "GetVarDeclInfo",
    "GetRecordDeclInfo",
    "GetCallExprInfo",
    "GetCallExprArgument",
    "GetDeclRefExprInfo",
    "GetBinaryOperatorInfo",
    "GetCompoundStmtInfo",
    "GetIntegerLiteralInfo",
    "GetIntegerLiteralWord",
    "GetAttrInfo",
    "GetAttrInfo.Kind!=GetNodeInfo.Kind",
    "GetTypeInfo",
    "GetTypeInfo.Kind!=GetNodeInfo.Kind",
    "GetTypeElement",
    "plugin-out-of-memory",
    "walk-stopped-after-SW_MAX_NODES(a-cycle?)",
};

/* A pseudo status for an OK read whose value is not of the schema's type. */
#define SW_VALUE_TYPE_MISMATCH INT32_C(-1)

typedef struct Tally {
  uint64_t Ok, Unavailable, Errors;
  NevercStatusCode FirstError;
} Tally;

typedef struct Stats {
  int Walked;
  uint64_t Nodes, ByDomain[6], Unmapped, Ancestor, Reads, Ok, Unavailable,
      Errors;
  uint64_t Calls, CallErrors;
  uint32_t UnmappedKinds[SW_MAX_UNMAPPED];
  uint64_t UnmappedCounts[SW_MAX_UNMAPPED];
  char UnmappedExample[SW_MAX_UNMAPPED][48]; /* type name / attr spelling */
  unsigned UnmappedDistinct;
  Tally Props[SW_PROP_COUNT];
  Tally CallTally[C_COUNT];
} Stats;

static Stats St;

/* Set of handles already visited (types and off-tree nodes). */
typedef struct HandleSet {
  NevercHandle *Slots;
  uint64_t Capacity, Used;
} HandleSet;

static HandleSet Seen;

/* Pending nodes of the depth-first walk. */
static NevercASTNodeHandle *Stack;
static uint64_t StackSize, StackCapacity;


static NevercABITableHeader astHeader(uint32_t Size) {
  NevercABITableHeader H;
  H.StructSize = Size;
  H.Major = NEVERC_AST_API_MAJOR;
  H.Minor = NEVERC_AST_API_MINOR;
  H.Flags = 0;
  return H;
}

static NevercStringView sv(const char *S) {
  NevercStringView V;
  V.Data = S;
  V.Length = strlen(S);
  return V;
}

static const char *codeName(NevercStatusCode C) {
  switch (C) {
  case SW_VALUE_TYPE_MISMATCH: return "VALUE_TYPE_MISMATCH";
  case NEVERC_STATUS_OK: return "OK";
  case NEVERC_STATUS_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case NEVERC_STATUS_ABI_MISMATCH: return "ABI_MISMATCH";
  case NEVERC_STATUS_RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
  case NEVERC_STATUS_STALE_HANDLE: return "STALE_HANDLE";
  case NEVERC_STATUS_WRONG_SESSION: return "WRONG_SESSION";
  case NEVERC_STATUS_WRONG_SCOPE: return "WRONG_SCOPE";
  case NEVERC_STATUS_WRONG_TYPE: return "WRONG_TYPE";
  case NEVERC_STATUS_INVALID_STATE: return "INVALID_STATE";
  case NEVERC_STATUS_POLICY_VIOLATION: return "POLICY_VIOLATION";
  case NEVERC_STATUS_VERIFICATION_FAILED: return "VERIFICATION_FAILED";
  case NEVERC_STATUS_CAPABILITY_UNAVAILABLE: return "CAPABILITY_UNAVAILABLE";
  case NEVERC_STATUS_PLUGIN_FAILURE: return "PLUGIN_FAILURE";
  case NEVERC_STATUS_PLUGIN_EXCEPTION: return "PLUGIN_EXCEPTION";
  case NEVERC_STATUS_NOT_FOUND: return "NOT_FOUND";
  default: return "OTHER";
  }
}

static int isNull(NevercHandle H) { return H.Owner == 0 && H.Value == 0; }

/* Counts one call; returns whether it succeeded. */
static int call(unsigned Which, NevercStatus S) {
  Tally *T = &St.CallTally[Which];
  ++St.Calls;
  if (S.Code == NEVERC_STATUS_OK) {
    ++T->Ok;
    return 1;
  }
  ++St.CallErrors;
  if (!T->Errors)
    T->FirstError = S.Code;
  ++T->Errors;
  return 0;
}

static void callFailed(unsigned Which, NevercStatusCode Code) {
  call(Which, status(Code));
}

/*===--- handle set and walk stack ----------------------------------------===*/

static uint64_t mix(NevercHandle H) {
  uint64_t X = H.Owner * UINT64_C(0x9e3779b97f4a7c15) ^ H.Value;
  X ^= X >> 30;
  X *= UINT64_C(0xbf58476d1ce4e5b9);
  X ^= X >> 27;
  X *= UINT64_C(0x94d049bb133111eb);
  X ^= X >> 31;
  return X;
}

static int setGrow(void) {
  uint64_t NewCap = Seen.Capacity ? Seen.Capacity * 2 : 4096, I;
  NevercHandle *New = (NevercHandle *)calloc((size_t)NewCap, sizeof *New);
  if (!New)
    return 0;
  for (I = 0; I < Seen.Capacity; ++I) {
    NevercHandle H = Seen.Slots[I];
    uint64_t J;
    if (isNull(H))
      continue;
    for (J = mix(H) & (NewCap - 1); !isNull(New[J]); J = (J + 1) & (NewCap - 1))
      ;
    New[J] = H;
  }
  free(Seen.Slots);
  Seen.Slots = New;
  Seen.Capacity = NewCap;
  return 1;
}

/* Inserts H; returns 1 when it was new. */
static int setInsert(NevercHandle H) {
  uint64_t J;
  if ((Seen.Used + 1) * 2 > Seen.Capacity && !setGrow()) {
    callFailed(C_INTERNAL, NEVERC_STATUS_RESOURCE_EXHAUSTED);
    return 0;
  }
  for (J = mix(H) & (Seen.Capacity - 1); !isNull(Seen.Slots[J]);
       J = (J + 1) & (Seen.Capacity - 1))
    if (Seen.Slots[J].Owner == H.Owner && Seen.Slots[J].Value == H.Value)
      return 0;
  Seen.Slots[J] = H;
  ++Seen.Used;
  return 1;
}

static void push(NevercASTNodeHandle H) {
  if (StackSize == StackCapacity) {
    uint64_t NewCap = StackCapacity ? StackCapacity * 2 : 1024;
    NevercASTNodeHandle *New =
        (NevercASTNodeHandle *)realloc(Stack, (size_t)NewCap * sizeof *New);
    if (!New) {
      callFailed(C_INTERNAL, NEVERC_STATUS_RESOURCE_EXHAUSTED);
      return;
    }
    Stack = New;
    StackCapacity = NewCap;
  }
  Stack[StackSize++] = H;
}

/* A node reached other than as a child (a type, an attribute argument):
 * walked once. */
static void reach(NevercHandle H) {
  if (!isNull(H) && setInsert(H))
    push(H);
}

/*===--- one node ---------------------------------------------------------===*/

/* \p Ancestor: an abstract schema kind, the host's documented
 * nearest-ancestor report for a Clang class the schema lacks (spec §11.2;
 * ClangSchemaMap.inc UNMAPPED rows): listed, not a failure. Otherwise the
 * kind is no schema kind at all: unmapped. */
static void noteUnmapped(uint32_t Kind, int Ancestor) {
  unsigned I;
  if (Ancestor)
    ++St.Ancestor;
  else
    ++St.Unmapped;
  for (I = 0; I < St.UnmappedDistinct; ++I)
    if (St.UnmappedKinds[I] == Kind) {
      ++St.UnmappedCounts[I];
      return;
    }
  if (St.UnmappedDistinct < SW_MAX_UNMAPPED) {
    St.UnmappedKinds[St.UnmappedDistinct] = Kind;
    St.UnmappedCounts[St.UnmappedDistinct++] = 1;
  }
}

/* The first type name or attribute spelling seen for an unmapped kind. */
static void noteExample(uint32_t Kind, NevercStringView Name) {
  unsigned I;
  size_t N;
  for (I = 0; I < St.UnmappedDistinct; ++I) {
    if (St.UnmappedKinds[I] != Kind || St.UnmappedExample[I][0] || !Name.Data)
      continue;
    N = Name.Length < sizeof St.UnmappedExample[I] - 1
            ? (size_t)Name.Length
            : sizeof St.UnmappedExample[I] - 1;
    memcpy(St.UnmappedExample[I], Name.Data, N);
    St.UnmappedExample[I][N] = 0;
  }
}

static void readProperties(NevercTaskHandle T, NevercASTNodeHandle N, int Row,
                           NevercASTSchemaDomain Domain) {
  unsigned I;
  for (I = 0; I < OwnedCount[Row]; ++I) {
    unsigned P = Owned[Row][I];
    Tally *Ty = &St.Props[P];
    NevercASTValue V;
    NevercStatus S;
    memset(&V, 0, sizeof V);
    V.Header = astHeader(sizeof V);
    S = AST->GetProperty(AST->Context, T, N, PropRows[P].ID, &V);
    ++St.Reads;
    if (S.Code == NEVERC_STATUS_OK && V.Type != PropRows[P].ValueType)
      S.Code = SW_VALUE_TYPE_MISMATCH;
    if (S.Code == NEVERC_STATUS_OK) {
      ++St.Ok;
      ++Ty->Ok;
    } else if (S.Code == NEVERC_STATUS_CAPABILITY_UNAVAILABLE) {
      ++St.Unavailable;
      ++Ty->Unavailable;
    } else {
      ++St.Errors;
      if (!Ty->Errors)
        Ty->FirstError = S.Code;
      ++Ty->Errors;
    }
    if (S.Code != NEVERC_STATUS_OK || isNull(V.NodeValue))
      continue;
    switch (V.Type) {
    case NEVERC_AST_VALUE_TYPE:
    case NEVERC_AST_VALUE_TYPE_LOC:
      reach(V.NodeValue);
      break;
    case NEVERC_AST_VALUE_EXPR:
    case NEVERC_AST_VALUE_STMT:
      /* Attribute arguments are nobody's children. */
      if (Domain == NEVERC_AST_SCHEMA_DOMAIN_ATTR)
        reach(V.NodeValue);
      break;
    default:
      /* Declarations (attribute arguments naming one) are in the tree;
       * DECL_ATTRIBUTES' first element comes from GetDeclAttribute. */
      break;
    }
  }
}

static void typedAccessors(NevercTaskHandle T, NevercASTNodeHandle N,
                           const NevercASTNodeInfo *Info) {
  uint32_t K = Info->Kind;
  uint64_t I;
  if (Info->Domain == NEVERC_AST_SCHEMA_DOMAIN_TYPE) {
    NevercTypeInfo TI;
    memset(&TI, 0, sizeof TI);
    TI.Header = astHeader(sizeof TI);
    if (!call(C_GET_TYPE_INFO, AST->GetTypeInfo(AST->Context, T, N, &TI)))
      return;
    if (TI.Kind != K)
      callFailed(C_TYPE_INFO_KIND, NEVERC_STATUS_VERIFICATION_FAILED);
    noteExample(K, TI.Name);
    reach(TI.CanonicalType);
    reach(TI.DesugaredType);
    reach(TI.RelatedType);
    /* Parameter, field and element types, until NOT_FOUND. */
    for (I = 0; I < 100000; ++I) {
      NevercTypeHandle E;
      NevercStatus S;
      memset(&E, 0, sizeof E);
      S = AST->GetTypeElement(AST->Context, T, N, I, &E);
      if (S.Code == NEVERC_STATUS_NOT_FOUND)
        break;
      if (!call(C_GET_TYPE_ELEMENT, S))
        break;
      reach(E);
    }
    return;
  }
  if (Info->Domain == NEVERC_AST_SCHEMA_DOMAIN_ATTR) {
    NevercAttrInfo AI;
    memset(&AI, 0, sizeof AI);
    AI.Header = astHeader(sizeof AI);
    if (!call(C_GET_ATTR_INFO, AST->GetAttrInfo(AST->Context, T, N, &AI)))
      return;
    if (AI.Kind != K)
      callFailed(C_ATTR_INFO_KIND, NEVERC_STATUS_VERIFICATION_FAILED);
    noteExample(K, AI.Spelling);
    return;
  }
  if (kindIsA(K, NEVERC_AST_NODE_KIND_DECL_FUNCTION)) {
    NevercFunctionDeclInfo F;
    memset(&F, 0, sizeof F);
    F.Header = astHeader(sizeof F);
    if (call(C_GET_FUNCTION_DECL_INFO,
             AST->GetFunctionDeclInfo(AST->Context, T, N, &F))) {
      reach(F.FunctionType);
      reach(F.ReturnType);
      for (I = 0; I < F.ParameterCount; ++I) {
        NevercDeclHandle P;
        if (!call(C_GET_FUNCTION_DECL_PARAMETER,
                  AST->GetFunctionDeclParameter(AST->Context, T, N, I, &P)))
          break;
      }
    }
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_DECL_VAR)) {
    NevercVarDeclInfo V;
    memset(&V, 0, sizeof V);
    V.Header = astHeader(sizeof V);
    if (call(C_GET_VAR_DECL_INFO, AST->GetVarDeclInfo(AST->Context, T, N, &V)))
      reach(V.Type);
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_DECL_RECORD)) {
    NevercRecordDeclInfo R;
    memset(&R, 0, sizeof R);
    R.Header = astHeader(sizeof R);
    call(C_GET_RECORD_DECL_INFO,
         AST->GetRecordDeclInfo(AST->Context, T, N, &R));
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_STMT_CALL_EXPR)) {
    NevercCallExprInfo C;
    memset(&C, 0, sizeof C);
    C.Header = astHeader(sizeof C);
    if (call(C_GET_CALL_EXPR_INFO,
             AST->GetCallExprInfo(AST->Context, T, N, &C))) {
      reach(C.Type);
      for (I = 0; I < C.ArgumentCount; ++I) {
        NevercExprHandle A;
        if (!call(C_GET_CALL_EXPR_ARGUMENT,
                  AST->GetCallExprArgument(AST->Context, T, N, I, &A)))
          break;
      }
    }
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_STMT_DECL_REF_EXPR)) {
    NevercDeclRefExprInfo D;
    memset(&D, 0, sizeof D);
    D.Header = astHeader(sizeof D);
    if (call(C_GET_DECL_REF_EXPR_INFO,
             AST->GetDeclRefExprInfo(AST->Context, T, N, &D)))
      reach(D.Type);
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_STMT_BINARY_OPERATOR)) {
    NevercBinaryOperatorInfo B;
    memset(&B, 0, sizeof B);
    B.Header = astHeader(sizeof B);
    if (call(C_GET_BINARY_OPERATOR_INFO,
             AST->GetBinaryOperatorInfo(AST->Context, T, N, &B)))
      reach(B.Type);
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_STMT_COMPOUND_STMT)) {
    NevercCompoundStmtInfo C;
    memset(&C, 0, sizeof C);
    C.Header = astHeader(sizeof C);
    call(C_GET_COMPOUND_STMT_INFO,
         AST->GetCompoundStmtInfo(AST->Context, T, N, &C));
  } else if (kindIsA(K, NEVERC_AST_NODE_KIND_STMT_INTEGER_LITERAL)) {
    NevercIntegerLiteralInfo L;
    memset(&L, 0, sizeof L);
    L.Header = astHeader(sizeof L);
    if (call(C_GET_INTEGER_LITERAL_INFO,
             AST->GetIntegerLiteralInfo(AST->Context, T, N, &L))) {
      reach(L.Type);
      for (I = 0; I < L.WordCount; ++I) {
        uint64_t W;
        if (!call(C_GET_INTEGER_LITERAL_WORD,
                  AST->GetIntegerLiteralWord(AST->Context, T, N, I, &W)))
          break;
      }
    }
  }
}

static void visit(NevercTaskHandle T, NevercASTNodeHandle N) {
  NevercASTNodeInfo Info;
  uint64_t Count = 0, I;
  int Row;
  memset(&Info, 0, sizeof Info);
  Info.Header = astHeader(sizeof Info);
  if (!call(C_GET_NODE_INFO, AST->GetNodeInfo(AST->Context, T, N, &Info)))
    return;
  ++St.Nodes;
  ++St.ByDomain[Info.Domain <= NEVERC_AST_SCHEMA_DOMAIN_ATTR ? Info.Domain : 0];
  Row = nodeIndex(Info.Kind);
  if (Row < 0 || NodeRows[Row].Abstract)
    noteUnmapped(Info.Kind, Row >= 0);
  if (Row >= 0 && NodeRows[Row].Domain != Info.Domain)
    callFailed(C_NODE_DOMAIN, NEVERC_STATUS_VERIFICATION_FAILED);
  if (Row >= 0) {
    readProperties(T, N, Row, Info.Domain);
    typedAccessors(T, N, &Info);
  }
  if (Info.Domain == NEVERC_AST_SCHEMA_DOMAIN_DECL &&
      call(C_GET_DECL_ATTRIBUTE_COUNT,
           AST->GetDeclAttributeCount(AST->Context, T, N, &Count))) {
    for (I = Count; I-- > 0;) {
      NevercAttrHandle A;
      if (call(C_GET_DECL_ATTRIBUTE,
               AST->GetDeclAttribute(AST->Context, T, N, I, &A)))
        push(A);
    }
  }
  Count = 0;
  if (!call(C_GET_CHILD_COUNT, AST->GetChildCount(AST->Context, T, N, &Count)))
    return;
  /* Pushed last to first: popped (visited) in the host's child order. */
  for (I = Count; I-- > 0;) {
    NevercASTNodeHandle C;
    if (call(C_GET_CHILD, AST->GetChild(AST->Context, T, N, I, &C)))
      push(C);
  }
}

static void walkTree(NevercTaskHandle T) {
  NevercDeclHandle TU;
  memset(&TU, 0, sizeof TU);
  if (AST->GetTranslationUnit(AST->Context, T, &TU).Code != NEVERC_STATUS_OK) {
    callFailed(C_GET_NODE_INFO, NEVERC_STATUS_INVALID_STATE);
    return;
  }
  StackSize = 0;
  push(TU);
  while (StackSize > 0) {
    NevercASTNodeHandle N = Stack[--StackSize];
    if (St.Nodes >= SW_MAX_NODES) {
      callFailed(C_WALK_LIMIT, NEVERC_STATUS_RESOURCE_EXHAUSTED);
      break;
    }
    visit(T, N);
  }
}

/*===--- callbacks --------------------------------------------------------===*/

static NevercStatus NEVERC_CALL onParse(const NevercPhaseFrame *F,
                                        NevercObserverPoint Point, void *UD) {
  (void)UD;
  if (Point != NEVERC_OBSERVER_AFTER || St.Walked)
    return status(NEVERC_STATUS_OK);
  prepareSchema();
  St.Walked = 1;
  walkTree(F->Task);
  return status(NEVERC_STATUS_OK);
}

static void resetTU(void) {
  memset(&St, 0, sizeof St);
  free(Seen.Slots);
  memset(&Seen, 0, sizeof Seen);
}

static void printList(const char *Title, int Unavailable) {
  size_t P;
  int Any = 0;
  for (P = 0; P < SW_PROP_COUNT; ++P) {
    const Tally *T = &St.Props[P];
    uint64_t N = Unavailable ? T->Unavailable : T->Errors;
    if (!N)
      continue;
    if (!Any)
      fprintf(stderr, "schema-walk: %s:", Title);
    Any = 1;
    if (Unavailable)
      fprintf(stderr, " %s=%llu", PropRows[P].Symbol, (unsigned long long)N);
    else
      fprintf(stderr, " %s=%llu(%s)", PropRows[P].Symbol,
              (unsigned long long)N, codeName(T->FirstError));
  }
  if (Any)
    fprintf(stderr, "\n");
}

static void printSummary(void) {
  unsigned I;
  fprintf(stderr,
          "schema-walk: nodes=%llu decl=%llu stmt=%llu type=%llu attr=%llu "
          "unmapped=%llu reads=%llu ok=%llu unavailable=%llu errors=%llu "
          "type_loc=%llu calls=%llu call_errors=%llu ancestor=%llu\n",
          (unsigned long long)St.Nodes,
          (unsigned long long)St.ByDomain[NEVERC_AST_SCHEMA_DOMAIN_DECL],
          (unsigned long long)St.ByDomain[NEVERC_AST_SCHEMA_DOMAIN_STMT],
          (unsigned long long)St.ByDomain[NEVERC_AST_SCHEMA_DOMAIN_TYPE],
          (unsigned long long)St.ByDomain[NEVERC_AST_SCHEMA_DOMAIN_ATTR],
          (unsigned long long)St.Unmapped, (unsigned long long)St.Reads,
          (unsigned long long)St.Ok, (unsigned long long)St.Unavailable,
          (unsigned long long)St.Errors,
          (unsigned long long)St.ByDomain[NEVERC_AST_SCHEMA_DOMAIN_TYPE_LOC],
          (unsigned long long)St.Calls, (unsigned long long)St.CallErrors,
          (unsigned long long)St.Ancestor);
  if (St.Unmapped || St.Ancestor) {
    fprintf(stderr, "schema-walk: %s kinds:",
            St.Unmapped ? "unmapped" : "ancestor");
    for (I = 0; I < St.UnmappedDistinct; ++I) {
      int Row = nodeIndex(St.UnmappedKinds[I]);
      char *C;
      /* No spaces inside an item: the script splits on them. */
      for (C = St.UnmappedExample[I]; *C; ++C)
        if (*C == ' ' || *C == '=')
          *C = '_';
      fprintf(stderr, " 0x%08x(%s%s%s)=%llu", (unsigned)St.UnmappedKinds[I],
              Row >= 0 ? NodeRows[Row].Name : "not-a-schema-kind",
              St.UnmappedExample[I][0] ? ",e.g.:" : "",
              St.UnmappedExample[I], (unsigned long long)St.UnmappedCounts[I]);
    }
    if (St.UnmappedDistinct == SW_MAX_UNMAPPED)
      fprintf(stderr, " ...");
    fprintf(stderr, "\n");
  }
  printList("unavailable", 1);
  printList("errors", 0);
  if (St.CallErrors) {
    fprintf(stderr, "schema-walk: call errors:");
    for (I = 0; I < C_COUNT; ++I)
      if (St.CallTally[I].Errors)
        fprintf(stderr, " %s=%llu(%s)", CallNames[I],
                (unsigned long long)St.CallTally[I].Errors,
                codeName(St.CallTally[I].FirstError));
    fprintf(stderr, "\n");
  }
}

static void emitError(const NevercCoreAPI *Core, const char *Message) {
  NevercDiagnosticDescriptor D;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Severity = NEVERC_DIAGNOSTIC_ERROR;
  D.PluginID = sv(SW_ID);
  D.Message = sv(Message);
  (void)Core->EmitDiagnostic(Core->Context, &D, NULL);
}

static NevercStatus NEVERC_CALL taskBegin(const NevercCoreAPI *Core,
                                          NevercTaskHandle Task,
                                          NevercTaskKind Kind, void *PS,
                                          void *SS, void **Out) {
  (void)Core, (void)Task, (void)PS, (void)SS, (void)Out;
  if (Kind == NEVERC_TASK_TRANSLATION_UNIT)
    resetTU();
  return status(NEVERC_STATUS_OK);
}

static NevercStatus NEVERC_CALL taskEnd(const NevercCoreAPI *Core,
                                        NevercTaskHandle Task,
                                        NevercTaskKind Kind, void *PS,
                                        void *SS, void *TS) {
  char Message[512];
  int Fail;
  (void)Task, (void)PS, (void)SS, (void)TS;
  if (Kind != NEVERC_TASK_TRANSLATION_UNIT || !St.Walked)
    return status(NEVERC_STATUS_OK);
  printSummary();
  Fail = (Strict || StrictUnavailable) &&
         (St.Unmapped || St.Errors || St.CallErrors);
  Fail |= StrictUnavailable && St.Unavailable;
  resetTU();
  free(Stack);
  Stack = NULL;
  StackSize = StackCapacity = 0;
  if (!Fail)
    return status(NEVERC_STATUS_OK);
  snprintf(Message, sizeof Message,
           "schema-walk: strict mode: the walk found %s (see the "
           "schema-walk: lines above)",
           StrictUnavailable ? "unmapped kinds, failed reads or "
                               "CAPABILITY_UNAVAILABLE reads"
                             : "unmapped kinds or failed reads");
  emitError(Core, Message);
  return status(NEVERC_STATUS_VERIFICATION_FAILED);
}

static int envOn(const char *Name) {
  const char *V = getenv(Name);
  return V && *V && strcmp(V, "0") != 0;
}

/* A flag option: on when its last value is not "0". */
static int optionOn(const NevercCoreAPI *Core, NevercSessionHandle Session,
                    const char *Spelling) {
  uint64_t Count = 0;
  NevercStringView V;
  if (!NEVERC_ABI_FIELD_AVAILABLE(&Core->Header, NevercCoreAPI,
                                  GetPluginOptionValue))
    return 0;
  if (Core->GetPluginOptionValueCount(Core->Context, Session, sv(SW_ID),
                                      sv(Spelling), &Count)
              .Code != NEVERC_STATUS_OK ||
      Count == 0)
    return 0;
  memset(&V, 0, sizeof V);
  if (Core->GetPluginOptionValue(Core->Context, Session, sv(SW_ID),
                                 sv(Spelling), Count - 1, &V)
          .Code != NEVERC_STATUS_OK)
    return 0;
  return !(V.Length == 1 && V.Data[0] == '0');
}

static NevercStatus NEVERC_CALL sessionBegin(const NevercCoreAPI *Core,
                                             NevercSessionHandle Session,
                                             void *PS, void **Out) {
  (void)PS, (void)Out;
  Strict = envOn("SCHEMA_WALK_STRICT") || optionOn(Core, Session, SW_OPT_STRICT);
  StrictUnavailable = envOn("SCHEMA_WALK_STRICT_UNAVAILABLE") ||
                      optionOn(Core, Session, SW_OPT_STRICT_UNAVAILABLE);
  return status(NEVERC_STATUS_OK);
}

static NevercStatus registerFlag(const NevercRegistrarAPI *R, void *RC,
                                 const char *Spelling, const char *Help) {
  NevercOptionDescriptor O;
  memset(&O, 0, sizeof O);
  O.Header.StructSize = sizeof O;
  O.Header.Major = NEVERC_DRIVER_API_MAJOR;
  O.Header.Minor = NEVERC_DRIVER_API_MINOR;
  O.Spelling = sv(Spelling);
  O.Form = NEVERC_OPTION_FLAG;
  O.ValueType = NEVERC_OPTION_BOOL;
  O.Multiplicity = NEVERC_OPTION_LAST_WINS;
  O.Help = sv(Help);
  return R->RegisterOption(RC, &O);
}

static NevercStatus NEVERC_CALL registerPlugin(const NevercCoreAPI *Core,
                                               const NevercRegistrarAPI *R,
                                               void *RC, void *PS) {
  NevercInterfaceID A = {NEVERC_INTERFACE_AST_HIGH, NEVERC_INTERFACE_AST_LOW};
  NevercObserverDescriptor D;
  const void *T = NULL;
  uint16_t Minor = 0;
  uint64_t Size = 0;
  NevercStatus S;
  (void)PS;
  S = Core->QueryInterface(Core->Context, A, NEVERC_AST_API_MAJOR,
                           NEVERC_AST_API_MINOR, &T, &Minor, &Size);
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  if (Size < sizeof(NevercASTAPI))
    return status(NEVERC_STATUS_ABI_MISMATCH);
  AST = (const NevercASTAPI *)T;
  S = registerFlag(R, RC, SW_OPT_STRICT,
                   "fail the compile on unmapped kinds or failed AST reads");
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  S = registerFlag(R, RC, SW_OPT_STRICT_UNAVAILABLE,
                   "as --schema-walk-strict, and fail on "
                   "CAPABILITY_UNAVAILABLE reads too");
  if (S.Code != NEVERC_STATUS_OK)
    return S;
  memset(&D, 0, sizeof D);
  D.Header.StructSize = sizeof D;
  D.Header.Major = NEVERC_PLUGIN_ABI_MAJOR;
  D.Header.Minor = NEVERC_PLUGIN_ABI_MINOR;
  D.Phase.High = NEVERC_PHASE_SYNTAX_PARSE_HIGH;
  D.Phase.Low = NEVERC_PHASE_SYNTAX_PARSE_LOW;
  D.Points = NEVERC_OBSERVER_AFTER;
  D.Callback = onParse;
  return R->RegisterObserver(RC, &D);
}

NEVERC_TEST_PLUGIN_ENTRY(SW_ID, "AST schema walk", registerPlugin, sessionBegin, taskBegin, taskEnd)
