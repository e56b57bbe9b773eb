export * from './articles';
export * from './html';
