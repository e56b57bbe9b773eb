/**
 * A refusal is an answer, not a fault: it is made without a stack (a flood of refused requests
 * should not pay for capturing one each), and making one leaves other errors' stacks as they were.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/shared/errors';
import { Overloaded, Refused, refused, refusedToWait } from '../../src/server/domain/refused';

const FRAME = /\n\s+at /;

describe('Refused', () => {
  it('carries its code and catalogue entry but no stack frames', () => {
    for (const refusal of [
      refused(ErrorCode.RoomNotFound),
      refusedToWait(3),
      new Overloaded(ErrorCode.UnknownError, 5),
    ]) {
      expect(refusal).toBeInstanceOf(Refused);
      expect(refusal).toBeInstanceOf(Error);
      expect(refusal.message).toBe(`refused ${refusal.code}`);
      expect(refusal.stack ?? '').not.toMatch(FRAME);
    }
  });

  it('gives other errors their stack back', () => {
    const before = Error.stackTraceLimit;
    refused(ErrorCode.RoomNotFound);
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('a fault').stack).toMatch(FRAME);
  });
});
