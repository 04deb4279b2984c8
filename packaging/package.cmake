# Install rules and the Debian package (cpack -G DEB in a build directory).
# Installed layout: bin/colonial, bin/colonial-judge, share/colonial/assets/
# (found by the game relative to its binary), the desktop entry.
include(GNUInstallDirs)
install(TARGETS colonial-judge RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
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
