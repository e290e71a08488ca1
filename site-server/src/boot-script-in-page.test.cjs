const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { BOOT_TAG, bootScripts, readBootScript, withBootScriptInPage } = require('./boot-script-in-page.cjs');

/** @param {string | null} text  the release's boot-after-paint.js, or none */
function release(text) {
  const dist = mkdtempSync(path.join(tmpdir(), 'boot-script-'));
  if (text !== null) writeFileSync(path.join(dist, 'boot-after-paint.js'), text);
  return dist;
}

describe("the shell's boot script in its pages", () => {
  it('is read once per release, with the CSP hash of its exact text', () => {
    const dist = release('start();\n');
    const read = bootScripts();
    // printf 'start();\n' | openssl dgst -sha256 -binary | base64
    expect(read(dist)).toEqual({ source: 'start();\n', hash: "'sha256-+ESjkQmxkyaPhtk6WP6rFWnP8sPoTyr8tWvBcXcvP/s='" });
    writeFileSync(path.join(dist, 'boot-after-paint.js'), 'changed();\n');
    expect(read(dist)?.source).toBe('start();\n');
    expect(read(null)).toBeNull();
  });

  it('stays a file when the release has none, or when its text could end the element it would sit in', () => {
    expect(readBootScript(release(null))).toBeNull();
    expect(readBootScript(release('var a = "</SCRIPT><script>alert(1)";'))).toBeNull();
    expect(readBootScript(release('var a = "<!--";'))).toBeNull();
  });

  it('takes the place of its tag, at the end of <body>, and leaves a page without that tag as it was', () => {
    const boot = { source: 'start();', hash: "'sha256-x'" };
    const page = `<html><head>${BOOT_TAG}<title>t</title></head><body><p>&lt;/body&gt;</p><template id="after-paint-preloads"></template></body></html>`;
    expect(withBootScriptInPage(page, boot)).toBe(
      '<html><head><title>t</title></head><body><p>&lt;/body&gt;</p><template id="after-paint-preloads"></template><script>start();</script></body></html>',
    );
    const other = '<html><head><script defer src="/boot-after-paint.js"></script></head><body></body></html>';
    expect(withBootScriptInPage(other, boot)).toBe(other);
    expect(withBootScriptInPage(page, null)).toBe(page);
    expect(withBootScriptInPage(`<head>${BOOT_TAG}</head>`, boot)).toBe(`<head>${BOOT_TAG}</head>`);
  });
});
