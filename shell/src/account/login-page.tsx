import { safeRedirectPath } from '@samgyup/shared';
import { FormBanner, LoginForm } from '@samgyup/shared/account-forms';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const registerTo = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  // Set by the register page: the diner learns their account was made before logging in.
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  return (
    <div className="account-page">
      <FormBanner message={notice} tone="info" />
      <LoginForm
        title="Log in"
        forgotPasswordTo="/reset-password"
        registerTo={registerTo}
        registerLabel="Create an account"
        onLoggedIn={() => navigate(redirect ?? '/', { replace: true })}
      />
    </div>
  );
}
