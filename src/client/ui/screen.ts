import { createContext, useContext } from 'react';

/**
 * Whether the screen a component lives in is the one shown. Kept-alive screens stay mounted while
 * hidden; they read this to pause work (polling, timers) and to react when they come back.
 */
export const ScreenActiveContext = createContext(true);

export function useScreenActive(): boolean {
  return useContext(ScreenActiveContext);
}
