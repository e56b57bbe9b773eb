/**
 * A chunk asked for at most once at a time and kept once it arrived; one that did not arrive
 * (offline before the service worker kept it) is asked for again on the next call. For code loaded
 * on demand outside React.lazy, whose failure would stick.
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
    }
    return loading;
  };
}
