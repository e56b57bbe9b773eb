/** "Stale since" says the date and the time, as every moment the app shows. */
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
  it('the date and the time, in the member’s language', async () => {
    const old = new Date(2026, 0, 15, 14, 30).getTime();
    expect(badgeFor(old)).toBe('Stale since 01/15/2026, 14:30');
    await act(async () => activateLocale('vi', { persist: false }));
    expect(screen.getByTestId('stale-badge').textContent).toContain('14:30 15/01/2026');
  });
});
