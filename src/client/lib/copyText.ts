/**
 * Puts text on the clipboard through the Clipboard API. Resolves whether it worked (a browser may
 * refuse: no permission, not a secure page), so the screen can say so or show the text instead.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
