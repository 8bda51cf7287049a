import { Scripts } from "react-router";

// React Router's <Scripts> writes a <link rel="modulepreload"> for every chunk
// of the page, which React hoists into <head>: the browser fetches the whole
// framework (105 KiB gzip) at high priority beside the stylesheet, before the
// first paint. Here <Scripts> renders inside <noscript>, as inert text with
// JavaScript on (and as nothing that runs with it off); the script after it
// runs React Router's context script at once (the streamed loader data that
// follows needs it) and starts the preloads and the hydrating module only once
// the page has painted (decision 0044).

/** The browser side, inline. */
const START_SCRIPTS = `(function () {
  var me = document.currentScript, box = me.previousElementSibling, nonce = me.nonce, later = [];
  var parsed = document.createElement("template");
  parsed.innerHTML = box.textContent;
  function copy(node) {
    var el = document.createElement(node.tagName);
    for (var i = 0; i < node.attributes.length; i++) el.setAttribute(node.attributes[i].name, node.attributes[i].value);
    if (node.tagName === "SCRIPT") { el.nonce = nonce; el.textContent = node.textContent; }
    return el;
  }
  Array.prototype.forEach.call(parsed.content.children, function (node) {
    if (node.tagName === "SCRIPT" && node.type !== "module") me.parentNode.insertBefore(copy(node), me);
    else later.push(node);
  });
  var started = false;
  function start() {
    if (started) return;
    started = true;
    later.forEach(function (node) { document.body.appendChild(copy(node)); });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(function () { setTimeout(start, 0); });
  // A page that never paints (opened in a background tab) still hydrates.
  setTimeout(start, 3000);
})();`;

/** React Router's scripts, started after the first contentful paint. */
export function DeferredScripts({ nonce }: { nonce: string }) {
  return (
    <>
      <noscript>
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_SCRIPTS }} />
    </>
  );
}
