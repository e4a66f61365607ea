# core.misbehave: the table-driven misbehaving-plugin suite. Included from
# tests/unit/core/CMakeLists.txt. The modules it loads are built by
# tests/plugins (target neverc_misbehave_plugins) into the directory below.
neverc_add_unit_test(core.misbehave
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/MisbehaveTest.cpp
  DEPENDS neverc_core
  LABELS unit misbehave)
target_include_directories(core.misbehave PRIVATE
  ${PROJECT_SOURCE_DIR}/tests/plugins)
target_compile_definitions(core.misbehave PRIVATE
  NEVERC_MISBEHAVE_MODULE_DIR="${CMAKE_BINARY_DIR}/tests/plugins/modules"
  NEVERC_MISBEHAVE_MODULE_SUFFIX="${CMAKE_SHARED_MODULE_SUFFIX}")
# Targets may be defined later (tests/plugins is added after unit/core);
# CMake resolves the dependency at generate time.
add_dependencies(core.misbehave neverc_misbehave_plugins)
