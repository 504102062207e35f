# Installation and the Debian package (cpack -G DEB): the binary, a man page generated from the
# --help texts (tools/package/make-manpage.sh), bash completion and the docs. Included by the
# top-level CMakeLists.txt.
include(GNUInstallDirs)

install(TARGETS sgfaudit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# sgfaudit.1.gz from the built binary's help texts (gzip -n: the same bytes for the same text).
set(SGFAUDIT_MAN ${CMAKE_BINARY_DIR}/sgfaudit.1.gz)
add_custom_command(
    OUTPUT ${SGFAUDIT_MAN}
    COMMAND bash ${PROJECT_SOURCE_DIR}/tools/package/make-manpage.sh $<TARGET_FILE:sgfaudit>
            > ${CMAKE_BINARY_DIR}/sgfaudit.1
    COMMAND gzip -9nf ${CMAKE_BINARY_DIR}/sgfaudit.1
    DEPENDS sgfaudit ${PROJECT_SOURCE_DIR}/tools/package/make-manpage.sh
    COMMENT "Generating the man page sgfaudit.1 from sgfaudit --help"
    VERBATIM)
add_custom_target(sgfaudit_manpage ALL DEPENDS ${SGFAUDIT_MAN})
install(FILES ${SGFAUDIT_MAN} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/tools/package/sgfaudit.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME sgfaudit)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/ARCHITECTURE.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md")

set(CPACK_PACKAGE_NAME sgfaudit)
set(CPACK_PACKAGE_VENDOR "sgfaudit")
set(CPACK_PACKAGE_CONTACT "sgfaudit maintainers <sgfaudit@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "audit Go game records (SGF) against the rules")
set(CPACK_PACKAGE_DESCRIPTION
    "sgfaudit reads every game of SGF files, folders and archives (.zip, .tar.*, .7z, .sgf.gz)
exactly, replays it under several rulesets (AGA, French/FFG, Tromp-Taylor) and reports where
they disagree: a report folder (Markdown, HTML with diagrams, JSONL, CSV) on all cores, shards
and merge for runs over several machines.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY sgfaudit)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # sgfaudit_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The runtime dependencies (libarchive13, libtbb12, libfmt9, liburing2, ...) from the binary's
# shared libraries (dpkg-shlibdeps, Debian dpkg-dev).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "parallel, bash-completion")
set(CPACK_STRIP_FILES ON)
include(CPack)
