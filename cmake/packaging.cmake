# What `cmake --install` puts where, per platform. Linux: the programs, a .desktop entry, icons, the
# MIME types of the files Bonescope opens and AppStream metadata (the demo and the shaders are
# compiled into the program). Windows: the programs with every DLL they load (windeployqt adds Qt's
# plugins). macOS: Bonescope.app, made self-contained by macdeployqt.
include(GNUInstallDirs)
set(BONESCOPE_APP_ID io.github.bonescope.Bonescope)

if(WIN32)
  target_sources(bonescope-cli PRIVATE ${CMAKE_SOURCE_DIR}/resources/windows/bonescope-cli.rc)
endif()
# bonescope-import (every Assimp read runs in it) goes beside the programs that start it: they look
# for it beside their own executable.
set(bonescope_helpers bonescope-cli)
if(TARGET bonescope-import)
  list(APPEND bonescope_helpers bonescope-import)
endif()
if(APPLE AND BONESCOPE_GUI)
  # Inside the bundle, beside the window's executable: the .dmg carries them all.
  install(TARGETS ${bonescope_helpers} RUNTIME DESTINATION Bonescope.app/Contents/MacOS)
else()
  install(TARGETS ${bonescope_helpers} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

if(BONESCOPE_GUI)
  if(APPLE)
    set(icns ${CMAKE_BINARY_DIR}/Bonescope.icns)
    # iconutil (part of macOS) turns the PNG sizes into the bundle's icon.
    add_custom_command(OUTPUT ${icns}
      COMMAND ${CMAKE_COMMAND} -E make_directory Bonescope.iconset
      COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/16x16/apps/${BONESCOPE_APP_ID}.png Bonescope.iconset/icon_16x16.png
      COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/32x32/apps/${BONESCOPE_APP_ID}.png Bonescope.iconset/icon_32x32.png
      COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/128x128/apps/${BONESCOPE_APP_ID}.png Bonescope.iconset/icon_128x128.png
      COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/256x256/apps/${BONESCOPE_APP_ID}.png Bonescope.iconset/icon_256x256.png
      COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/resources/icons/hicolor/512x512/apps/${BONESCOPE_APP_ID}.png Bonescope.iconset/icon_512x512.png
      COMMAND iconutil -c icns Bonescope.iconset -o ${icns}
      WORKING_DIRECTORY ${CMAKE_BINARY_DIR} VERBATIM)
    target_sources(bonescope PRIVATE ${icns})
    set_source_files_properties(${icns} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)
    set_target_properties(bonescope PROPERTIES
      MACOSX_BUNDLE ON
      OUTPUT_NAME Bonescope
      MACOSX_BUNDLE_GUI_IDENTIFIER ${BONESCOPE_APP_ID}
      MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
      MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
      MACOSX_BUNDLE_ICON_FILE Bonescope.icns)
  elseif(WIN32)
    # The window is a GUI program (no console); its icon and manifest are in a resource script.
    set_target_properties(bonescope PROPERTIES WIN32_EXECUTABLE ON)
    target_sources(bonescope PRIVATE ${CMAKE_SOURCE_DIR}/resources/windows/bonescope.rc)
  endif()
  install(TARGETS bonescope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} BUNDLE DESTINATION .)
  if(WIN32 OR APPLE)
    # windeployqt / macdeployqt: Qt's libraries and plugins next to the program (Qt 6.3 and later).
    qt_generate_deploy_app_script(TARGET bonescope OUTPUT_SCRIPT bonescope_deploy NO_UNSUPPORTED_PLATFORM_ERROR)
    install(SCRIPT ${bonescope_deploy})
  endif()
endif()

if(WIN32)
  # The DLLs the programs load that are not Qt's (Assimp, zlib, the MinGW runtime), looked for beside
  # the compiler and in CMAKE_PREFIX_PATH; Windows' own DLLs are left out.
  get_filename_component(compiler_dir ${CMAKE_CXX_COMPILER} DIRECTORY)
  set(dll_dirs ${compiler_dir})
  foreach(p ${CMAKE_PREFIX_PATH})
    list(APPEND dll_dirs ${p}/bin)
  endforeach()
  set(exes "bonescope-cli.exe")
  if(TARGET bonescope-import)
    list(APPEND exes "bonescope-import.exe")
  endif()
  if(BONESCOPE_GUI)
    list(APPEND exes "bonescope.exe")
  endif()
  install(CODE "set(BONESCOPE_DLL_DIRS \"${dll_dirs}\")\nset(BONESCOPE_EXES \"${exes}\")")
  install(CODE [[
    list(TRANSFORM BONESCOPE_EXES PREPEND "${CMAKE_INSTALL_PREFIX}/bin/")
    file(GET_RUNTIME_DEPENDENCIES
      EXECUTABLES ${BONESCOPE_EXES}
      RESOLVED_DEPENDENCIES_VAR deps UNRESOLVED_DEPENDENCIES_VAR missing
      DIRECTORIES ${BONESCOPE_DLL_DIRS}
      PRE_EXCLUDE_REGEXES "^api-ms-" "^ext-ms-"
      POST_EXCLUDE_REGEXES ".*[Ss]ystem32/.*")
    file(INSTALL ${deps} DESTINATION "${CMAKE_INSTALL_PREFIX}/bin")
  ]])
endif()

if(UNIX AND NOT APPLE)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/linux/${BONESCOPE_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/linux/${BONESCOPE_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/linux/bonescope-mime.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME ${BONESCOPE_APP_ID}.xml)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/bonescope.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${BONESCOPE_APP_ID}.svg)
endif()
