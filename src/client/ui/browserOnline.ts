import { createContext } from 'react';

/**
 * Whether the browser says it is online, for parts that word a failure ("offline" or "cannot be
 * reached"). The app provides it from its online store (app/providers.tsx): ui reads no store of
 * its own, so it stays below the data layer.
 */
export const BrowserOnlineContext = createContext(true);
