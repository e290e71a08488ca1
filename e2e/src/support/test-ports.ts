/** Ports of the site under test: apart from `npm start`'s, so both can run at once. */
const base = Number(process.env.E2E_PORT_BASE) || 3100;

export const testPorts = {
  shell: base,
  api: base + 1000,
  remotes: { mfe_menus: base + 1, mfe_reviews: base + 2, mfe_refill: base + 3, mfe_reservation: base + 4, mfe_staff: base + 5 },
  /** Free ports for tests that move a remote or add one. */
  spare: [base + 20, base + 21, base + 22],
};

export const host = '127.0.0.1';
export const apiOrigin = `http://${host}:${testPorts.api}`;
export const shellOrigin = `http://${host}:${testPorts.shell}`;
