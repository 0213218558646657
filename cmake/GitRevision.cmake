# The build's git revision for `--version`: bloomlab_git_revision.h defines BLOOMLAB_GIT_REVISION
# as `git describe --always --dirty` of the source tree ("unknown" when the sources are not a git
# checkout, e.g. an unpacked tarball, or git is missing). Written at configure time and refreshed
# on every build (the header is rewritten only when the revision changed, so nothing recompiles
# otherwise). Targets that print the revision link bloomlab::git_revision.
find_package(Git QUIET)
set(BLOOMLAB_GIT_REVISION_HEADER ${PROJECT_BINARY_DIR}/generated/bloomlab_git_revision.h)
set(_write_revision ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
    -DGIT_EXECUTABLE=${GIT_EXECUTABLE} -DOUTPUT=${BLOOMLAB_GIT_REVISION_HEADER}
    -P ${CMAKE_CURRENT_LIST_DIR}/WriteGitRevision.cmake)
execute_process(COMMAND ${_write_revision})
add_custom_target(bloomlab_git_revision_refresh
    COMMAND ${_write_revision}
    BYPRODUCTS ${BLOOMLAB_GIT_REVISION_HEADER}
    COMMENT "Checking the git revision"
    VERBATIM)
add_library(bloomlab_git_revision INTERFACE)
add_library(bloomlab::git_revision ALIAS bloomlab_git_revision)
target_include_directories(bloomlab_git_revision INTERFACE ${PROJECT_BINARY_DIR}/generated)
add_dependencies(bloomlab_git_revision bloomlab_git_revision_refresh)
