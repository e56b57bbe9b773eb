/** "Stale since" says the time for today, and the date too when the figures are older than today. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { StaleBadge } from '../../src/client/ui/StaleBadge';
import { activateLocale } from '../../src/client/i18n';
import { Providers } from './helpers';

afterEach(async () => {
  await activateLocale('en', { persist: false });
});

function badgeFor(updatedAt: number): string {
  render(
    <Providers>
      <StaleBadge status="stale" updatedAt={updatedAt} />
    </Providers>,
  );
  return screen.getByTestId('stale-badge').textContent ?? '';
}

describe('StaleBadge', () => {
  it('today: the time only', () => {
    const earlier = new Date();
    earlier.setHours(0, 5, 0, 0);
    expect(badgeFor(earlier.getTime())).toMatch(/^Stale since 00:05$/);
  });

  it('an older day: the date and the time, in the member’s language', async () => {
    const old = new Date(2026, 0, 15, 14, 30).getTime();
    expect(badgeFor(old)).toMatch(/^Stale since Jan 15, 14:30$/);
    await act(async () => activateLocale('vi', { persist: false }));
    expect(screen.getByTestId('stale-badge').textContent).toMatch(/15 thg 1/);
  });
});
