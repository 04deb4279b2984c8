# The web build's page (included by the top CMakeLists.txt under emscripten):
# colonial_web_page(TARGET) makes TARGET's output the static folder
# build-web/site: the page (packaging/web/index.html), TARGET.js and .wasm,
# and TARGET.data, the files the program reads (the font, the maps, the
# board art, the translation catalogs), preloaded into its file system.
set(COLONIAL_WEB_SITE ${CMAKE_BINARY_DIR}/site CACHE INTERNAL "The web build's static folder")
set(COLONIAL_WEB_SOURCE ${PROJECT_SOURCE_DIR}/packaging/web)

function(colonial_web_page target)
  set_target_properties(${target} PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${COLONIAL_WEB_SITE})
  # The board art as a host build made it: the atlas and its pages, the id map.
  file(GLOB art_files ${COLONIAL_ART_DIR}/colonial_atlas*.png)
  list(APPEND art_files ${COLONIAL_ART_DIR}/colonial_atlas.txt ${COLONIAL_ART_DIR}/colonial_ids.png)
  # (SHELL: keeps each option with its value: CMake folds repeated options.)
  set(preload
      "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/fonts/DejaVuSans.ttf@/assets/fonts/DejaVuSans.ttf"
      "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/maps@/assets/maps"
      "SHELL:--preload-file ${CMAKE_BINARY_DIR}/locale@/locale")
  foreach(file ${art_files})
    get_filename_component(name ${file} NAME)
    list(APPEND preload "SHELL:--preload-file ${file}@/assets/art/${name}")
  endforeach()
  target_link_options(
    ${target}
    PRIVATE
    ${preload}
    "SHELL:--pre-js ${COLONIAL_WEB_SOURCE}/pre.js"
    -lidbfs.js
    -sALLOW_MEMORY_GROWTH=1
    -sINITIAL_MEMORY=67108864
    -sEXIT_RUNTIME=1
    -sFORCE_FILESYSTEM=1
    -sENVIRONMENT=web
    -sMIN_WEBGL_VERSION=1
    -sEXPORTED_RUNTIME_METHODS=FS,addRunDependency,removeRunDependency)
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${COLONIAL_WEB_SOURCE}/pre.js ${art_files})
  # The page, the manifest and the icons (from the app's icon, packaging/icon),
  # then the service worker listing them all.
  set(icon ${PROJECT_SOURCE_DIR}/packaging/icon)
  find_program(COLONIAL_RSVG_CONVERT rsvg-convert)
  if(NOT COLONIAL_RSVG_CONVERT)
    message(FATAL_ERROR "The web app's icons are drawn by rsvg-convert: apt-get install librsvg2-bin")
  endif()
  add_custom_command(
    TARGET ${target}
    POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${COLONIAL_WEB_SOURCE}/index.html
            ${COLONIAL_WEB_SOURCE}/manifest.webmanifest ${COLONIAL_WEB_SITE}/
    COMMAND ${CMAKE_COMMAND} -E make_directory ${COLONIAL_WEB_SITE}/icons
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${icon}/colonial.svg ${icon}/colonial-48.png
            ${COLONIAL_WEB_SITE}/icons/
    COMMAND ${COLONIAL_RSVG_CONVERT} -w 192 -h 192 -o ${COLONIAL_WEB_SITE}/icons/colonial-192.png ${icon}/colonial.svg
    COMMAND ${COLONIAL_RSVG_CONVERT} -w 512 -h 512 -o ${COLONIAL_WEB_SITE}/icons/colonial-512.png ${icon}/colonial.svg
    COMMAND ${CMAKE_COMMAND} -DSITE=${COLONIAL_WEB_SITE} -DTEMPLATE=${COLONIAL_WEB_SOURCE}/sw.js.in -P
            ${PROJECT_SOURCE_DIR}/cmake/web_files.cmake
    VERBATIM)
endfunction()
