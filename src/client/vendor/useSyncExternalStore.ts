/**
 * wouter imports useSyncExternalStore through its shim for React 16 and 17; React 19 has it, so the
 * build points the shim here (vite.config.ts) and the first screen does not carry the shim's code.
 */
export { useSyncExternalStore } from 'react';
