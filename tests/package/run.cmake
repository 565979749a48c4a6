# cmake -DBUILD=<build dir> -DSOURCE=<project root> -DWORK=<scratch dir> [-DPYTHON=<python3>]
# -P run.cmake: installs the build into WORK/prefix, builds tests/package against it and runs the
# result; with PYTHON, the installed gametree module searches too.
file(REMOVE_RECURSE ${WORK})
function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${rc}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()
step(${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix)
step(${CMAKE_COMMAND} -S ${SOURCE}/tests/package -B ${WORK}/build -DCMAKE_BUILD_TYPE=Release
     -DCMAKE_PREFIX_PATH=${WORK}/prefix)
step(${CMAKE_COMMAND} --build ${WORK}/build)
step(${WORK}/build/outside)
message("${out}")
if(NOT out MATCHES "^value 0 nodes [0-9]+")
  message(FATAL_ERROR "unexpected output: ${out}")
endif()
# docs/guide/cpp.md's examples (each exits 1 when its searches disagree with the known values).
step(${WORK}/build/by_name)
message("${out}")
step(${WORK}/build/templated)
message("${out}")
if(NOT out MATCHES "^value 0 best a1 nodes [0-9]+")
  message(FATAL_ERROR "templated: unexpected output: ${out}")
endif()
if(PYTHON)
  set(ENV{PYTHONPATH} ${WORK}/prefix/lib/python3/dist-packages)
  # No ';' in the program: step() takes its arguments as a list.
  string(CONCAT program "import gametree as g\n"
                 "print(g.search(g.Game('tictactoe'), None, 'alphabeta', 'max').value)")
  step(${PYTHON} -c "${program}")
  if(NOT out STREQUAL "0\n")
    message(FATAL_ERROR "the installed gametree module: unexpected output: ${out}")
  endif()
endif()
