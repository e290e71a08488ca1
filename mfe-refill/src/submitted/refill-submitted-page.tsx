import { ClientOnly, Link, readString } from '@samgyup/shared';
import '../styles/refill.css';
import { RefillStatusList } from '../refill-status/refill-status-list';
import { refillStorageKeys } from '../storage/refill-storage';

export function RefillSubmittedPage() {
  return (
    <section className="refill-page refill-page--centered" aria-labelledby="refill-sent-title">
      <h1 id="refill-sent-title">Refill request sent!</h1>
      <p>Our staff got your request and will bring it to your table shortly.</p>
      <ClientOnly fallback={null}>
        {() => {
          const tableCode = readString(refillStorageKeys.refillTableCode);
          return tableCode ? <RefillStatusList tableCode={tableCode} /> : null;
        }}
      </ClientOnly>
      <Link className="button refill-big-button" to="/refill-request">
        Back to Refill Request
      </Link>
    </section>
  );
}
