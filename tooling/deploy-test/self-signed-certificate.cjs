// A TLS certificate for a deployment on loopback, made with openssl as the guide
// shows. Node trusts it through NODE_EXTRA_CA_CERTS; Chromium through the hash
// of its public key (CHROMIUM_ACCEPT_CERT_SPKI), so no other certificate error
// is ever ignored.
const { execFileSync } = require('node:child_process');
const { createHash, X509Certificate } = require('node:crypto');
const { readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * base64 SHA-256 of the certificate's SubjectPublicKeyInfo, as Chromium's --ignore-certificate-errors-spki-list takes it.
 * @param {string | Buffer} certPem  PEM text
 */
function publicKeyHash(certPem) {
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/**
 * Writes cert.pem and key.pem into `folder` for 127.0.0.1 and localhost, valid two days.
 * @param {string} folder
 */
function makeCertificate(folder, openssl = 'openssl') {
  const cert = path.join(folder, 'cert.pem');
  const key = path.join(folder, 'key.pem');
  execFileSync(
    openssl,
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { cert, key, spki: publicKeyHash(readFileSync(cert)) };
}

module.exports = { makeCertificate, publicKeyHash };
