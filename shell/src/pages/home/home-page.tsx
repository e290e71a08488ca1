import { formatPesos, GUESTS_MAX, siteConfig } from '@samgyup/shared';
import { Link } from 'react-router-dom';
import birthday from '../../assets/event-birthday.svg?markup';
import barkada from '../../assets/event-barkada.svg?markup';
import company from '../../assets/event-company.svg?markup';
// Inlined (3.7 KB): the largest picture on the first screen paints with the HTML, no request to wait for.
import heroImage from '../../assets/hero-grill.svg?inline';
import mapImage from '../../assets/map-plaridel.svg?markup';
import { useShownSettings } from '../../layout/use-shown-settings';
import { GalleryCarousel } from './gallery-carousel';
import { Illustration } from './illustration';
import './home-page.css';

/** The services, with the owner's opening time and down payment. */
const servicesWith = ({ opening_text, down_payment_pesos }: { opening_text: string; down_payment_pesos: number }) => [
  { title: 'Special Menu', text: 'Unlimited pork, beef and chicken sets, bento cups and tubs of kimchi.', link: { to: '/featuremenu', label: 'See the menu' } },
  { title: 'Opening Hours', text: opening_text, link: { to: '/promos', label: 'See our promos' } },
  {
    title: 'Reservation',
    text: `Book your table for a date and time slot with a ${formatPesos(down_payment_pesos)} down payment.`,
    link: { to: '/reservation', label: 'Reserve a table' },
  },
];

const events = [
  { markup: birthday, title: 'Birthdays', alt: 'A birthday cake with three candles' },
  { markup: barkada, title: 'Barkada nights', alt: 'Pork belly on the grill with three glasses raised' },
  { markup: company, title: 'Company dinners', alt: 'Colleagues at a long table under a team night banner' },
];

const faqsWith = ({ dining_minutes, down_payment_pesos }: { dining_minutes: number; down_payment_pesos: number }) => [
  ['How long can we eat?', `Every unlimited set comes with ${dining_minutes} minutes of dining time. Your table code shows the time left.`],
  ['How do we ask for refills?', 'Enter the table code our staff give you on the Refilling page and pick what you want.'],
  ['Do I need a reservation?', `Walk-ins are welcome; a reservation with a ${formatPesos(down_payment_pesos)} down payment keeps a table for you.`],
];

/** A plain maps link the diner follows to get directions; the page itself loads nothing from the maps site. */
const directionsUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`Samgyup Plaridel, ${address}`)}`;

function scrollToStory() {
  document.getElementById('our-story')?.scrollIntoView({ behavior: 'smooth' });
}

export function HomePage() {
  const settings = useShownSettings();
  const services = servicesWith(settings);
  const faqs = faqsWith(settings);
  const contact = settings.contact;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <img className="hero__image" src={heroImage} alt="" width={960} height={640} fetchPriority="high" />
        <div className="hero__content">
          <p className="hero__eyebrow">All-you-can-eat Korean barbecue in Plaridel, Bulacan</p>
          <h1 id="hero-title">{siteConfig.tagline}</h1>
          <button type="button" className="button" onClick={scrollToStory}>
            Read more
          </button>
        </div>
      </section>

      <section id="our-story" className="home-section home-story" aria-labelledby="story-title">
        <h2 id="story-title">Our Story</h2>
        {siteConfig.story.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <Link className="button" to="/feedback">
          Feedback
        </Link>
      </section>

      <section className="home-section" aria-labelledby="services-title">
        <h2 id="services-title">Our Great Services</h2>
        <ul className="services">
          {services.map((service) => (
            <li key={service.title} className="services__card">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
              <Link to={service.link.to}>{service.link.label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <GalleryCarousel />

      <section className="home-section home-location" aria-labelledby="location-title">
        <h2 id="location-title">Location</h2>
        <Illustration className="home-location__map" markup={mapImage} label={`Map showing the restaurant on ${contact.address}`} />
        <p className="home-location__address">{contact.address}</p>
        <a className="button button--secondary" href={directionsUrl(contact.address)}>
          Get directions
        </a>
      </section>

      <section className="home-section" aria-labelledby="events-title">
        <h2 id="events-title">Book your events with us</h2>
        <p className="events__groups">
          Groups of up to {GUESTS_MAX} book online: we join tables for you. <Link to="/reservation-date">Book for your group</Link>. For more than {GUESTS_MAX} guests, call us at{' '}
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> or email <a href={`mailto:${contact.email}`}>{contact.email}</a> and we will plan it with you.
        </p>
        <ul className="events">
          {events.map((event) => (
            <li key={event.title}>
              <Link to="/reservation-date" className="events__item">
                <Illustration markup={event.markup} label={event.alt} />
                <span className="events__title">{event.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" className="home-section" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        {faqs.map(([question, answer]) => (
          <details key={question} className="faq">
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </section>
    </>
  );
}
