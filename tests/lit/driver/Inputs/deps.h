#define DEPS_VALUE 42
