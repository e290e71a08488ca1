// First-paint styles live in the entry chunk, so the HTML links them in <head>
// and the prerendered home page is styled before any script runs.
import '@samgyup/shared/styles/tokens.css';
import './styles/global.css';
import './layout/site-header.css';
import './layout/site-footer.css';
import './pages/home/home-page.css';
import './remotes/remote-page.css';
import './styles/page-stalled.css';

// Async boundary: lets Module Federation negotiate shared singletons first. Asked
// for in a task of its own: starting the federation runtime and asking for the
// app's chunks are then two short tasks instead of one long one on a slow phone.
// The libraries come first, each evaluated in the task its file arrives in; the app's
// modules then run in a task of their own. Evaluated together, React DOM, the router,
// the shared library and the app were one task of about 300 ms on a 4×-slowed phone.
setTimeout(() => {
  void Promise.all([import('react-dom/client'), import('react-router-dom'), import('@samgyup/shared')]).then(() => setTimeout(() => void import('./bootstrap')));
});
