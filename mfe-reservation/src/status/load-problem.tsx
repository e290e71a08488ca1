import { isApiError, siteConfig } from '@samgyup/shared';

/**
 * A page's data could not be loaded: the API's own words when it refused for
 * good (`finalStatuses`, such as a link that is not valid), else a general
 * message with a retry.
 */
export function LoadProblem({ error, what, finalStatuses, onRetry }: { error: unknown; what: string; finalStatuses: number[]; onRetry: () => void }) {
  const final = isApiError(error) && finalStatuses.includes(error.status);
  return (
    <div className="reservation-problem" role="alert">
      <p>{final ? error.message : `Unable to load ${what} at the moment. Please try again, or call us at ${siteConfig.contact.phone}.`}</p>
      {!final && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
