# neverc_driver_api: the plugin side of the driver domain -- the six
# neverc.driver.* phase runners, their artifact models and the
# NevercDriverAPI table. LLVM-free (std, Boost headers, core, sdk only), so
# these TUs build in seconds. Included from driver/CMakeLists.txt; the
# Clang bridge in neverc_driver links it.
add_library(neverc_driver_api STATIC
  ${CMAKE_CURRENT_LIST_DIR}/lib/api/DriverDomain.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lib/api/SlotsArguments.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lib/api/SlotsGraph.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lib/api/Verify.cpp)
target_include_directories(neverc_driver_api PUBLIC
  ${CMAKE_CURRENT_LIST_DIR}/include)
target_include_directories(neverc_driver_api PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/lib/api)
target_compile_options(neverc_driver_api PRIVATE ${NEVERC_WARNINGS})
target_link_libraries(neverc_driver_api PUBLIC neverc_core)
