// The page's first script, inline in the <head> of a server-rendered page (server/web/earlyInput.ts puts it there; the
// page's CSP allows it by its hash). From the first paint until the app has hydrated, the page shows controls that do
// not react yet: this records what the visitor does to them, and src/boot/replayEarlyInput.ts replays it once the app
// has hydrated. The browser still does what it does without JavaScript (typing into a field, following a link,
// ticking a box); the app's own handlers never see these events (they are stopped here), so nothing runs twice, and
// neither do the presses and releases around them (which would make React hydrate the whole page at once).
// A form is not posted meanwhile (it would reload the page with the fields in its address): its submit is replayed.
// A tab tapped (a [role=tab] of a tablist, the home form's 'GET A QUOTE' / 'Hourly Rate') shows selected at once, as the
// finger lifts (or at its click), as the app renders it (aria-selected, data-active, tabindex, and its panel shown, the
// others hidden and aria-hidden): the app, given the replayed click, renders that same state (issue 37, "a tap answered
// at once").
// Plain ES5, no build step; `//` comment lines are dropped before it is inlined.
(function () {
  var queue = [];
  var types = ['click', 'keydown', 'input', 'change', 'submit'];
  var recording;
  function selectTab(tab) {
    var tabs = tab.parentNode.children;
    for (var t = 0; t < tabs.length; t += 1) {
      if (tabs[t].getAttribute('role') !== 'tab') continue;
      var selected = tabs[t] === tab;
      tabs[t].setAttribute('aria-selected', String(selected));
      tabs[t].setAttribute('tabindex', selected ? '0' : '-1');
      if (selected) tabs[t].setAttribute('data-active', 'true');
      else tabs[t].removeAttribute('data-active');
      var panel = document.getElementById(tabs[t].getAttribute('aria-controls'));
      if (panel) {
        panel.hidden = !selected;
        if (selected) panel.removeAttribute('aria-hidden');
        else panel.setAttribute('aria-hidden', 'true');
      }
    }
  }
  // Whether an event is on the page's controls before the app has them.
  function early(event) {
    // The replay's own events (set while it dispatches them) go to the app.
    if (recording.replaying) return false;
    var target = event.target;
    if (!target || !target.closest || !target.closest('#root')) return false;
    // A control the app has hydrated, with nothing recorded still to replay, is the app's: recording its typing would
    // leave it in the page only, where a render of the field puts the app's value back (the letters typed so far lost).
    return !(recording.takes && recording.takes(target));
  }
  function record(event) {
    if (!early(event)) return;
    var target = event.target;
    event.stopPropagation();
    if (event.type === 'submit') {
      event.preventDefault();
      // A submit button's click (Enter in a field clicks the form's default button too) is replayed as that click.
      for (var i = queue.length - 1; i >= 0; i -= 1) if (queue[i].type === 'click' && queue[i].target === event.submitter) return;
    }
    var tab = event.type === 'click' && target.closest('[role=tablist] > [role=tab]');
    if (tab) selectTab(tab);
    // A field's value as the visitor left it (hydration may render the field again, from the app's state, before the replay).
    queue.push({ type: event.type, target: target, value: target.value, checked: target.checked, key: event.key, code: event.code, shiftKey: event.shiftKey, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey });
  }
  // A tab tapped with a finger shows selected as the finger lifts, as the app's tabs do. Its touchend is then cancelled,
  // as the app's tabs do too: the browser sends none of the mouse-compatibility events and click it would make that
  // frame wait for; the click is recorded here instead (or above, when the touchend could not be cancelled), and the
  // tab gets the focus a tap gives once the frame is painted.
  var lifted = null;
  function lift(event) {
    if (event.pointerType === 'mouse' || !event.isPrimary || !event.target || !event.target.closest) return;
    var tab = event.target.closest('#root [role=tablist] > [role=tab]');
    if (!tab || (recording.takes && recording.takes(tab))) return;
    var box = tab.getBoundingClientRect();
    if (event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom) {
      selectTab(tab);
      lifted = tab;
    }
  }
  function liftEnd(event) {
    var tab = lifted;
    lifted = null;
    if (!tab || !event.cancelable) return;
    event.preventDefault();
    queue.push({ type: 'click', target: tab });
    requestAnimationFrame(function () {
      setTimeout(function () {
        tab.focus({ preventScroll: true, focusVisible: false });
      }, 0);
    });
  }
  // The other events React hydrates the whole page for at once, before it answers them, when they reach HTML it is
  // still hydrating (react-dom's discreteReplayableEvents, less those recorded): the presses and releases of a tap or a
  // keystroke. That took 250–350 ms in the middle of a tap on a phone slowed 4×, before the tab could show selected.
  // Stopped here too (not recorded: what they lead to, the click or the typing, is), the hydration goes on in its
  // slices. Passive: the browser's own scrolling never waits for this.
  var shielded = ['pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchend', 'touchcancel', 'mousedown', 'mouseup', 'auxclick', 'dblclick', 'contextmenu', 'keyup', 'keypress', 'compositionstart', 'compositionend', 'textInput', 'copy', 'cut', 'paste', 'dragstart', 'dragend', 'drop', 'reset'];
  function shield(event) {
    if (early(event)) event.stopPropagation();
  }
  for (var i = 0; i < types.length; i += 1) addEventListener(types[i], record, true);
  addEventListener('pointerup', lift, true);
  addEventListener('touchend', liftEnd, true);
  for (var k = 0; k < shielded.length; k += 1) addEventListener(shielded[k], shield, { capture: true, passive: true });
  // A tab panel not selected keeps its style and layout once the browser has computed them (content-visibility:
  // hidden, src/views/home/HomeForms.module.css), but the server's page is drawn without them: asked for here once the
  // page is parsed and painted, they are ready for a tap while the page wakes, which then only paints (issue 37).
  // BookingFormsSlot does the same for the panels the app renders.
  function layOutHiddenPanels() {
    if (document.readyState === 'loading') return;
    document.removeEventListener('readystatechange', layOutHiddenPanels);
    requestAnimationFrame(function () {
      setTimeout(function () {
        var panels = document.querySelectorAll('#root [role=tabpanel][hidden]');
        for (var p = 0; p < panels.length; p += 1) if (panels[p].firstElementChild) panels[p].firstElementChild.getBoundingClientRect();
      }, 0);
    });
  }
  document.addEventListener('readystatechange', layOutHiddenPanels);
  // The replay takes entries from the queue as their controls hydrate, and stops the recording once all have.
  recording = window.__cabflowEarlyInput = {
    queue: queue,
    replaying: false,
    takes: null,
    stop: function () {
      for (var j = 0; j < types.length; j += 1) removeEventListener(types[j], record, true);
      removeEventListener('pointerup', lift, true);
      removeEventListener('touchend', liftEnd, true);
      for (var m = 0; m < shielded.length; m += 1) removeEventListener(shielded[m], shield, true);
    },
  };
})();
