import { safeRedirectPath } from '@samgyup/shared';
import { RegisterForm } from '@samgyup/shared/account-forms';
import { accountMessages } from '@samgyup/shared/validation';
import { useNavigate, useSearchParams } from 'react-router-dom';

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const loginTo = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  return (
    <div className="account-page">
      <RegisterForm
        title="Create your account"
        variant="register"
        loginTo={loginTo}
        onRegistered={() => navigate(loginTo, { replace: true, state: { notice: accountMessages.accountCreated } })}
      />
    </div>
  );
}
