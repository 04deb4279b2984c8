# Install rules and the Debian package (cpack -G DEB in a build directory).
# Installed layout: bin/colonial, bin/colonial-judge, share/colonial/assets/
# (found by the game relative to its binary), the desktop entry.
include(GNUInstallDirs)
install(TARGETS colonial-judge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The manual pages (docs/man, made from the programs' --help and checked
# against it by the man_pages test), compressed as Debian installs them.
foreach(page colonial.6 colonial-judge.6)
  add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/man/${page}.gz
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
                     COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/docs/man/${page} > ${CMAKE_BINARY_DIR}/man/${page}.gz
                     DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/${page} VERBATIM)
  list(APPEND COLONIAL_MAN_PAGES ${CMAKE_BINARY_DIR}/man/${page}.gz)
endforeach()
add_custom_target(man_pages ALL DEPENDS ${COLONIAL_MAN_PAGES})
install(FILES ${COLONIAL_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
if(NOT COLONIAL_ENGINE_ONLY)
  install(TARGETS colonial RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/colonial/assets)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/colonial.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
endif()

set(CPACK_PACKAGE_NAME colonial)
set(CPACK_PACKAGE_VENDOR "Colonial contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Colonial Diplomacy: game, table companion and command-line judge")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "Colonial contributors <colonial@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Library dependencies (libsdl2-2.0-0 ...) computed from the binaries by
# dpkg-shlibdeps; works for cross builds too when the target's dpkg is set up.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
