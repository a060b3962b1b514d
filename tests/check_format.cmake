# Fails when a C++ file of the project differs from what clang-format makes of it.
# SPDX-License-Identifier: GPL-3.0-or-later
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/ui/*.cpp ${SOURCE_DIR}/ui/*.h
     ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.h
     ${SOURCE_DIR}/benchmarks/*.cpp ${SOURCE_DIR}/benchmarks/*.h)
list(FILTER files EXCLUDE REGEX "^tests/fuzz/(corpus|regressions)/")
# One clang-format for all files: a process per file took a minute.
execute_process(COMMAND ${CLANG_FORMAT} --style=file --dry-run -Werror ${files}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE report)
set(bad "")
if(NOT rc EQUAL 0)
  string(REGEX MATCHALL "[^\n]+:[0-9]+:[0-9]+: error: code should be clang-formatted" lines "${report}")
  foreach(line ${lines})
    string(REGEX REPLACE ":[0-9]+:[0-9]+: error: .*" "" f "${line}")
    list(APPEND bad ${f})
  endforeach()
  list(REMOVE_DUPLICATES bad)
  if(NOT bad)
    message(FATAL_ERROR "clang-format failed (exit ${rc}):\n${report}")
  endif()
endif()
if(bad)
  list(JOIN bad "\n  " listed)
  message(FATAL_ERROR "not formatted as .clang-format says (clang-format -i --style=file FILE):\n  ${listed}")
endif()
list(LENGTH files n)
message(STATUS "${n} files follow .clang-format")
