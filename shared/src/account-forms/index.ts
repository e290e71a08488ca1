export { LoginForm } from './login-form';
export { RegisterForm } from './register-form';
export { ResetPasswordForm } from './reset-password-form';
export { FormField, PasswordField } from './form-field';
export { FormBanner } from './form-banner';
export { CaptchaCheckbox } from '../captcha/captcha-checkbox';
