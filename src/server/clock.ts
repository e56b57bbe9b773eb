/** The server's notion of now (epoch ms). Injected so tests can expire tokens and captchas. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
