/**
 * A dialog (a toast, a sheet: the same useEntrance) that opens before the animation engine's chunk has come is drawn where its
 * entrance ends: framer-motion's `m` draws its `initial` values until the engine moves them on, so
 * an entrance from nothing left a modal dialog invisible (and shrunk) and a toast unseen meanwhile.
 * Read at once after it opens, before the engine can have loaded (it is asked for when idle).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { DialogHost } from '../../src/client/ui/DialogHost';
import { closeAllDialogs, confirmDialog } from '../../src/client/ui/dialog';
import { Providers } from './helpers';

afterEach(() => {
  closeAllDialogs();
});

describe('before the animation engine has come', () => {
  it('a confirm dialog is drawn whole and visible', async () => {
    render(
      <Providers>
        <DialogHost />
      </Providers>,
    );
    await act(async () => {
      void confirmDialog({ title: 'Cancel this order?', confirmLabel: 'Cancel order', cancelLabel: 'Keep it' });
    });
    const dialog = document.querySelector<HTMLElement>('.dialog')!;
    const backdrop = document.querySelector<HTMLElement>('.dialog-backdrop')!;
    expect(dialog).not.toBeNull();
    expect(dialog.style.opacity).not.toBe('0');
    expect(dialog.style.transform).not.toContain('scale(0.97)');
    expect(backdrop.style.opacity).not.toBe('0');
  });
});
