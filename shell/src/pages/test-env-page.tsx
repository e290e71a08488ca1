import { getRuntimeConfig, loadRuntimeConfig, type RuntimeConfig } from '@samgyup/shared';
import { useEffect, useState, version as reactVersion } from 'react';
import { readRemoteRegistry, type RemoteDescriptor } from '../remotes/remote-registry';

/** Developer page: the public runtime settings only. Nothing secret is ever in them. */
export function TestEnvPage() {
  const [config, setConfig] = useState<RuntimeConfig>(getRuntimeConfig());
  const [remotes, setRemotes] = useState<RemoteDescriptor[] | null>(null);

  useEffect(() => {
    void loadRuntimeConfig().then(setConfig);
    void readRemoteRegistry().then(setRemotes);
  }, []);

  const settings: [string, string][] = [
    ['Environment', config.environment],
    ['Site version', config.version],
    ['API address', config.apiBaseUrl || '(same origin)'],
    ['Captcha provider', config.captcha.provider],
    ['Captcha site key', config.captcha.siteKey ?? '(none: self-hosted proof of work)'],
    ['React', reactVersion],
  ];

  return (
    <section className="page-section test-env">
      <h1>Environment settings</h1>
      <p>Public settings this page was loaded with. Secrets are never sent to the browser.</p>
      <dl className="test-env__list">
        {settings.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Remotes</h2>
      {remotes === null ? (
        <p role="status">Loading remotes…</p>
      ) : remotes.length === 0 ? (
        <p>No remotes are configured.</p>
      ) : (
        <ul>
          {remotes.map((remote) => (
            <li key={remote.name}>
              <strong>{remote.name}</strong> ({remote.label}){remote.version ? `, version ${remote.version}` : ''}: <code>{remote.manifest}</code>
              <br />
              Routes: {remote.routes.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
