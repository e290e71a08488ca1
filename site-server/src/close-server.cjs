/** Stops a server and the connections it still holds open (keep-alive). */
function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

module.exports = { closeServer };
