// The script every page of the shell starts with (dist/boot-after-paint.js, written by
// prerender-home.cjs): it sends the page's reads with the visitor's login at once, and asks for
// the app's scripts once the first screen is on screen.

/** @param {string[]} startScripts  what the app's start loads after main.js (dist/start-scripts.json) */
const bootAfterPaint = (startScripts) => `(function () {
  // The page's reads with the visitor's login (the shell's server lists them, from the remote's
  // signedInRouteData) go out now, beside the app's scripts rather than after them; the page's
  // own call takes the answer (@samgyup/shared's apiRequest, signed-in-reads.ts).
  var early = (window.__samgyupSignedInReads = window.__samgyupSignedInReads || {});
  var reads = [];
  try {
    var block = document.getElementById('signed-in-reads');
    if (block) reads = JSON.parse(block.textContent);
    if (!Array.isArray(reads)) reads = [];
  } catch (error) {}
  // The JWT's exp, as @samgyup/shared's session store reads it: this script runs before any bundle can.
  function expired(token) {
    try {
      var claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now();
    } catch (error) {
      return false;
    }
  }
  reads.forEach(function (read) {
    try {
      var stored = JSON.parse(localStorage.getItem(read.session) || 'null');
      var token = stored && typeof stored.token === 'string' ? stored.token : '';
      // No login, or one that has run out: the page asks the visitor to log in, and reads nothing.
      if (!token || expired(token)) return;
      var authorization = 'Bearer ' + token;
      var answer = fetch(read.url, { headers: { Accept: 'application/json', Authorization: authorization }, credentials: 'same-origin' }).then(function (response) {
        return response.text().catch(function () { return ''; }).then(function (text) {
          return { ok: response.ok, status: response.status, statusText: response.statusText, text: text };
        });
      });
      answer.catch(function () {});
      early[read.url] = { authorization: authorization, answer: answer, at: Date.now() };
    } catch (error) {
      // Storage closed or a login of another shape: the page's own call goes out as it always did.
    }
  });
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var later = document.getElementById('after-paint-preloads');
    if (later) document.head.appendChild(later.content.cloneNode(true));
    var script = document.createElement('script');
    script.src = '/main.js';
    script.fetchPriority = 'high';
    document.head.appendChild(script);
    // Fetched beside main.js rather than one round trip after another as each asks for the next; run when asked.
    ${JSON.stringify(startScripts)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  // Once the browser says the first content is on screen (paint timing: the frame shown, not only
  // drawn, which a busy phone can take a frame or two longer to do); where it cannot say, two frames on.
  function afterPaint() {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') === -1) {
      requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start); }); });
      return;
    }
    var shown = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      shown.disconnect();
      setTimeout(start);
    });
    shown.observe({ type: 'paint', buffered: true });
  }
  setTimeout(start, 1500);
  var photo = document.querySelector('img[fetchpriority="high"]');
  if (photo && photo.decode) photo.decode().then(afterPaint, afterPaint);
  else afterPaint();
})();
`;

module.exports = { bootAfterPaint };
