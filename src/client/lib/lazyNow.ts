import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { chunkLoader } from './chunkLoader';

interface ComponentModule<P> {
  default: ComponentType<P>;
}

/** A component loaded on demand that can be asked for early, and renders at once when its code came. */
export type LazyNow<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<ComponentModule<P>> };

/**
 * React.lazy with a preload. React.lazy alone suspends on its first render even when its code has
 * already loaded (import() answers a tick later, never at once), so its Suspense boundary commits
 * its fallback, and React shows what replaces a fallback at least 300 ms after it (its throttle
 * for loading states): a room whose code had come while its first answer travelled was painted up
 * to 300 ms after it could be. Once `preload` has brought the code, the component is handed to
 * React as a thenable that answers at once, which React reads without suspending.
 */
export function lazyNow<P extends object>(load: () => Promise<ComponentModule<P>>): LazyNow<P> {
  let loaded: ComponentModule<P> | null = null;
  // Asked once at a time (the first screen, then React): one import, asked again only after a failure.
  const preload = chunkLoader(() =>
    load().then((module) => {
      loaded = module;
      return module;
    }),
  );
  const component = lazy(() => (loaded ? answeredAtOnce(loaded) : preload()));
  return Object.assign(component, { preload });
}

/** A thenable calling back in the same turn: React.lazy marks its component loaded before rendering it. */
function answeredAtOnce<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then: (onFulfilled) => {
      onFulfilled?.(value);
      return thenable as never;
    },
  };
  return thenable as Promise<T>;
}
