import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Sheet } from '../../src/client/ui';

// The sheet's code cannot arrive (a first visit that went offline before the service worker kept it).
vi.mock('../../src/client/ui/SheetMotion', () =>
  Promise.reject(new Error('Failed to fetch dynamically imported module')),
);

afterEach(() => vi.restoreAllMocks());

function Filter() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filter
      </button>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <Sheet open={open} title="Filter" onClose={() => setOpen(false)}>
        <p>Dates</p>
      </Sheet>
    </>
  );
}

describe('a sheet whose code cannot load', () => {
  it('closes again and leaves the screen as it was; a later tap tries again', async () => {
    render(<Filter />);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByTestId('state').textContent).toBe('open');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(screen.getByRole('button', { name: 'Filter' })).toBeTruthy();
    expect(screen.queryByText('Dates')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
  });
});
