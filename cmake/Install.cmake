# Installing and packaging, the layout of a Linux desktop application (GNUInstallDirs):
#   bin/bloomlab, bin/bloomlab-cli                               (app/gui, app/cli)
#   share/applications/bloomlab.desktop
#   share/metainfo/io.github.bloomlab.BloomLab.metainfo.xml      (AppStream)
#   share/icons/hicolor/scalable/apps/bloomlab.svg
#   share/icons/hicolor/<N>x<N>/apps/bloomlab.png                (rendered at build time)
#   share/man/man1/bloomlab-cli.1.gz, bloomlab.1.gz              (docs/man)
#   share/bash-completion/completions/bloomlab-cli
# and `cpack -G DEB` in the build directory makes bloomlab_<version>-1_<arch>.deb, whose Depends
# dpkg-shlibdeps derives from the installed binaries (Debian's Qt 6, xxHash, SQLite, ...).
include(GNUInstallDirs)

# ---- man pages (docs/man), gzip-compressed as Debian installs them -------------------------------
# bloomlab_install_man_page(PAGE TARGET): installs docs/man/PAGE to share/man/man1; building
# TARGET makes the compressed copy. gzip -n keeps the file's name and time out of the archive,
# so the same source gives the same bytes.
find_program(BLOOMLAB_GZIP gzip)
function(bloomlab_install_man_page page target)
  set(_source ${PROJECT_SOURCE_DIR}/docs/man/${page})
  if(NOT BLOOMLAB_GZIP)
    install(FILES ${_source} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
    return()
  endif()
  set(_copy ${PROJECT_BINARY_DIR}/man/${page})
  add_custom_command(OUTPUT ${_copy}.gz
      COMMAND ${CMAKE_COMMAND} -E copy ${_source} ${_copy}
      COMMAND ${BLOOMLAB_GZIP} -9 -n -f ${_copy}
      DEPENDS ${_source}
      COMMENT "Compressing the man page ${page}"
      VERBATIM)
  string(REPLACE "." "_" _name "man_${page}")
  add_custom_target(bloomlab_${_name} ALL DEPENDS ${_copy}.gz)
  add_dependencies(${target} bloomlab_${_name})
  install(FILES ${_copy}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endfunction()

# ---- the command-line tool: man page and bash completion ---------------------------------------
bloomlab_install_man_page(bloomlab-cli.1 bloomlab-cli)
install(FILES ${PROJECT_SOURCE_DIR}/resources/bash-completion/bloomlab-cli
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)

# ---- the desktop app: menu entry, AppStream metainfo, icons ------------------------------------
if(BLOOMLAB_BUILD_GUI)
  bloomlab_install_man_page(bloomlab.1 bloomlab)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/bloomlab.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/io.github.bloomlab.BloomLab.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/bloomlab.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

  add_subdirectory(${PROJECT_SOURCE_DIR}/tools/icon_render ${PROJECT_BINARY_DIR}/tools/icon_render)
  set(BLOOMLAB_ICON_SIZES 16 22 24 32 48 64 128 256)
  set(_icon_dir ${PROJECT_BINARY_DIR}/icons)
  set(_icons "")
  foreach(_size IN LISTS BLOOMLAB_ICON_SIZES)
    list(APPEND _icons ${_icon_dir}/${_size}x${_size}/bloomlab.png)
    install(FILES ${_icon_dir}/${_size}x${_size}/bloomlab.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${_size}x${_size}/apps)
  endforeach()
  add_custom_command(OUTPUT ${_icons}
      # Offscreen: a build has no display. In a sanitizer build, leaks at exit of this build tool
      # must not fail the build.
      COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0
              $<TARGET_FILE:bloomlab-icon-render> ${PROJECT_SOURCE_DIR}/resources/bloomlab.svg ${_icon_dir} ${BLOOMLAB_ICON_SIZES}
      DEPENDS bloomlab-icon-render ${PROJECT_SOURCE_DIR}/resources/bloomlab.svg
      COMMENT "Rendering the application icon to PNG"
      VERBATIM)
  add_custom_target(bloomlab_icons ALL DEPENDS ${_icons})
  add_dependencies(bloomlab bloomlab_icons)
endif()

# ---- the Debian package (cpack -G DEB) ---------------------------------------------------------
set(BLOOMLAB_PACKAGE_MAINTAINER "BloomLab developers <bloomlab@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bloomlab)
set(CPACK_PACKAGE_VENDOR BloomLab)
set(CPACK_PACKAGE_CONTACT "${BLOOMLAB_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explore, benchmark and teach Bloom and cuckoo filters")
# Debian's extended description: short lines (CPack indents them by one space).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
    "BloomLab is a desktop explorer and a command-line tool for approximate-"
    "membership filters: the classic, blocked (Parquet split-block), counting"
    "and scalable Bloom filters and the cuckoo filter. It sizes a filter for"
    "a job, shows the bit array and the false-positive rate as keys go in,"
    "benchmarks a store of record with and without a filter in front, and has"
    "a teaching mode for classes. bloomlab-cli builds, queries and inspects"
    "saved filters and converts the blocked filter to and from a Parquet"
    "bloom filter.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The GUI's Hindi (Devanagari) and Japanese (CJK) texts need these fonts, and Qt's own dialogs
# and buttons are translated by qt6-translations-l10n; the program runs without them.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-core, fonts-noto-cjk, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
include(CPack)
