import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '../../src/shared/api/paths';
import { App } from '../../src/client/app/App';
import { deferred } from './content-fixtures';
import { fakeFetch, ok, resetClientState } from './helpers';

// Home's code never arrives in this file: what is asked for can only come from the app itself.
vi.mock('../../src/client/features/home/HomePage', () => new Promise(() => undefined));

beforeEach(async () => {
  await resetClientState();
});

describe('the first screen of a visit', () => {
  it("home's public reads go out with its code and the config read, before the code has arrived", async () => {
    const config = deferred<unknown>();
    const fake = fakeFetch({
      [ApiPath.getConfig]: () => config.promise,
      [ApiPath.slide]: () => ok([]),
      [ApiPath.homeTiles]: () => ok([]),
      [ApiPath.winners]: () => ok([]),
    });
    vi.stubGlobal('fetch', fake.fetch);
    render(<App />);
    await waitFor(() => expect(fake.to(ApiPath.slide)).toHaveLength(1));
    expect(fake.to(ApiPath.homeTiles)).toHaveLength(1);
    expect(fake.to(ApiPath.winners)).toHaveLength(1);
    expect(fake.to(ApiPath.getConfig)).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
