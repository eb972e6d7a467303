// Runs before the app's modules (a deferred classic script ahead of them in index.html; the
// Content-Security-Policy allows no inline script but a server-rendered page's input recorder, src/boot/earlyInput.js). Zod builds its object parsers with `new Function` unless
// told not to, and its probe for that is a CSP violation on every page (DevTools Issues, Lighthouse best
// practices), so tell it before any schema is created, whichever chunk that happens in.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// Copies of <link> and <script> tags (a template's, inert until copied) added to <head> a few per task: each added tag
// starts a request, about a millisecond of the main thread each (four on a phone), so two dozen make no long task.
// `done`, if given, once all are in and their stylesheets have loaded (or failed). Also the way a server-rendered
// page's code adds its <template id="intent-assets"> (src/boot/intentAssets.ts).
function addTagsInTasks(tags, done) {
  var PER_TASK = 4;
  var pending = 1;
  function settled() {
    pending -= 1;
    if (pending === 0 && done) done();
  }
  function add(from) {
    for (var i = from; i < tags.length && i < from + PER_TASK; i += 1) {
      var copy = document.createElement(tags[i].localName);
      for (var j = 0; j < tags[i].attributes.length; j += 1) copy.setAttribute(tags[i].attributes[j].name, tags[i].attributes[j].value);
      if (copy.localName === 'link' && copy.rel === 'stylesheet') {
        pending += 1;
        copy.addEventListener('load', settled);
        copy.addEventListener('error', settled);
      }
      document.head.appendChild(copy);
    }
    if (from + PER_TASK < tags.length) setTimeout(add, 0, from + PER_TASK);
    else settled();
  }
  add(0);
}
globalThis.__cabflowAddTags = addTagsInTasks;

// A server-rendered page (server/web/deferScripts.ts) carries its scripts in <template id="app-scripts">: they are added
// once the browser reports the page's first contentful paint, so the HTML and CSS paint first and the scripts then
// hydrate it (the entry script, first in the template, in the first task). A hidden page (a background tab) paints
// nothing: it loads them at once; without a paint report within a second (a browser without paint timing) they load
// then.
(function loadAppScripts() {
  var template = document.getElementById('app-scripts');
  if (!template) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    addTagsInTasks(template.content.querySelectorAll('link, script'));
  }
  if (document.visibilityState === 'hidden') return start();
  setTimeout(start, 1000);
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    start();
  }
})();
