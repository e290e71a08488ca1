import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/feedback-form', '/feedback-form'],
    ['/reservation?step=2#top', '/reservation?step=2#top'],
    [' /refill-request ', '/refill-request'],
  ])('keeps the site path %p', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'feedback', '', null, undefined, '/x\n//evil.example'])('refuses %p', (value) => {
    expect(safeRedirectPath(value as string)).toBeNull();
  });
});
