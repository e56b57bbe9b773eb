/**
 * How a saved account number or address is shown once it is saved: only its end, so a screen, a
 * screenshot or a shoulder shows enough to tell accounts apart and no more. The page that adds an
 * account shows it in full (to check it before saving); every other place masks it the same way:
 * the bank list, the withdraw page, the withdrawal list, the messages and the fund log.
 */

/** A bank account number's last four characters (spaces and dashes aside), after dots. */
export function maskAccountNumber(account: string): string {
  const compact = account.replace(/[\s-]+/g, '');
  return compact.length <= 4 ? compact : `···${compact.slice(-4)}`;
}

/** An address's first six and last four characters (a network's prefix and enough to compare). */
export function maskAddress(address: string): string {
  const trimmed = address.trim();
  return trimmed.length <= 10 ? trimmed : `${trimmed.slice(0, 6)}…${trimmed.slice(-4)}`;
}

/** The last four characters of an account number or address, as a message names them ("ending 3456"). */
export function accountEnding(destination: { type: string; account: string; address: string }): string {
  const text = destination.type === 'Bank' ? destination.account.replace(/[\s-]+/g, '') : destination.address.trim();
  return text.slice(-4);
}

/** One line for a destination: the bank and the masked number, or the masked address. */
export function maskedDestination(destination: {
  type: string;
  bank: string;
  account: string;
  address: string;
}): string {
  return destination.type === 'Bank'
    ? `${destination.bank} ${maskAccountNumber(destination.account)}`.trim()
    : maskAddress(destination.address);
}
