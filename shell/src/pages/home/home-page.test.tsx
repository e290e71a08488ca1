import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsStillLoading } from '../../test/fake-settings-api';
import { renderAt } from '../../test/render-with-router';
import { HomePage } from './home-page';

beforeEach(() => settingsStillLoading());

function activeSlide() {
  return screen.getAllByRole('button', { name: /Show slide/ }).findIndex((dot) => dot.getAttribute('aria-pressed') === 'true') + 1;
}

describe('HomePage', () => {
  it('has the hero, story, services, gallery, location and events', () => {
    renderAt(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read more' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Story' })).toBeInTheDocument();
    expect(screen.getByText(/March 2019/)).toBeInTheDocument();
    expect(screen.getByText(/November 2024/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/feedback');
    expect(screen.getByRole('heading', { name: 'Our Great Services' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Special Menu' })).toBeInTheDocument();
    expect(screen.getByText('Opened 9:00 pm')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reservation' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Show slide/ })).toHaveLength(5);
    expect(screen.getByRole('img', { name: /Map showing the restaurant/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Book your events with us' })).toBeInTheDocument();
  });

  it('leads groups to a booking that takes them, larger events to a call or an email, and links directions to the restaurant', () => {
    renderAt(<HomePage />);
    expect(screen.getByText(/Groups of up to 20 book online: we join tables for you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book for your group' })).toHaveAttribute('href', '/reservation-date');
    expect(screen.getByRole('link', { name: /Barkada nights/ })).toHaveAttribute('href', '/reservation-date');
    expect(screen.getByRole('link', { name: '+63 917 555 0142' })).toHaveAttribute('href', 'tel:+639175550142');
    expect(screen.getByRole('link', { name: 'hello@samgyupplaridel.ph' })).toHaveAttribute('href', 'mailto:hello@samgyupplaridel.ph');
    const directions = screen.getByRole('link', { name: 'Get directions' });
    expect(directions.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=Samgyup%20Plaridel%2C%20.*Plaridel%2C%20Bulacan/);
  });

  it('scrolls to Our Story from Read more', async () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt(<HomePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(scrollIntoView).toHaveBeenCalled();
  });

  describe('gallery carousel', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('advances every 2000 ms and wraps around after the fifth picture', () => {
      renderAt(<HomePage />);
      expect(activeSlide()).toBe(1);
      act(() => jest.advanceTimersByTime(1999));
      expect(activeSlide()).toBe(1);
      act(() => jest.advanceTimersByTime(1));
      expect(activeSlide()).toBe(2);
      act(() => jest.advanceTimersByTime(2000 * 3));
      expect(activeSlide()).toBe(5);
      act(() => jest.advanceTimersByTime(2000));
      expect(activeSlide()).toBe(1);
    });

    it('pauses while hovered and resumes when the pointer leaves', () => {
      renderAt(<HomePage />);
      const carousel = screen.getByLabelText('Photos of the restaurant');
      fireEvent.mouseEnter(carousel);
      act(() => jest.advanceTimersByTime(10_000));
      expect(activeSlide()).toBe(1);
      fireEvent.mouseLeave(carousel);
      act(() => jest.advanceTimersByTime(2000));
      expect(activeSlide()).toBe(2);
    });

    it('goes on after a click on a dot once the pointer leaves, as after hover', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAt(<HomePage />);
      const carousel = screen.getByLabelText('Photos of the restaurant');
      await user.click(screen.getByRole('button', { name: 'Show slide 3' }));
      expect(activeSlide()).toBe(3);
      expect(screen.getByRole('button', { name: 'Show slide 3' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(4000));
      expect(activeSlide()).toBe(3);
      await user.unhover(carousel);
      act(() => jest.advanceTimersByTime(2000));
      expect(activeSlide()).toBe(4);
    });

    it('stays paused while keyboard focus is on a dot', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAt(<HomePage />);
      screen.getByRole('button', { name: 'Show slide 1' }).focus();
      act(() => jest.advanceTimersByTime(10_000));
      expect(activeSlide()).toBe(1);
      await user.tab();
      expect(screen.getByRole('button', { name: 'Show slide 2' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(10_000));
      expect(activeSlide()).toBe(1);
      await user.keyboard('{Enter}');
      act(() => jest.advanceTimersByTime(10_000));
      expect(activeSlide()).toBe(2);
    });

    it('stops for good with its Pause button, and goes on with Play', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAt(<HomePage />);
      await user.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
      await user.unhover(screen.getByLabelText('Photos of the restaurant'));
      act(() => jest.advanceTimersByTime(10_000));
      expect(activeSlide()).toBe(1);
      await user.click(screen.getByRole('button', { name: 'Play the slideshow' }));
      await user.unhover(screen.getByLabelText('Photos of the restaurant'));
      screen.getByRole('button', { name: 'Pause the slideshow' }).blur();
      act(() => jest.advanceTimersByTime(2000));
      expect(activeSlide()).toBe(2);
    });

    it('jumps to a picture from its indicator button', () => {
      renderAt(<HomePage />);
      fireEvent.click(screen.getByRole('button', { name: 'Show slide 4' }));
      expect(activeSlide()).toBe(4);
      expect(screen.getByRole('button', { name: 'Show slide 4' })).toHaveAttribute('aria-pressed', 'true');
    });
  });
});
