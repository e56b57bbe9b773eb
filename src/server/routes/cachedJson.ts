/**
 * Serialization for the room poll (getGameinfo), the busiest read. Every part of its answer but
 * the server's time (the room, the current round and the time left, the last ten drawn rounds) is
 * the same object for every poll until it changes, so the answer's bytes up to the server's time
 * are made once per such set of parts and each poll copies them and writes its time after them. The
 * envelope is the one success() answers: {"code":1,"data":...,"info":"ok"}.
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

interface ReadyHead {
  room: object;
  diff: object;
  his: object;
  /** The envelope's UTF-8 up to the server time's value. */
  bytes: Buffer;
}

/** Per current round's wire object (new each second), the head made for it and the parts it was made of. */
const heads = new WeakMap<object, ReadyHead>();

function headOf(answer: GameInfoAnswer): ReadyHead {
  const kept = heads.get(answer.game);
  if (kept && kept.room === answer.room && kept.diff === answer.diff && kept.his === answer.his) return kept;
  const text =
    `{"code":${SUCCESS},"data":{"room":${frozenJson(answer.room)},"game":${JSON.stringify(answer.game)},` +
    `"diff":${JSON.stringify(answer.diff)},"his":${frozenJson(answer.his)},"serverTime":`;
  const head = { room: answer.room, diff: answer.diff, his: answer.his, bytes: Buffer.from(text, 'utf8') };
  heads.set(answer.game, head);
  return head;
}

/** getGameinfo's answer as the bytes sent: its kept head, then this poll's server time. */
export function gameInfoBytes(answer: GameInfoAnswer): Buffer {
  const head = headOf(answer).bytes;
  // A number's JSON is ASCII: one byte per character.
  const tail = `${JSON.stringify(answer.serverTime)}},"info":"ok"}`;
  const bytes = Buffer.allocUnsafe(head.length + tail.length);
  head.copy(bytes, 0);
  bytes.write(tail, head.length, 'latin1');
  return bytes;
}
