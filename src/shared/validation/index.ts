export * from './accounts';
export * from './wallet';
export * from './game';
export * from './text';
