import { Link, Outlet } from 'react-router-dom';
import { AccountMenu } from '../app/account-menu';

export function SiteLayout() {
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to="/">Home</Link> <button type="button">Menu</button> <Link to="/featuremenu">Featured Menu Items</Link>
        </nav>
        <AccountMenu />
      </header>
      <main id="main-content">
        <Outlet />
      </main>
      <footer>Samgyup Plaridel</footer>
    </>
  );
}
