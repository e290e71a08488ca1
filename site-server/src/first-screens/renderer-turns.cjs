// A remote's first-screen renderer keeps what a page reads while it is drawn (its API answers, the
// logins of a signed-in draw) in the state of its module: two drawings with one renderer at once
// would mix them, and a public first screen could show a visitor's login. The remote's server and
// the shell's server (one process under `npm start`) take turns here.

/** @type {Map<unknown, Promise<void>>} renderer -> its drawing under way */
const turns = new Map();

/**
 * Runs `draw` once every drawing `renderer` already has is done.
 * @template T @param {unknown} renderer  the renderer's file, or its function
 * @param {() => Promise<T>} draw @returns {Promise<T>}
 */
function inTurn(renderer, draw) {
  const before = turns.get(renderer) ?? Promise.resolve();
  const mine = before.then(draw);
  /** @type {Promise<void>} */
  const done = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(renderer, done);
  void done.then(() => {
    if (turns.get(renderer) === done) turns.delete(renderer);
  });
  return mine;
}

module.exports = { inTurn };
