# cmake -DSITE=DIR -DTEMPLATE=sw.js.in -P web_files.cmake: writes DIR/sw.js,
# the service worker, from TEMPLATE with the list of the folder's files and a
# version made from their contents (a changed file is a new version).
file(GLOB_RECURSE files RELATIVE ${SITE} ${SITE}/*)
list(REMOVE_ITEM files sw.js)
list(SORT files)
set(hashes "")
set(quoted "'./'")
foreach(f ${files})
  file(SHA256 ${SITE}/${f} h)
  string(APPEND hashes "${f}:${h}\n")
  string(APPEND quoted ", './${f}'")
endforeach()
string(SHA256 version "${hashes}")
string(SUBSTRING ${version} 0 16 COLONIAL_WEB_VERSION)
set(COLONIAL_WEB_FILES "${quoted}")
configure_file(${TEMPLATE} ${SITE}/sw.js @ONLY)
