# doctest for cross builds (see linux-cross-common.cmake): finds the host's
# header-only doctest and exposes only its doctest/ directory, copied into the
# build tree, as the imported target doctest::doctest.
find_path(COLONIAL_HOST_DOCTEST_INCLUDE doctest/doctest.h
          PATHS /usr/include /usr/local/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
if(NOT COLONIAL_HOST_DOCTEST_INCLUDE)
  set(doctest_FOUND FALSE)
  set(doctest_NOT_FOUND_MESSAGE "doctest/doctest.h not found on the host: apt-get install doctest-dev")
  return()
endif()
set(_colonial_doctest_stage ${CMAKE_BINARY_DIR}/host-doctest-include)
file(COPY ${COLONIAL_HOST_DOCTEST_INCLUDE}/doctest DESTINATION ${_colonial_doctest_stage})
if(NOT TARGET doctest::doctest)
  add_library(doctest::doctest INTERFACE IMPORTED)
  set_target_properties(doctest::doctest PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${_colonial_doctest_stage})
endif()
set(doctest_FOUND TRUE)
