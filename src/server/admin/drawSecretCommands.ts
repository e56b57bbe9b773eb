/** The operator's command on the draw secret that every round's seed comes from. */
import { formatMoney } from '../../shared/money';
import { rotateDrawSecret } from '../domain/game/rotateSecret';
import { describeNeeds } from '../domain/game/drawSecrets';
import { databaseCommand, nonePositional, type AdminCommand } from './command';

export const DRAW_SECRET_COMMANDS: Record<string, AdminCommand> = {
  'draw-secret:rotate': databaseCommand({
    synopsis: '[--lost]',
    summary: "a new draw secret: each game's next round starts a new hash chain; past rounds stay verifiable",
    details: [
      'Writes a new secret first in DRAW_SECRET_FILE (mode 0600) and ends every hash chain in use; running',
      "servers start each game's next round on a new chain (a new anchor) from it. Rounds already committed",
      'still draw from the secret they were committed with, kept below the new one until a later rotation',
      'finds no round that needs it. Back the file up again afterwards, apart from the database backups.',
      '  --lost   the secret is lost (the file is missing, or holds none of the secrets the chains in use',
      '           came from): those chains end, and their rounds committed but not drawn are called off,',
      '           every stake on them refunded (their seeds are gone; none is ever made up).',
      'With DRAW_SECRET in the environment it refuses: put a new secret first there and restart instead.',
    ],
    options: { lost: { type: 'boolean' } },
    parse(line) {
      nonePositional('draw-secret:rotate', line);
      return { lost: line.values.lost === true };
    },
    async run(deps, options, io, config) {
      const rotation = await rotateDrawSecret(deps, config.drawSecret, options);
      if (rotation.lostChains.length > 0) {
        const { rounds, lines, refundedCents } = rotation.calledOff;
        io.out(
          `The secret of the hash chains of ${describeNeeds(rotation.lostChains)} is lost: they ended. ` +
            `Called off ${rounds} round${rounds === 1 ? '' : 's'} committed from it, refunding ${lines} ` +
            `stake${lines === 1 ? '' : 's'} (${formatMoney(refundedCents)} USD).`,
        );
      }
      io.out(
        `Wrote a new draw secret to ${rotation.file} (mode 0600), keeping ${rotation.kept} older ` +
          `secret${rotation.kept === 1 ? '' : 's'} for rounds already committed` +
          (rotation.dropped > 0 ? ` and dropping ${rotation.dropped} no round needs.` : '.'),
      );
      io.out(
        rotation.endedGames.length > 0
          ? `Ended the hash chains of ${describeNeeds(rotation.endedGames.map((game_id) => ({ game_id })))}: ` +
              "each game's next round starts a new chain from the new secret."
          : "No hash chain was in use: each game's first round starts one from the new secret.",
      );
      io.out(`Back up ${rotation.file} now, apart from the database backups.`);
    },
  }),
};
