import { safeRedirectPath } from '@samgyup/shared';
import { LoginForm } from '@samgyup/shared/account-forms';
import { useNavigate, useSearchParams } from 'react-router-dom';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const registerTo = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  return (
    <div className="account-page">
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
