/*!
 * cabflow embed: puts the booking website on an operator's page.
 *
 *   <script src="https://BOOKING-HOST/embed.js" data-path="/" async></script>
 *
 * The script inserts an iframe right after its own tag, pointing at its own origin + data-path, and sizes
 * it from the `{ type: 'cabflow:frame', height, url }` messages the app posts (only messages from that
 * origin and that iframe count). Optional: data-title (the iframe's accessible name), data-min-height.
 * Plain ES2018, no build step.
 */
(function () {
  'use strict';

  var MESSAGE_TYPE = 'cabflow:frame';
  var script = document.currentScript;
  if (!script || !script.src) return;

  var origin = new URL(script.src, window.location.href).origin;
  var path = script.getAttribute('data-path') || '/';
  if (path.charAt(0) !== '/') path = '/' + path;
  var minHeight = parseInt(script.getAttribute('data-min-height') || '', 10);
  if (!(minHeight > 0)) minHeight = 480;

  var iframe = document.createElement('iframe');
  iframe.src = origin + path;
  iframe.title = script.getAttribute('data-title') || 'Book a taxi';
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('frameborder', '0');
  // The hourly form's locate button asks for the position; card payments may open 3-D Secure.
  iframe.setAttribute('allow', 'geolocation; payment');
  iframe.style.cssText = 'display:block;width:100%;border:0;overflow:hidden;height:' + minHeight + 'px;';
  script.parentNode.insertBefore(iframe, script.nextSibling);

  var currentHeight = minHeight;
  var currentUrl = null;

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== MESSAGE_TYPE) return;

    var height = Math.ceil(Number(data.height));
    if (isFinite(height) && height > 0 && height !== currentHeight) {
      currentHeight = height;
      iframe.style.height = height + 'px';
    }

    // A new page inside the frame: if the visitor has scrolled past the frame's top, bring it back into view.
    if (typeof data.url === 'string' && data.url !== currentUrl) {
      var first = currentUrl === null;
      currentUrl = data.url;
      if (!first && iframe.getBoundingClientRect().top < 0) iframe.scrollIntoView({ block: 'start' });
    }
  });
})();
