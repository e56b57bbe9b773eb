/**
 * The mining pool pages: tiers from getFinanceProducts (operator configuration, fake API), their
 * projections clearly labelled, the rules built from them, holdings, and the transfer-in form.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import type { FinanceProduct } from '../../src/shared/api/types';
import FinancePage from '../../src/client/features/finance/FinancePage';
import ProductDetailPage from '../../src/client/features/finance/ProductDetailPage';
import ProductRulePage from '../../src/client/features/finance/ProductRulePage';
import ProductOrderPage from '../../src/client/features/finance/ProductOrderPage';
import ProductTransferInPage from '../../src/client/features/finance/ProductTransferInPage';
import { setQueryData } from '../../src/client/data/sync';
import { online } from '../../src/client/api/stores';
import { fakeFetch, ok, resetClientState, appConfig } from './helpers';
import { renderScreen } from './wallet-fixtures';
import { queryKey } from '../../src/client/data/key';

/** Not the seed's tiers: the pages show what the server says, nothing built in. */
const TIERS: FinanceProduct[] = [
  { id: 7, minimum: 200_000, dailyRate: 0.5, days: 20 },
  { id: 9, minimum: 1_000_000, dailyRate: 1.1, days: 40 },
];

const CONFIG = appConfig();

beforeEach(async () => {
  await resetClientState();
  await setQueryData(queryKey(ApiPath.getConfig, {}), CONFIG);
});

function server(products: () => unknown = () => ok(TIERS)) {
  const fake = fakeFetch({
    [ApiPath.financeProducts]: products,
    [ApiPath.getConfig]: () => ok(CONFIG),
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const tiers = () => screen.getAllByTestId('finance-tier');
const inTier = (tier: HTMLElement, id: string) => within(tier).getByTestId(id).textContent;

describe('finance list (/finance)', () => {
  it('one card per tier from the server: minimum, daily rate, days, and a labelled projection', async () => {
    const fake = server();
    renderScreen(FinancePage);
    await waitFor(() => expect(tiers()).toHaveLength(2));
    const [first, second] = tiers();
    expect(within(first).getByRole('heading').textContent).toBe('Tier 1');
    expect(inTier(first, 'tier-minimum')).toBe('200,000.00 USD');
    expect(inTier(first, 'tier-rate')).toBe('0.50%');
    expect(inTier(first, 'tier-days')).toBe('20 days');
    // 200,000 x 0.5 % = 1,000 a day; x 20 days = 20,000. No yearly figure.
    expect(inTier(first, 'projection-daily')).toBe('1,000.00');
    expect(inTier(first, 'projection-total')).toBe('20,000.00');
    expect(document.body.textContent).not.toMatch(/annuali[sz]ed/i);
    // What they are comes first: listed by the operator, not run by the app.
    const what = screen.getByTestId('finance-what');
    expect(what.textContent).toContain('listed by the operator. The app does not run them');
    expect(what.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(first).getByTestId('tier-projection').textContent).toContain('Projection');
    expect(within(first).getByTestId('tier-projection').textContent).toContain('projected, not guaranteed');

    expect(inTier(second, 'tier-minimum')).toBe('1,000,000.00 USD');
    expect(inTier(second, 'projection-daily')).toBe('11,000.00');
    expect(inTier(second, 'projection-total')).toBe('440,000.00');
    expect(within(second).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('/productdetail?id=9');
    expect(within(second).getByRole('link', { name: 'Transfer in' }).getAttribute('href')).toBe(
      '/producttransferin?id=9',
    );
    expect(screen.getByText(/projections at the published rate, not guaranteed returns/)).toBeTruthy();
    expect(fake.to(ApiPath.financeProducts)).toHaveLength(1);
  });

  it('loading shows placeholders; an empty catalogue says so', async () => {
    let answer: ((value: unknown) => void) | undefined;
    server(() => new Promise((resolve) => (answer = resolve)));
    renderScreen(FinancePage);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true'));
    // Asked once the device's cache has nothing for it.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(ok([]));
    await screen.findByRole('heading', { name: 'No tiers published' });
    expect(screen.queryAllByTestId('finance-tier')).toHaveLength(0);
  });

  it('unreachable with nothing cached: tiers unavailable, and a retry that loads them', async () => {
    let down = true;
    server(() => (down ? new Response('down', { status: 503 }) : ok(TIERS)));
    renderScreen(FinancePage);
    await screen.findByRole('heading', { name: 'Tiers unavailable' });
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiers()).toHaveLength(2));
  });

  it('offline with cached tiers: shown, marked stale', async () => {
    await setQueryData(queryKey(ApiPath.financeProducts, {}), TIERS, Date.now() - 3_600_000);
    online.browserChanged(false);
    const fake = server();
    renderScreen(FinancePage);
    await waitFor(() => expect(tiers()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('stale-badge').textContent).toMatch(/^Stale since /));
    expect(fake.to(ApiPath.financeProducts)).toHaveLength(0);
  });

  it('an answer of another shape is refused at the door: tiers unavailable, none shown with made-up figures', async () => {
    server(() => ok([TIERS[0], { id: 'x', minimum: 'lots' }, null]));
    renderScreen(FinancePage);
    await screen.findByRole('heading', { name: 'Tiers unavailable' });
    expect(screen.queryAllByTestId('finance-tier')).toHaveLength(0);
  });
});

describe('tier detail (/productdetail?id=N)', () => {
  it("shows the tier's figures, its projection and how it is worked out", async () => {
    window.history.replaceState(null, '', '/productdetail?id=9');
    server();
    renderScreen(ProductDetailPage);
    const detail = await screen.findByTestId('tier-detail');
    expect(within(detail).getByRole('heading', { name: 'Tier 2' })).toBeTruthy();
    expect(inTier(detail, 'tier-minimum')).toBe('1,000,000.00 USD');
    expect(inTier(detail, 'projection-total')).toBe('440,000.00');
    expect(inTier(detail, 'projection-working')).toBe(
      '1,000,000.00 USD × 1.10% a day × 40 days = 440,000.00 USD, simple interest.',
    );
    expect(within(detail).getByRole('link', { name: 'Transfer in' }).getAttribute('href')).toBe(
      '/producttransferin?id=9',
    );
  });

  it('an id the server does not publish: tier not found, with the way back to the list', async () => {
    window.history.replaceState(null, '', '/productdetail?id=3');
    server();
    renderScreen(ProductDetailPage);
    await screen.findByRole('heading', { name: 'Tier not found' });
    expect(screen.getByRole('link', { name: 'See all tiers' }).getAttribute('href')).toBe('/finance');
  });
});

describe('rules (/productrule) and holdings (/productorder)', () => {
  it('the rules list each published tier and the transfer limits', async () => {
    server();
    renderScreen(ProductRulePage);
    const table = await screen.findByTestId('rule-tiers');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['200,000.00', '0.50%', '20 days'],
      ['1,000,000.00', '1.10%', '40 days'],
    ]);
    const rules = screen.getByTestId('rules').textContent;
    expect(rules).toContain('from 100,000.00 to 1,500,000.00 USD');
    expect(rules).toContain('not guaranteed');
    expect(rules).toContain('customer service');
  });

  it('holdings: a titled empty state, since no call lists them', () => {
    renderScreen(ProductOrderPage);
    expect(screen.getByRole('heading', { name: 'My holdings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No holdings' })).toBeTruthy();
  });
});

describe('transfer in (/producttransferin?id=N)', () => {
  const amount = () => screen.getByLabelText('Amount (USD)') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(amount(), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  const formError = () => screen.getByTestId('transfer-form').querySelector('[role="alert"]')?.textContent ?? null;

  it('warns on empty and 0, and outside 100,000..1,500,000 USD, with the catalogue text; nothing is sent', async () => {
    window.history.replaceState(null, '', '/producttransferin');
    const fake = server();
    renderScreen(ProductTransferInPage);
    expect(screen.getByText('From 100,000.00 to 1,500,000.00 USD.')).toBeTruthy();

    submit();
    await waitFor(() => expect(formError()).toBe('Enter an amount'));
    type('0');
    submit();
    await waitFor(() => expect(formError()).toBe('Enter an amount'));
    type('99999.99');
    submit();
    await waitFor(() => expect(formError()).toBe('The amount must be between 100,000.00 and 1,500,000.00 USD'));
    type('1500000.01');
    submit();
    await waitFor(() => expect(formError()).toBe('The amount must be between 100,000.00 and 1,500,000.00 USD'));
    expect(screen.queryByTestId('transfer-unavailable')).toBeNull();

    type('1,500,000');
    expect(amount().value).toBe('1500000');
    submit();
    await screen.findByTestId('transfer-unavailable');
    expect(formError()).toBeNull();
    expect(fake.calls.every((call) => call.path === ApiPath.financeProducts || call.path === ApiPath.getConfig)).toBe(
      true,
    );
  });

  it("a valid amount: the clear 'not available online' notice with the service link, and the chosen tier's projection", async () => {
    window.history.replaceState(null, '', '/producttransferin?id=7');
    server();
    renderScreen(ProductTransferInPage);
    const tier = await screen.findByTestId('transfer-tier');
    expect(inTier(tier, 'tier-minimum')).toBe('200,000.00 USD');

    // Inside the global range but under this tier's minimum.
    type('150000');
    submit();
    await waitFor(() => expect(formError()).toBe('This tier starts at 200,000.00 USD.'));

    type('25x0,000');
    expect(amount().value).toBe('250000');
    submit();
    const notice = await screen.findByTestId('transfer-unavailable');
    expect(within(notice).getByRole('status').textContent).toBe(
      'Transferring into the mining pool is not available online. Contact customer service to arrange it.',
    );
    expect(within(notice).getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toBe(
      CONFIG.serviceUrl,
    );
    // 250,000 x 0.5 % = 1,250 a day, x 20 = 25,000.
    expect(inTier(notice, 'projection-daily')).toBe('1,250.00');
    expect(inTier(notice, 'projection-total')).toBe('25,000.00');
    expect(within(notice).getByTestId('tier-projection').textContent).toContain('on 250,000.00 USD');

    // Changing the amount takes the answer back until it is checked again.
    type('250001');
    expect(screen.queryByTestId('transfer-unavailable')).toBeNull();
  });
});
