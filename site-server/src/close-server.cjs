/**
 * Stops a server and the connections it still holds open (keep-alive).
 * @param {import('node:http').Server} server
 */
function closeServer(server) {
  return new Promise(
    /** @param {(value?: void) => void} resolve */ (resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    },
  );
}

module.exports = { closeServer };
