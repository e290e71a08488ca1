import type { RemoteDescriptor } from '../remotes/remote-registry';
import type { ReportPart } from './browser-reports';

/** A remote as reports name it: its federation name and the released version this page got (/remotes.json). */
export const reportPartOf = (remote: RemoteDescriptor): ReportPart => ({ part: remote.name, version: remote.version ?? 'unversioned' });
