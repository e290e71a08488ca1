import { ResetPasswordForm } from '@samgyup/shared/account-forms';
import { useNavigate } from 'react-router-dom';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <div className="account-page">
      <ResetPasswordForm title="Reset your password" variant="customer" onReset={() => navigate('/reset-success', { replace: true })} />
    </div>
  );
}
