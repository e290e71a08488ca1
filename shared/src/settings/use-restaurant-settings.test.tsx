import { render, screen } from '@testing-library/react';
import { resetRuntimeConfigForTests, setRuntimeConfig } from '../config/runtime-config';
import { defaultRestaurantSettings } from './restaurant-settings';
import { useRestaurantSettings } from './use-restaurant-settings';

function SettingsName({ who }: { who: string }) {
  const { state } = useRestaurantSettings();
  return <p>{state.status === 'ready' ? `${who}: ${state.data.contact.phone}` : `${who}: ${state.status}`}</p>;
}

describe('useRestaurantSettings', () => {
  beforeEach(() => {
    resetRuntimeConfigForTests();
    setRuntimeConfig({ apiBaseUrl: 'http://api.test' });
  });

  it('reads once for the layout and a page that asks just after the first answer came', async () => {
    const fetchMock = jest.fn(
      async () =>
        new Response(JSON.stringify({ data: { ...defaultRestaurantSettings, contact: { ...defaultRestaurantSettings.contact, phone: '0917 555 0101' }, closed_dates: [] } }), {
          status: 200,
        }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const { rerender } = render(<SettingsName who="layout" />);
    expect(await screen.findByText('layout: 0917 555 0101')).toBeInTheDocument();
    rerender(
      <>
        <SettingsName who="layout" />
        <SettingsName who="page" />
      </>,
    );
    expect(await screen.findByText('page: 0917 555 0101')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
