export { ApiError, isApiError, type ApiErrorKind } from './api/api-error';
export { apiRequest, type ApiRequestOptions } from './api/api-client';
export { useApiData, type ApiDataState, type FirstScreenAnswer } from './api/use-api-data';
export { apiAnswersMarkup, forgetApiAnswer, rememberApiAnswers, rememberApiAnswersIn } from './api/api-answers';
export { usePolledApiData, type PolledDataState } from './api/use-polled-api-data';
export { useLiveStream, type LiveMessage, type LiveMode, type LiveStreamOptions } from './live/use-live-stream';
export { getRuntimeConfig, loadRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
export * from './constants';
export { lazyPage, type RemotePagesModule } from './federation/remote-pages';
export { ClientOnly, useInBrowser } from './federation/client-only';
export { formatLongDate } from './format/format-date';
export { formatPesos } from './format/format-pesos';
export { sessionStore, displayNameOf, type Session, type SessionEndReason, type SessionStore, type SessionUserProfile, type StoredSession } from './session/session-store';
export { useSession } from './session/use-session';
export { readJson, readString, removeKey, storageKeys, writeJson, writeString } from './storage/browser-storage';
export type { StorageKey } from './storage/storage-keys';
// Validation (zod) is imported from '@samgyup/shared/validation' by the forms that
// need it, so pages without a form never download it.
export { accountErrors, loginCustomer, loginErrorMessage, registerCustomer, registerErrorMessage, requestResetCode, resetErrorMessage, resetPassword } from './account/account-api';
export { safeRedirectPath } from './account/safe-redirect';
export {
  daysInMonth,
  formatLongUsDate,
  MONTH_NAMES,
  parseIsoDate,
  restaurantTime,
  restaurantToday,
  currentOrNextSlot,
  slotLabel,
  slotStartTime,
  toIsoDate,
} from './reservation/reservation-dates';
export { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams, useSearchParams, type LinkProps, type NavLinkProps } from './routing/router-parts';
// Deprecated root names, kept under the contract until the next major.
export * from './deprecated';
