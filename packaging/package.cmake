# Install rules and the Debian package (cpack -G DEB in a build directory,
# or the `deb` target). Installed as Debian lays out games:
#   games/colonial, games/colonial-judge       the programs
#   share/games/colonial/assets/               their data (found by the
#                                              programs relative to themselves)
#   share/man/man6/, share/applications/, share/icons/hicolor/, share/doc/colonial/
#   share/locale/LANG/LC_MESSAGES/colonial.mo     the translations (po/), found
#                                              from games/ as ../share/locale
# The font is Debian's (fonts-dejavu-core, which the package depends on): the
# programs look for it there when the assets have no copy of their own.
include(GNUInstallDirs)
# Installing (and cpack) takes what the build made, without building every
# test first: a cross build makes only the programs it packages and tests.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY TRUE)
set(COLONIAL_INSTALL_GAMESDIR games)
set(COLONIAL_INSTALL_ASSETS ${CMAKE_INSTALL_DATAROOTDIR}/games/colonial/assets)

install(TARGETS colonial-judge RUNTIME DESTINATION ${COLONIAL_INSTALL_GAMESDIR})
# The manual pages (docs/man, made from the programs' --help and checked
# against it by the man_pages test), compressed as Debian installs them.
foreach(page colonial.6 colonial-judge.6)
  add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/man/${page}.gz
                     COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
                     COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/docs/man/${page} > ${CMAKE_BINARY_DIR}/man/${page}.gz
                     DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/${page} VERBATIM)
  list(APPEND COLONIAL_MAN_PAGES ${CMAKE_BINARY_DIR}/man/${page}.gz)
endforeach()
# The package's changelog, compressed the same way.
set(COLONIAL_CHANGELOG ${CMAKE_BINARY_DIR}/doc/changelog.gz)
add_custom_command(OUTPUT ${COLONIAL_CHANGELOG}
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/doc
                   COMMAND gzip -9n -c ${CMAKE_CURRENT_LIST_DIR}/changelog > ${COLONIAL_CHANGELOG}
                   DEPENDS ${CMAKE_CURRENT_LIST_DIR}/changelog VERBATIM)
# Both pages in each language of the catalogs (docs/man/LANG/).
foreach(lang ${COLONIAL_LANGUAGES})
  foreach(name colonial.6 colonial-judge.6)
    set(page ${CMAKE_BINARY_DIR}/man/${lang}/${name}.gz)
    add_custom_command(OUTPUT ${page}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man/${lang}
                       COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/docs/man/${lang}/${name} > ${page}
                       DEPENDS ${PROJECT_SOURCE_DIR}/docs/man/${lang}/${name} VERBATIM)
    list(APPEND COLONIAL_TRANSLATED_MAN_PAGES ${page})
    install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/${lang}/man6)
  endforeach()
endforeach()
add_custom_target(man_pages ALL DEPENDS ${COLONIAL_MAN_PAGES} ${COLONIAL_TRANSLATED_MAN_PAGES} ${COLONIAL_CHANGELOG})
install(FILES ${COLONIAL_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright ${COLONIAL_CHANGELOG} DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(NOT COLONIAL_ENGINE_ONLY)
  install(TARGETS colonial RUNTIME DESTINATION ${COLONIAL_INSTALL_GAMESDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/maps ${PROJECT_SOURCE_DIR}/assets/web
                    ${PROJECT_SOURCE_DIR}/assets/gamepads DESTINATION ${COLONIAL_INSTALL_ASSETS})
  # The art generated at build time (tools/mapart).
  install(DIRECTORY ${COLONIAL_ART_DIR}/ DESTINATION ${COLONIAL_INSTALL_ASSETS}/art
          FILES_MATCHING PATTERN "colonial_atlas*" PATTERN "colonial_ids.png" PATTERN "colonial_web*")
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/colonial.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  # The kiosk's unit, installed disabled (no maintainer script enables it).
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/systemd/colonial-kiosk.service DESTINATION /lib/systemd/system)
  install(FILES ${CMAKE_CURRENT_LIST_DIR}/icon/colonial.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  foreach(size 48 256)
    install(FILES ${CMAKE_CURRENT_LIST_DIR}/icon/colonial-${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps RENAME colonial.png)
  endforeach()
endif()

set(CPACK_PACKAGE_NAME colonial)
set(CPACK_PACKAGE_VENDOR "Colonial contributors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "game, table companion and judge for Colonial Diplomacy")
# The extended description; cpack puts the summary above it and indents it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Colonial is the Diplomacy variant set in 19th-century Asia: Britain, China,
France, Holland, Japan, Russia and Turkey race for 58 colonies from 1870,
with a Trans-Siberian Railroad, a Suez Canal and a Hong Kong that China can
never count.

The game plays pass-and-play on one screen (touch, gamepad, mouse or
keyboard), serves as a companion to a table with the physical board
(orders entered secretly or by a game master, timers, every phase kept,
players' phones as order pads over the local network) and runs as an
unattended kiosk. colonial-judge adjudicates games from the command line.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Whoever builds the package for distribution sets their own address.
set(COLONIAL_MAINTAINER "Colonial developers <colonial@example.org>"
    CACHE STRING "The Debian package's Maintainer field")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${COLONIAL_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
# Library dependencies (libsdl2-2.0-0 ...) computed from the binaries by
# dpkg-shlibdeps, plus the font.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS fonts-dejavu-core)
# A cross build's package carries the target's architecture, not the
# machine's that built it (dpkg's name for the toolchain's GNU triple).
if(CMAKE_CROSSCOMPILING AND COLONIAL_CROSS_TRIPLE)
  execute_process(COMMAND dpkg-architecture -t ${COLONIAL_CROSS_TRIPLE} -qDEB_HOST_ARCH
                  OUTPUT_VARIABLE CPACK_DEBIAN_PACKAGE_ARCHITECTURE OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  # dpkg-shlibdeps reads the target's libraries through its objdump.
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS /usr/lib/${COLONIAL_CROSS_TRIPLE})
endif()
include(CPack)
