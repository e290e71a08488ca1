import { readJson } from './browser-storage';
import { readTabJson, writeTabJson } from './tab-storage';

describe("this tab's storage", () => {
  it("keeps values in the tab's storage, apart from the browser's, and reads nothing from what does not parse", () => {
    writeTabJson('positions', { '/feedback': 420 });
    expect(readTabJson('positions')).toEqual({ '/feedback': 420 });
    expect(sessionStorage.getItem('positions')).toBe('{"/feedback":420}');
    expect(readJson('positions')).toBeNull();
    sessionStorage.setItem('positions', '{broken');
    expect(readTabJson('positions')).toBeNull();
    writeTabJson('positions', null);
    expect(sessionStorage.getItem('positions')).toBeNull();
  });
});
