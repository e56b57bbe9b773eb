import { api, ApiPath, currentApiLang } from '../../api';
import { apiBase } from '../../api/stores';

/**
 * A stream's address with a new ticket (POST liveTicket with the session's token: the token itself
 * never goes in a URL) and the last event id seen, so the stream resumes after it.
 */
export async function streamAddress(path: string, lastEventId: string | null): Promise<string> {
  const { ticket } = await api.call(ApiPath.liveTicket, {}, { silent: true });
  const query = new URLSearchParams({ ticket, lang: currentApiLang() });
  if (lastEventId !== null) query.set('lastEventId', lastEventId);
  return `${await apiBase.get()}${path}?${query.toString()}`;
}
