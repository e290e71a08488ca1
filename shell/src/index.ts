// First-paint styles live in the entry chunk, so the HTML links them in <head>
// and the prerendered home page is styled before any script runs.
import '@samgyup/shared/styles/tokens.css';
import './styles/global.css';
import './layout/site-header.css';
import './layout/site-footer.css';
import './pages/home/home-page.css';
import './remotes/remote-page.css';
import './styles/page-stalled.css';
// Also here, though only the not-found and error pages use it: in the app's start chunk it was a
// stylesheet of its own, which that chunk waited for before it could run (one more round trip).
import './pages/status-pages.css';

// Async boundary: lets Module Federation negotiate shared singletons first. Asked
// for in a task of its own: starting the federation runtime and asking for the
// app's chunks are then two short tasks instead of one long one on a slow phone.
// The shared singletons come first, each evaluated in the task its file arrives in (they
// are loaded whole anyway; the router is not: a namespace import would keep all of it), and
// the app's modules then run in a task of their own. Evaluated together they were one task.
setTimeout(() => {
  void Promise.all([import('react-dom/client'), import('@samgyup/shared')]).then(() => setTimeout(() => void import('./bootstrap')));
});
