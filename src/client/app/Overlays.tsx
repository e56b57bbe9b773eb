import { DialogHost, Toaster } from '../ui';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What appears over the screens: toasts, confirmation dialogs, the update prompt. Loaded after
 * the first paint (App.tsx), so their animation code is not on the first screen's path; a toast or
 * dialog asked for before then waits in its store and shows when they arrive.
 */
export default function Overlays() {
  return (
    <>
      <Toaster />
      <DialogHost />
      <UpdatePrompt />
    </>
  );
}
