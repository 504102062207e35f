# Writes the CTest file of one Catch2 test executable: one CTest test per TEST_CASE, run alone.
# Run as `cmake -P` after each link of the executable (tests/cmake/catch_tests.cmake). It replaces
# Catch2's CatchAddTests.cmake, which splits names at ';' (CMake's list separator) and passes a
# test spec that names no test when a name holds '\' or '"': Catch2 2.13 then exits 0 and CTest
# says Passed. Here every name is read whole (';' included), written into the CTest file as a
# bracket argument (taken literally by CMake) and passed to Catch2 escaped for its test-spec
# parser, and every test runs with `--warn NoTests`, so a spec that matches nothing fails.
#
# Names Catch2's test spec cannot select exactly are refused with a message naming the test: a
# name starting with '#' (--list-test-names-only quotes it), '~' (negation), "exclude:", '-' (an
# option), a space,
# or starting or ending with '*' (a wildcard), a name ending with a space, and two names equal
# but for case (a spec matches case-insensitively).
#
# Variables: TEST_EXECUTABLE, TEST_PREFIX (the test is named "PREFIX: NAME"), TEST_WORKING_DIR, TEST_SKIP_RETURN_CODE, CTEST_FILE.

# The arguments every test runs with after its spec: a spec that matches no test fails (Catch2
# 2.13 exits 2 with --warn NoTests; without it, 0).
set(TEST_RUN_ARGS --warn NoTests)

cmake_minimum_required(VERSION 3.25)

foreach(var TEST_EXECUTABLE CTEST_FILE TEST_WORKING_DIR TEST_SKIP_RETURN_CODE)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "discover_catch_tests.cmake: ${var} is not set")
    endif()
endforeach()

execute_process(COMMAND "${TEST_EXECUTABLE}" --list-test-names-only
                OUTPUT_VARIABLE listing ERROR_VARIABLE listing_error RESULT_VARIABLE result
                WORKING_DIRECTORY "${TEST_WORKING_DIR}")
# Catch2 2.13 exits with the number of tests listed (capped at 255); a string is a crash.
if(NOT result MATCHES "^[0-9]+$")
    message(FATAL_ERROR "${TEST_EXECUTABLE} --list-test-names-only failed: ${result}\n"
                        "${listing}${listing_error}")
endif()

# Lines, with ';', '[' and ']' kept: CMake's lists split at ';' except between '[' and ']', so
# the three are swapped for bytes no test name holds before the listing becomes a list, and
# swapped back in each name.
string(ASCII 1 stand_in_semicolon)
string(ASCII 2 stand_in_open)
string(ASCII 3 stand_in_close)
foreach(stand_in "${stand_in_semicolon}" "${stand_in_open}" "${stand_in_close}")
    string(FIND "${listing}" "${stand_in}" stand_in_at)
    if(NOT stand_in_at EQUAL -1)
        message(FATAL_ERROR "${TEST_EXECUTABLE}: a test name holds a byte 0x01-0x03")
    endif()
endforeach()
string(REPLACE ";" "${stand_in_semicolon}" listing "${listing}")
string(REPLACE "[" "${stand_in_open}" listing "${listing}")
string(REPLACE "]" "${stand_in_close}" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")

# A bracket argument [=...=[text]=...=] whose '=' count does not occur closing inside text.
function(bracket text out)
    set(eq "=")
    while(1)
        string(FIND "${text}" "]${eq}]" at)
        if(at EQUAL -1)
            break()
        endif()
        string(APPEND eq "=")
    endwhile()
    set(${out} "[${eq}[${text}]${eq}]" PARENT_SCOPE)
endfunction()

set(script "# Written by tests/cmake/discover_catch_tests.cmake from ${TEST_EXECUTABLE}\n")
set(seen_lower "")
set(count 0)
foreach(line IN LISTS lines)
    if(line STREQUAL "")
        continue()
    endif()
    string(REPLACE "${stand_in_semicolon}" ";" name "${line}")
    string(REPLACE "${stand_in_open}" "[" name "${name}")
    string(REPLACE "${stand_in_close}" "]" name "${name}")
    set(why "")
    if(name MATCHES "^#")
        set(why "starts with '#' (--list-test-names-only quotes such names)")
    elseif(name MATCHES "^~")
        set(why "starts with '~' (a test spec's negation)")
    elseif(name MATCHES "^exclude:")
        set(why "starts with 'exclude:' (a test spec's negation)")
    elseif(name MATCHES "^-")
        set(why "starts with '-' (Catch2 reads it as an option)")
    elseif(name MATCHES "^ " OR name MATCHES " $")
        set(why "starts or ends with a space (a test spec drops it)")
    elseif(name MATCHES "^\\*" OR name MATCHES "\\*$")
        set(why "starts or ends with '*' (a test spec's wildcard)")
    endif()
    if(NOT why STREQUAL "")
        message(FATAL_ERROR "${TEST_EXECUTABLE}: the test \"${name}\" ${why}: CTest could not "
                            "run it alone. Rename it.")
    endif()
    string(TOLOWER "${line}" lower_item)
    if(lower_item IN_LIST seen_lower)
        message(FATAL_ERROR "${TEST_EXECUTABLE}: two tests are named \"${name}\" but for case: a "
                            "test spec selects both (Catch2 matches names case-insensitively)")
    endif()
    list(APPEND seen_lower "${lower_item}")

    # Catch2's test-spec parser: '\' escapes the next character; ',' separates specs; '[' starts
    # a tag; '"' starts a quoted name. Each is escaped, the backslash first.
    set(spec "${name}")
    foreach(special "\\" "," "[" "]" "\"")
        string(REPLACE "${special}" "\\${special}" spec "${spec}")
    endforeach()

    bracket("${TEST_PREFIX}: ${name}" test_arg)
    bracket("${spec}" spec_arg)
    bracket("${TEST_EXECUTABLE}" exe_arg)
    bracket("${TEST_WORKING_DIR}" dir_arg)
    set(run_args "")
    foreach(arg IN LISTS TEST_RUN_ARGS)
        bracket("${arg}" arg_text)
        string(APPEND run_args " ${arg_text}")
    endforeach()
    string(APPEND script "add_test(${test_arg} ${exe_arg} ${spec_arg}${run_args})\n")
    string(APPEND script "set_tests_properties(${test_arg} PROPERTIES WORKING_DIRECTORY "
                         "${dir_arg} SKIP_RETURN_CODE ${TEST_SKIP_RETURN_CODE})\n")
    math(EXPR count "${count} + 1")
endforeach()

if(count EQUAL 0)
    message(FATAL_ERROR "${TEST_EXECUTABLE} lists no test")
endif()
file(WRITE "${CTEST_FILE}" "${script}")
