# `cmake --install build --prefix P`: the program, the headers of the games and algorithms, the
# registry (games and algorithms by name) with its libraries, and find_package(GameTree CONFIG)
# with the targets GameTree::registry (the registry, games and algorithms), GameTree::games (the
# games alone) and GameTree::options (include path, C++20). The Python module: python/.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS harness RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(gts_include_dir include/gametree)
foreach(dir games algorithms common)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${gts_include_dir}/${dir}
          FILES_MATCHING PATTERN "*.h")
endforeach()
# The registry's public headers and those they include.
install(FILES harness/registry.h harness/goal_problem.h harness/strf.h
        DESTINATION ${gts_include_dir}/harness)
install(FILES harness/trace/search_trace.h DESTINATION ${gts_include_dir}/harness/trace)

set_target_properties(gts_options PROPERTIES EXPORT_NAME options)
set_target_properties(gts_games PROPERTIES EXPORT_NAME games)
set_target_properties(gts_registry PROPERTIES EXPORT_NAME registry)
install(TARGETS gts_options gts_games gts_registry EXPORT GameTreeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(gts_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/GameTree)
install(EXPORT GameTreeTargets NAMESPACE GameTree:: DESTINATION ${gts_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/GameTreeConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/GameTreeConfig.cmake
                              INSTALL_DESTINATION ${gts_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/GameTreeConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/GameTreeConfig.cmake
              ${PROJECT_BINARY_DIR}/GameTreeConfigVersion.cmake DESTINATION ${gts_cmake_dir})
