# Runs `colonial-judge parse ARGS < CASE.in` and compares stdout with CASE.out
# and the exit status with the one CASE.args names ("ARGS... => STATUS").
file(READ ${CASE}.args spec)
string(STRIP "${spec}" spec)
string(REGEX MATCH "^(.*)=> *([0-9]+)$" matched "${spec}")
if(NOT matched)
  message(FATAL_ERROR "${CASE}.args: expected 'ARGS... => STATUS', got '${spec}'")
endif()
string(STRIP "${CMAKE_MATCH_1}" args)
set(expected_status ${CMAKE_MATCH_2})
separate_arguments(args UNIX_COMMAND "${args}")
# EMULATOR: qemu-user and its arguments in cross builds, empty otherwise.
separate_arguments(EMULATOR UNIX_COMMAND "${EMULATOR}")
execute_process(COMMAND ${EMULATOR} ${JUDGE} parse ${args} INPUT_FILE ${CASE}.in OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
file(READ ${CASE}.out expected)
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs for ${CASE}.in\n--- expected\n${expected}--- got\n${out}--- stderr\n${err}")
endif()
if(NOT status STREQUAL expected_status)
  message(FATAL_ERROR "exit status ${status}, expected ${expected_status} for ${CASE}.in\n${err}")
endif()
