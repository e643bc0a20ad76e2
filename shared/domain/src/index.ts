export * from './tiers';
export * from './money';
export * from './messages/validation';
