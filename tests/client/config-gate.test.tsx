import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { ConfigGate } from '../../src/client/app/ConfigGate';
import { useConfig, useQuery } from '../../src/client/data';
import { bannersQuery } from '../../src/client/features/home/homeApi';
import { deferred } from './content-fixtures';
import { banner } from './home-fixtures';
import { fakeFetch, ok, Providers, resetClientState } from './helpers';

beforeEach(async () => {
  await resetClientState();
});

/** A first screen that reads something of its own. */
function FirstScreen() {
  const banners = useQuery(bannersQuery);
  const config = useConfig();
  return (
    <p data-testid="first-screen">
      {config.data?.siteName ?? '(no config)'} {banners.data ? `${banners.data.length} banners` : 'loading'}
    </p>
  );
}

describe('the loading canvas and the first screen', () => {
  it('the canvas shows until the config is known; the first screen, unseen behind it, has already read its data', async () => {
    const config = deferred<unknown>();
    const fake = fakeFetch({
      [ApiPath.getConfig]: () => config.promise,
      [ApiPath.slide]: () => ok([banner(1)]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    render(
      <Providers>
        <ConfigGate>
          <FirstScreen />
        </ConfigGate>
      </Providers>,
    );

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    // The screen's read went out while the config read was still unanswered...
    await waitFor(() => expect(fake.to(ApiPath.slide)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('first-screen').textContent).toContain('1 banners'));
    // ...but nothing of it is seen or reachable until the config is known.
    expect(screen.getByTestId('config-gate').hidden).toBe(true);
    expect(screen.queryByRole('paragraph')).toBeNull();

    await act(async () =>
      config.resolve(
        ok({
          siteName: 'RoundPlay',
          serviceUrl: '',
          depositInstructions: '',
          agreement: 1,
          defaultQuhao: '84',
          priceFeedUrl: '',
          versions: { android: { version: '1', url: '' }, ios: { version: '1', url: '' } },
          serverTime: Date.now(),
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());
    expect(screen.getByTestId('config-gate').hidden).toBe(false);
    expect(screen.getByTestId('first-screen').textContent).toBe('RoundPlay 1 banners');
    expect(fake.to(ApiPath.slide)).toHaveLength(1);
  });

  it('no config and no network: the canvas says so and offers to try again; the screen stays unseen', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetch);
    render(
      <Providers>
        <ConfigGate>
          <p data-testid="first-screen">screen</p>
        </ConfigGate>
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached/);
    expect(screen.getByTestId('config-gate').hidden).toBe(true);
  });
});
