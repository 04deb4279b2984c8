// Runs inside colonial.js before the program (emcc --pre-js): the page's
// storage for the saves, the command line from the page's address, and
// what the tests read back (the program's output and exit status).
//
// The address: index.html?args=--companion%20--seed%207 passes those
// arguments; &input=URL (repeatable) first copies the file at URL into
// /input/NAME, so that a script can be played by --script /input/NAME.
(function () {
  var params = new URLSearchParams(window.location.search);
  var args = (params.get('args') || '').split(' ').filter(function (a) { return a.length > 0; });
  Module['arguments'] = args;

  // What the program printed, and how it ended: read by the tests.
  window.colonialLog = [];
  Module['print'] = function (text) { window.colonialLog.push(text); console.log(text); };
  Module['printErr'] = function (text) { window.colonialLog.push(text); console.warn(text); };
  Module['onExit'] = function (status) { window.colonialExit = status; };
  Module['onAbort'] = function (what) { window.colonialExit = 'abort: ' + what; };

  // The saves live under /libsdl (SDL_GetPrefPath in a browser), kept in
  // the page's IndexedDB: read in before the program starts, written after
  // every save (Module.colonialPersist, called by platform/file_io.cpp).
  var syncing = false, again = false;
  Module['colonialPersist'] = function () {
    if (window.colonialStorageError) return;
    if (syncing) { again = true; return; }
    syncing = true;
    FS.syncfs(false, function (err) {
      syncing = false;
      if (err) window.colonialStorageError = String(err);
      window.colonialSaved = (window.colonialSaved || 0) + 1;
      if (again) { again = false; Module['colonialPersist'](); }
    });
  };
  // Storage refused (a private window, a full disk): the game goes on, and
  // the program says it is not being kept (platform::saves_are_kept).
  function refused(err) {
    window.colonialStorageError = String(err);
    ENV.COLONIAL_STORAGE_PROBLEM = 'refused ' + String(err);  // platform::saves_are_kept says it
  }
  // Opening a record (the menu's "Open a record..."): a canvas cannot ask
  // for a file, the page's file input does. What is picked is copied to
  // /opened/NAME and waits in colonialOpened for the program, which reads
  // it with its record reader (platform::take_opened_file, every frame).
  Module['colonialOpened'] = [];
  var picker = null;
  function filePicker() {
    if (picker) return picker;
    picker = document.createElement('input');
    picker.type = 'file';
    picker.id = 'colonial-open';
    picker.accept = '.colonial,text/plain';
    // Out of sight, yet a real input (display:none ones are refused files
    // by some browsers' automation, which the tests use).
    picker.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
    picker.addEventListener('change', function () {
      var file = picker.files && picker.files[0];
      if (!file) return;
      file.arrayBuffer().then(function (bytes) {
        var name = file.name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'record';
        try { FS.mkdir('/opened'); } catch (e) { /* there already */ }
        FS.writeFile('/opened/' + name, new Uint8Array(bytes));
        Module['colonialOpened'].push('/opened/' + name);
      }).catch(function (e) {
        Module['printErr']('colonial: cannot read ' + file.name + ': ' + e);
      }).finally(function () {
        picker.value = '';  // the same file may be picked again
      });
    });
    document.body.appendChild(picker);
    return picker;
  }
  Module['colonialPickFile'] = function () {
    window.colonialPicks = (window.colonialPicks || 0) + 1;  // read by the tests
    filePicker().click();
  };

  // Typing on a tablet or a phone: a canvas gets no on-screen keyboard, a
  // focused input element does. While one of the app's text fields is being
  // typed in (platform/window.cpp), this input has the focus; what a
  // keyboard inserts (an on-screen one, a composition) is handed to the
  // program one character at a time (colonialTyped) and the input is kept
  // empty. A physical keyboard's keys reach SDL as before (their keypress
  // inserts nothing here: SDL's own handler takes it), so nothing comes twice.
  Module['colonialTyped'] = [];
  var typing = null;
  function textField() {
    if (typing) return typing;
    typing = document.createElement('input');
    typing.type = 'text';
    typing.id = 'colonial-text';
    typing.setAttribute('autocomplete', 'off');
    typing.setAttribute('autocorrect', 'off');
    typing.setAttribute('autocapitalize', 'off');
    typing.setAttribute('spellcheck', 'false');
    typing.setAttribute('aria-hidden', 'true');
    // 16 px: iOS zooms the page into a smaller field. At the bottom, out of
    // sight: the keyboard slides up over it, not over the board's middle.
    typing.style.cssText = 'position:fixed;left:0;bottom:0;width:1px;height:1px;opacity:0;font-size:16px;' +
      'border:0;padding:0;pointer-events:none';
    typing.addEventListener('keypress', function (e) { e.preventDefault(); });
    typing.addEventListener('input', function () {
      Array.from(typing.value).forEach(function (c) { Module['colonialTyped'].push(c); });
      typing.value = '';
    });
    document.body.appendChild(typing);
    return typing;
  }
  // iOS shows its keyboard only for a focus given within the tap itself:
  // when the finger lifts from a text field (the program marks the frames
  // where one is under it), the input takes the focus right there.
  function tapOnTextField() {
    if (!Module['colonialTextFieldUnderPointer']) return;
    window.colonialFocusInTap = (window.colonialFocusInTap || 0) + 1;  // read by the tests
    textField().focus({preventScroll: true});
  }
  Module['colonialTextField'] = function (on) {
    var field = textField();
    if (on) field.focus({preventScroll: true});
    else if (document.activeElement === field) field.blur();
  };

  Module['preRun'] = Module['preRun'] || [];
  Module['preRun'].push(function () {
    // The translation catalogs, preloaded at /locale (cmake/web.cmake).
    ENV.COLONIAL_LOCALEDIR = '/locale';
    // The browser's language is the system's (LANG, fr-CH -> fr_CH.UTF-8),
    // read as natively: --language and the app's language choice come first.
    ENV.LANG = (navigator.language || 'C').replace('-', '_') + '.UTF-8';
    FS.mkdir('/libsdl');
    FS.mkdir('/input');
    FS.mkdir('/shots');  // --shots /shots: the script player's screenshots, read back by the tests
    filePicker();
    textField();
    Module['canvas'].addEventListener('touchend', tapOnTextField, {passive: true});
    try {
      FS.mount(IDBFS, {}, '/libsdl');
      addRunDependency('colonial-storage');
      FS.syncfs(true, function (err) {
        if (err) refused(err);
        removeRunDependency('colonial-storage');
      });
    } catch (e) {
      refused(e);
    }
    // One writer of the saves: the first tab holds the lock for as long as
    // it is open; another tab plays without saving, and says so.
    if (navigator.locks) {
      addRunDependency('colonial-lock');
      navigator.locks.request('colonial-saves', {ifAvailable: true}, function (lock) {
        if (!lock) {
          window.colonialStorageError = 'another tab';
          ENV.COLONIAL_STORAGE_PROBLEM = 'another-tab';
        }
        removeRunDependency('colonial-lock');
        return lock ? new Promise(function () {}) : null;
      });
    } else if (window.BroadcastChannel) {
      // No Web Locks (a plain http:// address, not a secure origin): the
      // tabs of the app ask each other; one that answers within a moment
      // keeps the saves. (Two tabs opened in the same instant could both
      // keep them: the lock above has no such gap.)
      addRunDependency('colonial-lock');
      var channel = new BroadcastChannel('colonial-saves'), decided = false, keeper = false;
      channel.onmessage = function (e) {
        if (e.data === 'who keeps the saves?' && keeper) channel.postMessage('this tab');
        if (e.data === 'this tab' && !decided) {
          decided = true;
          window.colonialStorageError = 'another tab';
          ENV.COLONIAL_STORAGE_PROBLEM = 'another-tab';
          removeRunDependency('colonial-lock');
        }
      };
      channel.postMessage('who keeps the saves?');
      setTimeout(function () {
        if (decided) return;
        decided = keeper = true;
        removeRunDependency('colonial-lock');
      }, 300);
    }
    params.getAll('input').forEach(function (url) {
      var name = url.split('/').pop();
      var dependency = 'colonial-input-' + name;
      addRunDependency(dependency);
      fetch(url).then(function (reply) {
        if (!reply.ok) throw new Error(url + ': ' + reply.status);
        return reply.arrayBuffer();
      }).then(function (bytes) {
        FS.writeFile('/input/' + name, new Uint8Array(bytes));
      }).catch(function (e) {
        Module['printErr']('colonial: cannot read ' + url + ': ' + e);
      }).finally(function () {
        removeRunDependency(dependency);
      });
    });
  });
})();
