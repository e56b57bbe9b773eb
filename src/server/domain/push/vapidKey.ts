/**
 * The server's VAPID key (RFC 8292): the P-256 key that signs every push, so a push service takes
 * pushes for a member's device only from the server the device subscribed with. From VAPID_KEY or
 * the file VAPID_KEY_FILE (made on the first start, mode 0600, outside the data folder, written as
 * the draw secret's file is). The public key is what a device subscribes with (getPushKey).
 */
import { createECDH } from 'node:crypto';
import type { DrawSecretSource } from '../../config';
import { createSecretFile, readSecretFile, type SecretFileKind } from '../game/drawSecretFile';

export const VAPID_KEY_FILE_KIND: SecretFileKind = {
  label: 'VAPID key',
  header: [
    "# RoundPlay VAPID key: signs the server's notifications to members' devices (a P-256 private key, 64",
    '# hex digits). Keep this file mode 0600, outside the data folder, and back it up apart from the',
    '# database backups: a new key leaves every device to turn its notifications on again.',
  ],
};

export interface VapidKey {
  /** The uncompressed P-256 public key, base64url (what PushManager.subscribe takes). */
  publicKey: string;
  /** The private key, base64url (what web-push signs with). */
  privateKey: string;
  /** Where it came from, for messages (never the key). */
  where: string;
}

export function vapidKeyOf(privateKey: Uint8Array, where: string): VapidKey {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.from(privateKey).toString('base64url'),
    where,
  };
}

/** The key of VAPID_KEY or its file; `created` when the file was made now (no device can hold the old one). */
export function openVapidKey(source: DrawSecretSource): { key: VapidKey; created: boolean } {
  if (source.kind === 'env')
    return { key: vapidKeyOf(Buffer.from(source.secrets[0], 'hex'), 'VAPID_KEY'), created: false };
  const held = readSecretFile(source.path, VAPID_KEY_FILE_KIND);
  if (held) return { key: vapidKeyOf(held[0], source.path), created: false };
  const made = createSecretFile(source.path, VAPID_KEY_FILE_KIND);
  return { key: vapidKeyOf(made.secrets[0], source.path), created: made.created };
}
