/**
 * foliate-js gives its frames `sandbox="allow-same-origin allow-scripts"`, only to work around a WebKit bug (events
 * from the parent not firing in a script-less frame, https://bugs.webkit.org/show_bug.cgi?id=218086). Shelfmark's
 * rule is that a book's scripts never run (ADR 16), and the engine acts from the admin's page anyway, so the
 * frames are built without `allow-scripts`. The build fails if an upgrade moves the line, rather than silently
 * letting scripts back in.
 */
const FILES = /foliate-js\/(paginator|fixed-layout)\.js$/;
const LOOSE = "'allow-same-origin allow-scripts'";
const STRICT = "'allow-same-origin'";

/** @returns {import('vite').Plugin} */
export function framesWithoutScripts() {
  return {
    name: 'shelfmark:foliate-frames-without-scripts',
    enforce: 'pre',
    transform(code, id) {
      if (!FILES.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(LOOSE)) {
        throw new Error(`${id}: foliate-js no longer sets ${LOOSE}; check its frames' sandbox (ADR 16).`);
      }
      return { code: code.replaceAll(LOOSE, STRICT), map: null };
    },
  };
}
