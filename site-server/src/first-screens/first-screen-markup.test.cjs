const { checkFirstScreen } = require('./first-screen-markup.cjs');

describe('what a first screen may hold', () => {
  it('is markup: text, links and pictures, and its API answers as JSON', () => {
    expect(() =>
      checkFirstScreen('/menu', '<section><h1>Menu</h1><a href="/promos"><img src="a.webp" alt=""></a></section><script type="application/json" data-api-answers>{}</script>'),
    ).not.toThrow();
  });

  it.each([
    ['<button type="button">Log out</button>', 'button'],
    ['<label><input type="checkbox"> Alerts</label>', 'input'],
    ['<form><input disabled=""><input name="q"></form>', 'input'],
    ['<form><button disabled="">Search</button><button>Go</button></form>', 'button'],
    ['<textarea></textarea>', 'textarea'],
    ['<button data-disabled="">Go</button>', 'button'],
  ])('refuses a control a visitor could use before the script runs: %s', (html, tag) => {
    expect(() => checkFirstScreen('/x', html)).toThrow(`/x rendered a <${tag}>`);
  });

  it('takes a disabled control, which takes nothing until the live page enables it', () => {
    expect(() =>
      checkFirstScreen('/staff', '<header><label><input type="checkbox" disabled=""> Alerts</label><button type="button" disabled="">Log out</button></header>'),
    ).not.toThrow();
  });

  it('takes a form whose controls are all disabled: nothing in it can send it before the script runs', () => {
    expect(() =>
      checkFirstScreen(
        '/staff/reservations',
        '<form role="search"><select disabled=""><option value="action" selected="">Pending</option></select><input type="search" value="" disabled=""><button type="submit" disabled="">Search</button></form>',
      ),
    ).not.toThrow();
  });

  it('refuses a script, a style attribute, or nothing at all', () => {
    expect(() => checkFirstScreen('/x', '<p>a</p><script>alert(1)</script>')).toThrow('rendered a script');
    expect(() => checkFirstScreen('/x', '<p style="color:red">a</p>')).toThrow('style attribute');
    expect(() => checkFirstScreen('/x', '  ')).toThrow('rendered nothing');
  });
});
