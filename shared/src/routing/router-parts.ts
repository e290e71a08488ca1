// The router parts pages use, handed out by the shared singleton. The shell owns
// the one router on the page (react-router-dom is bundled into the shell only,
// keeping just what is used); remotes and the shared forms take links and hooks
// from here so they always see the shell's router context. Importing
// react-router-dom directly from a remote would ship a second router that cannot
// see the shell's (tooling/architecture/import-boundaries.test.cjs forbids it).
export { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
