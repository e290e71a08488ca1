import { loginSchema, registerSchema, resetPasswordFormSchema, resetPasswordSchema } from './account-schemas';
import { validate } from './validate';

const validRegistration = {
  first_name: '  Ana ',
  last_name: ' Cruz',
  email: ' Ana.Cruz@Example.com ',
  password: ' secret1 ',
  phone: ' +63 (917) 555-0142 ',
  address: ' Poblacion, Plaridel ',
};

describe('register schema', () => {
  it('trims every value except the password and lower-cases the email', () => {
    const result = validate(registerSchema, validRegistration);
    expect(result).toEqual({
      ok: true,
      data: {
        first_name: 'Ana',
        last_name: 'Cruz',
        email: 'ana.cruz@example.com',
        password: ' secret1 ',
        phone: '+63 (917) 555-0142',
        address: 'Poblacion, Plaridel',
      },
    });
  });

  it("gives the first version's message for each missing field", () => {
    expect(validate(registerSchema, { first_name: ' ', last_name: '', email: '', password: '' })).toEqual({
      ok: false,
      errors: {
        first_name: 'First name is required',
        last_name: 'Last name is required',
        email: 'Email is required',
        password: 'Password is required',
      },
    });
    expect(validate(registerSchema, {})).toMatchObject({ ok: false, errors: { email: 'Email is required' } });
  });

  it.each(['ana', 'ana@example', 'ana@example.c', 'ana @example.com', 'ana@exa mple.com'])('refuses %p with "Enter a valid email"', (email) => {
    expect(validate(registerSchema, { ...validRegistration, email })).toMatchObject({
      ok: false,
      errors: { email: 'Enter a valid email' },
    });
  });

  it('needs at least 6 characters of password', () => {
    expect(validate(registerSchema, { ...validRegistration, password: '12345' })).toMatchObject({
      ok: false,
      errors: { password: 'Password must be at least 6 characters' },
    });
  });

  it('accepts only digits, spaces, hyphens, plus and parentheses in the optional phone', () => {
    expect(validate(registerSchema, { ...validRegistration, phone: '0917-555-0142x' })).toMatchObject({
      ok: false,
      errors: { phone: 'Enter a valid phone number' },
    });
    expect(validate(registerSchema, { ...validRegistration, phone: '', address: '' })).toMatchObject({
      ok: true,
      data: { phone: null, address: null },
    });
  });
});

describe('login schema', () => {
  it('requires email and password', () => {
    expect(validate(loginSchema, { email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });
});

describe('reset password', () => {
  const form = { email: 'ana@example.com', code: '123456', newPassword: 'newpass', confirmPassword: 'newpass' };

  it('words the customer screen as the first version says', () => {
    const schema = resetPasswordFormSchema('customer');
    expect(validate(schema, { ...form, newPassword: '', confirmPassword: '' })).toMatchObject({
      errors: { newPassword: 'Please enter a new password', confirmPassword: 'Please retype your new password' },
    });
    expect(validate(schema, { ...form, newPassword: 'abc', confirmPassword: 'abc' })).toMatchObject({
      errors: { newPassword: 'At least 6 characters' },
    });
    expect(validate(schema, { ...form, confirmPassword: 'different' })).toMatchObject({
      errors: { confirmPassword: 'Passwords do not match' },
    });
    expect(validate(schema, { ...form, email: '' })).toMatchObject({ errors: { email: 'Email is required' } });
  });

  it('words the reservation screen as the first version says', () => {
    const schema = resetPasswordFormSchema('reservation');
    expect(validate(schema, { ...form, newPassword: '', confirmPassword: '' })).toMatchObject({
      errors: { newPassword: 'Password is required', confirmPassword: 'Confirm password is required' },
    });
  });

  it('needs the 6-digit code', () => {
    expect(validate(resetPasswordSchema, { ...form, code: '' })).toMatchObject({
      errors: { code: 'Enter the 6-digit code from your email' },
    });
    expect(validate(resetPasswordSchema, { ...form, code: '12ab56' })).toMatchObject({
      errors: { code: 'The code has 6 digits' },
    });
  });
});
