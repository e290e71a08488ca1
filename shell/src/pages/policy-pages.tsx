import { siteConfig } from '@samgyup/shared';

/** Plain-language privacy policy: what we keep, why, and how to ask about it. */
export function PrivacyPolicyPage() {
  return (
    <article className="page-section" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy Policy</h1>
      <p>We keep only what we need to serve you:</p>
      <ul>
        <li>Your account: name, email, and the phone and address you choose to give, so you can log in and reserve.</li>
        <li>Your reservations and the payment proof you upload, so our staff can confirm your table.</li>
        <li>Your reviews, shown on this site with your name, and refill requests for your table.</li>
      </ul>
      <p>
        Passwords are stored only as secure hashes. We never sell your data, and this site loads nothing from other companies. To see, correct or delete your data, write to{' '}
        <a href={`mailto:${siteConfig.contact.email}`}>{siteConfig.contact.email}</a>.
      </p>
    </article>
  );
}

/** The house rules diners agree to when they sign up and reserve. */
export function TermsPage() {
  return (
    <article className="page-section" aria-labelledby="terms-title">
      <h1 id="terms-title">Terms &amp; Conditions</h1>
      <ul>
        <li>Unlimited sets come with 90 minutes of dining time per table.</li>
        <li>A reservation is held once our staff confirm your ₱100 down payment; please arrive early to avoid cancellation.</li>
        <li>Leftover food may be charged; please order only what your table can finish.</li>
        <li>Promos cannot be combined and follow the terms shown on the Promos page.</li>
      </ul>
      <p>
        Questions? Call <a href={`tel:${siteConfig.contact.phone.replace(/\s+/g, '')}`}>{siteConfig.contact.phone}</a>.
      </p>
    </article>
  );
}
