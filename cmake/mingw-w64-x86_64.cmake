# Cross-compiling for 64-bit Windows with Debian's MinGW-w64 (packages g++-mingw-w64-x86-64-posix;
# the posix thread model, which std::thread needs), running what it builds under Wine.
# scripts/test-windows uses it; BONESCOPE_MINGW_PREFIX names where GoogleTest was built for Windows.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(triple x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${triple}-gcc-posix)
set(CMAKE_CXX_COMPILER ${triple}-g++-posix)
set(CMAKE_RC_COMPILER ${triple}-windres)
set(CMAKE_CROSSCOMPILING_EMULATOR wine)

# The C++ runtime linked in: the programs run without MinGW's DLLs beside them. Big objects: the
# tests' template-heavy files exceed COFF's default section count.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_CXX_FLAGS_INIT "-Wa,-mbig-obj")

# GLM and nlohmann-json are header-only: Debian's copies in /usr/include serve Windows as well. They
# are offered through a folder of their own (links to the headers and Debian's CMake package files),
# never through /usr/include itself, which holds the Linux C library's headers.
set(BONESCOPE_MINGW_PREFIX "" CACHE PATH "Where libraries built for Windows are installed")
set(headers ${CMAKE_BINARY_DIR}/debian-header-libraries)
foreach(lib glm nlohmann)
  if(NOT EXISTS ${headers}/include/${lib})
    file(MAKE_DIRECTORY ${headers}/include)
    file(CREATE_LINK /usr/include/${lib} ${headers}/include/${lib} SYMBOLIC)
  endif()
endforeach()
foreach(package glm nlohmann_json)
  if(NOT EXISTS ${headers}/share/cmake/${package})
    file(COPY /usr/share/cmake/${package} DESTINATION ${headers}/share/cmake)
  endif()
endforeach()

set(CMAKE_FIND_ROOT_PATH /usr/${triple} ${BONESCOPE_MINGW_PREFIX} ${headers})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
