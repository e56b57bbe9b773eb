export * from './outcomes';
export * from './fairness';
export { sha256, hmacSha256, toHex } from './sha256';
export * from './round';
export * from './rates';
export * from './focus';
export * from './returns';
