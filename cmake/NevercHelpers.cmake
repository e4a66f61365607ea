# Shared helpers for domain libraries, tests and fuzzers.

set(NEVERC_WARNINGS -Wall -Wextra -Wno-unused-parameter)

# neverc_add_domain(<name> SOURCES ... [DEPENDS ...])
# One static library per domain, its public include dir, and the project
# warnings. Domains that include Clang/LLVM headers add their own PCH.
function(neverc_add_domain name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS" ${ARGN})
  add_library(neverc_${name} STATIC ${ARG_SOURCES})
  target_include_directories(neverc_${name} PUBLIC
    ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_compile_options(neverc_${name} PRIVATE ${NEVERC_WARNINGS})
  if(ARG_DEPENDS)
    target_link_libraries(neverc_${name} PUBLIC ${ARG_DEPENDS})
  endif()
endfunction()

# neverc_add_test_plugin(<target> <OutputName> SOURCES ... [DEFINES ...])
# A C11 test plugin module built from the SDK alone (strict warnings),
# written as <OutputName>.so where the lit suites load it (%test_plugins);
# ast/test/TestPlugin.h is on its include path.
function(neverc_add_test_plugin target output)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEFINES" ${ARGN})
  add_library(${target} MODULE ${ARG_SOURCES})
  set_target_properties(${target} PROPERTIES PREFIX "" OUTPUT_NAME ${output}
    C_STANDARD 11 C_STANDARD_REQUIRED ON
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests/plugins/modules)
  target_compile_options(${target} PRIVATE -Wall -Wextra -pedantic -Werror)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/ast/test)
  target_link_libraries(${target} PRIVATE neverc_sdk)
  if(ARG_DEFINES)
    target_compile_definitions(${target} PRIVATE ${ARG_DEFINES})
  endif()
endfunction()

# neverc_add_unit_test(<name> SOURCES ... DEPENDS ... [LABELS ...])
function(neverc_add_unit_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE ${NEVERC_WARNINGS})
  target_link_libraries(${name} PRIVATE ${ARG_DEPENDS} GTest::gtest_main)
  # Test-plugin plumbing the unit suites share (PluginCallbacks.h).
  target_include_directories(${name} PRIVATE
    ${PROJECT_SOURCE_DIR}/tests/unit/support)
  add_test(NAME ${name} COMMAND ${name} --gtest_brief=1)
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()

# neverc_add_fuzzer(<name> SOURCES ... DEPENDS ... [SMOKE_RUNS n]
#                   [SMOKE_ARGS ...])
# A libFuzzer target plus a short smoke run registered with CTest.
# SMOKE_ARGS are appended to the smoke run's command line, e.g.
# -seed_inputs=a,b to start from a seed corpus without writing new inputs
# anywhere (a corpus directory argument would collect them).
function(neverc_add_fuzzer name)
  cmake_parse_arguments(ARG "" "SMOKE_RUNS" "SOURCES;DEPENDS;SMOKE_ARGS"
    ${ARGN})
  if(NOT NEVERC_ENABLE_FUZZ OR NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    return()
  endif()
  if(NOT ARG_SMOKE_RUNS)
    set(ARG_SMOKE_RUNS 20000)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_compile_options(${name} PRIVATE -fsanitize=fuzzer,address)
  target_link_options(${name} PRIVATE -fsanitize=fuzzer,address)
  target_link_libraries(${name} PRIVATE ${ARG_DEPENDS})
  add_test(NAME ${name}.smoke
    COMMAND ${name} -runs=${ARG_SMOKE_RUNS} -seed=1 -max_len=4096
            ${ARG_SMOKE_ARGS})
  set_tests_properties(${name}.smoke PROPERTIES LABELS "fuzz")
endfunction()

# neverc_link_clang(<target> [PCH <header>])
# The Clang/LLVM side of a domain library: LLVM's and Clang's headers as
# system headers, LLVM's definitions, no RTTI (LLVM is built without), a
# precompiled header of the Clang headers it needs, and the shared
# clang-cpp and LLVM libraries.
function(neverc_link_clang target)
  cmake_parse_arguments(ARG "" "PCH" "" ${ARGN})
  separate_arguments(_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_include_directories(${target} SYSTEM PRIVATE
    ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PRIVATE ${_defs} NDEBUG)
  target_compile_options(${target} PRIVATE -fno-rtti)
  if(ARG_PCH)
    target_precompile_headers(${target} PRIVATE ${ARG_PCH})
  endif()
  target_link_libraries(${target} PRIVATE clang-cpp LLVM)
endfunction()
