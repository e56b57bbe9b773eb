/**
 * Serialization for the room poll (getGameinfo), the busiest read: most of its answer (the room,
 * the last ten drawn rounds) is the same object for every poll until it changes, so its JSON is
 * kept per object and only the live parts are serialized per request. The envelope is the one
 * success() answers: {"code":1,"data":...,"info":"ok"}.
 */
import type { GameInfoAnswer } from '../../shared/api/types';
import { SUCCESS } from '../../shared/api/envelope';

const texts = new WeakMap<object, string>();

/** JSON of an object that is never changed once built (cached rooms and round histories). */
export function frozenJson(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

export function gameInfoEnvelope(answer: GameInfoAnswer): string {
  const data =
    `{"room":${frozenJson(answer.room)},"game":${JSON.stringify(answer.game)},` +
    `"diff":${JSON.stringify(answer.diff)},"his":${frozenJson(answer.his)},"serverTime":${JSON.stringify(answer.serverTime)}}`;
  return `{"code":${SUCCESS},"data":${data},"info":"ok"}`;
}
